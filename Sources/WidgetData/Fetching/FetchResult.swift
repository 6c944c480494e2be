import Foundation

/// The bytes of a source and how they were obtained: live, revalidated from the cache, or
/// served stale from the cache because the live fetch failed.
///
/// A widget can show stale data and say so:
///
/// ```swift
/// let result = try await fetcher.fetch(source)
/// if result.stale, let failure = result.failure {
///     note = "Offline — showing data from \(result.fetchedAt?.formatted() ?? "earlier")"
///     log(failure.description)  // "https://…/btc.csv: no complete answer within 10 s (timeout) (after 3 attempts)"
/// }
/// ```
public struct FetchResult: Sendable, Equatable {
    /// The bytes.
    public var data: Data

    /// The source as it was given, for messages.
    public var source: String

    /// `true` when the bytes came from the on-disk cache: after a `304 Not Modified`, or
    /// because the live fetch failed (then ``stale`` is also `true`).
    public var fromCache: Bool

    /// Why the live fetch failed when the bytes are a stale cached copy; `nil` otherwise.
    ///
    /// The error is the one ``DataFetcher/fetch(_:)-(DataSource)`` would have thrown had there been no cache.
    public var failure: DataError?

    /// When the bytes were downloaded: now for a live fetch, the original download for cached
    /// bytes, `nil` for a local file.
    public var fetchedAt: Date?

    /// Problems that did not stop the fetch, such as a cache entry that could not be written.
    public var warnings: [DataWarning]

    /// Where the bytes came from; ``DataOrigin/isFallback`` tells a stand-in by type.
    public var origin: DataOrigin

    /// `true` when the bytes are a cached copy served because the live fetch failed.
    ///
    /// ``failure`` says why.
    public var stale: Bool { failure != nil }

    /// A result.
    ///
    /// ```swift
    /// let fixture = FetchResult(data: Data("Date,Close\n".utf8), source: "fixture.csv")
    /// ```
    ///
    /// - Parameters:
    ///   - data: the bytes.
    ///   - source: the source as it was given.
    ///   - fromCache: whether the bytes came from the cache.
    ///   - failure: why the live fetch failed, for a stale result.
    ///   - fetchedAt: when the bytes were downloaded.
    ///   - warnings: problems that did not stop the fetch.
    ///   - origin: where the bytes came from; by default told from the other values (stale
    ///     cache with a failure, cache, network with a fetch date, else file).
    public init(
        data: Data, source: String, fromCache: Bool = false, failure: DataError? = nil, fetchedAt: Date? = nil,
        warnings: [DataWarning] = [], origin: DataOrigin? = nil
    ) {
        self.origin =
            origin
            ?? (failure != nil ? .staleCache : fromCache ? .cache : fetchedAt != nil ? .network : .file)
        self.data = data
        self.source = source
        self.fromCache = fromCache
        self.failure = failure
        self.fetchedAt = fetchedAt
        self.warnings = warnings
    }
}
