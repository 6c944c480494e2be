import Foundation
import WidgetData

extension DataFetcher {
    /// A fetcher for tests, caching in `cache` (or nowhere): a short back-off and no retries by
    /// default; timeouts generous enough for parallel tests on a busy machine unless a test
    /// sets a short one on purpose (the total bounds the whole fetch, retries included).
    static func testing(
        cache: URL?, timeout: TimeInterval = 5, totalTimeout: TimeInterval = 60, retries: Int = 0,
        retryDelay: TimeInterval = 0.01, sizeLimit: Int = 1024 * 1024, maximumRedirects: Int = 5
    ) -> DataFetcher {
        DataFetcher(
            timeout: timeout, totalTimeout: totalTimeout, retries: retries, retryDelay: retryDelay,
            sizeLimit: sizeLimit, maximumRedirects: maximumRedirects, cacheDirectory: cache)
    }
}
