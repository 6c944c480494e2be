import Foundation
import WidgetCore
import WidgetData

/// WidgetData's fetcher (timeouts, retries, size limit, ETag cache) as the
/// `DataFetching` service providers find in their context.
public struct CachingDataFetcher: DataFetching {
    public var fetcher: DataFetcher

    public init(fetcher: DataFetcher) {
        self.fetcher = fetcher
    }

    public func fetch(_ source: String) async throws -> FetchedData {
        let result = try await fetcher.fetch(source)
        return FetchedData(
            bytes: result.data, source: result.source, stale: result.stale, failure: result.failure?.description)
    }
}
