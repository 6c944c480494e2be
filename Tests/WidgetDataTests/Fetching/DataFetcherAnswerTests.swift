import Foundation
import Testing
import WidgetData

/// Answers at the edges of HTTP: a chunked body that also declares a length, and a header line
/// too long for curl. What a fetch says of each, and whether it is tried again.
@Suite("DataFetcher: answers at the edges of HTTP", .serialized)
struct DataFetcherAnswerTests {
    @Test("a chunked body is read whole, whatever Content-Length says beside it")
    func chunkedWithALength() async throws {
        let text = "date,close\n2024-01-01,1\n2024-01-02,2\n"
        let chunked = Data("\(String(text.utf8.count, radix: 16))\r\n\(text)\r\n0\r\n\r\n".utf8)
        let answer = TestHTTPResponse.ok(chunked, headers: [("Transfer-Encoding", "chunked")]).length(.declared(10))
        let server = try TestHTTPServer(routes: ["/a.csv": { _ in answer }])
        defer { server.stop() }
        let result = try await DataFetcher.testing(cache: nil).fetch(server.url("/a.csv").absoluteString)
        #expect(result.data == Data(text.utf8))
    }

    @Test("a header line over curl's limit is a malformed answer, said so, and not tried again")
    func hugeHeader() async throws {
        let answer = TestHTTPResponse.ok("date,close\n", headers: [("X-Big", String(repeating: "a", count: 1_000_000))])
        let server = try TestHTTPServer(routes: ["/a.csv": { _ in answer }])
        defer { server.stop() }
        var fetcher = DataFetcher.testing(cache: nil, timeout: 5, totalTimeout: 30, retries: 2)
        fetcher.retryDelay = 0.01
        let error = await #expect(throws: DataError.self) {
            try await fetcher.fetch(server.url("/a.csv").absoluteString)
        }
        let text = error?.description ?? ""
        #expect(text.contains("not valid HTTP"), "\(text)")
        #expect(!text.lowercased().contains("out of memory"), "\(text)")
        #expect(!text.contains("attempts"), "a deterministic failure is not retried: \(text)")
        #expect(server.hits("/a.csv") == 1)
    }
}
