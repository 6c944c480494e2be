import Foundation
import Testing
import WidgetDrawing
import WidgetSnapshotTesting

/// The snapshot strategies on swift-snapshot-testing: recording, matching, failing with the
/// actual and diff images, naming, and widgets asked through their providers. Every test sets
/// its record mode, so the suite passes with `SNAPSHOT_TESTING_RECORD=never` as CI sets it.
@Suite("Snapshot strategies")
struct AssertSnapshotTests {
    /// A 1-point-wide black line, `offset` points from the leading content edge, at @1x so one point is one pixel.
    static func line(at offset: Double) -> ViewNode {
        ZStack(alignment: .topLeading) {
            RoundedRectangle(cornerRadius: 0).fill(.black).frame(width: 1, height: 100)
                .padding(EdgeInsets(leading: offset))
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }

    static var strategy: Snapshotting<ViewNode, WidgetImage> { .image(family: .systemSmall, scale: 1) }

    static func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// The paths a failure message names: the reference, the actual image and the diff.
    static func paths(in message: String) -> [String] {
        message.split(whereSeparator: { $0 == "\n" || $0 == "\"" || $0 == " " }).compactMap { token in
            let text = token.hasPrefix("file://") ? String(token.dropFirst(7)) : String(token)
            return text.hasPrefix("/") && text.hasSuffix(".png") ? text : nil
        }
    }

    @Test func aMissingReferenceIsRecordedAndFailsOnceThenMatches() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        withKnownIssue("the first run records the reference") {
            assertSnapshot(
                of: Self.line(at: 40), as: Self.strategy, named: "line", record: .missing, snapshotDirectory: folder)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("No reference was found on disk") }
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files == ["AssertSnapshotTests-aMissingReferenceIsRecordedAndFailsOnceThenMatches.line.png"])
        let image = try PNGImage.read(path: "\(folder)/\(files[0])")
        #expect(image.width == 170 && image.height == 170)
        // Same view again: passes with no issue.
        assertSnapshot(
            of: Self.line(at: 40), as: Self.strategy, named: "line", record: .never, snapshotDirectory: folder)
    }

    @Test func neverRecordsNothingAndFails() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        withKnownIssue("no reference, and record mode never") {
            assertSnapshot(
                of: Self.line(at: 40), as: Self.strategy, named: "x", record: .never, snapshotDirectory: folder)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aLineMovedByOnePixelFailsWithTheActualAndADiffImage() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        withKnownIssue("recording") {
            assertSnapshot(
                of: Self.line(at: 40), as: Self.strategy, named: "moved", record: .all, snapshotDirectory: folder)
        }
        let messages = Messages()
        withKnownIssue("a line moved by one pixel must fail") {
            assertSnapshot(
                of: Self.line(at: 41), as: Self.strategy, named: "moved", record: .never, snapshotDirectory: folder)
        } matching: { issue in
            messages.add(issue.comments.map(\.rawValue))
            return true
        }
        let message = try #require(messages.all.first)
        #expect(message.contains("200 of 28900 pixels differ"))
        #expect(message.contains("rendered with: cairo"))
        let paths = Self.paths(in: message)
        let reference = try #require(paths.first { $0.hasPrefix(folder) })
        let diff = try #require(paths.first { $0.hasSuffix(".diff.png") })
        let actual = try #require(paths.first { !$0.hasPrefix(folder) && !$0.hasSuffix(".diff.png") })
        #expect(diff == String(actual.dropLast(4)) + ".diff.png", "the diff sits beside the actual image")
        let diffImage = try PNGImage.read(path: diff)
        // Column 16 + 40 held the line and 16 + 41 now does: both red in the diff.
        #expect(diffImage.pixel(x: 56, y: 20) == (255, 0, 0, 255))
        #expect(diffImage.pixel(x: 57, y: 20) == (255, 0, 0, 255))
        #expect(diffImage.pixel(x: 90, y: 20) != (255, 0, 0, 255))
        let actualImage = try PNGImage.read(path: actual)
        #expect(actualImage.pixel(x: 57, y: 20).red < 30, "the actual image has the moved line")
        // The reference was left alone: it still has the line at 56.
        let kept = try PNGImage.read(path: reference)
        #expect(kept.pixel(x: 56, y: 20).red < 30 && kept.pixel(x: 57, y: 20).red > 200)
    }

    @Test func recordModeFailedOverwritesTheReference() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        withKnownIssue("recording") {
            assertSnapshot(of: Self.line(at: 5), as: Self.strategy, named: "x", record: .all, snapshotDirectory: folder)
        }
        withKnownIssue("a changed view fails once in record mode failed, and is re-recorded") {
            assertSnapshot(
                of: Self.line(at: 30), as: Self.strategy, named: "x", record: .failed, snapshotDirectory: folder)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("A new snapshot was automatically recorded") }
        }
        assertSnapshot(of: Self.line(at: 30), as: Self.strategy, named: "x", record: .never, snapshotDirectory: folder)
    }

    @Test(arguments: [10.0, 20.0])
    func parameterisedTestsMustNameTheirReferences(_ offset: Double) throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        withKnownIssue("cases of a parameterised test run in any order") {
            assertSnapshot(of: Self.line(at: offset), as: Self.strategy, record: .all, snapshotDirectory: folder)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("pass named:") }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aViewThatCannotBeDrawnFailsWithTheReason() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        withKnownIssue("an iPhone has no extra large widget") {
            assertSnapshot(
                of: Text("x"), as: .image(family: .systemExtraLarge), named: "x", record: .all,
                snapshotDirectory: folder)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("has no extraLarge widget") }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}

/// Two suites in one file with a test of the same name keep separate references.
@Suite struct SameNameA {
    @Test func sameName() async throws {
        let folder = try AssertSnapshotTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        withKnownIssue("recording") {
            assertSnapshot(
                of: AssertSnapshotTests.line(at: 5), as: AssertSnapshotTests.strategy, record: .all,
                snapshotDirectory: folder)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["SameNameA-sameName.1.png"])
    }
}

@Suite struct SameNameB {
    @Test func sameName() async throws {
        let folder = try AssertSnapshotTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        withKnownIssue("recording") {
            assertSnapshot(
                of: AssertSnapshotTests.line(at: 5), as: AssertSnapshotTests.strategy, record: .all,
                snapshotDirectory: folder)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["SameNameB-sameName.1.png"])
    }
}

/// Failure messages collected from `withKnownIssue`'s matcher.
final class Messages: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func add(_ messages: [String]) { lock.withLock { stored += messages } }
    var all: [String] { lock.withLock { stored } }
}
