import CCurlLoader
import Foundation

/// One HTTP GET through libcurl, enforcing the body size (from `Content-Length`, and from the
/// bytes as they arrive, counted after decoding), the number of redirects, one deadline for the
/// whole attempt (connection, answer and body), and a body as long as its `Content-Length`.
///
/// libcurl is not linked: `CCurlLoader` loads it with `dlopen` on the first transfer, so a run
/// that fetches no URL never maps it and its two dozen dependencies. When it cannot be loaded,
/// the attempt fails with ``HTTPFailure/libcurlUnavailable(_:)``.
///
/// `curl_easy_perform` blocks, so each transfer runs on a thread of its own, never on the
/// cooperative pool. The caller is answered as soon as the transfer ends, the deadline passes or
/// the task is cancelled, whichever comes first; a stopped transfer is told to stop (curl sees
/// it within about a second, at once when bytes arrive, and its own timeout is the same
/// deadline) and what it still produces is dropped. Each transfer is used once; its state is
/// guarded by a lock.
final class HTTPTransfer: @unchecked Sendable {
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

        /// The failure when the deadline passes.
        var lateFailure: HTTPFailure {
            cutByTotal.map { .tooSlow(seconds: $0) } ?? .timedOut(seconds: timeout)
        }
    }

    /// What to ask for.
    struct Request: Sendable {
        var url: URL
        var userAgent: String
        /// Header fields sent besides `User-Agent`, in order.
        var headers: [Header] = []

        /// One header field.
        struct Header: Sendable, Equatable {
            var name: String
            var value: String
        }
    }

    /// What the server answered, with any status.
    struct Response: Sendable {
        var status: Int
        var body: Data
        var etag: String?
        var lastModified: String?
        var contentType: String?
        /// The URL that answered, after redirects; `nil` when no redirect was followed.
        var redirectedURL: URL?
    }

    private let limits: Limits
    // The C transfer; owned by this object, used by one thread at a time except for
    // `wr_http_transfer_cancel`, which is safe from any thread.
    private let transfer: OpaquePointer?
    private let lock = NSLock()
    // Guarded by `lock`.
    private var failure: HTTPFailure?
    private var finished = false
    private var continuation: CheckedContinuation<Result<Response, HTTPFailure>, Never>?

    init(limits: Limits) {
        self.limits = limits
        transfer = wr_http_transfer_create()
    }

    deinit {
        wr_http_transfer_destroy(transfer)
    }

    /// Runs `request` once.
    ///
    /// - Returns: the response, whatever its status, or why none arrived in full.
    func run(_ request: Request) async -> Result<Response, HTTPFailure> {
        guard let transfer else { return .failure(.connection("out of memory for the transfer", retryable: false)) }
        for header in request.headers {
            // A value with a line break would add a header field of its own: never sent.
            guard !header.value.contains(where: \.isNewline), !header.name.contains(where: \.isNewline) else {
                continue
            }
            guard wr_http_transfer_add_header(transfer, "\(header.name): \(header.value)") == 0 else {
                return .failure(.connection("out of memory for the request headers", retryable: false))
            }
        }
        // The deadline answers the caller even if curl is stuck where it cannot look at the
        // clock (a resolver without threads); curl's own timeout, the same, ends its thread.
        let deadline = DispatchWorkItem { [weak self, limits] in self?.stop(because: limits.lateFailure) }
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
                    let thread = Thread { [self] in finish(with: perform(request)) }
                    thread.name = "WidgetData HTTP"
                    thread.start()
                }
            }
        } onCancel: {
            stop(because: .cancelled)
        }
    }

    /// Records why the transfer is stopped, unless it has already ended, answers the caller at
    /// once, and tells curl to stop.
    private func stop(because reason: HTTPFailure) {
        let continuation: CheckedContinuation<Result<Response, HTTPFailure>, Never>? = lock.withLock {
            guard !finished else { return nil }
            failure = reason
            finished = true
            defer { self.continuation = nil }
            return self.continuation
        }
        if let transfer { wr_http_transfer_cancel(transfer) }
        continuation?.resume(returning: .failure(reason))
    }

    /// Answers the caller with `outcome`, unless it has been answered already.
    private func finish(with outcome: Result<Response, HTTPFailure>) {
        let continuation: CheckedContinuation<Result<Response, HTTPFailure>, Never>? = lock.withLock {
            guard !finished else { return nil }
            finished = true
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(returning: outcome)
    }

    /// Runs the GET on the calling thread, which it blocks, and reads what curl left.
    private func perform(_ request: Request) -> Result<Response, HTTPFailure> {
        guard let transfer else { return .failure(.connection("out of memory for the transfer", retryable: false)) }
        // Whole milliseconds, rounded up so that curl never gives up before the deadline; the
        // timeout is positive and at most a day (``DataFetcher/Timing``), so this is exact.
        let milliseconds = max(1, Int(exactly: (limits.timeout * 1000).rounded(.up)) ?? 86_400_000)
        request.url.absoluteString.withCString { url in
            request.userAgent.withCString { userAgent in
                var options = wr_http_options(
                    url: url, user_agent: userAgent, timeout_ms: milliseconds, connect_timeout_ms: milliseconds,
                    maximum_redirects: max(0, limits.maximumRedirects), size_limit: Int64(clamping: limits.sizeLimit))
                wr_http_transfer_perform(transfer, &options)
            }
        }
        var length = 0
        let bytes = wr_http_transfer_take_body(transfer, &length)
        let body = bytes.map { Data(bytesNoCopy: $0, count: length, deallocator: .free) } ?? Data()
        return outcome(wr_http_transfer_result(transfer).pointee, body: body, request: request)
    }

    /// The result once curl has returned.
    private func outcome(_ result: wr_http_result, body: Data, request: Request) -> Result<Response, HTTPFailure> {
        let message = String(cString: result.message)
        switch result.stop {
        case WR_HTTP_STOP_UNAVAILABLE:
            return .failure(.libcurlUnavailable(message))
        case WR_HTTP_STOP_DECLARED_TOO_LARGE:
            return .failure(.tooLarge(declared: Int(exactly: result.content_length), limit: limits.sizeLimit))
        case WR_HTTP_STOP_TOO_LARGE:
            return .failure(.tooLarge(declared: nil, limit: limits.sizeLimit))
        case WR_HTTP_STOP_CANCELLED:
            return .failure(.cancelled)
        case WR_HTTP_STOP_SETUP_FAILED:
            return .failure(.connection("cannot set up the transfer: \(message)", retryable: false))
        default:
            break
        }
        if result.failure == WR_HTTP_FAILURE_TIMED_OUT { return .failure(limits.lateFailure) }
        let status = result.status
        let encoding = result.content_encoding.map { String(cString: $0) }
        // A body shorter than its Content-Length, whether or not curl saw an error. With a
        // Content-Encoding the length counts compressed bytes, so it cannot be compared.
        if (200..<300).contains(status), status != 204, encoding.map({ $0.lowercased() == "identity" }) ?? true,
            result.content_length >= 0, Int64(exactly: body.count) != result.content_length,
            let expected = Int(exactly: result.content_length)
        {
            return .failure(.truncated(received: body.count, expected: expected))
        }
        guard result.failure == WR_HTTP_FAILURE_NONE else {
            return .failure(
                HTTPFailure(
                    result.failure, detail: message, location: result.location.map { String(cString: $0) },
                    limits: limits))
        }
        guard status > 0 else { return .failure(.connection("no HTTP response", retryable: true)) }
        let answered = result.effective_url.flatMap { URL(string: String(cString: $0)) }
        return .success(
            Response(
                status: status, body: body, etag: result.etag.map { String(cString: $0) },
                lastModified: result.last_modified.map { String(cString: $0) },
                contentType: result.content_type.map { String(cString: $0) },
                redirectedURL: result.redirects > 0 ? answered : nil))
    }
}
