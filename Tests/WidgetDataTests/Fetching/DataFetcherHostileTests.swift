import Foundation
import Testing
import WidgetData

/// Servers that misbehave on purpose, as the issue probed them: a body trickled byte by byte,
/// a gzip bomb, absurd timeouts. Each fetch must end within its deadline with a bounded body.
@Suite("DataFetcher: hostile servers", .serialized)
struct DataFetcherHostileTests {
    func fetchError(_ fetcher: DataFetcher, _ url: URL) async -> DataError? {
        await #expect(throws: DataError.self) { try await fetcher.fetch(url.absoluteString) }
    }

    /// Before: --timeout 1e19 trapped inside the HTTP stack.
    @Test("absurd timeouts are clamped or refused, never a trap", arguments: [1e19, .infinity, 1e300])
    func hugeTimeout(seconds: Double) async throws {
        let server = try TestHTTPServer(routes: ["/a.csv": { _ in .ok("date,close\n2024-01-01,1\n") }])
        defer { server.stop() }
        var fetcher = DataFetcher.testing(cache: nil)
        fetcher.timeout = seconds
        fetcher.totalTimeout = seconds
        fetcher.retryDelay = seconds
        let result = try await fetcher.fetch(server.url("/a.csv").absoluteString)
        #expect(result.data.count == 24)
    }

    @Test("a timeout that is not a positive number is a usage error", arguments: [Double.nan, 0, -1])
    func invalidTimeout(seconds: Double) async throws {
        var fetcher = DataFetcher.testing(cache: nil)
        fetcher.timeout = seconds
        let error = await fetchError(fetcher, URL(string: "http://127.0.0.1:9/a.csv")!)
        #expect(error?.kind == .usage)
        #expect(error?.description.contains("timeout") == true)
    }

    /// Before: each attempt had a fixed 120 s total, so 560 trickled bytes took 363 s.
    @Test("a body trickled one byte at a time is bounded by the timeout, all attempts included")
    func trickle() async throws {
        let drip = TestHTTPResponse.ok(String(repeating: "x", count: 560)).trickled(1, pause: 0.05)
        let server = try TestHTTPServer(routes: ["/drip": { _ in drip }])
        defer { server.stop() }
        let url = server.url("/drip")
        var fetcher = DataFetcher.testing(cache: nil, timeout: 0.5, totalTimeout: 120, retries: 2)
        fetcher.retryDelay = 0.01
        let error = await fetchError(fetcher, url)
        #expect(
            error
                == .unavailable(
                    source: url.absoluteString,
                    reason: "no complete answer within 0.5 s (timeout) (after 3 attempts)"))
        // The server counts a request when it has read it, which may be after the client gave up.
        #expect(server.hits("/drip") >= 2)
    }

    @Test("the whole fetch is capped by totalTimeout, retries and waits included")
    func totalCap() async throws {
        let drip = TestHTTPResponse.ok(String(repeating: "x", count: 560)).trickled(1, pause: 0.05)
        let server = try TestHTTPServer(routes: ["/drip": { _ in drip }])
        defer { server.stop() }
        let url = server.url("/drip")
        let error = await fetchError(.testing(cache: nil, timeout: 0.4, totalTimeout: 0.6, retries: 5), url)
        #expect(error?.kind == .unavailable)
        #expect(error?.description.contains("0.6 s in all (total timeout)") == true, "\(String(describing: error))")
        #expect(server.hits("/drip") <= 2, "\(String(describing: error))")
    }

    /// Before: a gzip-encoded body was inflated in full before the limit was checked
    /// (4 GiB decompressed: 24 s and 4.6 GB of memory).
    @Test("a gzip bomb stops at the size limit, counted after decoding")
    func gzipBomb() async throws {
        let bomb = try fixture("network/zeros-64MiB.csv.gz")
        let server = try TestHTTPServer(routes: [
            "/bomb.csv": { _ in .ok(bomb, headers: [("Content-Encoding", "gzip"), ("Content-Type", "text/csv")]) }
        ])
        defer { server.stop() }
        let url = server.url("/bomb.csv")
        let error = await fetchError(.testing(cache: nil, timeout: 30, sizeLimit: 1 << 20), url)
        #expect(error == .tooLarge(source: url.absoluteString, size: nil, limit: 1 << 20))
    }
}
