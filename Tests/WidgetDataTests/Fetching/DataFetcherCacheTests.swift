import Foundation
import Testing
import WidgetData

/// Revalidation and stale fallbacks through the on-disk cache, against a real server.
@Suite("DataFetcher: cache")
struct DataFetcherCacheTests {
    static let body = "Date,Close\n2024-01-02,1.5\n"
    static let etag = "\"v1\""
    static let lastModified = "Tue, 02 Jan 2024 10:00:00 GMT"

    /// `200` with an ETag and Last-Modified, or `304` when the request carries the ETag.
    static let conditional: TestHTTPServer.Handler = { request in
        guard request.header("If-None-Match") != etag else { return .notModified }
        return .ok(body, headers: [("ETag", etag), ("Last-Modified", lastModified)])
    }

    /// The first answer, with validators, so a later failure has something to fall back to.
    static var first: TestHTTPResponse {
        .ok(body, headers: [("ETag", etag), ("Last-Modified", lastModified)])
    }

    @Test("ETag round trip: the second fetch sends If-None-Match, gets 304 and serves the cache")
    func etagRoundTrip() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try TestHTTPServer(routes: ["/data.csv": Self.conditional])
        defer { server.stop() }
        let fetcher = DataFetcher.testing(cache: folder.url)
        let url = server.url("/data.csv")

        let live = try await fetcher.fetch(url.absoluteString)
        #expect(!live.fromCache)
        let cached = try await fetcher.fetch(url.absoluteString)
        #expect(cached.fromCache)
        #expect(!cached.stale)
        #expect(cached.failure == nil)
        #expect(cached.data == Data(Self.body.utf8))
        #expect(cached.fetchedAt == live.fetchedAt)

        let requests = server.requests
        #expect(requests.count == 2)
        #expect(requests.first?.header("If-None-Match") == nil)
        #expect(requests.last?.header("If-None-Match") == Self.etag)
        #expect(requests.last?.header("If-Modified-Since") == Self.lastModified)
    }

    @Test("Last-Modified alone: If-Modified-Since is sent and a 304 serves the cache")
    func lastModifiedRoundTrip() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try TestHTTPServer(routes: [
            "/data.csv": { request in
                request.header("If-Modified-Since") == Self.lastModified
                    ? .notModified : .ok(Self.body, headers: [("Last-Modified", Self.lastModified)])
            }
        ])
        defer { server.stop() }
        let fetcher = DataFetcher.testing(cache: folder.url)
        _ = try await fetcher.fetch(server.url("/data.csv").absoluteString)
        let second = try await fetcher.fetch(server.url("/data.csv").absoluteString)
        #expect(second.fromCache && !second.stale)
        #expect(second.data == Data(Self.body.utf8))
        #expect(server.requests.last?.header("If-None-Match") == nil)
    }

    @Test("a new 200 replaces the cached body and validators")
    func replaced() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try TestHTTPServer(routes: [
            "/data.csv": TestHTTPServer.sequence([
                Self.first, .ok("Date,Close\n2024-01-03,2\n", headers: [("ETag", "\"v2\"")]),
            ])
        ])
        defer { server.stop() }
        let fetcher = DataFetcher.testing(cache: folder.url)
        let url = server.url("/data.csv")
        _ = try await fetcher.fetch(url.absoluteString)
        let second = try await fetcher.fetch(url.absoluteString)
        #expect(!second.fromCache)
        #expect(second.data == Data("Date,Close\n2024-01-03,2\n".utf8))
        let entry = try #require(DataCache(directory: folder.url).entry(for: url))
        #expect(entry.etag == "\"v2\"")
        #expect(entry.lastModified == nil)
        #expect(entry.body == second.data)
    }

    @Test(
        "a failed fetch with a cached copy serves it stale, with the reason",
        arguments: [
            ("timeout", "no complete answer within 0.3 s (timeout)"),
            ("500", "HTTP 500 Internal Server Error (after 2 attempts)"),
            ("truncated", "the body was cut short: 5 of 500 bytes (Content-Length) arrived (after 2 attempts)"),
            ("too large", "5,000 bytes is over the 1,000 bytes limit"),
        ])
    func stale(failure: String, reason: String) async throws {
        let broken: TestHTTPResponse =
            switch failure {
            case "timeout": .ok(Self.body).delayed(by: 60)
            case "500": .status(500, "Internal Server Error")
            case "truncated": .ok("short").length(.declared(500))
            default: .ok(Data(repeating: 0x41, count: 5000))
            }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try TestHTTPServer(routes: ["/data.csv": TestHTTPServer.sequence([Self.first, broken])])
        defer { server.stop() }
        let url = server.url("/data.csv").absoluteString
        // A generous timeout for the good answer: tests run in parallel on busy machines.
        let live = try await DataFetcher.testing(cache: folder.url).fetch(url)
        let fetcher =
            failure == "timeout"
            ? DataFetcher.testing(cache: folder.url, timeout: 0.3, sizeLimit: 1000)
            : DataFetcher.testing(cache: folder.url, retries: 1, sizeLimit: 1000)

        let result = try await fetcher.fetch(url)
        #expect(result.stale)
        #expect(result.fromCache)
        #expect(result.data == Data(Self.body.utf8))
        #expect(
            result.failure
                == (failure == "too large"
                    ? .tooLarge(source: url, size: 5000, limit: 1000) : .unavailable(source: url, reason: reason)))
        #expect(result.failure?.description == "\(url): \(reason)")
        #expect(result.origin == .staleCache && result.origin.isFallback)
        #expect(result.fetchedAt == live.fetchedAt)
    }

    @Test("an unreachable server with a cached copy serves it stale")
    func staleWhenUnreachable() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let closed = try ClosedPort()
        let url = closed.url("/data.csv")
        let fetchedAt = Date(timeIntervalSince1970: 1_704_189_600)
        try DataCache(directory: folder.url).store(
            CachedResponse(url: url, body: Data(Self.body.utf8), etag: Self.etag, fetchedAt: fetchedAt))
        let fetcher = DataFetcher.testing(cache: folder.url, retries: 1)

        let result = try await fetcher.fetch(url.absoluteString)
        #expect(result.stale && result.fromCache)
        #expect(result.data == Data(Self.body.utf8))
        #expect(result.fetchedAt == fetchedAt)
        guard case .unavailable(let source, let reason)? = result.failure else {
            Issue.record("expected unavailable, got \(String(describing: result.failure))")
            return
        }
        #expect(source == url.absoluteString)
        #expect(reason.hasPrefix("cannot connect"))
        #expect(reason.hasSuffix("(after 2 attempts)"))
    }

    @Test("a 404 is an error even with a cached copy: stale data would hide a wrong URL")
    func notFoundIsNotPaperedOver() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try TestHTTPServer(routes: [
            "/data.csv": TestHTTPServer.sequence([Self.first, .status(404, "Not Found")])
        ])
        defer { server.stop() }
        let fetcher = DataFetcher.testing(cache: folder.url)
        let url = server.url("/data.csv").absoluteString
        _ = try await fetcher.fetch(url)
        await #expect(throws: DataError.unavailable(source: url, reason: "HTTP 404 Not Found")) {
            try await fetcher.fetch(url)
        }
    }

    @Test("a failure with nothing cached throws, naming the URL")
    func failureWithoutCache() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let slow = TestHTTPResponse.ok(Self.body).delayed(by: 60)
        let server = try TestHTTPServer(routes: ["/data.csv": { _ in slow }])
        defer { server.stop() }
        let url = server.url("/data.csv").absoluteString
        await #expect(throws: DataError.unavailable(source: url, reason: "no complete answer within 0.3 s (timeout)")) {
            try await DataFetcher.testing(cache: folder.url, timeout: 0.3).fetch(url)
        }
        #expect(folder.contents().isEmpty)
    }

    @Test("entries are written atomically: one file per URL, no temporary files left, even under concurrency")
    func atomicWrites() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try TestHTTPServer(routes: [
            "/a.csv": { _ in .ok(Data(repeating: 0x61, count: 100_000), headers: [("ETag", "\"a\"")]) },
            "/b.csv": { _ in .ok("b") },
        ])
        defer { server.stop() }
        let fetcher = DataFetcher.testing(cache: folder.url)
        let a = server.url("/a.csv")
        let b = server.url("/b.csv")
        try await withThrowingTaskGroup(of: FetchResult.self) { group in
            for index in 0..<12 {
                let url = index.isMultiple(of: 2) ? a : b
                group.addTask { try await fetcher.fetch(url.absoluteString) }
            }
            for try await result in group {
                #expect(!result.stale)
                #expect(result.warnings.isEmpty)
            }
        }
        let cache = DataCache(directory: folder.url)
        let expected = [a, b].map { cache.fileURL(for: $0).lastPathComponent }.sorted()
        #expect(folder.contents() == expected)
        #expect(!folder.contents().contains { $0.hasSuffix(".tmp") || $0.hasPrefix(".") })
        #expect(cache.entry(for: a)?.body == Data(repeating: 0x61, count: 100_000))
        #expect(cache.entry(for: a)?.etag == "\"a\"")
        #expect(cache.entry(for: b)?.body == Data("b".utf8))
    }

    @Test("a cache that cannot be written is a warning, not a failure")
    func unwritableCache() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let blocker = folder.appending("not-a-folder")
        try Data().write(to: blocker)
        let server = try TestHTTPServer(routes: ["/data.csv": Self.conditional])
        defer { server.stop() }
        let url = server.url("/data.csv").absoluteString
        let result = try await DataFetcher.testing(cache: blocker.appendingPathComponent("cache")).fetch(url)
        #expect(result.data == Data(Self.body.utf8))
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.location == "cache")
        #expect(result.warnings.first?.source == url)
        #expect(result.warnings.first?.message.contains("cannot write the cache entry") == true)
        #expect(folder.contents() == ["not-a-folder"])
    }

    @Test("a damaged cache file is ignored: no conditional request, then replaced")
    func damagedEntry() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try TestHTTPServer(routes: ["/data.csv": Self.conditional])
        defer { server.stop() }
        let url = server.url("/data.csv")
        let cache = DataCache(directory: folder.url)
        try Data("garbage without a header".utf8).write(to: cache.fileURL(for: url))
        let result = try await DataFetcher.testing(cache: folder.url).fetch(url.absoluteString)
        #expect(!result.fromCache)
        #expect(server.requests.first?.header("If-None-Match") == nil)
        #expect(cache.entry(for: url)?.etag == Self.etag)
    }

    @Test("no cache directory: nothing is revalidated or stored")
    func noCache() async throws {
        let server = try TestHTTPServer(routes: ["/data.csv": Self.conditional])
        defer { server.stop() }
        let fetcher = DataFetcher.testing(cache: nil)
        let url = server.url("/data.csv").absoluteString
        _ = try await fetcher.fetch(url)
        let second = try await fetcher.fetch(url)
        #expect(!second.fromCache)
        #expect(server.requests.allSatisfy { $0.header("If-None-Match") == nil })
    }
}
