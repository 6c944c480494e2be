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

    /// Fetches through the cache; a body `validate` refuses never replaces the cached copy.
    ///
    /// - Parameters:
    ///   - source: a path or URL.
    ///   - validate: the provider's parse, or `nil` to accept any body.
    /// - Returns: fresh bytes, or the cached copy with origin ``DataOrigin/staleCache`` and the failure.
    /// - Throws: `DataError` when neither can be had.
    public func fetch(_ source: String, validate: DataFetcher.Validation?) async throws -> FetchedData {
        let result = try await fetcher.fetch(try DataSource(source), validate: validate)
        return FetchedData(
            bytes: result.data, source: result.source, origin: result.origin, failure: result.failure,
            warnings: result.warnings)
    }
}
