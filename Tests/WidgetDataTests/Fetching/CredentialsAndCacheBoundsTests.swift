import Foundation
import Testing
import WidgetData

/// A URL's password is never shown or stored, and a cache entry is checked before it is read.
@Suite("Credentials and cache bounds")
struct CredentialsAndCacheBoundsTests {
    @Test(
        "a URL's password is hidden wherever the source is named",
        arguments: [
            ("https://ana:s3cr3t@example.com/btc.csv", "https://ana:***@example.com/btc.csv"),
            ("http://ana:p%40ss@example.com:8080/x?y=1", "http://ana:***@example.com:8080/x?y=1"),
            ("https://ana@example.com/btc.csv", "https://ana@example.com/btc.csv"),
            ("https://example.com/a@b.csv", "https://example.com/a@b.csv"),
            ("data/prices.csv", "data/prices.csv"),
        ])
    func redacted(given: String, shown: String) throws {
        #expect(DataSource.redacted(given) == shown)
        if given.contains("://") { #expect(try DataSource(given).description == shown) }
    }

    @Test("the cache keeps no password in clear, and two users' entries never meet")
    func cacheHoldsNoPassword() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = DataCache(directory: folder.url)
        let ana = try #require(URL(string: "https://ana:s3cr3t@example.com/btc.csv"))
        let ben = try #require(URL(string: "https://ben:hunter2@example.com/btc.csv"))
        try cache.store(CachedResponse(url: ana, body: Data("Date,Close\n".utf8), fetchedAt: Date()))
        let file = try Data(contentsOf: cache.fileURL(for: ana))
        let text = String(decoding: file, as: UTF8.self)
        #expect(!text.contains("s3cr3t"))
        #expect(text.contains("ana:***@example.com"))
        #expect(cache.entry(for: ana)?.body == Data("Date,Close\n".utf8))
        #expect(cache.entry(for: ben) == nil, "another user's URL is another entry")
        #expect(DataCache.key(for: ana) != DataCache.key(for: ben))
    }

    @Test("an entry larger than a body may be, or not a regular file, is not read")
    func cacheEntriesAreCheckedBeforeReading() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = DataCache(directory: folder.url)
        let url = try #require(URL(string: "https://example.com/big.csv"))
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        // A sparse file of 4 GB: refused by its size, nothing read.
        let path = cache.fileURL(for: url).path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 4 << 30) == 0)
        let started = Date()
        #expect(cache.entry(for: url, maximumBodyLength: 64 * 1024 * 1024) == nil)
        #expect(Date().timeIntervalSince(started) < 1)
        // A FIFO where the entry goes: refused without opening it (opening would block).
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)
        #expect(cache.entry(for: url) == nil)
    }
}
