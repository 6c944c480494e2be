import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP GET through `URLSession`, enforcing the limits URLSession does not: the body size
/// (from `Content-Length` and from the bytes as they arrive), the number of redirects, a total
/// time for the transfer, and a body as long as its `Content-Length`.
///
/// Each transfer has its own session, delegate and state; it is used once and then dropped.
/// Delegate callbacks arrive on the session's queue and the deadline on a global queue, so the
/// state is guarded by a lock.
final class HTTPTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// The limits for one attempt.
    struct Limits: Sendable {
        /// Seconds to wait for the connection, the response and each next piece of the body.
        var timeout: TimeInterval
        /// Seconds the whole transfer may take.
        var totalTimeout: TimeInterval
        /// The largest body accepted, in bytes.
        var sizeLimit: Int
        /// The most redirects followed.
        var maximumRedirects: Int
    }

    /// What the server answered, with any status.
    struct Response: Sendable {
        var status: Int
        var body: Data
        var etag: String?
        var lastModified: String?
        var contentType: String?
        /// The URL that answered, after redirects.
        var url: URL?
    }

    private let limits: Limits
    private let lock = NSLock()
    // Guarded by `lock`.
    private var task: URLSessionDataTask?
    private var response: HTTPURLResponse?
    private var body = Data()
    private var failure: HTTPFailure?
    private var redirects = 0
    private var finished = false
    private var continuation: CheckedContinuation<Result<Response, HTTPFailure>, Never>?

    init(limits: Limits) {
        self.limits = limits
    }

    /// Runs `request` once.
    ///
    /// - Returns: the response, whatever its status, or why none arrived in full.
    func run(_ request: URLRequest) async -> Result<Response, HTTPFailure> {
        let configuration = URLSessionConfiguration.ephemeral
        // Caching is DataFetcher's job; URLSession's own cache would answer conditional requests itself.
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = limits.timeout
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        // The session holds its delegate strongly until invalidated.
        defer { session.finishTasksAndInvalidate() }

        let task = session.dataTask(with: request)
        lock.withLock { self.task = task }
        // Our own deadline rather than timeoutIntervalForResource, which Linux's URLSession ignores
        // and which would report itself as an ordinary timeout where it is enforced.
        let total = limits.totalTimeout
        let deadline = DispatchWorkItem { [weak self] in self?.stop(because: .tooSlow(seconds: total)) }
        DispatchQueue.global().asyncAfter(deadline: .now() + limits.totalTimeout, execute: deadline)
        defer { deadline.cancel() }

        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                lock.withLock { self.continuation = continuation }
                task.resume()
            }
        } onCancel: {
            stop(because: .cancelled)
        }
    }

    /// Records why the transfer is stopped, unless it has already ended, and cancels it.
    private func stop(because reason: HTTPFailure) {
        let task: URLSessionDataTask? = lock.withLock {
            guard !finished else { return nil }
            if failure == nil { failure = reason }
            return self.task
        }
        task?.cancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let disposition: URLSession.ResponseDisposition = lock.withLock {
            self.response = response as? HTTPURLResponse
            let status = self.response?.statusCode ?? 0
            let declared = response.expectedContentLength
            guard (200..<300).contains(status), declared > Int64(limits.sizeLimit) else { return .allow }
            if failure == nil { failure = .tooLarge(declared: Int(declared), limit: limits.sizeLimit) }
            return .cancel
        }
        completionHandler(disposition)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit: Bool = lock.withLock {
            guard failure == nil else { return false }
            guard body.count + data.count <= limits.sizeLimit else {
                failure = .tooLarge(declared: nil, limit: limits.sizeLimit)
                return true
            }
            body.append(data)
            return false
        }
        if overLimit { dataTask.cancel() }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let next: URLRequest? = lock.withLock {
            redirects += 1
            let scheme = request.url?.scheme?.lowercased()
            if redirects > limits.maximumRedirects {
                failure = failure ?? .tooManyRedirects(limit: limits.maximumRedirects)
                return nil
            }
            guard scheme == "http" || scheme == "https" else {
                failure = failure ?? .unsupportedRedirect(request.url?.absoluteString ?? "a URL without a scheme")
                return nil
            }
            return request
        }
        // Declining ends the task with the 3xx response, which `failure` then overrides.
        completionHandler(next)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (outcome, continuation) = lock.withLock {
            finished = true
            let outcome = self.outcome(error: error)
            let continuation = self.continuation
            self.continuation = nil
            return (outcome, continuation)
        }
        continuation?.resume(returning: outcome)
    }

    /// The result once the task has ended. Called with the lock held.
    private func outcome(error: (any Error)?) -> Result<Response, HTTPFailure> {
        if let failure { return .failure(failure) }
        if let error, (error as NSError).domain == NSURLErrorDomain,
            (error as NSError).code == URLError.timedOut.rawValue
        {
            return .failure(.timedOut(seconds: limits.timeout))
        }
        // A body shorter than its Content-Length, whether or not URLSession saw an error. With a
        // Content-Encoding the length counts compressed bytes, so it cannot be compared.
        if let response, (200..<300).contains(response.statusCode), response.statusCode != 204,
            response.value(forHTTPHeaderField: "Content-Encoding").map({ $0.lowercased() == "identity" }) ?? true,
            response.expectedContentLength >= 0, Int64(body.count) != response.expectedContentLength
        {
            return .failure(.truncated(received: body.count, expected: Int(response.expectedContentLength)))
        }
        if let error { return .failure(HTTPFailure(error, timeout: limits.timeout)) }
        guard let response else { return .failure(.connection("no HTTP response", retryable: true)) }
        return .success(
            Response(
                status: response.statusCode, body: body, etag: response.value(forHTTPHeaderField: "ETag"),
                lastModified: response.value(forHTTPHeaderField: "Last-Modified"),
                contentType: response.value(forHTTPHeaderField: "Content-Type"), url: response.url))
    }
}
