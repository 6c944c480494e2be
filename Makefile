# The two commands a newcomer needs: `make run` and `make test`.
# Both install missing system packages first (scripts/setup.sh).

SWIFT ?= swift
OUT ?= Output

.PHONY: setup build run test bench docs lint clean

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build -c release

## Render the built-in widgets (embedded data, no network) into Output/.
run: build
	.build/release/widgetrender --family medium --out $(OUT)/

## Run the whole test suite (unit, layout, golden PNGs, end-to-end), then the Examples/
## package's: a client of WidgetRender that renders and snapshot-tests its own widgets.
test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	cd Examples && $(SWIFT) build --build-tests && $(SWIFT) test --skip-build

## Time rendering + PNG encoding (release build, 200 renders per widget).
bench: build
	.build/release/widgetrender bench --family medium

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
