import ChartWidgets
import Foundation
import Hummingbird
import Testing
import WidgetRender

@testable import WidgetRenderServer

/// What `serve` keeps and counts: images drawn once and answered from memory (a conditional
/// request draws nothing), the time model that makes an image depend on its URL alone, formats
/// by extension or `Accept`, the reload budget, and `/metrics`.
@Suite("serve: cache, formats, budget and metrics")
struct ServeCacheTests {
    /// A `renders_total` sample from `/metrics`, or 0.
    static func renders(_ metrics: String, kind: String, family: String) -> Int {
        let prefix = #"widgetrender_renders_total{kind="\#(kind)",family="\#(family)"} "#
        return metrics.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap { Int($0.dropFirst(prefix.count)) }
            ?? 0
    }

    @Test func anImageIsDrawnOnceAndAConditionalRequestDrawsNothing() async throws {
        try await ServeTests.withServer { client, _ in
            let path = "/widgets/price/small.png?at=2013-02-20T10:00:00Z"
            let first = try await client.get(path)
            #expect(first.status == 200)
            let tag = try #require(first.header("etag"))
            let again = try await client.get(path + "&cachebuster=1")
            #expect(again.body == first.body)
            #expect(try await client.get(path, headers: ["If-None-Match": tag]).status == 304)
            #expect(try await client.get(path, headers: ["If-None-Match": "\"other\", \(tag)"]).status == 304)
            #expect(try await client.get(path, headers: ["If-None-Match": "\"other\""]).status == 200)
            let metrics = try await client.get("/metrics")
            #expect(metrics.status == 200)
            #expect(metrics.header("content-type")?.hasPrefix("text/plain; version=0.0.4") == true)
            #expect(Self.renders(metrics.text, kind: "price", family: "small") == 1)
            #expect(metrics.text.contains(#"widgetrender_image_cache_total{result="hit"} 4"#))
            #expect(metrics.text.contains(#"widgetrender_image_cache_total{result="miss"} 1"#))
            #expect(
                metrics.text.contains(
                    #"widgetrender_http_requests_total{route="/widgets/{kind}/{family}",method="GET",status="304"} 2"#))
            #expect(metrics.text.contains("widgetrender_render_queue_depth 0"))
            #expect(metrics.text.contains("widgetrender_image_cache_images 1"))
            // Another second is another image.
            _ = try await client.get("/widgets/price/small.png?at=2013-02-20T10:00:01Z")
            #expect(Self.renders(try await client.get("/metrics").text, kind: "price", family: "small") == 2)
        }
    }

    @Test func theProviderIsAskedAtTheQuarterHourBeforeTheTimeShown() async throws {
        try await ServeTests.withServer { _, server in
            let at = try #require(ISO8601DateFormatter().date(from: "2026-03-04T10:37:42Z"))
            var query = Parameters()
            query["at"] = "2026-03-04T10:37:42.900Z"
            let request = try server.request(kind: "price", family: .systemSmall, query: query)
            #expect(request.shownAt == at)
            #expect(request.askedAt == at.addingTimeInterval(-(7 * 60 + 42)))
            // Before 1970 too.
            query["at"] = "1969-12-31T23:59:59Z"
            let early = try server.request(kind: "price", family: .systemSmall, query: query)
            #expect(early.askedAt == Date(timeIntervalSince1970: -900))
        }
    }

    @Test func withoutAtTheClockSaysWhatIsShown() async throws {
        var widgets = try BuiltInWidgets().resolvedWidgets()
        widgets += try ServeTests.CountWidget().resolvedWidgets()
        var server = try WidgetServer(
            engine: try RenderEngine(widgets: widgets),
            batch: RenderBatch(outputDirectory: URL(fileURLWithPath: "/dev/null")), token: nil)
        let now = try #require(ISO8601DateFormatter().date(from: "2013-02-27T15:20:05Z"))
        server.clock = { now }
        let request = try server.request(kind: "price", family: .systemSmall, query: Parameters())
        #expect(request.shownAt == now)
        #expect(request.askedAt == now.addingTimeInterval(-305))
    }

    /// Writes the pixels' count of bytes as text: a second format to negotiate.
    struct CountEncoder: ImageEncoder {
        var format: ImageFormat { ImageFormat(name: "count", fileExtension: "txt", mediaType: "text/plain") }
        func encode(_ image: RenderedImage) throws -> Data { Data("\(image.width)x\(image.height)".utf8) }
    }

    @Test func theFormatComesFromTheExtensionOrAccept() throws {
        let encoders: [any ImageEncoder] = [PNGImageEncoder(), CountEncoder()]
        func pick(_ accept: String?) -> String? { WidgetServer.negotiate(accept, encoders)?.format.name }
        #expect(pick(nil) == "png")
        #expect(pick("") == "png")
        #expect(pick("*/*") == "png")
        #expect(pick("image/*") == "png")
        #expect(pick("text/plain") == "count")
        #expect(pick("image/png;q=0.2, text/plain") == "count")
        #expect(pick("image/png, text/*;q=0.9") == "png")
        #expect(pick("image/webp, image/avif") == nil)
        #expect(pick("image/*;q=0, text/html") == nil)
        #expect(pick("*/*;q=0.1, image/png;q=0") == "count")
    }

    /// An e-ink server (`serve --image-format bmp --bit-depth 1`) serves its BMP, and its
    /// grey PNG under another tag than a colour PNG of the same pixels.
    @Test func anEInkServerServesItsGreys() async throws {
        let bmp = BMPEncoder(bitsPerPixel: 1, greyscale: Greyscale(levels: 2, dither: .ordered))
        let grey = GreyPNGEncoder(bitDepth: 2)
        try await ServeTests.withServer(encoders: [grey, bmp]) { client, _ in
            let image = try await client.get("/widgets/price/small.bmp?at=\(ServeTests.shown)")
            #expect(image.status == 200)
            #expect(image.header("content-type") == "image/bmp")
            #expect(image.body.starts(with: [0x42, 0x4D]) && image.body[28] == 1, "a 1-bit BMP")
            let png = try await client.get("/widgets/price/small.png?at=\(ServeTests.shown)")
            #expect(png.body.count > 25 && png.body[24] == 2 && png.body[25] == 0, "a 2-bit grey PNG")
            try await ServeTests.withServer { colourClient, _ in
                let colour = try await colourClient.get("/widgets/price/small.png?at=\(ServeTests.shown)")
                #expect(colour.header("etag") != png.header("etag"))
            }
        }
    }

    @Test func aFormatOfTheServersEncodersIsServed() async throws {
        try await ServeTests.withServer(encoders: [PNGImageEncoder(), CountEncoder()]) { client, _ in
            let text = try await client.get("/widgets/price/small.txt?at=\(ServeTests.shown)")
            #expect(text.status == 200)
            #expect(text.header("content-type") == "text/plain")
            #expect(text.text == "510x510")
            let accepted = try await client.get(
                "/widgets/price/small?at=\(ServeTests.shown)", headers: ["Accept": "text/plain"])
            #expect(accepted.text == "510x510")
            #expect(accepted.header("etag") == text.header("etag"))
            let png = try await client.get("/widgets/price/small?at=\(ServeTests.shown)")
            #expect(png.header("content-type") == "image/png")
            // Equal pixels in another format: another tag.
            #expect(png.header("etag") != text.header("etag"))
            #expect(try await client.get("/widgets/price/small.gif").status == 404)
        }
    }

    @Test func reloadsPastTheBudgetAre429WithRetryAfter() async throws {
        try await ServeTests.withServer(reloadBudget: 2) { client, _ in
            #expect(try await client.request("POST", "/reload").status == 200)
            #expect(try await client.request("POST", "/reload/price").status == 200)
            let over = try await client.request("POST", "/reload")
            #expect(over.status == 429)
            let wait = try #require(over.header("retry-after").flatMap(Int.init))
            #expect((1...60).contains(wait))
            #expect(over.text.contains("over 2 reloads a minute"))
            #expect(try await client.get("/healthz").status == 200)
        }
    }

    static func image(_ bytes: Int, tag: String = "\"t\"") -> ImageCache.Image {
        ImageCache.Image(
            body: ByteBuffer(repeating: 7, count: bytes), headers: HTTPFields(), tag: tag, mediaType: "image/png")
    }

    static func key(_ second: Int64) -> ImageCache.Key {
        var request = RenderRequest(kind: "k", family: .systemSmall, askedAt: Date(timeIntervalSince1970: 0))
        request.shownAt = Date(timeIntervalSince1970: TimeInterval(second))
        return ImageCache.Key(request, format: .png, reloads: 0)
    }

    @Test func theCacheKeepsWithinItsLimitForgettingTheLeastRecentlyUsed() async throws {
        let cache = ImageCache(limit: 10 * (1_000 + 512))
        let drawn = LockedCount()
        func get(_ second: Int64) async -> Bool {
            await cache.image(for: Self.key(second)) {
                drawn.add()
                return .success(Self.image(1_000))
            }.kept
        }
        for second in 0..<10 { #expect(await get(Int64(second)) == false) }
        #expect(cache.count == 10)
        // Used again, so kept when the next ones come.
        #expect(await get(0) == true)
        for second in 10..<15 { _ = await get(Int64(second)) }
        #expect(cache.bytes <= cache.limit)
        #expect(await get(0) == true)
        #expect(await get(1) == false)
        #expect(drawn.value == 16)
        // Too large to keep, and a failure is not kept.
        let huge = await cache.image(for: Self.key(100)) { .success(Self.image(20_000)) }
        #expect(huge.kept == false)
        #expect(await cache.image(for: Self.key(100)) { .success(Self.image(10)) }.kept == false)
        let failed = await cache.image(for: Self.key(200)) {
            .failure(ImageCache.Failure(status: .serviceUnavailable, message: "busy"))
        }
        #expect(failed.kept == false)
        #expect(await cache.image(for: Self.key(200)) { .success(Self.image(10)) }.kept == false)
    }

    @Test func requestsForOneImageShareOneDrawing() async throws {
        let cache = ImageCache(limit: 1 << 20)
        let drawn = LockedCount()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    _ = await cache.image(for: Self.key(5)) {
                        drawn.add()
                        try? await Task.sleep(for: .milliseconds(50))
                        return .success(Self.image(100))
                    }
                }
            }
        }
        #expect(drawn.value == 1)
    }

    final class LockedCount: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }
}
