import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP GET through `URLSession`, enforcing the limits URLSession does not: the body size
/// (from `Content-Length`, and from the bytes as they arrive, counted after decoding), the
/// number of redirects, one deadline for the whole attempt (connection, answer and body), and a
/// body as long as its `Content-Length`.
///
/// Each transfer has its own session, delegate and state; it is used once and then dropped.
/// Delegate callbacks run at once on the thread that delivers them (see ``ImmediateQueue``) and
/// the deadline fires on a global queue, so the state is guarded by a lock.
final class HTTPTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// The limits for one attempt.
    struct Limits: Sendable {
        /// Seconds the attempt may take from start to last byte (finite, positive, at most a day).
        var timeout: TimeInterval
        /// Whether `timeout` was cut short by the whole fetch's deadline, which then names the failure.
        var cutByTotal: TimeInterval?
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
        // URLSession on Linux rounds its timeouts down to whole seconds (0.5 s fires at once), so
        // its own are set past ours, and the deadline below decides.
        configuration.timeoutIntervalForRequest = limits.timeout.rounded(.up) + 1
        configuration.timeoutIntervalForResource = limits.timeout.rounded(.up) + 1
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: ImmediateQueue())
        var request = request
        request.timeoutInterval = limits.timeout.rounded(.up) + 1
        // The session holds its delegate strongly until invalidated.
        defer { session.finishTasksAndInvalidate() }

        let task = session.dataTask(with: request)
        lock.withLock { self.task = task }
        // Our own deadline for the whole attempt: URLSession's request timeout only bounds the
        // wait between two pieces, so a server trickling one byte a second would never trip it.
        let late: HTTPFailure = limits.cutByTotal.map { .tooSlow(seconds: $0) } ?? .timedOut(seconds: limits.timeout)
        let deadline = DispatchWorkItem { [weak self] in self?.stop(because: late) }
        DispatchQueue.global().asyncAfter(deadline: .now() + limits.timeout, execute: deadline)
        defer { deadline.cancel() }

        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Stopped before it started (cancelled at once): answer now, never start.
                let early: HTTPFailure? = lock.withLock {
                    guard finished else {
                        self.continuation = continuation
                        return nil
                    }
                    return self.failure ?? .cancelled
                }
                if let early {
                    continuation.resume(returning: .failure(early))
                } else {
                    task.resume()
                }
            }
        } onCancel: {
            stop(because: .cancelled)
        }
    }

    /// Records why the transfer is stopped, unless it has already ended, answers the caller at
    /// once, and cancels the task.
    ///
    /// The caller does not wait for URLSession to wind down: on Linux it decodes whatever the
    /// server has already sent before it looks at a cancel (a gzip bomb of gigabytes takes
    /// seconds), and what it still delivers is dropped (see ``urlSession(_:dataTask:didReceive:)``).
    private func stop(because reason: HTTPFailure) {
        let (task, continuation): (URLSessionDataTask?, CheckedContinuation<Result<Response, HTTPFailure>, Never>?) =
            lock.withLock {
                guard !finished else { return (nil, nil) }
                if failure == nil { failure = reason }
                finished = true
                let continuation = self.continuation
                self.continuation = nil
                return (self.task, continuation)
            }
        continuation?.resume(returning: .failure(reason))
        if let task { Self.later { task.cancel() } }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let disposition: URLSession.ResponseDisposition = lock.withLock {
            self.response = response as? HTTPURLResponse
            let status = self.response?.statusCode ?? 0
            let declared = response.expectedContentLength
            // checked: Int to Int64 widens.
            guard (200..<300).contains(status), declared > Int64(limits.sizeLimit) else { return .allow }
            return .cancel
        }
        if disposition == .cancel {
            let declared = Int(exactly: response.expectedContentLength)
            stop(because: .tooLarge(declared: declared, limit: limits.sizeLimit))
        }
        Self.later { completionHandler(disposition) }
    }

    /// Counts the body as it arrives, after any `Content-Encoding` is decoded, so a compressed
    /// bomb stops at the limit like a plain body. Once the transfer has failed, later pieces are
    /// dropped at once: URLSession may still hand over what it has already decoded.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit: Bool = lock.withLock {
            guard failure == nil, !finished else { return false }
            guard body.count + data.count <= limits.sizeLimit else { return true }
            body.append(data)
            return false
        }
        if overLimit { stop(because: .tooLarge(declared: nil, limit: limits.sizeLimit)) }
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
        Self.later { completionHandler(next) }
    }

    /// Runs `work` off the calling thread. Delegate callbacks run on URLSession's own work queue
    /// (see ``ImmediateQueue``), where `cancel()` and completion handlers would wait on that
    /// same queue and deadlock.
    private static func later(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async(execute: work)
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
            return .failure(limits.cutByTotal.map { .tooSlow(seconds: $0) } ?? .timedOut(seconds: limits.timeout))
        }
        // A body shorter than its Content-Length, whether or not URLSession saw an error. With a
        // Content-Encoding the length counts compressed bytes, so it cannot be compared.
        if let response, (200..<300).contains(response.statusCode), response.statusCode != 204,
            response.value(forHTTPHeaderField: "Content-Encoding").map({ $0.lowercased() == "identity" }) ?? true,
            response.expectedContentLength >= 0, Int64(exactly: body.count) != response.expectedContentLength,
            let expected = Int(exactly: response.expectedContentLength)
        {
            return .failure(.truncated(received: body.count, expected: expected))
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

/// An operation queue that runs each operation at once, on the thread that adds it.
///
/// URLSession on Linux hands every decoded piece of a body to its delegate queue and goes on
/// decoding without waiting; with an ordinary queue a gzip bomb piles gigabytes of pieces in the
/// queue before the delegate can stop the transfer. Run at once, each piece is counted (or
/// dropped, past the limit) before the next is decoded, so memory stays within the size limit.
/// The delegate's callbacks are short and never wait on URLSession, so nothing can deadlock.
final class ImmediateQueue: OperationQueue, @unchecked Sendable {
    override init() {
        super.init()
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }

    override func addOperation(_ operation: Operation) {
        operation.start()
    }
}
