import Foundation
import WidgetData

/// WidgetData's fetcher (timeouts, retries, size limit, ETag cache) as the
/// ``DataFetching`` service the built-in providers use.
public struct CachingDataFetcher: DataFetching {
    /// The fetcher.
    public var fetcher: DataFetcher

    /// Wraps a fetcher.
    ///
    /// - Parameter fetcher: the fetcher, with its timeouts and cache folder.
    public init(fetcher: DataFetcher) {
        self.fetcher = fetcher
    }

    /// Fetches through the cache.
    ///
    /// - Parameter source: a path or URL.
    /// - Returns: fresh bytes, or cached ones marked stale.
    /// - Throws: `DataError` when neither can be had.
    public func fetch(_ source: String) async throws -> FetchedData {
        let result = try await fetcher.fetch(source)
        return FetchedData(
            bytes: result.data, source: result.source, stale: result.stale, failure: result.failure?.description)
    }
}
