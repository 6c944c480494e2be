# The two commands a newcomer needs: `make run` and `make test`.
# Both install missing system packages first (scripts/setup.sh).

SWIFT ?= swift
OUT ?= Output
# The release command links the Swift runtime and Foundation into the binary on Linux: a cold
# start then loads no Swift shared libraries (see docs/PERFORMANCE.md, Cold start). STATIC= to link them
# dynamically. The tests use the debug build, which stays dynamic.
STATIC ?= $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib)

.PHONY: setup build run test asan tsan bench loadtest loadtest-soak memory docs lint clean

setup:
	@scripts/setup.sh

## The command only (not the fuzz targets, which scripts/fuzz.sh builds with its own flags).
## libcurl is loaded on the first URL fetch, never linked (docs/PERFORMANCE.md, Cold start): the build
## fails if the binary needs it to start (the test suite checks the debug build the same way).
build: setup
	$(SWIFT) build -c release --product widgetrender $(STATIC)
	@if [ "$$(uname -s)" = Linux ] && ldd .build/release/widgetrender | grep libcurl; then \
		echo "error: .build/release/widgetrender needs libcurl at start-up; it must load it on the first URL fetch" >&2; \
		exit 1; \
	fi

## Render the built-in widgets (embedded data, no network) into Output/.
run: build
	.build/release/widgetrender --family medium --out $(OUT)/

## Run the whole test suite (unit, layout, golden PNGs, end-to-end), then the Examples/
## package's: a client of WidgetRender that renders and snapshot-tests its own widgets.
test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	cd Examples && $(SWIFT) build --build-tests && $(SWIFT) test --skip-build

## The whole test suite under AddressSanitizer, then ThreadSanitizer (each in a build folder of
## its own; about 10 minutes each on 2 cores). Any report fails the run. LeakSanitizer is off:
## fontconfig's configuration and Foundation's Process keep allocations until the process
## exits, by design; leaks of our own show as growth in `bench --batch 10000`'s peak RSS.
## The local-server network tests run on their own: with the sanitized rendering tests on both
## cores they miss their 30-second deadlines.
asan: setup
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --skip DataFetcher
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --filter DataFetcher

tsan: setup
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --skip DataFetcher
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter DataFetcher

## Time rendering + PNG encoding (release build): warm renders of every widget in small, medium
## and large beside Cairo's own PNG writer; with a photo background; cold processes; 1,000 PNGs
## written on every core; a composed TRMNL screen beside a medium widget, the default job and
## Chromium then ImageMagick (apt install chromium imagemagick). Each prints the machine first.
bench: build
	.build/release/widgetrender bench --family small,medium,large
	.build/release/widgetrender bench --family medium --widget covid-global --background
	.build/release/widgetrender bench --family medium --cold
	.build/release/widgetrender bench --family medium --widget price --batch 100
	.build/release/widgetrender bench --family medium --widget price --batch 1000
	.build/release/widgetrender bench --screen 'price:halfVertical,covid-country?country=JPN:quadrant,covid-country?country=KOR:quadrant'

## widgetrender-server under wrk (not in CI): 304s and fresh renders beside a minimal Hummingbird 304 and bench --batch; scripts/loadtest.sh.
loadtest: setup
	$(SWIFT) build -c release --product widgetrender
	$(SWIFT) build -c release --product widgetrender-server
	$(SWIFT) build -c release --product LoadtestBaseline
	scripts/loadtest.sh

## The server's RSS over ten minutes of fresh renders and 304s (not in CI): scripts/loadtest.sh soak.
loadtest-soak: setup
	$(SWIFT) build -c release --product widgetrender-server
	$(SWIFT) build -c release --product LoadtestBaseline
	scripts/loadtest.sh soak

## Peak memory and time of a 64 MiB CSV (the size limit) in every family: scripts/memory.sh.
memory: build
	scripts/memory.sh

## Re-make the README images in docs/images (small PNGs, committed).
docs: build
	scripts/make-docs-images.sh

## Re-record the golden PNGs that no longer match, after an intended change to the look, then check them.
## (Recording always reports failures, so its exit code is ignored; the second run must pass.)
goldens: setup
	-SNAPSHOT_TESTING_RECORD=failed $(SWIFT) test --filter GoldenTests > /dev/null
	SNAPSHOT_TESTING_RECORD=never $(SWIFT) test --filter GoldenTests
	-cd Examples && SNAPSHOT_TESTING_RECORD=failed $(SWIFT) test --filter TutorialSnapshotTests > /dev/null
	cd Examples && SNAPSHOT_TESTING_RECORD=never $(SWIFT) test --filter TutorialSnapshotTests

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Fuzz Package.swift Examples/Sources Examples/Tests Examples/Package.swift

clean:
	rm -rf .build Examples/.build $(OUT)/*/ $(OUT)/manifest.json
