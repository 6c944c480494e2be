import Foundation

/// Fetches the bytes of a ``DataSource``: a local file, or an `http(s)://` URL through
/// libcurl with a timeout, bounded retries, a size limit and an on-disk cache.
///
/// libcurl (`libcurl.so.4`, Debian's `libcurl4`) is loaded on the first URL fetch, not linked:
/// a process that reads only files never loads it. Without it, a URL fetch fails with
/// ``DataError/unavailable(source:reason:)`` saying so.
///
/// For a URL, the fetcher revalidates its cached copy (`If-None-Match` / `If-Modified-Since`);
/// a `304 Not Modified` serves the cached bytes. When the fetch fails — the host unreachable,
/// no answer in time, a 5xx after the retries, a truncated body, a body over the size limit —
/// and a cached copy exists, the fetcher returns it marked ``FetchResult/stale`` with the
/// ``FetchResult/failure``; without one it throws ``DataError/unavailable(source:reason:)``.
/// A 4xx answer is never papered over with stale data.
///
/// Connection errors, timeouts, truncated bodies, 5xx, 408 and 429 are retried up to
/// ``retries`` times, waiting ``retryDelay``, then twice that, and so on (at most 30 s).
/// Redirects are followed, up to ``maximumRedirects``.
///
/// Time is bounded twice: each attempt (connecting, waiting for the answer and receiving the
/// whole body) by ``timeout``, and the whole fetch, every attempt and wait included, by
/// ``totalTimeout``; a server that trickles its body a byte at a time cannot hold a render
/// longer. The body is counted as it arrives, after any `Content-Encoding` is decoded, and the
/// download stops at ``sizeLimit``, so a gzip bomb costs at most the limit in memory.
///
/// With a `validate` check (``fetch(_:validate:)``), a new body replaces the cached copy only
/// when it reads as the caller's data: a `200` with an HTML error page is a failure, and the
/// cached copy (if it reads) is served stale in its place.
///
/// ```swift
/// var fetcher = DataFetcher()          // 10 s timeout, 2 retries, 64 MiB, ~/.cache/widgetrender
/// fetcher.timeout = 5
/// let result = try await fetcher.fetch(try DataSource("https://example.com/btc-usd.csv"))
/// if result.stale { print("warning: \(result.failure?.description ?? ""); using cached data") }
/// let (series, warnings) = try YahooCSVParser().parse(result.data, source: result.source, symbol: "BTC-USD")
/// ```
public struct DataFetcher: Sendable {
    /// Seconds one attempt may take in all: connecting, waiting for the answer and receiving
    /// the whole body. 10 by default.
    ///
    /// It must be a positive number: `NaN`, zero or a negative value makes ``fetch(_:)-(DataSource)``
    /// throw a usage error (``DataError/Kind/usage``). Values above ``maximumTimeout`` (a day),
    /// infinity included, are taken as ``maximumTimeout``. See ``checkedTimeout(_:name:source:)``.
    public var timeout: TimeInterval

    /// Seconds the whole fetch may take, every attempt and the waits between them included.
    /// 120 by default. Checked and clamped like ``timeout``.
    public var totalTimeout: TimeInterval

    /// How many times a failed attempt is retried (connection errors, timeouts, truncated bodies,
    /// 5xx, 408, 429). 2 by default: three attempts at most; 0 disables retrying.
    public var retries: Int

    /// Seconds to wait before the first retry; each later retry waits twice as long as the one
    /// before, at most 30 s. 0.5 by default; a value that is not a number is taken as 0, a
    /// negative one as 0, a larger one as 30 s.
    public var retryDelay: TimeInterval

    /// The largest body or file accepted, in bytes. A download stops as soon as its
    /// `Content-Length` or its received bytes exceed it. 64 MiB by default.
    public var sizeLimit: Int

    /// The most HTTP redirects followed for one request. 10 by default.
    public var maximumRedirects: Int

    /// The folder of the on-disk HTTP cache (see ``DataCache``), or `nil` to cache nothing.
    /// ``DataCache/defaultDirectory(environment:)`` by default.
    public var cacheDirectory: URL?

    /// The `User-Agent` header sent with every request.
    public var userAgent: String

    /// A fetcher.
    ///
    /// ```swift
    /// let offlineFriendly = DataFetcher(timeout: 5, retries: 1, cacheDirectory: cacheFolder)
    /// let noCache = DataFetcher(cacheDirectory: nil)
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: seconds one attempt may take in all (10).
    ///   - totalTimeout: seconds the whole fetch may take, retries included (120).
    ///   - retries: retries after a transient failure (2).
    ///   - retryDelay: seconds before the first retry, doubling after (0.5).
    ///   - sizeLimit: the largest body or file in bytes (64 MiB).
    ///   - maximumRedirects: redirects followed (10).
    ///   - cacheDirectory: the cache folder, or `nil` for none (the user's cache folder).
    ///   - userAgent: the `User-Agent` header (`WidgetRender`).
    public init(
        timeout: TimeInterval = 10, totalTimeout: TimeInterval = 120, retries: Int = 2, retryDelay: TimeInterval = 0.5,
        sizeLimit: Int = 64 * 1024 * 1024, maximumRedirects: Int = 10,
        cacheDirectory: URL? = DataCache.defaultDirectory(), userAgent: String = "WidgetRender"
    ) {
        self.timeout = timeout
        self.totalTimeout = totalTimeout
        self.retries = retries
        self.retryDelay = retryDelay
        self.sizeLimit = sizeLimit
        self.maximumRedirects = maximumRedirects
        self.cacheDirectory = cacheDirectory
        self.userAgent = userAgent
    }

    /// A check that bytes read as the data the caller wants; it throws the parse error when not.
    public typealias Validation = @Sendable (_ data: Data, _ source: String) throws(DataError) -> Void

    /// The longest ``timeout`` or ``totalTimeout`` used: a day. Larger values are clamped to it.
    public static var maximumTimeout: TimeInterval { 86_400 }

    /// A timeout as the fetcher uses it: a positive number of seconds, at most ``maximumTimeout``.
    ///
    /// A command line can check `--timeout` with it before fetching anything.
    ///
    /// ```swift
    /// DataFetcher.checkedTimeout(1e19)          // 86400
    /// try DataFetcher.checkedTimeout(-1)        // throws DataError.unsupported
    /// ```
    ///
    /// - Parameters:
    ///   - seconds: the timeout asked for.
    ///   - name: what it is called in the message (`timeout`, `--timeout`).
    ///   - source: the source it is for, for the message.
    /// - Returns: `seconds`, or ``maximumTimeout`` when it is larger (infinity included).
    /// - Throws: ``DataError/unsupported(source:reason:)`` (a usage error) for `NaN`, zero or a
    ///   negative number.
    public static func checkedTimeout(_ seconds: TimeInterval, name: String = "timeout", source: String = "")
        throws(DataError) -> TimeInterval
    {
        guard seconds > 0 else {  // false for NaN too
            throw .unsupported(
                source: source, reason: "\(name) must be a positive number of seconds, not \(seconds)")
        }
        return min(seconds, maximumTimeout)
    }

    /// The bytes of `source`.
    ///
    /// A file is read directly (never cached); a URL goes through the cache as described above.
    ///
    /// ```swift
    /// let result = try await fetcher.fetch(try DataSource("Data/btc.csv"))
    /// ```
    ///
    /// - Parameter source: a path or URL.
    /// - Returns: the bytes, with whether they came from the cache and whether they are stale.
    /// - Throws: for a file, ``DataError/unreadable(source:reason:)`` (the reason is `no such
    ///   file` for a missing one), ``DataError/notRegularFile(source:type:)`` or
    ///   ``DataError/tooLarge(source:size:limit:)``; for a URL, ``DataError/unavailable(source:reason:)``
    ///   naming the URL and why, such as `HTTP 404 Not Found` or `no complete answer within 10 s
    ///   (timeout) (after 3 attempts)`, or ``DataError/tooLarge(source:size:limit:)``;
    ///   ``DataError/unsupported(source:reason:)`` for a timeout that is not a positive number.
    public func fetch(_ source: DataSource) async throws(DataError) -> FetchResult {
        try await fetch(source, validate: nil)
    }

    /// The bytes of `source`, accepted from the network only when `validate` reads them.
    ///
    /// Pass the parse the caller will do anyway, so that a body that is no data (an HTML page
    /// with `200 OK`, a truncated JSON) neither replaces the cached copy nor hides the fetch's
    /// failure: it is reported as ``DataError/unavailable(source:reason:)`` naming the status and
    /// the parse error, and a cached copy that reads is served stale in its place. A cached copy
    /// that does not read is never served.
    ///
    /// ```swift
    /// let reader = SeriesReader()
    /// let result = try await fetcher.fetch(source) { data, name throws(DataError) in
    ///     _ = try reader.readOHLC(data, source: name)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - source: a path or URL.
    ///   - validate: the check; `nil` accepts any body. Files are not checked (they are not cached).
    /// - Returns: as ``fetch(_:)-(DataSource)``.
    /// - Throws: as ``fetch(_:)-(DataSource)``.
    public func fetch(_ source: DataSource, validate: Validation?) async throws(DataError) -> FetchResult {
        switch source.location {
        case .file(let path):
            let data = try LocalFile.read(path: path, source: source.description, sizeLimit: sizeLimit)
            return FetchResult(data: data, source: source.description, origin: .file)
        case .remote(let url):
            return try await fetchRemote(url, source: source.description, validate: validate)
        }
    }

    /// The bytes of a path or URL given as text.
    ///
    /// ```swift
    /// let result = try await DataFetcher().fetch("https://example.com/cases.json")
    /// ```
    ///
    /// - Parameter source: a path, or a `file://`, `http://` or `https://` URL.
    /// - Returns: as ``fetch(_:)-(DataSource)``.
    /// - Throws: as ``DataSource/init(_:)`` and ``fetch(_:)-(DataSource)``.
    public func fetch(_ source: String) async throws(DataError) -> FetchResult {
        try await fetch(try DataSource(source))
    }
}
