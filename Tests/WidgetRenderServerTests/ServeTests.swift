import ChartWidgets
import Foundation
import Hummingbird
import Logging
import Testing
import WidgetRender
import WidgetRenderCLI

@testable import WidgetRenderServer

/// `serve` on 127.0.0.1, asked with real requests: images with their cache headers and 304s,
/// the widget list, reloads that change what is drawn, and JSON errors with their status for
/// bad requests, after which the server goes on serving.
@Suite("serve")
struct ServeTests {
    /// A count that goes up each time the provider is asked: a reload changes the pixels.
    final class Asks: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func next() -> Int {
            lock.withLock {
                count += 1; return count
            }
        }
    }

    static let asks = Asks()

    struct CountEntry: TimelineEntry {
        let date: Date
        let count: Int
    }

    struct CountProvider: TimelineProvider {
        func placeholder(in context: Context) -> CountEntry { CountEntry(date: context.now, count: 0) }
        func getSnapshot(in context: Context, completion: @escaping (CountEntry) -> Void) {
            completion(placeholder(in: context))
        }
        func getTimeline(in context: Context, completion: @escaping (Timeline<CountEntry>) -> Void) {
            completion(
                Timeline(entries: [CountEntry(date: context.now, count: ServeTests.asks.next())], policy: .never))
        }
    }

    struct CountWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "serve-count", provider: CountProvider()) { entry in
                Text("asked \(entry.count)").font(.largeTitle).containerBackground(.white, for: .widget)
            }
            .supportedFamilies([.systemSmall])
        }
    }

    /// Runs a server on a free port of 127.0.0.1 for `body`, then stops it.
    static func withServer<T: Sendable>(
        token: String? = nil, renderLimit: Int = 64, reloadBudget: Int = 60, encoders: [any ImageEncoder]? = nil,
        widgets extra: [AnyWidget] = [], configure: (inout WidgetServer) -> Void = { _ in },
        _ body: @Sendable (HTTPClient, WidgetServer) async throws -> T
    ) async throws -> T {
        var widgets = try BuiltInWidgets().resolvedWidgets()
        widgets += try CountWidget().resolvedWidgets()
        widgets += extra
        let engine = try RenderEngine(widgets: widgets)
        var server = try WidgetServer(
            engine: engine, batch: RenderBatch(outputDirectory: URL(fileURLWithPath: "/dev/null")), token: token,
            encoders: encoders)
        server.renderLimit = renderLimit
        server.reloadBudget = reloadBudget
        server.logger.logLevel = .critical
        configure(&server)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        // Quiet: a server stopped by cancelling its task logs the cancellation as an error.
        var logger = Logger(label: "serve-tests")
        logger.logLevel = .critical
        let application = server.application(host: "127.0.0.1", port: 0, logger: logger) { port in
            continuation.yield(port)
        }
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await application.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw HTTPClient.Failure(description: "no port") }
            defer { group.cancelAll() }
            return try await body(HTTPClient(port: port), server)
        }
    }

    static let shown = "2013-03-01T12:00:00Z"

    @Test func anImageIsTheEnginesPixelsWithItsCacheHeaders() async throws {
        try await Self.withServer { client, server in
            let response = try await client.get("/widgets/price/medium.png?at=\(Self.shown)&cachebuster=7")
            #expect(response.status == 200)
            #expect(response.header("content-type") == "image/png")
            #expect(response.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(response.header("content-length") == String(response.body.count))
            #expect(response.header("vary") == "Accept")
            #expect(response.header("last-modified") == "Fri, 01 Mar 2013 00:00:00 GMT")
            // The daily entries are past: what is on screen changes when the provider is asked
            // again, at the next quarter hour.
            #expect(response.header("cache-control") == "max-age=900")
            let later = try await client.get("/widgets/price/medium.png?at=2013-03-01T12:14:30Z")
            #expect(later.header("cache-control") == "max-age=30")
            // The same bytes as the engine draws for that request.
            var request = RenderRequest(
                kind: "price", family: .systemMedium,
                askedAt: try #require(ISO8601DateFormatter().date(from: Self.shown)))
            request.locale = Locale(identifier: "en")
            let drawn = try await server.engine.render(request)
            #expect(drawn.image?.data == response.body)
            let tag = try #require(response.header("etag"))
            #expect(tag.hasPrefix("\"\(try #require(drawn.image?.pixelsCRC64))-"))
            // A conditional request: 304 with the same tag and no body.
            let again = try await client.get(
                "/widgets/price/medium.png?at=\(Self.shown)", headers: ["If-None-Match": tag])
            #expect(again.status == 304)
            #expect(again.header("etag") == tag)
            #expect(again.body.isEmpty)
            // RFC 9110's weak comparison: W/"x" names "x".
            let weak = try await client.get(
                "/widgets/price/medium.png?at=\(Self.shown)", headers: ["If-None-Match": "W/\(tag)"])
            #expect(weak.status == 304)
            // Another look is another tag.
            let dark = try await client.get("/widgets/price/medium.png?at=\(Self.shown)&scheme=dark")
            #expect(dark.status == 200)
            #expect(dark.header("etag") != tag)
            // Another tint is another image and another tag.
            let blue = try await client.get("/widgets/price/medium.png?at=\(Self.shown)&mode=accented")
            let orange = try await client.get("/widgets/price/medium.png?at=\(Self.shown)&mode=accented&tint=orange")
            #expect(blue.status == 200 && orange.status == 200)
            #expect(blue.body != orange.body)
            #expect(blue.header("etag") != orange.header("etag"))
            // HEAD: the headers, no body.
            let head = try await client.request("HEAD", "/widgets/price/medium.png?at=\(Self.shown)")
            #expect(head.status == 200)
            #expect(head.header("etag") == tag)
            #expect(head.header("content-length") == String(response.body.count))
            #expect(head.body.isEmpty)
        }
    }

    @Test func theListIsListsJSONAndHealthSaysOK() async throws {
        try await Self.withServer { client, server in
            let list = try await client.get("/widgets")
            #expect(list.status == 200)
            #expect(list.header("content-type") == "application/json")
            let kinds = try JSONSerialization.jsonObject(with: list.body) as? [[String: Any]]
            #expect(kinds?.compactMap { $0["kind"] as? String } == server.engine.widgets.map(\.kind))
            let health = try await client.get("/healthz")
            #expect(health.status == 200)
            #expect(health.text == #"{"status":"ok"}"#)
        }
    }

    @Test func aReloadChangesTheTag() async throws {
        try await Self.withServer { client, _ in
            let path = "/widgets/serve-count/small.png?at=2026-01-01T09:00:00Z"
            let first = try await client.get(path)
            #expect(first.status == 200)
            // Asked again without a reload: the timeline is kept, the same pixels.
            #expect(try await client.get(path).header("etag") == first.header("etag"))
            let reload = try await client.request("POST", "/reload/serve-count")
            #expect(reload.status == 200)
            #expect(reload.text == #"{"reloaded":"serve-count"}"#)
            let second = try await client.get(path)
            #expect(second.status == 200)
            #expect(second.header("etag") != first.header("etag"))
            // WidgetCenter in the same process reaches the server's engine too.
            WidgetCenter.shared.reloadTimelines(ofKind: "serve-count")
            let third = try await client.get(path)
            #expect(third.header("etag") != second.header("etag"))
        }
    }

    /// Bad requests, each with the status it must get; the server answers each with JSON and
    /// goes on serving.
    static let badRequests: [(request: String, status: Int)] = [
        ("GET /nope HTTP/1.1", 404),
        ("GET /widgets/nope/medium.png HTTP/1.1", 404),
        ("GET /widgets/price/huge.png HTTP/1.1", 404),
        ("GET /widgets/price/medium.gif HTTP/1.1", 404),
        ("GET /widgets/price/medium HTTP/1.1\r\nAccept: text/html", 406),
        ("GET /widgets/price/medium HTTP/1.1\r\nAccept: image/png;q=0", 406),
        ("GET /widgets/price/.png HTTP/1.1", 404),
        ("GET /widgets/price/medium.PNG.png HTTP/1.1", 404),
        ("GET /widgets//medium.png HTTP/1.1", 404),
        ("GET /healthz/ HTTP/1.1", 404),
        ("GET /metrics/x HTTP/1.1", 404),
        ("GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1", 404),
        ("GET /widgets/price/..%5c..%5cwin.ini HTTP/1.1", 404),
        ("GET /widgets/price/medium.png?at= HTTP/1.1", 400),
        ("GET /widgets/price/medium.png?at=2026-01-01T25:00:00Z HTTP/1.1", 400),
        ("GET /widgets/price/medium.png?at=%ZZ HTTP/1.1", 400),
        ("GET /widgets/price/medium.png?device= HTTP/1.1", 400),
        ("GET /widgets/price/medium.png?scheme= HTTP/1.1", 400),
        ("GET /widgets/price/medium.png?mode= HTTP/1.1", 400),
        ("GET /widgets/price/medium.png?param.=1 HTTP/1.1", 400),
        ("GET /widgets/price/timeline.json?family=medium&at=nope HTTP/1.1", 400),
        ("POST /widgets/price/timeline.json HTTP/1.1", 405),
        ("POST /metrics HTTP/1.1", 405),
        ("OPTIONS /widgets HTTP/1.1", 405),
        ("DELETE /reload HTTP/1.1", 405),
        ("POST /reload HTTP/1.1\r\nContent-Length: 5000", 413),
        ("GET /widgets/covid-global/extraLarge.png HTTP/1.1", 404),
        ("GET /widgets/price/medium.png/extra HTTP/1.1", 404),
        ("GET /../../etc/passwd HTTP/1.1", 404),
        ("GET /widgets/..%2F..%2Fetc%2Fpasswd/medium.png HTTP/1.1", 404),
        ("GET /widgets/price/%2e%2e%2fmedium.png HTTP/1.1", 404),
        ("GET /widgets/price/medium.png?at=yesterday HTTP/1.1", 400),
        ("GET /widgets/price/medium.png?at=2026-13-45 HTTP/1.1", 400),
        ("GET /widgets/price/medium.png?device=nokia HTTP/1.1", 400),
        ("GET /widgets/price/medium.png?scheme=blue HTTP/1.1", 400),
        ("GET /widgets/price/medium.png?mode=sepia HTTP/1.1", 400),
        ("GET /widgets/price/medium.png?mode=accented&tint=bleu HTTP/1.1", 400),
        ("GET /widgets/price/medium.png?tint=%23GGGGGG HTTP/1.1", 400),
        ("GET /widgets/price/medium.png?locale=%00 HTTP/1.1", 400),
        ("GET /widgets/price/medium.png?param.nope=1 HTTP/1.1", 400),
        ("GET /widgets/price/medium.png?param.range=forever HTTP/1.1", 400),
        ("GET /widgets/price/medium.png?param.range=7d&param.range=30d HTTP/1.1", 400),
        ("GET /widgets/price/medium.png?\((0..<80).map { "k\($0)=v" }.joined(separator: "&")) HTTP/1.1", 400),
        ("GET /widgets/price/medium.png?junk=\(String(repeating: "a", count: 5_000)) HTTP/1.1", 414),
        ("DELETE /widgets HTTP/1.1", 405),
        ("PUT /healthz HTTP/1.1", 405),
        ("POST /widgets/price/medium.png HTTP/1.1", 405),
        ("GET /reload HTTP/1.1", 405),
        ("PATCH /reload/price HTTP/1.1", 405),
        ("POST /reload/nope HTTP/1.1", 404),
        ("POST /reload/price/extra HTTP/1.1", 404),
    ]

    @Test func badRequestsGetTheirStatusAsJSONAndTheServerGoesOn() async throws {
        // With the two that are not UTF-8 and the cross-site POST below: fifty.
        #expect(Self.badRequests.count + 3 >= 50)
        try await Self.withServer { client, _ in
            var wrong: [String] = []
            for (line, status) in Self.badRequests {
                var bytes = Array((line + "\r\nHost: 127.0.0.1:\(client.port)\r\nConnection: close\r\n").utf8)
                if line.hasPrefix("POST"), !line.contains("Content-Length") {
                    bytes += Array("Content-Length: 0\r\n".utf8)
                }
                bytes += [13, 10]
                let response = try await client.raw(bytes)
                let json = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
                if response.status != status || json?["status"] as? Int != status || json?["error"] == nil {
                    wrong.append("\(line.prefix(90)) → \(response.status) \(response.text.prefix(200))")
                }
            }
            // Bytes that are not UTF-8 in the path and the query.
            let targets: [[UInt8]] = [
                [0x2F, 0x77, 0xFF, 0xFE],
                [0x2F, 0x77, 0x69, 0x64, 0x67, 0x65, 0x74, 0x73, 0x3F, 0x61, 0x74, 0x3D, 0xC3],
            ]
            for target in targets {
                let bytes =
                    Array("GET ".utf8) + target
                    + Array(" HTTP/1.1\r\nHost: 127.0.0.1:\(client.port)\r\nConnection: close\r\n\r\n".utf8)
                let response = try await client.raw(bytes)
                if !(400..<500).contains(response.status) && response.status != 200 {
                    wrong.append("\(target) → \(response.status)")
                }
            }
            // A cross-site POST is refused; the same site's, and one without Origin, are not.
            let crossSite = try await client.request("POST", "/reload", headers: ["Origin": "https://evil.example"])
            if crossSite.status != 403 { wrong.append("cross-site POST → \(crossSite.status)") }
            let sameSite = try await client.request(
                "POST", "/reload", headers: ["Origin": "http://127.0.0.1:\(client.port)"])
            if sameSite.status != 200 { wrong.append("same-site POST → \(sameSite.status) \(sameSite.text)") }
            #expect(wrong.isEmpty, Comment(rawValue: wrong.joined(separator: "\n")))
            #expect(try await client.get("/healthz").status == 200)
            #expect(try await client.get("/widgets/price/small.png?at=\(Self.shown)").status == 200)
        }
    }

    @Test func aTokenIsNeededWhenGiven() async throws {
        let token = "0123456789abcdef0123"
        try await Self.withServer(token: token) { client, _ in
            let without = try await client.get("/healthz")
            #expect(without.status == 401)
            #expect(without.header("www-authenticate")?.hasPrefix("Bearer") == true)
            #expect(try await client.get("/healthz", headers: ["Authorization": "Bearer wrong"]).status == 401)
            #expect(try await client.get("/healthz", headers: ["Authorization": "Bearer \(token)x"]).status == 401)
            #expect(try await client.get("/healthz", headers: ["Authorization": "Bearer \(token)"]).status == 200)
            // The scheme's name is case-insensitive (RFC 9110).
            #expect(try await client.get("/healthz", headers: ["Authorization": "bearer \(token)"]).status == 200)
        }
    }

    /// `serve` draws one image a request: an animated PNG is `timeline`'s. The option is a
    /// usage error at the start, and a request for one is answered as for any format the
    /// server does not write.
    @Test func anAnimationIsNotServed() async throws {
        typealias Serve = ServeCommand<BuiltInWidgets, NoWidgetCommandOptions>
        #expect {
            try Serve.parse(["--image-format", "apng"])
        } throws: { error in
            Serve.message(for: error).contains("`timeline --image-format apng` writes one")
        }
        try await Self.withServer { client, _ in
            let apng = try await client.get("/widgets/price/small.apng?at=\(Self.shown)")
            #expect(apng.status == 404 && apng.text.contains("no format 'apng'"), "\(apng.text)")
            let accepted = try await client.get(
                "/widgets/price/small?at=\(Self.shown)", headers: ["Accept": "image/apng"])
            #expect(accepted.status == 406, "\(accepted.text)")
        }
    }

    @Test func anotherHostThanTheLoopbackNeedsALongToken() throws {
        typealias Serve = ServeCommand<BuiltInWidgets, NoWidgetCommandOptions>
        #expect(throws: (any Error).self) { try Serve.parse(["--host", "0.0.0.0"]) }
        #expect(throws: (any Error).self) { try Serve.parse(["--host", "0.0.0.0", "--token", "short"]) }
        #expect(throws: (any Error).self) { try Serve.parse(["--port", "70000"]) }
        _ = try Serve.parse(["--host", "0.0.0.0", "--token", "0123456789abcdef"])
        _ = try Serve.parse(["--port", "0", "--device", "iphone-375x667", "--color-scheme", "dark"])
        #expect(Serve.defaultPort == 8620)
    }

    /// The README's Kubernetes Deployment runs `serve` with arguments it takes (the token
    /// comes from the environment there).
    @Test func theReadmesDeploymentArgumentsParse() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let line = try #require(
            readme.split(separator: "\n").first {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix("args: [\"--host\"")
            })
        let json = line.drop { $0 != "[" }
        let arguments = try JSONDecoder().decode([String].self, from: Data(json.utf8))
        typealias Serve = ServeCommand<BuiltInWidgets, NoWidgetCommandOptions>
        _ = try Serve.parse(arguments + ["--token", "0123456789abcdef"])
        #expect(throws: (any Error).self) { try Serve.parse(arguments) }
    }

    @Test func theTimelineListsItsEntriesAndWhichIsOnScreen() async throws {
        try await Self.withServer { client, _ in
            let response = try await client.get("/widgets/price/timeline.json?family=small&at=\(Self.shown)")
            #expect(response.status == 200)
            let json = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
            let entries = try #require(json["entries"] as? [[String: Any]])
            #expect(entries.count == 3)
            #expect(json["onScreen"] as? Int == 2)
            #expect(json["kind"] as? String == "price")
            #expect(json["family"] as? String == "small")
            #expect(json["policy"] as? String != nil)
            // Each entry's image is served, and the one on screen is what the family's URL draws at `at`.
            let images = entries.compactMap { $0["image"] as? String }
            #expect(images.count == 3)
            for image in images { #expect(try await client.get(image).status == 200) }
            let onScreen = try await client.get(images[2])
            let now = try await client.get("/widgets/price/small.png?at=\(Self.shown)")
            #expect(onScreen.header("etag") == now.header("etag"))
            // The links keep the look the timeline was asked with.
            let dark = try await client.get(
                "/widgets/price/timeline.json?family=small&at=\(Self.shown)&scheme=dark&locale=ja")
            let darkJSON = try #require(try JSONSerialization.jsonObject(with: dark.body) as? [String: Any])
            let darkImages = try #require(darkJSON["entries"] as? [[String: Any]]).compactMap { $0["image"] as? String }
            #expect(darkImages.allSatisfy { $0.hasSuffix("&scheme=dark&locale=ja") && !$0.contains("family=") })
            #expect(try await client.get("/widgets/price/timeline.json?family=huge").status == 400)
            #expect(try await client.get("/widgets/covid-global/timeline.json?family=extraLarge").status == 404)
        }
    }

    @Test func overTheRenderLimitIsA503ToRetry() async throws {
        try await Self.withServer(renderLimit: 0) { client, _ in
            let response = try await client.get("/widgets/price/small.png?at=\(Self.shown)")
            #expect(response.status == 503)
            #expect(response.header("retry-after") == "1")
            #expect(try await client.get("/healthz").status == 200)
        }
    }
}

/// What a running `serve` tells `reload --list`: the widgets it serves, in their families.
@Suite("serve: running widgets")
struct ServedWidgetsTests {
    @Test func everyServedWidgetIsListedInItsFamilies() throws {
        let widgets = try BuiltInWidgets().resolvedWidgets()
        var batch = RenderBatch(outputDirectory: URL(fileURLWithPath: "/dev/null"))
        batch.families = nil
        batch.parameters = ["range": "7d"]
        let served = ServedWidgets(bundle: "BuiltInWidgets", widgets: widgets, batch: batch)
        let expected = widgets.reduce(0) { $0 + $1.supportedFamilies.count }
        #expect(served.runningWidgets.count == expected)
        #expect(Set(served.runningWidgets.map(\.kind)) == Set(widgets.map(\.kind)))
        #expect(served.runningWidgets.allSatisfy { $0.processID == getpid() && $0.configuration == ["range": "7d"] })
        WidgetCenter.shared.addObserver(served)
        defer { WidgetCenter.shared.removeObserver(served) }
        #expect(WidgetCenter.shared.runningWidgetsHere().count >= expected)
    }
}
