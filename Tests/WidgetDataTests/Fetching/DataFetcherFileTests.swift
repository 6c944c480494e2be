import Foundation
import Testing
import WidgetAssets
import WidgetData

@Suite("DataFetcher: files")
struct DataFetcherFileTests {
    let fetcher = DataFetcher.testing(cache: nil)

    @Test("a plain path reads the file's bytes, not from a cache")
    func path() async throws {
        let url = try WidgetAssets.url("samples/aapl-daily.csv")
        let result = try await fetcher.fetch(url.path)
        #expect(result.data == (try Data(contentsOf: url)))
        #expect(result.source == url.path)
        #expect(!result.fromCache)
        #expect(!result.stale)
        #expect(result.failure == nil)
        #expect(result.fetchedAt == nil)
        #expect(result.warnings.isEmpty)
    }

    @Test("a file:// URL reads the same bytes, with a percent-encoded name")
    func fileURL() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.appending("two words.csv")
        try Data("Date,Close\n2024-01-01,1\n".utf8).write(to: file)
        #expect(file.absoluteString.contains("%20"))
        let result = try await fetcher.fetch(try DataSource(url: file))
        #expect(result.data == (try Data(contentsOf: file)))
        #expect(result.source == file.absoluteString)
    }

    @Test("a missing file is unreadable: no such file, naming the path")
    func missing() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.appending("nope.csv").path
        await #expect(throws: DataError.unreadable(source: path, reason: "no such file")) {
            try await fetcher.fetch(path)
        }
        let url = "file://\(path)"
        await #expect(throws: DataError.unreadable(source: url, reason: "no such file")) {
            try await fetcher.fetch(url)
        }
    }

    @Test("a directory is unreadable")
    func directory() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let error = await #expect(throws: DataError.self) { try await fetcher.fetch(folder.url.path) }
        #expect(error?.description.contains("directory") == true)
        #expect(error?.description.contains(folder.url.path) == true)
    }

    @Test("a file over the size limit is refused, naming both sizes")
    func sizeLimit() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.appending("big.csv")
        try Data(repeating: 0x41, count: 100).write(to: file)
        #expect(try await DataFetcher.testing(cache: nil, sizeLimit: 100).fetch(file.path).data.count == 100)
        let error = await #expect(throws: DataError.self) {
            try await DataFetcher.testing(cache: nil, sizeLimit: 99).fetch(file.path)
        }
        #expect(error == .tooLarge(source: file.path, size: 100, limit: 99))
        #expect(error?.description == "\(file.path): 100 bytes is over the 99 bytes limit")
    }

    @Test("files never touch the cache")
    func noCache() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.appending("a.csv")
        try Data("x".utf8).write(to: file)
        _ = try await DataFetcher.testing(cache: folder.appending("cache")).fetch(file.path)
        #expect(folder.contents() == ["a.csv"])
    }
}
