import Foundation

/// Reads the bytes of a local data source, synchronously: a path or a `file://` URL.
///
/// For `http(s)://` sources, a cache and stale fallbacks, use ``DataFetcher``, which is
/// asynchronous; this loader refuses them with a message saying so rather than block.
///
/// ```swift
/// let data = try DataLoader().load("Data/btc-usd.csv")
/// ```
public struct DataLoader: Sendable {
    /// The largest file read, so a wrong path cannot exhaust memory.
    public var sizeLimit: Int

    /// The size limit of a loader, a fetch and a reader by default: 64 MiB, of a file as read
    /// and of what a gzip file or zip archive holds.
    public static var defaultSizeLimit: Int { 64 * 1024 * 1024 }

    /// A loader.
    ///
    /// - Parameter sizeLimit: the largest file read, in bytes (64 MiB).
    public init(sizeLimit: Int = DataLoader.defaultSizeLimit) {
        self.sizeLimit = sizeLimit
    }

    /// The bytes at `source`.
    ///
    /// - Parameter source: a path or a `file://` URL.
    /// - Returns: the file's bytes.
    /// - Throws: ``DataError/unreadable(source:reason:)`` (missing, permission denied),
    ///   ``DataError/notRegularFile(source:type:)`` (a directory, FIFO or device),
    ///   ``DataError/tooLarge(source:size:limit:)``, ``DataError/unsupported(source:reason:)``, or
    ///   ``DataError/malformed(source:location:reason:)`` for content no data reader can read,
    ///   refused from its first 64 KiB (a binary, UTF-16, a first line over 64 KiB that is not
    ///   JSON; see `DATA-RULES.md`) before the rest is read. A gzip file or zip archive is
    ///   returned as it is: ``SeriesReader`` opens it and screens what it holds.
    public func load(_ source: String) throws(DataError) -> Data {
        switch try DataSource(source).location {
        case .file(let path):
            return try LocalFile.read(path: path, source: source, sizeLimit: sizeLimit)
        case .remote(let url):
            let scheme = url.scheme?.lowercased() ?? "http"
            throw .unsupported(
                source: source,
                reason: "\(scheme):// sources are fetched asynchronously: use DataFetcher, not DataLoader")
        }
    }
}
