import Foundation
import WidgetData

extension DataFetcher {
    /// A fetcher for tests, caching in `cache` (or nowhere): a short back-off and no retries by
    /// default; timeouts generous enough for a full parallel test run on a loaded 2-core machine
    /// (where a loopback answer was seen to wait more than 5 s for a thread) unless a test sets
    /// a short one on purpose. The total bounds the whole fetch, retries included, so by default
    /// it is the longest there is.
    static func testing(
        cache: URL?, timeout: TimeInterval = 30, totalTimeout: TimeInterval = DataFetcher.maximumTimeout,
        retries: Int = 0,
        retryDelay: TimeInterval = 0.01, sizeLimit: Int = 1024 * 1024, maximumRedirects: Int = 5
    ) -> DataFetcher {
        DataFetcher(
            timeout: timeout, totalTimeout: totalTimeout, retries: retries, retryDelay: retryDelay,
            sizeLimit: sizeLimit, maximumRedirects: maximumRedirects, cacheDirectory: cache)
    }
}
