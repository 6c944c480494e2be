import Foundation

/// Reads a file on this machine for ``DataLoader`` and ``DataFetcher``, with the same checks
/// and messages for both.
enum LocalFile {
    /// The bytes at `path`.
    ///
    /// - Parameters:
    ///   - path: the file's path.
    ///   - source: the source as given, for messages.
    ///   - sizeLimit: the largest file read, so a wrong path cannot exhaust memory.
    /// - Throws: ``DataError/unreadable(source:reason:)``; the reason is exactly `no such file`
    ///   for a missing file (the pipeline maps that to "missing input").
    static func read(path: String, source: String, sizeLimit: Int) throws(DataError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(source: source, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw .unreadable(source: source, reason: "is a directory, not a file") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= sizeLimit else {
            throw .unreadable(source: source, reason: "file is \(size) bytes, over the \(sizeLimit)-byte limit")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(source: source, reason: "cannot read: \(error.localizedDescription)")
        }
    }
}
