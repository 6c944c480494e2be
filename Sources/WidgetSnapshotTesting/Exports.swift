// `import WidgetSnapshotTesting` in a test file gives swift-snapshot-testing's `assertSnapshot`,
// its record modes and traits, the widget strategies, and the whole framework (`Text`, `Widget`…).
@_exported import SnapshotTesting
@_exported import WidgetRender
