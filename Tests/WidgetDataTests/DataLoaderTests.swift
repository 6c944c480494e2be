import Foundation
import Testing
import WidgetAssets
import WidgetData

@Suite("DataLoader")
struct DataLoaderTests {
    let loader = DataLoader()

    /// A fresh empty folder for one test.
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("DataLoaderTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a path reads the file's bytes")
    func readsPath() throws {
        let url = try WidgetAssets.url("samples/aapl-daily.csv")
        let data = try loader.load(url.path)
        #expect(data == (try Data(contentsOf: url)))
        #expect(!data.isEmpty)
    }

    @Test("a file:// URL reads the same bytes")
    func readsFileURL() throws {
        let url = try WidgetAssets.url("samples/covid-countries.json")
        #expect(try loader.load(url.absoluteString) == (try Data(contentsOf: url)))
    }

    @Test("a missing path is unreadable: no such file")
    func missingPath() throws {
        let path = try temporaryFolder().appendingPathComponent("nope.csv").path
        #expect(throws: DataError.unreadable(source: path, reason: "no such file")) { try loader.load(path) }
        let error = #expect(throws: DataError.self) { try loader.load(path) }
        #expect(try #require(error).description.contains(path))
    }

    @Test("a directory is not a regular file")
    func directory() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: DataError.self) { try loader.load(folder.path) }
        #expect(error == .notRegularFile(source: folder.path, type: "a directory"))
        #expect(error?.kind == .notRegularFile)
        #expect(error?.description == "\(folder.path): not a regular file (a directory)")
    }

    @Test(
        "https:// and http:// sources are unsupported",
        arguments: ["https://example.com/btc.csv", "http://example.com/x.json", "HTTPS://EXAMPLE.COM/A"])
    func unsupportedSchemes(source: String) throws {
        let error = #expect(throws: DataError.self) { try loader.load(source) }
        guard case .unsupported(let reported, let reason)? = error else {
            Issue.record("expected unsupported, got \(String(describing: error))")
            return
        }
        #expect(reported == source)
        #expect(reason.contains("http"))
    }

    @Test("a file over the size limit is refused")
    func sizeLimit() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.csv")
        try Data(repeating: 0x41, count: 100).write(to: file)
        #expect(try DataLoader(sizeLimit: 100).load(file.path).count == 100)
        let error = #expect(throws: DataError.self) { try DataLoader(sizeLimit: 99).load(file.path) }
        #expect(error == .tooLarge(source: file.path, size: 100, limit: 99))
        #expect(error?.kind == .tooLarge)
    }

    @Test("an empty file loads as empty data and then parses as DataError.empty")
    func emptyFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("empty.csv")
        try Data().write(to: file)
        let data = try loader.load(file.path)
        #expect(data.isEmpty)
        let error = #expect(throws: DataError.self) { try YahooCSVParser().parse(data, source: file.path, symbol: "X") }
        guard case .empty(let source, _)? = error else {
            Issue.record("expected empty, got \(String(describing: error))")
            return
        }
        #expect(source == file.path)
    }
}
