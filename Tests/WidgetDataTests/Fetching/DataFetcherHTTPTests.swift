import Foundation
import Testing
import WidgetData

/// Fetching over HTTP from a real server on 127.0.0.1, without a cache (see
/// `DataFetcherCacheTests` for revalidation and stale fallbacks).
@Suite("DataFetcher: HTTP")
struct DataFetcherHTTPTests {
    static let csv = "Date,Open,High,Low,Close,Adj Close,Volume\n2024-01-02,1,2,0.5,1.5,1.5,100\n"

    /// The error `fetch` throws for `url`, recording an issue when it returns instead.
    func fetchError(_ fetcher: DataFetcher, _ url: URL) async -> DataError? {
        await #expect(throws: DataError.self) { try await fetcher.fetch(url.absoluteString) }
    }

    @Test("200: the body, live, not stale, with the User-Agent sent")
    func success() async throws {
        let server = try TestHTTPServer(routes: ["/btc.csv": { _ in .ok(Self.csv, headers: [("ETag", "\"v1\"")]) }])
        defer { server.stop() }
        let before = Date()
        let result = try await DataFetcher.testing(cache: nil).fetch(server.url("/btc.csv").absoluteString)
        #expect(result.data == Data(Self.csv.utf8))
        #expect(result.source == server.url("/btc.csv").absoluteString)
        #expect(!result.fromCache)
        #expect(!result.stale)
        #expect(result.failure == nil)
        #expect(result.warnings.isEmpty)
        #expect(try #require(result.fetchedAt) >= before)
        #expect(server.hits("/btc.csv") == 1)
        #expect(server.requests.first?.header("User-Agent") == "WidgetRender")
        #expect(server.requests.first?.header("If-None-Match") == nil)
    }

    @Test("an upper-case scheme works and is reported as written")
    func upperCaseScheme() async throws {
        let server = try TestHTTPServer(routes: ["/btc.csv": { _ in .ok(Self.csv) }])
        defer { server.stop() }
        let text = "HTTP://127.0.0.1:\(server.port)/btc.csv"
        let result = try await DataFetcher.testing(cache: nil).fetch(text)
        #expect(result.data == Data(Self.csv.utf8))
        #expect(result.source == text)
    }

    @Test("404: an error naming the URL and the status, not retried")
    func notFound() async throws {
        let server = try TestHTTPServer(routes: [:])
        defer { server.stop() }
        let url = server.url("/missing.csv")
        let error = await fetchError(.testing(cache: nil, retries: 2), url)
        #expect(error == .unavailable(source: url.absoluteString, reason: "HTTP 404 Not Found"))
        #expect(error?.description == "\(url.absoluteString): HTTP 404 Not Found")
        #expect(server.hits("/missing.csv") == 1)
    }

    @Test("500: retried, then an error naming the URL, status and attempts", arguments: [0, 1, 2])
    func serverError(retries: Int) async throws {
        let server = try TestHTTPServer(routes: ["/flaky": { _ in .status(500, "Internal Server Error") }])
        defer { server.stop() }
        let url = server.url("/flaky")
        let error = await fetchError(.testing(cache: nil, retries: retries), url)
        #expect(server.hits("/flaky") == retries + 1)
        let reason =
            retries == 0
            ? "HTTP 500 Internal Server Error" : "HTTP 500 Internal Server Error (after \(retries + 1) attempts)"
        #expect(error == .unavailable(source: url.absoluteString, reason: reason))
    }

    @Test("a 503 followed by a 200 succeeds on retry, after an exponential back-off")
    func retryRecovers() async throws {
        let server = try TestHTTPServer(routes: [
            "/data": TestHTTPServer.sequence([
                .status(503, "Service Unavailable"), .status(502, "Bad Gateway"), .ok(Self.csv),
            ])
        ])
        defer { server.stop() }
        let start = ContinuousClock.now
        let result = try await DataFetcher.testing(cache: nil, retries: 2, retryDelay: 0.1)
            .fetch(server.url("/data").absoluteString)
        let elapsed = ContinuousClock.now - start
        #expect(result.data == Data(Self.csv.utf8))
        #expect(server.hits("/data") == 3)
        // 0.1 s, then 0.2 s.
        #expect(elapsed >= .milliseconds(300))
    }

    @Test("no answer within the timeout: an error saying so, quickly, retried when asked")
    func timeout() async throws {
        // Far longer than any test takes: getting the error at all shows the timeout fired
        // (`stop()` cuts the server's wait short). Wall-clock bounds stay loose, because
        // CPU-heavy suites running alongside can starve the task that awaits the result.
        let slow = TestHTTPResponse.ok(Self.csv).delayed(by: 60)
        let server = try TestHTTPServer(routes: ["/slow": { _ in slow }])
        defer { server.stop() }
        let url = server.url("/slow")
        // Timed on a thread of its own: on a two-core machine the suite's CPU-bound tests fill
        // the cooperative pool, and a resumed task could wait there for most of a minute.
        let (error, elapsed) = await OwnThread.run { () async -> (DataError?, Duration) in
            let start = ContinuousClock.now
            let error = await self.fetchError(.testing(cache: nil, timeout: 0.3), url)
            return (error, ContinuousClock.now - start)
        }
        #expect(elapsed < .seconds(30))
        #expect(
            error == .unavailable(source: url.absoluteString, reason: "no complete answer within 0.3 s (timeout)"))

        let retried = await fetchError(.testing(cache: nil, timeout: 0.3, retries: 1), url)
        #expect(retried?.description.contains("(after 2 attempts)") == true)
        // The server may not have counted the last request yet when the client gives up on it.
        #expect(server.hits("/slow") >= 2)
    }

    @Test("a body trickled out past the total timeout is abandoned")
    func totalTimeout() async throws {
        // 60 s of bytes, one every 0.1 s, so the idle timeout never fires but the total one does.
        let drip = TestHTTPResponse.ok(String(repeating: "x", count: 600)).trickled(1, pause: 0.1)
        let server = try TestHTTPServer(routes: ["/drip": { _ in drip }])
        defer { server.stop() }
        let url = server.url("/drip")
        let (error, elapsed) = await OwnThread.run { () async -> (DataError?, Duration) in
            let start = ContinuousClock.now
            let error = await self.fetchError(.testing(cache: nil, timeout: 2, totalTimeout: 0.5), url)
            return (error, ContinuousClock.now - start)
        }
        #expect(elapsed < .seconds(30))
        #expect(
            error
                == .unavailable(
                    source: url.absoluteString, reason: "no complete answer within 0.5 s in all (total timeout)"))
    }

    @Test("a body shorter than its Content-Length is an error, retried")
    func truncated() async throws {
        let cut = TestHTTPResponse.ok(String(repeating: "y", count: 50)).length(.declared(100))
        let server = try TestHTTPServer(routes: ["/cut": { _ in cut }])
        defer { server.stop() }
        let url = server.url("/cut")
        let error = await fetchError(.testing(cache: nil), url)
        #expect(
            error
                == .unavailable(
                    source: url.absoluteString,
                    reason: "the body was cut short: 50 of 100 bytes (Content-Length) arrived"))
        _ = await fetchError(.testing(cache: nil, retries: 1), url)
        #expect(server.hits("/cut") == 3)
    }

    @Test("a 302 is followed to the 200")
    func redirect() async throws {
        let server = try TestHTTPServer(routes: [
            "/old.csv": { _ in .redirect(to: "/new.csv") },
            "/new.csv": { _ in .ok(Self.csv) },
        ])
        defer { server.stop() }
        let result = try await DataFetcher.testing(cache: nil).fetch(server.url("/old.csv").absoluteString)
        #expect(result.data == Data(Self.csv.utf8))
        #expect(result.source == server.url("/old.csv").absoluteString)
        #expect(server.hits("/old.csv") == 1)
        #expect(server.hits("/new.csv") == 1)
    }

    @Test("a redirect to a 404 names the URL that answered")
    func redirectToMissing() async throws {
        let server = try TestHTTPServer(routes: ["/moved": { _ in .redirect(to: "/gone") }])
        defer { server.stop() }
        let url = server.url("/moved")
        let error = await fetchError(.testing(cache: nil), url)
        #expect(
            error
                == .unavailable(
                    source: url.absoluteString, reason: "HTTP 404 Not Found from \(server.url("/gone").absoluteString)")
        )
    }

    @Test("a redirect to another scheme is not followed, and is named")
    func redirectToAnotherScheme() async throws {
        let server = try TestHTTPServer(routes: ["/moved": { _ in .redirect(to: "ftp://127.0.0.1/data.csv") }])
        defer { server.stop() }
        let url = server.url("/moved")
        let error = await fetchError(.testing(cache: nil, retries: 2), url)
        #expect(
            error
                == .unavailable(
                    source: url.absoluteString,
                    reason: "redirected to ftp://127.0.0.1/data.csv, which is not an http(s) URL"))
        #expect(server.hits("/moved") == 1)
    }

    @Test("a gzip-encoded body arrives decoded, its compressed Content-Length no truncation")
    func gzipEncoded() async throws {
        let compressed = try fixture("network/GOOG-daily.csv.gz")
        let plain = try fixture("ohlc/backtesting-0.6.6_GOOG_daily.csv")
        let server = try TestHTTPServer(routes: [
            "/goog.csv": { _ in .ok(compressed, headers: [("Content-Encoding", "gzip")]) }
        ])
        defer { server.stop() }
        let result = try await DataFetcher.testing(cache: nil).fetch(server.url("/goog.csv").absoluteString)
        #expect(result.data == plain)
        #expect(server.requests.first?.header("Accept-Encoding")?.contains("gzip") == true)
    }

    @Test(
        "a status is named in the words of the HTTP registry, or by its class",
        arguments: [
            (400, "Bad Request"), (401, "Unauthorized"), (403, "Forbidden"), (410, "Gone"),
            (418, "Client Error"), (429, "Too Many Requests"), (451, "Unavailable For Legal Reasons"),
            (502, "Bad Gateway"), (503, "Service Unavailable"), (504, "Gateway Timeout"), (599, "Server Error"),
        ])
    func statusWords(code: Int, words: String) async throws {
        let server = try TestHTTPServer(routes: ["/s": { _ in .status(code, "Whatever The Server Says") }])
        defer { server.stop() }
        let url = server.url("/s")
        let error = await fetchError(.testing(cache: nil), url)
        #expect(error == .unavailable(source: url.absoluteString, reason: "HTTP \(code) \(words)"))
    }

    @Test("a redirect loop stops at the limit")
    func redirectLoop() async throws {
        let server = try TestHTTPServer(routes: ["/loop": { _ in .redirect(to: "/loop") }])
        defer { server.stop() }
        let url = server.url("/loop")
        let error = await fetchError(.testing(cache: nil, maximumRedirects: 3), url)
        #expect(error == .unavailable(source: url.absoluteString, reason: "more than 3 redirects"))
        #expect(server.hits("/loop") == 4)
    }

    @Test("a Content-Length over the size limit is refused before the body is read")
    func declaredTooLarge() async throws {
        let server = try TestHTTPServer(routes: [
            "/big": { _ in .ok(Data(repeating: 0x7A, count: 5000)) },
            "/exact": { _ in .ok(Data(repeating: 0x7A, count: 1000)) },
        ])
        defer { server.stop() }
        let fetcher = DataFetcher.testing(cache: nil, retries: 2, sizeLimit: 1000)
        #expect(try await fetcher.fetch(server.url("/exact").absoluteString).data.count == 1000)
        let url = server.url("/big")
        let error = await fetchError(fetcher, url)
        #expect(error == .tooLarge(source: url.absoluteString, size: 5000, limit: 1000))
        #expect(server.hits("/big") == 1)
    }

    @Test("a body without Content-Length is stopped once it passes the size limit")
    func streamedTooLarge() async throws {
        let big = TestHTTPResponse.ok(Data(repeating: 0x7A, count: 200_000)).length(.omitted).trickled(1000)
        let server = try TestHTTPServer(routes: ["/stream": { _ in big }])
        defer { server.stop() }
        let url = server.url("/stream")
        let error = await fetchError(.testing(cache: nil, sizeLimit: 10_000), url)
        #expect(error == .tooLarge(source: url.absoluteString, size: nil, limit: 10_000))
        #expect(
            error?.description == "\(url.absoluteString): larger than the 10,000 bytes limit; reading stopped there")
    }

    @Test("a closed port: cannot connect, naming the URL")
    func refused() async throws {
        let closed = try ClosedPort()
        let url = closed.url("/data.csv")
        let error = await fetchError(.testing(cache: nil), url)
        guard case .unavailable(let source, let reason)? = error else {
            Issue.record("expected unavailable, got \(String(describing: error))")
            return
        }
        #expect(source == url.absoluteString)
        #expect(reason.hasPrefix("cannot connect to the server"))
    }

    @Test("a 304 with nothing cached is an error, not an empty body")
    func notModifiedWithoutCache() async throws {
        let server = try TestHTTPServer(routes: ["/304": { _ in .notModified }])
        defer { server.stop() }
        let url = server.url("/304")
        let error = await fetchError(.testing(cache: nil), url)
        #expect(
            error
                == .unavailable(
                    source: url.absoluteString,
                    reason: "the server answered 304 Not Modified but there is no cached copy"))
    }

    @Test("cancelling the task stops a slow fetch")
    func cancellation() async throws {
        let slow = TestHTTPResponse.ok(Self.csv).delayed(by: 60)
        let server = try TestHTTPServer(routes: ["/slow": { _ in slow }])
        defer { server.stop() }
        let url = server.url("/slow").absoluteString
        let task = Task { try await DataFetcher.testing(cache: nil, timeout: 5, retries: 2).fetch(url) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let outcome = await task.result
        // Without the cancellation this would end in a timeout, after 3 × 5 s.
        #expect(throws: DataError.unavailable(source: url, reason: "cancelled")) { try outcome.get() }
    }
}

/// Runs async work whose timing a test measures on a serial queue of its own, not the cooperative
/// pool that the rest of the suite keeps busy.
final class OwnThread: TaskExecutor, @unchecked Sendable {
    private let queue = DispatchQueue(label: "WidgetDataTests.timed")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    static func run<T: Sendable>(_ body: @Sendable () async -> T) async -> T {
        await withTaskExecutorPreference(OwnThread(), operation: body)
    }
}
