import Foundation
import Testing
import WidgetData

/// A body is checked by the caller's parse before it replaces the cached copy.
///
/// Before: a `200` with an HTML body replaced the last good cached copy; a later `500` then
/// printed two contradictory warnings, and `--strict` reported the HTML instead of the 500.
@Suite("DataFetcher: validated bodies")
struct DataFetcherValidationTests {
    static let csv = "Date,Close\n2024-01-02,1.5\n"
    static let html = "<!doctype html><html><body>Service temporarily unavailable</body></html>\n"

    /// The caller's own parse, as a check.
    static let prices: DataFetcher.Validation = { data, source throws(DataError) in
        _ = try SeriesReader().readOHLC(data, source: source)
    }

    @Test("a 200 with an HTML body keeps the cached copy, serves it stale, and says why")
    func htmlDoesNotReplaceCache() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try TestHTTPServer(routes: [
            "/btc.csv": TestHTTPServer.sequence([.ok(Self.csv), .ok(Self.html), .status(500, "Internal Server Error")])
        ])
        defer { server.stop() }
        let url = server.url("/btc.csv")
        let fetcher = DataFetcher.testing(cache: folder.url)
        let source = try DataSource(url.absoluteString)

        let good = try await fetcher.fetch(source, validate: Self.prices)
        #expect(good.origin == .network && !good.stale)

        let html = try await fetcher.fetch(source, validate: Self.prices)
        #expect(html.data == Data(Self.csv.utf8))
        #expect(html.origin == .staleCache)
        let failure = try #require(html.failure)
        #expect(failure.kind == .unavailable)
        #expect(
            failure.description.hasPrefix(
                "\(url.absoluteString): the server answered HTTP 200 with a body that does not read as data ("))
        #expect(failure.description.hasSuffix("); the cached copy was kept"))
        #expect(DataCache(directory: folder.url).entry(for: url)?.body == Data(Self.csv.utf8))
        #expect(html.warnings.isEmpty, "one line per failed fetch: the failure, nothing else")

        // The 500 that follows is reported as itself, over the good copy.
        let error500 = try await fetcher.fetch(source, validate: Self.prices)
        #expect(error500.data == Data(Self.csv.utf8))
        #expect(error500.failure == .unavailable(source: url.absoluteString, reason: "HTTP 500 Internal Server Error"))
    }

    @Test("without a cached copy, a body that does not read is an unavailable source, not bad data")
    func htmlWithoutCache() async throws {
        let server = try TestHTTPServer(routes: ["/btc.csv": { _ in .ok(Self.html) }])
        defer { server.stop() }
        let url = server.url("/btc.csv").absoluteString
        let error = await #expect(throws: DataError.self) {
            try await DataFetcher.testing(cache: nil).fetch(try DataSource(url), validate: Self.prices)
        }
        #expect(error?.kind == .unavailable)
    }

    @Test("a cached copy that does not read is never served: the HTTP failure is what the user sees")
    func badCachedCopy() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try TestHTTPServer(routes: ["/btc.csv": { _ in .status(500, "Internal Server Error") }])
        defer { server.stop() }
        let url = server.url("/btc.csv")
        // A copy an earlier version cached without checking it.
        try DataCache(directory: folder.url).store(
            CachedResponse(url: url, body: Data(Self.html.utf8), etag: "\"html\"", fetchedAt: Date()))
        let error = await #expect(throws: DataError.self) {
            try await DataFetcher.testing(cache: folder.url).fetch(
                try DataSource(url.absoluteString), validate: Self.prices)
        }
        #expect(error == .unavailable(source: url.absoluteString, reason: "HTTP 500 Internal Server Error"))
        // Nor was it revalidated: a 304 would have kept serving it.
        #expect(server.requests.first?.header("If-None-Match") == nil)
    }
}
