import Foundation

extension DataFetcher {
    /// The longest wait between attempts, however many retries are allowed.
    private static var maximumRetryDelay: TimeInterval { 30 }

    /// Fetches a URL through the cache: revalidate, download, or fall back to the cached copy.
    ///
    /// A new body replaces the cached copy only when `validate` accepts it; a cached copy is
    /// served stale only when `validate` accepts it too, so a bad body (an HTML error page sent
    /// with `200`) never stands in for data, and the failure reported is the fetch's own.
    func fetchRemote(_ url: URL, source: String, validate: Validation?) async throws(DataError) -> FetchResult {
        let timing = try Timing(self, source: source)
        let cache = cacheDirectory.map { DataCache(directory: $0) }
        let cached = cache?.entry(for: url, maximumBodyLength: sizeLimit)
        /// The cached copy, when there is one and it reads as the caller's data.
        func usableCached() -> CachedResponse? {
            guard let cached else { return nil }
            guard let validate else { return cached }
            do throws(DataError) {
                try validate(cached.body, source)
                return cached
            } catch {
                return nil
            }
        }

        var request = HTTPTransfer.Request(url: url, userAgent: userAgent)
        // Revalidate only a copy worth keeping: a 304 for a bad copy would keep serving it.
        let revalidated = usableCached()
        if let etag = revalidated?.etag { request.headers.append(.init(name: "If-None-Match", value: etag)) }
        if let lastModified = revalidated?.lastModified {
            request.headers.append(.init(name: "If-Modified-Since", value: lastModified))
        }

        let (outcome, attempts) = await download(request, timing: timing)
        let failure: DataError
        switch outcome {
        case .success(let response) where response.status == 304:
            if let revalidated {
                return FetchResult(
                    data: revalidated.body, source: source, fromCache: true, fetchedAt: revalidated.fetchedAt,
                    origin: .cache)
            }
            failure = unavailable(.notModifiedWithoutCache, attempts: attempts, source: source)
        case .success(let response):
            do throws(DataError) {
                try validate?(response.body, source)
            } catch {
                let kept = usableCached() != nil ? "; the cached copy was kept" : "; there is no cached copy"
                failure = .unavailable(
                    source: source,
                    reason:
                        "the server answered HTTP \(response.status) with a body that does not read as data (\(Self.reason(of: error, source: source)))\(kept)"
                )
                break
            }
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
            return FetchResult(
                data: response.body, source: source, fetchedAt: now, warnings: warnings, origin: .network)
        case .failure(let reason):
            if case .tooLarge(let declared, let limit) = reason {
                failure = .tooLarge(source: source, size: declared, limit: limit)
            } else {
                failure = unavailable(reason, attempts: attempts, source: source)
            }
            if reason.servesStale, let stale = usableCached() {
                return FetchResult(
                    data: stale.body, source: source, fromCache: true, failure: failure, fetchedAt: stale.fetchedAt,
                    origin: .staleCache)
            }
            throw failure
        }
        if let stale = usableCached() {
            return FetchResult(
                data: stale.body, source: source, fromCache: true, failure: failure, fetchedAt: stale.fetchedAt,
                origin: .staleCache)
        }
        throw failure
    }

    private func unavailable(_ failure: HTTPFailure, attempts: Int, source: String) -> DataError {
        .unavailable(
            source: source, reason: attempts > 1 ? "\(failure.reason) (after \(attempts) attempts)" : failure.reason)
    }

    /// An error's text without the source it starts with, for a message that names it already.
    private static func reason(of error: DataError, source: String) -> String {
        let text = error.description
        let prefix = MessageText.line(source) + ":"
        guard text.hasPrefix(prefix) else { return text }
        return String(text.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
    }

    /// Runs `request` until it succeeds (2xx or 304), fails for good, the retries run out, or
    /// the whole fetch reaches ``totalTimeout``.
    ///
    /// - Returns: the last outcome and how many attempts were made.
    private func download(_ request: HTTPTransfer.Request, timing: Timing) async -> (
        Result<HTTPTransfer.Response, HTTPFailure>, attempts: Int
    ) {
        let clock = ContinuousClock()
        let end = clock.now + .seconds(timing.total)
        let attempts = max(0, min(retries, 100)) + 1
        var last: HTTPFailure = .cancelled
        for attempt in 1...attempts {
            let remaining = Self.seconds(end - clock.now)
            guard remaining > 0 else { return (.failure(.tooSlow(seconds: timing.total)), attempt - 1) }
            let cut = remaining < timing.attempt
            let limits = HTTPTransfer.Limits(
                timeout: min(timing.attempt, remaining), cutByTotal: cut ? timing.total : nil,
                sizeLimit: max(0, sizeLimit), maximumRedirects: max(0, maximumRedirects))
            switch await HTTPTransfer(limits: limits).run(request) {
            case .success(let response) where (200..<300).contains(response.status) || response.status == 304:
                return (.success(response), attempt)
            case .success(let response):
                last = .status(
                    response.status, finalURL: response.redirectedURL.flatMap { $0 == request.url ? nil : $0 })
            case .failure(let failure):
                last = failure
            }
            guard last.isRetryable, attempt < attempts else { return (.failure(last), attempt) }
            let delay = min(timing.retryDelay * pow(2, Double(attempt - 1)), Self.maximumRetryDelay)
            // A wait that would reach the end leaves no time to try again: the total ends the fetch.
            guard Self.seconds(end - clock.now) > delay else {
                return (.failure(.tooSlow(seconds: timing.total)), attempt)
            }
            do {
                try await Task.sleep(for: .seconds(delay))
            } catch {
                return (.failure(.cancelled), attempt)
            }
        }
        return (.failure(last), attempts)
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

extension DataFetcher {
    /// The fetcher's times, checked: every one finite and within a day, so none can reach the
    /// clock or libcurl as a value that traps.
    struct Timing {
        /// Seconds one attempt may take in all.
        var attempt: TimeInterval
        /// Seconds the whole fetch may take.
        var total: TimeInterval
        /// Seconds before the first retry.
        var retryDelay: TimeInterval

        init(_ fetcher: DataFetcher, source: String) throws(DataError) {
            attempt = try DataFetcher.checkedTimeout(fetcher.timeout, name: "timeout", source: source)
            total = try DataFetcher.checkedTimeout(fetcher.totalTimeout, name: "totalTimeout", source: source)
            // A delay is a courtesy to the server, not a limit: clamped, never refused.
            let delay = fetcher.retryDelay
            retryDelay =
                delay.isFinite ? min(max(0, delay), DataFetcher.maximumRetryDelay) : DataFetcher.maximumRetryDelay
            if delay.isNaN { retryDelay = 0 }
        }
    }
}
