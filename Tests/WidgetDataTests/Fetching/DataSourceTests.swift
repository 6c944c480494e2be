import Foundation
import Testing
import WidgetData

@Suite("DataSource")
struct DataSourceTests {
    @Test(
        "plain paths stay paths, as written", arguments: ["Data/btc.csv", "/tmp/x y.json", "C:\\data\\btc.csv", "./a"])
    func paths(text: String) throws {
        let source = try DataSource(text)
        #expect(source.location == .file(path: text))
        #expect(source.description == text)
    }

    @Test("a file:// URL becomes its decoded path")
    func fileURL() throws {
        let source = try DataSource("file:///tmp/some%20folder/btc.csv")
        #expect(source.location == .file(path: "/tmp/some folder/btc.csv"))
        #expect(source.description == "file:///tmp/some%20folder/btc.csv")
        #expect(try DataSource("file://localhost/tmp/a.csv").location == .file(path: "/tmp/a.csv"))
    }

    @Test(
        "http and https URLs are remote, in any letter case",
        arguments: ["http://example.com/a.csv", "https://example.com/b.json?x=1", "HTTPS://EXAMPLE.COM/A"])
    func remote(text: String) throws {
        let source = try DataSource(text)
        guard case .remote(let url) = source.location else {
            Issue.record("expected remote, got \(source.location)")
            return
        }
        #expect(url.absoluteString.lowercased() == text.lowercased())
        #expect(url.scheme == url.scheme?.lowercased())
        #expect(source.description == text)
    }

    @Test(
        "other schemes are unsupported, naming the scheme", arguments: ["ftp://example.com/a.csv", "s3://bucket/key"])
    func otherSchemes(text: String) throws {
        let error = #expect(throws: DataError.self) { try DataSource(text) }
        guard case .unsupported(let source, let reason)? = error else {
            Issue.record("expected unsupported, got \(String(describing: error))")
            return
        }
        #expect(source == text)
        #expect(reason.contains("://"))
        #expect(reason.contains("https"))
    }

    @Test("a URL without a host, a remote file:// URL and empty text are refused")
    func invalid() throws {
        let noHost = #expect(throws: DataError.self) { try DataSource("https:///a.csv") }
        #expect(noHost?.description.contains("no host") == true)
        let remoteFile = #expect(throws: DataError.self) { try DataSource("file://server/share/a.csv") }
        #expect(remoteFile?.description.contains("server") == true)
        let empty = #expect(throws: DataError.unsupported(source: "", reason: "no path or URL given")) {
            try DataSource("")
        }
        #expect(empty?.kind == .usage)
    }

    @Test("init(path:) does not parse, init(url:) does")
    func initialisers() throws {
        #expect(DataSource(path: "data:2024.csv").location == .file(path: "data:2024.csv"))
        let file = try DataSource(url: URL(fileURLWithPath: "/tmp/a.csv"))
        #expect(file.location == .file(path: "/tmp/a.csv"))
        let remote = try DataSource(url: try #require(URL(string: "https://example.com/a")))
        #expect(remote.location == .remote(try #require(URL(string: "https://example.com/a"))))
    }
}
