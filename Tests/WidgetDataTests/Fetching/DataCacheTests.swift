import Foundation
import Testing
import WidgetData

@Suite("DataCache")
struct DataCacheTests {
    @Test(
        "keys are FNV-1a 64-bit of the URL's absolute string, as 16 hex digits",
        arguments: [
            ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8"),
            ("https://example.com/btc-usd.csv", "9939570ef93fecf4"),
        ])
    func key(url: String, expected: String) throws {
        #expect(DataCache.key(for: try #require(URL(string: url))) == expected)
    }

    @Test("an entry round-trips with its metadata, in <key>.cache")
    func roundTrip() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = DataCache(directory: folder.appending("nested/cache"))
        let url = try #require(URL(string: "https://example.com/btc-usd.csv"))
        let entry = CachedResponse(
            url: url, body: Data([0, 10, 13, 255] + Array("a\nb".utf8)), etag: "W/\"x\ny\"",
            lastModified: "Tue, 02 Jan 2024 10:00:00 GMT",
            contentType: "text/csv", fetchedAt: Date(timeIntervalSince1970: 1_704_189_600.25))
        try cache.store(entry)
        #expect(cache.entry(for: url) == entry)
        #expect(cache.fileURL(for: url).lastPathComponent == "9939570ef93fecf4.cache")
        #expect(folder.contents(of: "nested/cache") == ["9939570ef93fecf4.cache"])
    }

    @Test("storing again replaces the entry and leaves no temporary file")
    func replace() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = DataCache(directory: folder.url)
        let url = try #require(URL(string: "https://example.com/a"))
        for index in 0..<5 {
            try cache.store(CachedResponse(url: url, body: Data("\(index)".utf8), fetchedAt: Date()))
        }
        #expect(cache.entry(for: url)?.body == Data("4".utf8))
        #expect(folder.contents() == [cache.fileURL(for: url).lastPathComponent])
    }

    @Test("a missing, truncated or foreign entry reads as absent")
    func damaged() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = DataCache(directory: folder.url)
        let url = try #require(URL(string: "https://example.com/a"))
        let other = try #require(URL(string: "https://example.com/b"))
        #expect(cache.entry(for: url) == nil)

        try cache.store(CachedResponse(url: url, body: Data("0123456789".utf8), fetchedAt: Date()))
        let file = cache.fileURL(for: url)
        let whole = try Data(contentsOf: file)
        try whole.dropLast(3).write(to: file)
        #expect(cache.entry(for: url) == nil)

        // A hash collision: the file records another URL.
        try whole.write(to: cache.fileURL(for: other))
        #expect(cache.entry(for: other) == nil)
        try whole.write(to: file)
        #expect(cache.entry(for: url)?.body == Data("0123456789".utf8))
    }

    @Test("a folder that cannot be created: an error naming the cache file")
    func unwritable() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let blocker = folder.appending("file")
        try Data().write(to: blocker)
        let cache = DataCache(directory: blocker.appendingPathComponent("cache"))
        let url = try #require(URL(string: "https://example.com/a"))
        let error = #expect(throws: DataError.self) {
            try cache.store(CachedResponse(url: url, body: Data(), fetchedAt: Date()))
        }
        guard case .unavailable(let source, let reason)? = error else {
            Issue.record("expected unavailable, got \(String(describing: error))")
            return
        }
        #expect(source == cache.fileURL(for: url).path)
        #expect(reason.hasPrefix("cannot write the cache entry"))
    }

    @Test("the default folder follows XDG_CACHE_HOME, then HOME")
    func defaultDirectory() {
        #expect(
            DataCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/xdg", "HOME": "/home/ana"])?.path
                == "/xdg/widgetrender")
        // The XDG spec says to ignore a relative path.
        #expect(
            DataCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/ana"])?.path
                == "/home/ana/.cache/widgetrender")
        #expect(DataCache.defaultDirectory(environment: ["HOME": "/home/ana"])?.path == "/home/ana/.cache/widgetrender")
        #expect(DataCache.defaultDirectory(environment: [:]) == nil)
        #expect(DataFetcher(cacheDirectory: nil).cacheDirectory == nil)
    }
}
