// `import WidgetSnapshotTesting` in a test file gives the widget strategies and `assertSnapshot`
// for them, the whole framework (`Text`, `Widget`…), and the swift-snapshot-testing types a test
// of widgets names: `Snapshotting`, `Diffing`, the record modes and `withSnapshotTesting` (the
// `.snapshots(record:)` trait comes with them). Anything else from swift-snapshot-testing: add it
// to your test target's dependencies and `import SnapshotTesting`.
@_exported import WidgetRender

@_documentation(visibility: internal) @_exported import struct SnapshotTesting.Diffing
@_documentation(visibility: internal) @_exported import struct SnapshotTesting.SnapshotTestingConfiguration
@_documentation(visibility: internal) @_exported import struct SnapshotTesting.Snapshotting
@_documentation(visibility: internal) @_exported import func SnapshotTesting.withSnapshotTesting
