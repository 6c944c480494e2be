import Foundation
import Testing
import WidgetCore
import WidgetRendering
import WidgetSnapshotTesting

/// The snapshot library itself: recording, matching, and failing with artifacts.
@Suite("assertSnapshot")
struct AssertSnapshotTests {
    /// A 1-point-wide black line, `offset` points from the leading content edge, at @1x so one point is one pixel.
    func line(at offset: Double) -> ViewNode {
        ZStack(alignment: .topLeading) {
            RoundedRectangle(cornerRadius: 0).fill(.black).frame(width: 1, height: 100)
                .padding(EdgeInsets(leading: offset))
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }

    static let strategy = WidgetImageStrategy.image(family: .systemSmall, scale: 1)

    func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test func aMissingReferenceIsRecordedAndFailsOnceThenMatches() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        withKnownIssue("the first run records the reference") {
            assertSnapshot(of: line(at: 40), as: Self.strategy, named: "line", snapshotDirectory: folder)
        }
        let reference = "\(folder)/aMissingReferenceIsRecordedAndFailsOnceThenMatches.line.png"
        #expect(FileManager.default.fileExists(atPath: reference))
        let image = try PNGImage.read(path: reference)
        #expect(image.width == 170 && image.height == 170)
        // Same view again: passes with no issue.
        assertSnapshot(of: line(at: 40), as: Self.strategy, named: "line", snapshotDirectory: folder)
    }

    @Test func aLineMovedByOnePixelFailsAndWritesActualAndDiff() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let record = try render(line(at: 40))
        let moved = try render(line(at: 41))
        #expect(record != moved)
        let recorded = try SnapshotVerifier.verify(
            record, stack: "test", comparison: Self.strategy.comparison, name: "moved", record: .missing,
            snapshotDirectory: folder, filePath: #filePath, testName: "moved")
        #expect(recorded?.contains("recorded") == true)
        // Identical bytes match.
        #expect(
            try SnapshotVerifier.verify(
                record, stack: "test", comparison: Self.strategy.comparison, name: "moved", record: .never,
                snapshotDirectory: folder, filePath: #filePath, testName: "moved") == nil)
        let message = try #require(
            try SnapshotVerifier.verify(
                moved, stack: "cairo x, pango y", comparison: Self.strategy.comparison, name: "moved", record: .never,
                snapshotDirectory: folder, filePath: #filePath, testName: "moved"))
        #expect(message.contains("200 of 28900 pixels differ"))
        #expect(message.contains("rendered with: cairo x, pango y"))
        let paths = message.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.firstIndex(of: "/") else { return nil }
            return String(line[start...]).components(separatedBy: " (").first
        }
        let actual = try #require(paths.first { $0.hasSuffix("moved.moved.actual.png") })
        let diff = try #require(paths.first { $0.hasSuffix("moved.moved.diff.png") })
        #expect(
            PixelComparison.exact.matches(
                PixelComparison.exact.difference(try PNGImage.read(path: actual), try PNGImage.read(data: moved))))
        let diffImage = try PNGImage.read(path: diff)
        // Column 16 + 40 held the line and 16 + 41 now does: both red in the diff.
        #expect(diffImage.pixel(x: 56, y: 20) == (255, 0, 0, 255))
        #expect(diffImage.pixel(x: 57, y: 20) == (255, 0, 0, 255))
        #expect(diffImage.pixel(x: 90, y: 20) != (255, 0, 0, 255))
        // The reference was left alone.
        let reference = try PNGImage.read(path: "\(folder)/moved.moved.png")
        #expect(
            PixelComparison.exact.matches(PixelComparison.exact.difference(reference, try PNGImage.read(data: record))))
    }

    @Test func theAssertionReportsTheMismatchAsAnIssue() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        withKnownIssue("recording always fails") {
            assertSnapshot(of: line(at: 10), as: Self.strategy, named: "a", record: .all, snapshotDirectory: folder)
        }
        withKnownIssue("a moved line must fail") {
            assertSnapshot(of: line(at: 11), as: Self.strategy, named: "a", record: .never, snapshotDirectory: folder)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("snapshot does not match its reference") }
        }
    }

    @Test func recordModeFailedOverwritesTheReference() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try render(line(at: 5))
        let second = try render(line(at: 30))
        _ = try SnapshotVerifier.verify(
            first, stack: "", comparison: .exact, name: "x", record: .all, snapshotDirectory: folder,
            filePath: #filePath,
            testName: "t")
        #expect(
            try SnapshotVerifier.verify(
                second, stack: "", comparison: .exact, name: "x", record: .failed, snapshotDirectory: folder,
                filePath: #filePath, testName: "t")?.contains("re-recorded") == true)
        #expect(
            try SnapshotVerifier.verify(
                second, stack: "", comparison: .exact, name: "x", record: .never, snapshotDirectory: folder,
                filePath: #filePath, testName: "t") == nil)
    }

    @Test func referencesSitBesideTheTestFile() {
        let url = SnapshotVerifier.referenceURL(
            name: "dark mode", snapshotDirectory: nil, filePath: "/repo/Tests/AppTests/PriceTests.swift",
            testName: "medium()")
        #expect(url.path == "/repo/Tests/AppTests/__Snapshots__/PriceTests/medium.dark-mode.png")
    }

    func render(_ view: ViewNode) throws -> Data {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        withKnownIssue {
            assertSnapshot(of: view, as: Self.strategy, named: "r", record: .all, snapshotDirectory: folder)
        }
        return try Data(contentsOf: URL(fileURLWithPath: "\(folder)/render.r.png"))
    }
}
