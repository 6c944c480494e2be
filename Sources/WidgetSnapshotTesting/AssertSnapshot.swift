import SnapshotTesting
import Foundation
import Testing
import WidgetRender
import WidgetDrawing
import XCTest

/// Asserts that a widget or view renders as its reference PNG, with swift-snapshot-testing's
/// record modes, reference layout and failure artifacts, and WidgetRender's pixel comparison.
///
/// ```swift
/// @Test func smallDark() async {
///     await assertSnapshot(of: GameStatusWidget(), as: .widget(family: .systemSmall, at: date, colorScheme: .dark))
/// }
/// ```
///
/// References live beside the test file in `__Snapshots__/<TestFile>/`, named after the suite
/// and the test (`Suite.test.1.png`, or `Suite.test.<name>.png` with `named:`), so two suites
/// of one file can hold tests of the same name. A parameterised test must pass `named:`: its
/// cases run in any order. On a mismatch the actual image is written to `$SNAPSHOT_ARTIFACTS`
/// (or the temporary folder) and a diff image beside it.
///
/// - Parameters:
///   - value: the widget or view.
///   - snapshotting: `.widget(…)` or `.image(…)`.
///   - name: the reference's name; required in parameterised tests.
///   - record: the record mode; by default `SNAPSHOT_TESTING_RECORD`, a `.snapshots` trait or `missing`.
///   - timeout: seconds to wait for the image.
///   - fileID: the caller's file ID.
///   - filePath: the caller's file path.
///   - testName: the caller's function.
///   - line: the caller's line.
///   - column: the caller's column.
public func assertSnapshot<Value>(
    of value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, WidgetImage>,
    named name: String? = nil, record: SnapshotTestingConfiguration.Record? = nil, timeout: TimeInterval = 120,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) async {
    await assertSnapshot(
        of: try value(), as: snapshotting, named: name, record: record, snapshotDirectory: nil, timeout: timeout,
        fileID: fileID, file: filePath, testName: testName, line: line, column: column)
}

/// ``assertSnapshot(of:as:named:record:timeout:fileID:file:testName:line:column:)-(_,_,_,_,_,_,_,_,_,_)async``
/// with references in `snapshotDirectory` instead of `__Snapshots__/<TestFile>`.
///
/// - Parameters:
///   - value: the widget or view.
///   - snapshotting: `.widget(…)` or `.image(…)`.
///   - name: the reference's name; required in parameterised tests.
///   - record: the record mode.
///   - snapshotDirectory: the folder for references, or `nil` for `__Snapshots__/<TestFile>`.
///   - timeout: seconds to wait for the image.
///   - fileID: the caller's file ID.
///   - filePath: the caller's file path.
///   - testName: the caller's function.
///   - line: the caller's line.
///   - column: the caller's column.
public func assertSnapshot<Value>(
    of value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, WidgetImage>,
    named name: String? = nil, record: SnapshotTestingConfiguration.Record? = nil, snapshotDirectory: String?,
    timeout: TimeInterval = 120, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    testName: String = #function, line: UInt = #line, column: UInt = #column
) async {
    let place = CallSite(fileID: fileID, filePath: filePath, testName: testName, line: line, column: column)
    let image: WidgetImage
    do {
        let async = snapshotting.snapshot(try value())
        image = await withCheckedContinuation { continuation in
            let once = Once(continuation)
            async.run { once.resume($0) }
        }
    } catch {
        place.fail("could not make the value to snapshot: \(error)")
        return
    }
    SnapshotVerification.verify(
        image, diffing: snapshotting.diffing, name: name, record: record, snapshotDirectory: snapshotDirectory,
        place: place)
}

/// The synchronous form of ``assertSnapshot(of:as:named:record:timeout:fileID:file:testName:line:column:)-(_,_,_,_,_,_,_,_,_,_)async``,
/// for XCTest methods and synchronous tests. A view renders at once; a widget's provider runs
/// on a thread of its own and is waited for up to `timeout` seconds — prefer the `async` form.
///
/// - Parameters:
///   - value: the widget or view.
///   - snapshotting: `.widget(…)` or `.image(…)`.
///   - name: the reference's name; required in parameterised tests.
///   - record: the record mode.
///   - timeout: seconds to wait for a provider.
///   - fileID: the caller's file ID.
///   - filePath: the caller's file path.
///   - testName: the caller's function.
///   - line: the caller's line.
///   - column: the caller's column.
public func assertSnapshot<Value>(
    of value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, WidgetImage>,
    named name: String? = nil, record: SnapshotTestingConfiguration.Record? = nil, timeout: TimeInterval = 120,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    assertSnapshot(
        of: try value(), as: snapshotting, named: name, record: record, snapshotDirectory: nil, timeout: timeout,
        fileID: fileID, file: filePath, testName: testName, line: line, column: column)
}

/// The synchronous form with references in `snapshotDirectory` instead of `__Snapshots__/<TestFile>`.
///
/// - Parameters:
///   - value: the widget or view.
///   - snapshotting: `.widget(…)` or `.image(…)`.
///   - name: the reference's name; required in parameterised tests.
///   - record: the record mode.
///   - snapshotDirectory: the folder for references, or `nil` for `__Snapshots__/<TestFile>`.
///   - timeout: seconds to wait for a provider.
///   - fileID: the caller's file ID.
///   - filePath: the caller's file path.
///   - testName: the caller's function.
///   - line: the caller's line.
///   - column: the caller's column.
public func assertSnapshot<Value>(
    of value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, WidgetImage>,
    named name: String? = nil, record: SnapshotTestingConfiguration.Record? = nil, snapshotDirectory: String?,
    timeout: TimeInterval = 120, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    let place = CallSite(fileID: fileID, filePath: filePath, testName: testName, line: line, column: column)
    let async: Async<WidgetImage>
    do {
        async = snapshotting.snapshot(try value())
    } catch {
        place.fail("could not make the value to snapshot: \(error)")
        return
    }
    let box = ResultBox()
    let done = DispatchSemaphore(value: 0)
    async.run { image in
        box.set(image)
        done.signal()
    }
    let limit = timeout.isFinite ? max(0, min(timeout, 86_400)) : 86_400
    guard done.wait(timeout: .now() + limit) == .success, let image = box.get() else {
        place.fail(
            "the snapshot was not ready after \(Int(limit)) s; a widget's provider may be waiting for a thread: write `await assertSnapshot(…)` in an async test"
        )
        return
    }
    SnapshotVerification.verify(
        image, diffing: snapshotting.diffing, name: name, record: record, snapshotDirectory: snapshotDirectory,
        place: place)
}

/// Where an assertion was written, for names and failures.
struct CallSite: Sendable {
    let fileID: StaticString
    let filePath: StaticString
    let testName: String
    let line: UInt
    let column: UInt

    /// Fails the running test: a Swift Testing issue inside a `@Test`, else an XCTest failure.
    func fail(_ message: String) {
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }

    /// The test's name with its suite, so that same-named tests of two suites in one file do
    /// not share references (and their counter).
    var qualifiedTestName: String {
        // `medium(_:)` → `medium`: swift-snapshot-testing would keep `-_` of the argument list.
        let function = testName.hasSuffix(")") ? String(testName.prefix { $0 != "(" }) : testName
        guard let components = Test.current?.id.nameComponents, components.count > 1 else { return function }
        return (components.dropLast() + [function]).joined(separator: ".")
    }
}

enum SnapshotVerification {
    static func verify(
        _ image: WidgetImage, diffing: Diffing<WidgetImage>, name: String?,
        record: SnapshotTestingConfiguration.Record?, snapshotDirectory: String?, place: CallSite
    ) {
        if let failure = image.failure {
            place.fail("could not render the snapshot: \(failure)")
            return
        }
        if name == nil, Test.Case.current?.isParameterized == true {
            place.fail(
                "\(place.testName) is parameterised and its cases run in any order: pass named: to assertSnapshot so each case has its own reference"
            )
            return
        }
        let userTool = WidgetSnapshotConfiguration.diffTool
        let tool = SnapshotTestingConfiguration.DiffTool { reference, failed in
            var message = userTool(currentFilePath: reference, failedFilePath: failed)
            if let diff = writeDiff(of: image, reference: reference, beside: failed) {
                message += "\ndiff: \(diff) (differences in red over a faded copy)"
            }
            return message
        }
        let failure = withSnapshotTesting(diffTool: tool) {
            verifySnapshot(
                of: image, as: Snapshotting<WidgetImage, WidgetImage>(pathExtension: "png", diffing: diffing),
                named: name, record: record, snapshotDirectory: snapshotDirectory, timeout: 0, fileID: place.fileID,
                file: place.filePath, testName: place.qualifiedTestName, line: place.line, column: place.column)
        }
        if let failure { place.fail(failure) }
    }

    /// Writes `<failed>.diff.png` beside the failed image, returning its path.
    static func writeDiff(of image: WidgetImage, reference: String, beside failed: String) -> String? {
        guard let actual = image.surface, let expected = try? PNGImage.read(path: reference),
            let diff = PixelComparison.exact.diffImage(expected: expected, actual: actual),
            let png = try? PNGEncoder.fast.encode(diff)
        else { return nil }
        let path = (failed.hasSuffix(".png") ? String(failed.dropLast(4)) : failed) + ".diff.png"
        do {
            try png.write(to: URL(fileURLWithPath: path), options: .atomic)
            return path
        } catch {
            return nil
        }
    }
}

/// Resumes a continuation once, however often a callback is called.
private final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<WidgetImage, Never>?

    init(_ continuation: CheckedContinuation<WidgetImage, Never>) {
        self.continuation = continuation
    }

    func resume(_ image: WidgetImage) {
        let pending = lock.withLock { () -> CheckedContinuation<WidgetImage, Never>? in
            defer { continuation = nil }
            return continuation
        }
        pending?.resume(returning: image)
    }
}

/// Holds an image handed over from another thread.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var image: WidgetImage?

    func set(_ value: WidgetImage) { lock.withLock { image = image ?? value } }
    func get() -> WidgetImage? { lock.withLock { image } }
}
