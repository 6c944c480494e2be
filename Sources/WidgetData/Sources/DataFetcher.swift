import Foundation

/// Fetches the bytes of a ``DataSource``: a local file, or an `http(s)://` URL through
/// `URLSession` with a timeout, bounded retries, a size limit and an on-disk cache.
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
/// ```swift
/// var fetcher = DataFetcher()          // 10 s timeout, 2 retries, 64 MiB, ~/.cache/widgetrender
/// fetcher.timeout = 5
/// let result = try await fetcher.fetch(try DataSource("https://example.com/btc-usd.csv"))
/// if result.stale { print("warning: \(result.failure?.description ?? ""); using cached data") }
/// let (series, warnings) = try YahooCSVParser().parse(result.data, source: result.source, symbol: "BTC-USD")
/// ```
public struct DataFetcher: Sendable {
    /// Seconds to wait for a connection, for the response to begin, and for each next piece of
    /// the body, per attempt. 10 by default.
    public var timeout: TimeInterval

    /// Seconds one attempt may take from start to last byte, so a server that trickles bytes
    /// cannot hold a render forever. 120 by default.
    public var totalTimeout: TimeInterval

    /// How many times a failed attempt is retried (connection errors, timeouts, truncated bodies,
    /// 5xx, 408, 429). 2 by default: three attempts at most; 0 disables retrying.
    public var retries: Int

    /// Seconds to wait before the first retry; each later retry waits twice as long as the one
    /// before, at most 30 s. 0.5 by default.
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
    ///   - timeout: seconds to wait for a connection, an answer or more bytes (10).
    ///   - totalTimeout: seconds one attempt may take in all (120).
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
    ///   file` for a missing one); for a URL, ``DataError/unavailable(source:reason:)`` naming
    ///   the URL and why, such as `HTTP 404 Not Found` or `no answer within 10 s (timeout)
    ///   (after 3 attempts)`.
    public func fetch(_ source: DataSource) async throws(DataError) -> FetchResult {
        switch source.location {
        case .file(let path):
            let data = try LocalFile.read(path: path, source: source.description, sizeLimit: sizeLimit)
            return FetchResult(data: data, source: source.description)
        case .remote(let url):
            return try await fetchRemote(url, source: source.description)
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
