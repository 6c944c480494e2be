import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why one HTTP attempt failed; ``DataFetcher`` decides from it whether to retry and whether a
/// cached copy may stand in, and turns it into ``DataError/unavailable(source:reason:)``.
enum HTTPFailure: Error, Equatable {
    /// The connection could not be made or broke: refused, host not found, TLS, reset.
    case connection(String, retryable: Bool)
    /// The attempt (connection, answer and whole body) did not finish within the timeout.
    case timedOut(seconds: TimeInterval)
    /// The whole fetch, every attempt and wait included, reached the total timeout.
    case tooSlow(seconds: TimeInterval)
    /// The server answered with a status other than 2xx or 304.
    case status(Int, finalURL: URL?)
    /// The connection closed before `Content-Length` bytes arrived.
    case truncated(received: Int, expected: Int)
    /// The body is, or announced it would be, larger than the size limit.
    case tooLarge(declared: Int?, limit: Int)
    /// The server redirected more times than allowed.
    case tooManyRedirects(limit: Int)
    /// The server redirected to something other than http(s).
    case unsupportedRedirect(String)
    /// `304 Not Modified` arrived but there is no cached body to serve.
    case notModifiedWithoutCache
    /// The calling task was cancelled.
    case cancelled

    /// Whether another attempt may succeed: connection trouble, timeouts, truncation, 5xx,
    /// `408 Request Timeout` and `429 Too Many Requests`.
    var isRetryable: Bool {
        switch self {
        case .connection(_, let retryable): retryable
        case .timedOut, .truncated: true
        case .tooSlow: false
        case .status(let code, _): code >= 500 || code == 408 || code == 429
        case .tooLarge, .tooManyRedirects, .unsupportedRedirect, .notModifiedWithoutCache, .cancelled: false
        }
    }

    /// Whether a cached copy may be served instead. A 4xx answer (other than 408 and 429) says
    /// the request itself is wrong — a moved or mistyped URL — which stale data would hide;
    /// a cancelled fetch wants no answer at all.
    var servesStale: Bool {
        switch self {
        case .status(let code, _): code >= 500 || code == 408 || code == 429 || code < 400
        case .cancelled: false
        default: true
        }
    }

    /// The reason, for a message that already names the URL.
    var reason: String {
        switch self {
        case .connection(let detail, _):
            return detail
        case .timedOut(let seconds):
            return "no complete answer within \(Self.seconds(seconds)) (timeout)"
        case .tooSlow(let seconds):
            return "no complete answer within \(Self.seconds(seconds)) in all (total timeout)"
        case .status(let code, let finalURL):
            let text = "HTTP \(code) \(HTTPURLResponse.localizedString(forStatusCode: code))"
            return finalURL.map { "\(text) from \($0.absoluteString)" } ?? text
        case .truncated(let received, let expected):
            return "the body was cut short: \(received) of \(expected) bytes (Content-Length) arrived"
        case .tooLarge(let declared?, let limit):
            return "the body is \(declared) bytes (Content-Length), over the \(limit)-byte limit"
        case .tooLarge(nil, let limit):
            return "the body grew past the \(limit)-byte limit; download stopped"
        case .tooManyRedirects(let limit):
            return "more than \(limit) redirects"
        case .unsupportedRedirect(let target):
            return "redirected to \(target), which is not an http(s) URL"
        case .notModifiedWithoutCache:
            return "the server answered 304 Not Modified but there is no cached copy"
        case .cancelled:
            return "cancelled"
        }
    }

    /// `0.5 s`, `10 s`.
    private static func seconds(_ value: TimeInterval) -> String {
        String(format: "%g s", value)
    }
}

extension HTTPFailure {
    /// The failure for a URLSession error.
    ///
    /// - Parameters:
    ///   - error: what the task completed with.
    ///   - timeout: the idle timeout in force, for the message.
    init(_ error: any Error, timeout: TimeInterval) {
        let nsError = error as NSError
        // curl's own words ("Failed to connect to 127.0.0.1 port 80 …") when it gave some.
        let detail = (nsError.userInfo[NSLocalizedDescriptionKey] as? String).flatMap { $0.isEmpty ? nil : $0 }
        func described(_ summary: String) -> String {
            detail.map { "\(summary) (\($0))" } ?? summary
        }
        guard nsError.domain == NSURLErrorDomain else {
            self = .connection(described("network error \(nsError.domain) \(nsError.code)"), retryable: true)
            return
        }
        switch URLError.Code(rawValue: nsError.code) {
        case .timedOut:
            self = .timedOut(seconds: timeout)
        case .cancelled:
            self = .cancelled
        case .cannotConnectToHost:
            self = .connection(described("cannot connect to the server"), retryable: true)
        case .cannotFindHost, .dnsLookupFailed:
            self = .connection(described("cannot find the host"), retryable: true)
        case .notConnectedToInternet:
            self = .connection(described("no network connection"), retryable: true)
        case .networkConnectionLost:
            self = .connection(described("the connection was lost"), retryable: true)
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired:
            self = .connection(described("the secure connection failed"), retryable: false)
        case .unsupportedURL, .badURL:
            self = .connection(described("the URL cannot be fetched"), retryable: false)
        default:
            self = .connection(detail ?? "network error \(nsError.code)", retryable: true)
        }
    }
}
