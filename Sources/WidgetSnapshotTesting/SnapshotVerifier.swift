import Foundation
import WidgetRendering

/// Compares PNG bytes with a reference file and records, per the record mode.
///
/// The public `assertSnapshot` functions call ``verify(_:stack:comparison:name:record:snapshotDirectory:filePath:testName:)``
/// and report its message; call it directly to build your own assertion.
public enum SnapshotVerifier {
    nonisolated(unsafe) private static var counters: [String: Int] = [:]
    private static let lock = NSLock()

    /// The reference file for a test, beside the test file as swift-snapshot-testing does:
    /// `<test folder>/__Snapshots__/<TestFile>/<testName>.<name or counter>.png`.
    public static func referenceURL(
        name: String?, snapshotDirectory: String?, filePath: String, testName: String
    ) -> URL {
        let file = URL(fileURLWithPath: filePath)
        let folder =
            snapshotDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? file.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
        let identifier: String
        if let name {
            identifier = sanitize(name)
        } else {
            let key = "\(filePath)#\(testName)"
            identifier = String(
                lock.withLock { () -> Int in
                    counters[key, default: 0] += 1
                    return counters[key, default: 1]
                })
        }
        return folder.appendingPathComponent("\(sanitize(testName)).\(identifier).png")
    }

    /// Letters, digits, `-` and `_` kept; runs of anything else become one `-`; a function's
    /// argument list (`medium(_:)`) is dropped.
    static func sanitize(_ text: String) -> String {
        var result = ""
        let base = text.hasSuffix(")") ? String(text.prefix { $0 != "(" }) : text
        for scalar in base.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "_" || scalar == "-" {
                result.unicodeScalars.append(scalar)
            } else if !result.hasSuffix("-") {
                result.append("-")
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? "snapshot" : result
    }

    /// Where actual and diff images go on failure: `$SNAPSHOT_ARTIFACTS`, else `artifacts/`
    /// in the package that holds the test file, else the temporary folder.
    public static func artifactsDirectory(filePath: String) -> URL {
        if let path = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.appendingPathComponent("artifacts")
            }
            folder.deleteLastPathComponent()
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("widget-snapshot-artifacts")
    }

    /// Verifies `png` against its reference.
    ///
    /// - Returns: `nil` when the snapshot matches; otherwise a failure message naming the
    ///   reference, the actual and diff images written to the artifacts folder, and `stack`.
    /// - Throws: when a file cannot be read or written.
    public static func verify(
        _ png: Data, stack: String, comparison: PixelComparison, name: String?, record: SnapshotRecordMode,
        snapshotDirectory: String?, filePath: String, testName: String
    ) throws -> String? {
        let reference = referenceURL(
            name: name, snapshotDirectory: snapshotDirectory, filePath: filePath, testName: testName)
        let actual = try PNGImage.read(data: png)
        func write() throws {
            try FileManager.default.createDirectory(
                at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
            // References are committed: store them at zlib's best compression.
            try PNGEncoder.small.encode(actual).write(to: reference, options: .atomic)
        }
        let exists = FileManager.default.fileExists(atPath: reference.path)
        if record == .all {
            try write()
            return "recorded snapshot \(reference.path) (record mode 'all'); run again without it to compare"
        }
        guard exists else {
            if record == .never {
                return "no reference \(reference.path); record it with SNAPSHOT_TESTING_RECORD=missing (or all)"
            }
            try write()
            return "no reference was found; recorded \(reference.path). Run the test again to compare against it"
        }
        let expected = try PNGImage.read(path: reference.path)
        let difference = comparison.difference(expected, actual)
        if comparison.matches(difference) { return nil }

        let artifacts = artifactsDirectory(filePath: filePath)
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let base = reference.deletingPathExtension().lastPathComponent
        let actualURL = artifacts.appendingPathComponent("\(base).actual.png")
        try png.write(to: actualURL, options: .atomic)
        var lines = [
            "snapshot does not match its reference: \(difference)",
            "reference: \(reference.path)",
            "actual:    \(actualURL.path)",
        ]
        if let diff = comparison.diffImage(expected: expected, actual: actual) {
            let diffURL = artifacts.appendingPathComponent("\(base).diff.png")
            try PNGEncoder.fast.encode(diff).write(to: diffURL, options: .atomic)
            lines.append("diff:      \(diffURL.path) (differences in red)")
        }
        lines.append(
            "tolerance: channel ±\(comparison.channelTolerance), at most \(comparison.maxDifferingShare * 100)% of pixels"
        )
        lines.append("rendered with: \(stack)")
        if record == .failed {
            try write()
            lines.append("re-recorded the reference (record mode 'failed')")
        } else {
            lines.append("if the change is intended, re-record with SNAPSHOT_TESTING_RECORD=failed (or all)")
        }
        return lines.joined(separator: "\n")
    }
}
