import CCurlLoader
import Foundation

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
    /// libcurl, which URL fetches load on first use, could not be loaded (dlopen's words).
    case libcurlUnavailable(String)

    /// Whether another attempt may succeed: connection trouble, timeouts, truncation, 5xx,
    /// `408 Request Timeout` and `429 Too Many Requests`.
    var isRetryable: Bool {
        switch self {
        case .connection(_, let retryable): retryable
        case .timedOut, .truncated: true
        case .tooSlow: false
        case .status(let code, _): code >= 500 || code == 408 || code == 429
        case .tooLarge, .tooManyRedirects, .unsupportedRedirect, .notModifiedWithoutCache, .cancelled,
            .libcurlUnavailable:
            false
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
            let text = "HTTP \(code) \(HTTPStatus.reasonPhrase(code))"
            return finalURL.map { "\(text) from \(DataSource.redacted($0.absoluteString))" } ?? text
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
        case .libcurlUnavailable(let detail):
            return
                "cannot fetch URLs without libcurl (\(detail)); install the libcurl4 package (apt-get install libcurl4)"
        }
    }

    /// `0.5 s`, `10 s`.
    private static func seconds(_ value: TimeInterval) -> String {
        String(format: "%g s", value)
    }
}

extension HTTPFailure {
    /// The failure for a transfer that curl ended with an error.
    ///
    /// - Parameters:
    ///   - failure: the class of curl's error.
    ///   - detail: curl's own words ("Failed to connect to 127.0.0.1 port 80 …"), or empty.
    ///   - location: the `Location` of the last answer, for a redirect curl refused to follow.
    ///   - limits: the attempt's limits, for the timeout and redirect messages.
    init(_ failure: wr_http_failure, detail: String, location: String?, limits: HTTPTransfer.Limits) {
        func described(_ summary: String) -> String {
            detail.isEmpty ? summary : "\(summary) (\(detail))"
        }
        switch failure {
        case WR_HTTP_FAILURE_TIMED_OUT:
            self = limits.lateFailure
        case WR_HTTP_FAILURE_CANNOT_CONNECT:
            self = .connection(described("cannot connect to the server"), retryable: true)
        case WR_HTTP_FAILURE_CANNOT_FIND_HOST:
            self = .connection(described("cannot find the host"), retryable: true)
        case WR_HTTP_FAILURE_CONNECTION_LOST:
            self = .connection(described("the connection was lost"), retryable: true)
        case WR_HTTP_FAILURE_SECURE_CONNECTION:
            self = .connection(described("the secure connection failed"), retryable: false)
        case WR_HTTP_FAILURE_BAD_URL:
            self = .connection(described("the URL cannot be fetched"), retryable: false)
        case WR_HTTP_FAILURE_REDIRECT_NOT_HTTP:
            self = .unsupportedRedirect(location ?? "a URL without a scheme")
        case WR_HTTP_FAILURE_TOO_MANY_REDIRECTS:
            self = .tooManyRedirects(limit: limits.maximumRedirects)
        case WR_HTTP_FAILURE_MALFORMED_ANSWER:
            // curl says "Out of memory" for a header line over its 100 KB limit: say what it is.
            let what = detail.lowercased().contains("out of memory") ? "a header line over 100 KB" : detail
            self = .connection(
                "the server's answer is not valid HTTP (\(what.isEmpty ? "a malformed answer" : what)); it is not retried",
                retryable: false)
        default:
            self = .connection(detail.isEmpty ? "network error" : detail, retryable: true)
        }
    }
}
