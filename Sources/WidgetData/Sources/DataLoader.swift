import Foundation

/// Reads the bytes of a data source: a path or a `file://` URL.
///
/// HTTP sources, caching and fallbacks come with the provider work (issue 3);
/// until then an `http(s)://` source is refused with a clear message rather than
/// silently ignored.
public struct DataLoader: Sendable {
    /// The largest file read, so a wrong path cannot exhaust memory.
    public var sizeLimit: Int

    public init(sizeLimit: Int = 64 * 1024 * 1024) {
        self.sizeLimit = sizeLimit
    }

    /// The bytes at `source`.
    ///
    /// - Throws: ``DataError/unreadable(source:reason:)`` or ``DataError/unsupported(source:reason:)``.
    public func load(_ source: String) throws(DataError) -> Data {
        let path: String
        if let url = URL(string: source), let scheme = url.scheme?.lowercased(), scheme.count > 1 {
            guard scheme == "file" else {
                throw .unsupported(
                    source: source, reason: "\(scheme):// sources are not supported yet; download the file and pass its path")
            }
            path = url.path
        } else {
            path = source
        }
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
