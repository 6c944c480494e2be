import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The on-disk cache of HTTP responses that ``DataFetcher`` revalidates and falls back to.
///
/// One file per URL, `<key>.cache`, where the key is the 64-bit FNV-1a hash of the URL's
/// absolute string as 16 hex digits (see ``key(for:)``). A file holds one line of JSON metadata
/// (format version, URL, `ETag`, `Last-Modified`, `Content-Type`, fetch date, body length), a
/// newline, then the body bytes. An entry is written to a temporary file in the same folder
/// (`.<key>.<UUID>.tmp`) and renamed over the old one, so a reader — another process included —
/// sees the old entry or the new one, never half of one. An entry that does not parse, whose
/// body length is wrong, or that records another URL (a hash collision) is treated as absent.
///
/// ```swift
/// let cache = DataCache(directory: URL(fileURLWithPath: "/tmp/widget-cache"))
/// try cache.store(CachedResponse(url: url, body: data, etag: "\"v2\"", fetchedAt: Date()))
/// let again = cache.entry(for: url)?.body
/// ```
public struct DataCache: Sendable {
    /// The folder holding the entries; created on the first write.
    public let directory: URL

    /// A cache in `directory`.
    ///
    /// ```swift
    /// let cache = DataCache(directory: DataCache.defaultDirectory() ?? fallback)
    /// ```
    ///
    /// - Parameter directory: the folder for the entries; it need not exist yet.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The user's cache folder for WidgetRender: `$XDG_CACHE_HOME/widgetrender` when
    /// `XDG_CACHE_HOME` is an absolute path, else `$HOME/.cache/widgetrender`; `nil` without
    /// a home folder (then nothing is cached).
    ///
    /// ```swift
    /// DataCache.defaultDirectory(environment: ["HOME": "/home/ana"])  // /home/ana/.cache/widgetrender
    /// ```
    ///
    /// - Parameter environment: the environment variables to read; the process's by default.
    /// - Returns: the folder, which may not exist yet.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> URL?
    {
        // The XDG spec says a relative XDG_CACHE_HOME is invalid and must be ignored.
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent(
                "widgetrender", isDirectory: true)
        }
        if let home = environment["HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(
                ".cache/widgetrender", isDirectory: true)
        }
        return nil
    }

    /// The cache key of a URL: the 64-bit FNV-1a hash of its absolute string, as 16 lowercase
    /// hex digits.
    ///
    /// ```swift
    /// DataCache.key(for: URL(string: "https://example.com/a.csv")!)  // 16 hex digits
    /// ```
    ///
    /// - Parameter url: the requested URL.
    /// - Returns: the key, stable across runs and machines.
    public static func key(for url: URL) -> String {
        FNV1a.hex(url.absoluteString)
    }

    /// A second, independent hash of the whole URL, kept in the entry's header to check that the
    /// entry is this URL's (credentials included) without keeping the URL in clear.
    static func check(for url: URL) -> String {
        FNV1a.hex(String(url.absoluteString.reversed()))
    }

    /// The file that holds the entry for `url`.
    ///
    /// ```swift
    /// try? FileManager.default.removeItem(at: cache.fileURL(for: url))  // forget one URL
    /// ```
    ///
    /// - Parameter url: the requested URL.
    /// - Returns: `<directory>/<key>.cache`.
    public func fileURL(for url: URL) -> URL {
        directory.appendingPathComponent("\(Self.key(for: url)).cache", isDirectory: false)
    }

    /// The cached response for `url`, or `nil` when there is none or it is damaged.
    ///
    /// ```swift
    /// let body = cache.entry(for: url)?.body
    /// ```
    ///
    /// - Parameter url: the requested URL.
    /// - Returns: the entry, when one exists for exactly this URL and reads back whole.
    public func entry(for url: URL, maximumBodyLength: Int = 64 * 1024 * 1024) -> CachedResponse? {
        // Only a regular file no larger than a body may be (a FIFO or a device would block the
        // read, a huge file would be read whole), checked before anything is read.
        var info = stat()
        let path = fileURL(for: url).path
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
            // checked: st_size (off_t) and the limit are both 64-bit; the limit is at most Int.max / 2.
            Int64(info.st_size) <= Int64(min(maximumBodyLength, Int.max / 2)) + 64 * 1024
        else { return nil }
        guard let file = try? Data(contentsOf: fileURL(for: url), options: .mappedIfSafe),
            let newline = file.firstIndex(of: 0x0A),
            let header = try? JSONDecoder().decode(Header.self, from: file[file.startIndex..<newline]),
            header.format == Header.currentFormat, header.check == Self.check(for: url),
            header.bodyLength == file.endIndex - newline - 1
        else { return nil }
        return CachedResponse(
            url: url, body: Data(file[(newline + 1)...]), etag: header.etag, lastModified: header.lastModified,
            contentType: header.contentType, fetchedAt: Date(timeIntervalSince1970: header.fetchedAt))
    }

    /// Writes an entry atomically, replacing any entry for the same URL.
    ///
    /// ```swift
    /// try cache.store(CachedResponse(url: url, body: data, fetchedAt: Date()))
    /// ```
    ///
    /// - Parameter entry: the response to keep.
    /// - Throws: ``DataError/unavailable(source:reason:)`` naming the cache file when the folder
    ///   cannot be created or the file cannot be written; no temporary file is left behind.
    public func store(_ entry: CachedResponse) throws(DataError) {
        let destination = fileURL(for: entry.url)
        let header = Header(
            format: Header.currentFormat, url: DataSource.redacted(entry.url.absoluteString),
            check: Self.check(for: entry.url), etag: entry.etag,
            lastModified: entry.lastModified, contentType: entry.contentType,
            fetchedAt: entry.fetchedAt.timeIntervalSince1970, bodyLength: entry.body.count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes: Data
        do {
            // JSON escapes control characters inside strings, so the header is one line.
            bytes = try encoder.encode(header)
        } catch {
            throw .unavailable(source: destination.path, reason: "cannot encode the cache entry: \(error)")
        }
        bytes.append(0x0A)
        bytes.append(entry.body)

        let temporary = directory.appendingPathComponent(
            ".\(Self.key(for: entry.url)).\(UUID().uuidString).tmp", isDirectory: false)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try bytes.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .unavailable(
                source: destination.path, reason: "cannot write the cache entry: \(error.localizedDescription)")
        }
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw .unavailable(source: destination.path, reason: "cannot move the cache entry into place: \(reason)")
        }
    }
}

extension DataCache {
    /// The first line of a cache file.
    fileprivate struct Header: Codable {
        /// 2: the URL is kept with its password hidden, and `check` tells the URL's entries apart.
        static let currentFormat = 2

        var format: Int
        /// The URL, its password hidden (for people reading the cache folder).
        var url: String
        /// ``DataCache/check(for:)`` of the whole URL.
        var check: String
        var etag: String?
        var lastModified: String?
        var contentType: String?
        /// Seconds since 1970, so the value round-trips exactly.
        var fetchedAt: Double
        var bodyLength: Int
    }
}
