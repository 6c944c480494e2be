# The two commands a newcomer needs: `make run` and `make test`.
# Both install missing system packages first (scripts/setup.sh).

SWIFT ?= swift
OUT ?= Output
# The release command links the Swift runtime and Foundation into the binary on Linux: a cold
# start then loads no Swift shared libraries (see README, Speed › Cold start). STATIC= to link them
# dynamically. The tests use the debug build, which stays dynamic.
STATIC ?= $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib)

.PHONY: setup build run test bench docs lint clean

setup:
	@scripts/setup.sh

## The command only (not the fuzz targets, which scripts/fuzz.sh builds with its own flags).
build: setup
	$(SWIFT) build -c release --product widgetrender $(STATIC)

## Render the built-in widgets (embedded data, no network) into Output/.
run: build
	.build/release/widgetrender --family medium --out $(OUT)/

## Run the whole test suite (unit, layout, golden PNGs, end-to-end), then the Examples/
## package's: a client of WidgetRender that renders and snapshot-tests its own widgets.
test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	cd Examples && $(SWIFT) build --build-tests && $(SWIFT) test --skip-build

## Time rendering + PNG encoding (release build): warm renders of every widget in small, medium
## and large beside Cairo's own PNG writer; with a photo background; cold processes; 1,000 PNGs
## written on every core. Each prints the machine first.
bench: build
	.build/release/widgetrender bench --family small,medium,large
	.build/release/widgetrender bench --family medium --widget covid-global --background
	.build/release/widgetrender bench --family medium --cold
	.build/release/widgetrender bench --family medium --widget price --batch 100
	.build/release/widgetrender bench --family medium --widget price --batch 1000

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
