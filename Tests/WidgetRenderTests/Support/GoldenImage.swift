import Foundation
import Testing
import WidgetRender
import WidgetRendering

/// Compares rendered PNG bytes with a golden PNG next to this test target, by decoded pixels.
///
/// - Goldens live in `Tests/WidgetRenderTests/__Snapshots__/<suite>/<name>.png`.
/// - `WIDGETRENDER_RECORD=1` (or `make goldens`) writes them instead of comparing.
/// - On a mismatch the actual image and a diff (differences in red) go to `artifacts/<suite>/`
///   at the package root, and the failure names them and the rendering stack.
enum GoldenImage {
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    static var recording: Bool { ProcessInfo.processInfo.environment["WIDGETRENDER_RECORD"] == "1" }

    /// Per-channel tolerance 8 and 0.05 % of pixels absorb pixman's CPU-specific rounding;
    /// a moved line or changed text is far above both.
    static var comparison: PixelComparison { PixelComparison(channelTolerance: 8, maxDifferingShare: 0.0005) }

    static func assertMatches(
        _ png: Data, suite: String, name: String, stack: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let folder = packageRoot.appendingPathComponent("Tests/WidgetRenderTests/__Snapshots__/\(suite)")
        let golden = folder.appendingPathComponent("\(name).png")
        let actual = try PNGImage.read(data: png)
        if recording {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // Goldens are committed: store them at zlib's best compression.
            try PNGEncoder.small.encode(actual).write(to: golden)
            return
        }
        guard FileManager.default.fileExists(atPath: golden.path) else {
            Issue.record(
                "no golden \(golden.path); record it with `make goldens` (WIDGETRENDER_RECORD=1 swift test)",
                sourceLocation: sourceLocation)
            return
        }
        let expected = try PNGImage.read(path: golden.path)
        let difference = comparison.difference(expected, actual)
        guard !comparison.matches(difference) else { return }
        let artifacts = packageRoot.appendingPathComponent("artifacts/\(suite)")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let actualURL = artifacts.appendingPathComponent("\(name).actual.png")
        try png.write(to: actualURL)
        var diffNote = ""
        if let diff = comparison.diffImage(expected: expected, actual: actual) {
            let diffURL = artifacts.appendingPathComponent("\(name).diff.png")
            try PNGEncoder.fast.encode(diff).write(to: diffURL)
            diffNote = ", diff: \(diffURL.path)"
        }
        Issue.record(
            """
            \(name) differs from its golden: \(difference)
            golden: \(golden.path)
            actual: \(actualURL.path)\(diffNote)
            rendered with: \(stack)
            If the change is intended, re-record with `make goldens` and say so in the commit.
            """, sourceLocation: sourceLocation)
    }
}
