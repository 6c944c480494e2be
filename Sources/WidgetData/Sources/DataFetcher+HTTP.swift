import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension DataFetcher {
    /// The longest wait between attempts, however many retries are allowed.
    private static var maximumRetryDelay: TimeInterval { 30 }

    /// Fetches a URL through the cache: revalidate, download, or fall back to the cached copy.
    func fetchRemote(_ url: URL, source: String) async throws(DataError) -> FetchResult {
        let cache = cacheDirectory.map { DataCache(directory: $0) }
        let cached = cache?.entry(for: url)

        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        if let etag = cached?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified = cached?.lastModified {
            request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
        }

        let (outcome, attempts) = await download(request)
        let failure: HTTPFailure
        switch outcome {
        case .success(let response) where response.status == 304:
            if let cached {
                return FetchResult(data: cached.body, source: source, fromCache: true, fetchedAt: cached.fetchedAt)
            }
            failure = .notModifiedWithoutCache
        case .success(let response):
            // Through the cache's representation (seconds since 1970), so the date read back
            // later equals the one reported now.
            let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970)
            var warnings: [DataWarning] = []
            if let cache {
                let entry = CachedResponse(
                    url: url, body: response.body, etag: response.etag, lastModified: response.lastModified,
                    contentType: response.contentType, fetchedAt: now)
                do throws(DataError) {
                    try cache.store(entry)
                } catch {
                    warnings.append(DataWarning(source: source, location: "cache", message: error.description))
                }
            }
            return FetchResult(data: response.body, source: source, fetchedAt: now, warnings: warnings)
        case .failure(let reason):
            failure = reason
        }

        let reason = attempts > 1 ? "\(failure.reason) (after \(attempts) attempts)" : failure.reason
        let error = DataError.unavailable(source: source, reason: reason)
        if failure.servesStale, let cached {
            return FetchResult(
                data: cached.body, source: source, fromCache: true, failure: error, fetchedAt: cached.fetchedAt)
        }
        throw error
    }

    /// Runs `request` until it succeeds (2xx or 304), fails for good, or the retries run out.
    ///
    /// - Returns: the last outcome and how many attempts were made.
    private func download(_ request: URLRequest) async -> (Result<HTTPTransfer.Response, HTTPFailure>, attempts: Int) {
        let limits = HTTPTransfer.Limits(
            timeout: timeout, totalTimeout: totalTimeout, sizeLimit: max(0, sizeLimit),
            maximumRedirects: max(0, maximumRedirects))
        let attempts = max(0, retries) + 1
        var last: HTTPFailure = .cancelled
        for attempt in 1...attempts {
            switch await HTTPTransfer(limits: limits).run(request) {
            case .success(let response) where (200..<300).contains(response.status) || response.status == 304:
                return (.success(response), attempt)
            case .success(let response):
                last = .status(response.status, finalURL: response.url == request.url ? nil : response.url)
            case .failure(let failure):
                last = failure
            }
            guard last.isRetryable, attempt < attempts else { return (.failure(last), attempt) }
            let delay = min(max(0, retryDelay) * pow(2, Double(attempt - 1)), Self.maximumRetryDelay)
            do {
                try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            } catch {
                return (.failure(.cancelled), attempt)
            }
        }
        return (.failure(last), attempts)
    }
}
