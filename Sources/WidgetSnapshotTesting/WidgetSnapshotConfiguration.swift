import SnapshotTesting

/// Settings of WidgetRender's snapshot assertions that swift-snapshot-testing does not carry.
///
/// A failed widget snapshot names three files: the reference, the actual image and a diff image
/// beside the actual one (differences in red over a faded copy). The first two are named by a
/// swift-snapshot-testing `DiffTool`, which WidgetRender takes from here: swift-snapshot-testing
/// does not let another library read the tool set with its `.snapshots(diffTool:)` trait or
/// `withSnapshotTesting(diffTool:)`.
///
/// ```swift
/// @Test func smallDark() async {
///     await WidgetSnapshotConfiguration.$diffTool.withValue(.ksdiff) {
///         await assertSnapshot(of: GameStatusWidget(), as: .widget(family: .systemSmall, at: date))
///     }
/// }
/// ```
public enum WidgetSnapshotConfiguration {
    /// The tool a failure message names the reference and actual image with: by default
    /// swift-snapshot-testing's own (`file://` links and a `ksdiff` command).
    @TaskLocal public static var diffTool: SnapshotTestingConfiguration.DiffTool = .default
}
