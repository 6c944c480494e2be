import Foundation
import Testing
import WidgetRender
import WidgetRenderCLI

@testable import WidgetRenderServer

/// `serve`'s e-ink screens on 127.0.0.1: `/screens/{device}.{ext}` with its cache headers and
/// errors, and TRMNL's `GET /api/display` with a device's headers, whose image URL is fetched
/// as the firmware fetches it.
@Suite("serve screens")
struct ServeScreenTests {
    /// A clock a test moves.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var now: Date
        init(_ now: Date) { self.now = now }
        var date: Date {
            get { lock.withLock { now } }
            set { lock.withLock { now = newValue } }
        }
    }

    struct TickEntry: TimelineEntry {
        let date: Date
        let tick: Int
    }

    /// Three entries five minutes apart from the time asked: what is on screen changes at +5 and
    /// +10 minutes.
    struct TickProvider: TimelineProvider {
        func placeholder(in context: Context) -> TickEntry { TickEntry(date: context.now, tick: 0) }
        func getSnapshot(in context: Context, completion: @escaping (TickEntry) -> Void) {
            completion(placeholder(in: context))
        }
        func getTimeline(in context: Context, completion: @escaping (Timeline<TickEntry>) -> Void) {
            let entries = (0..<3).map { TickEntry(date: context.now.addingTimeInterval(Double($0) * 300), tick: $0) }
            completion(Timeline(entries: entries, policy: .never))
        }
    }

    /// The tick, and the battery and signal of the device it is drawn for.
    struct TickView: View {
        var entry: TickEntry
        @Environment(\.screenDevice) var device

        var body: some View {
            VStack {
                Text("tick \(entry.tick)").font(.largeTitle)
                Text(device?.batteryVoltage.map { String(format: "%.2f V", $0) } ?? "no battery")
                Text(device?.rssi.map { "\($0) dBm" } ?? "no signal")
            }
            .containerBackground(.white, for: .widget)
        }
    }

    struct TickWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "serve-tick", provider: TickProvider()) { entry in TickView(entry: entry) }
                .supportedFamilies(WidgetFamily.dashboardFamilies)
        }
    }

    static let layout = "serve-tick:halfVertical,serve-tick:halfVertical"
    static let token = "0123456789abcdef-token"

    /// 09:02 UTC: the provider is asked at 09:00; entries at 09:00, 09:05 and 09:10.
    static let start = Date(timeIntervalSince1970: 1_767_258_120)

    /// TRMNL OG's headers to `/api/display`.
    static func trmnlHeaders(battery: String = "3.91", accessToken: String? = nil) -> [String: String] {
        var headers = [
            "ID": "AA:BB:CC:DD:EE:FF", "Refresh-Rate": "900", "Battery-Voltage": battery, "RSSI": "-67",
            "FW-Version": "1.6.5", "Model": "og", "Width": "800", "Height": "480",
        ]
        if let accessToken { headers["Access-Token"] = accessToken }
        return headers
    }

    static func withScreenServer<T: Sendable>(
        token: String? = nil, screen: String? = layout, clock: Clock = Clock(start),
        _ body: @Sendable (HTTPClient, WidgetServer) async throws -> T
    ) async throws -> T {
        let layout = try screen.map { try ScreenLayout(parsing: $0) }
        return try await ServeTests.withServer(
            token: token, widgets: try TickWidget().resolvedWidgets(),
            configure: { server in
                server.screen = layout
                server.clock = { clock.date }
            }, body)
    }

    /// `/api/display`'s answer as JSON.
    struct Display {
        var object: [String: Any]
        var imageURL: String { object["image_url"] as? String ?? "" }
        var filename: String { object["filename"] as? String ?? "" }
        var refreshRate: Int? { object["refresh_rate"] as? Int }

        init(_ response: HTTPClient.Response) throws {
            object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        }

        /// The image URL's path and query, on the test's client.
        func target(port: Int) throws -> String {
            let origin = "http://127.0.0.1:\(port)"
            #expect(imageURL.hasPrefix(origin + "/screens/"))
            return String(imageURL.dropFirst(origin.count))
        }
    }

    /// A PNG's IHDR: width, height, bit depth and colour type.
    static func header(_ png: Data) throws -> (width: Int, height: Int, depth: Int, colourType: Int) {
        let bytes = [UInt8](png)
        try #require(bytes.count > 26 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        try #require(String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR")
        let int = { (at: Int) in bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20), Int(bytes[24]), Int(bytes[25]))
    }

    @Test func aTRMNLIsSentItsScreenAsTRMNLsServersSendIt() async throws {
        let clock = Clock(Self.start)
        try await Self.withScreenServer(clock: clock) { client, _ in
            let response = try await client.get("/api/display", headers: Self.trmnlHeaders())
            #expect(response.status == 200)
            #expect(response.header("content-type") == "application/json")
            let display = try Display(response)
            #expect(display.object["status"] as? Int == 0)
            #expect(display.object["update_firmware"] as? Bool == false)
            #expect(display.object["reset_firmware"] as? Bool == false)
            #expect(display.object["firmware_url"] is NSNull)
            // The next entry comes at 09:05, three minutes on.
            #expect(display.refreshRate == 180)
            #expect(response.text.contains(#""refresh_rate":180"#), "an integer, not a string")
            #expect(display.imageURL.contains("at=2026-01-01T09%3A02%3A00Z"))
            #expect(display.imageURL.contains("battery=3.91&rssi=-67"))
            #expect(display.filename.hasSuffix(".png"))

            // The firmware fetches the image with no header: TRMNL OG's 1-bit grey PNG.
            let target = try display.target(port: client.port)
            let image = try await client.get(target)
            #expect(image.status == 200)
            #expect(image.header("content-type") == "image/png")
            let ihdr = try Self.header(image.body)
            #expect(ihdr.width == 800 && ihdr.height == 480)
            #expect(ihdr.depth == 1 && ihdr.colourType == 0)
            #expect(image.header("cache-control") == "max-age=180")
            #expect(image.header("last-modified") == "Thu, 01 Jan 2026 09:00:00 GMT")
            let tag = try #require(image.header("etag"))
            #expect(display.filename.hasPrefix(String(tag.dropFirst().prefix(16))))
            let again = try await client.get(target, headers: ["If-None-Match": tag])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)

            // A minute on, the same screen: the same name, so the firmware does not refresh.
            clock.date = Self.start.addingTimeInterval(60)
            let later = try Display(try await client.get("/api/display", headers: Self.trmnlHeaders()))
            #expect(later.filename == display.filename)
            #expect(later.refreshRate == 120)
            #expect(later.imageURL != display.imageURL, "a URL for each time shown")
            // At 09:06 the second entry is on screen: another name; the next change is 09:10.
            clock.date = Self.start.addingTimeInterval(240)
            let next = try Display(try await client.get("/api/display", headers: Self.trmnlHeaders()))
            #expect(next.filename != display.filename)
            #expect(next.refreshRate == 240)
            let nextImage = try await client.get(try next.target(port: client.port))
            #expect(nextImage.status == 200)
            #expect(nextImage.header("etag") != tag)
        }
    }

    @Test func theBatteryReachesTheWidgetAndBadValuesAreIgnored() async throws {
        try await Self.withScreenServer { client, _ in
            let full = try Display(try await client.get("/api/display", headers: Self.trmnlHeaders(battery: "4.15")))
            let low = try Display(try await client.get("/api/display", headers: Self.trmnlHeaders(battery: "3.40")))
            // The widget draws the battery: another image, another name.
            #expect(full.filename != low.filename)
            #expect(low.imageURL.contains("battery=3.4&"))
            let unread = try await client.get("/api/display", headers: Self.trmnlHeaders(battery: "n/a"))
            #expect(unread.status == 200)
            let none = try Display(unread)
            #expect(!none.imageURL.contains("battery="))
            #expect(none.imageURL.contains("rssi=-67"))
            // The image URL draws what /api/display drew: the same pixels as its name says.
            let image = try await client.get(try low.target(port: client.port))
            #expect(low.filename.hasPrefix(String(try #require(image.header("etag")).dropFirst().prefix(16))))
        }
    }

    @Test func withoutAScreenTheDeviceIsToldHowToSetOneUp() async throws {
        try await Self.withScreenServer(screen: nil) { client, _ in
            let response = try await client.get("/api/display", headers: Self.trmnlHeaders())
            #expect(response.status == 404)
            #expect(response.header("content-type") == "application/json")
            #expect(response.text.contains("--screen"))
            #expect(response.text.contains(#""status":404"#))
        }
    }

    @Test func theTokenIsTheDevicesAccessTokenAndItsImageURLIsSigned() async throws {
        try await Self.withScreenServer(token: Self.token) { client, _ in
            let wrong = try await client.get("/api/display", headers: Self.trmnlHeaders(accessToken: "not-the-token"))
            #expect(wrong.status == 401)
            #expect(try await client.get("/api/display", headers: Self.trmnlHeaders()).status == 401)
            // Access-Token is a device's header: other paths take Authorization only.
            #expect(try await client.get("/widgets", headers: ["Access-Token": Self.token]).status == 401)
            let bearer = try await client.get(
                "/api/display", headers: Self.trmnlHeaders().merging(["Authorization": "Bearer \(Self.token)"]) { $1 })
            #expect(bearer.status == 200)
            let response = try await client.get("/api/display", headers: Self.trmnlHeaders(accessToken: Self.token))
            #expect(response.status == 200)
            let display = try Display(response)
            #expect(!display.imageURL.contains(Self.token))
            let target = try display.target(port: client.port)
            #expect(target.contains("&sig="))
            // Fetched without a header, as the firmware fetches it.
            #expect(try await client.get(target).status == 200)
            // The signature is good for that URL only: another time, or no signature, is refused.
            let other = target.replacingOccurrences(of: "T09%3A02%3A00Z", with: "T09%3A03%3A00Z")
            #expect(other != target)
            #expect(try await client.get(other).status == 401)
            let unsigned = String(target[..<(try #require(target.range(of: "&sig=")).lowerBound)])
            #expect(try await client.get(unsigned).status == 401)
            #expect(try await client.get(unsigned, headers: ["Access-Token": Self.token]).status == 200)
        }
    }

    @Test func screensTakeTheirFormatFromThePanelAndAnswerConditionally() async throws {
        try await Self.withScreenServer { client, _ in
            let path = "/screens/trmnl-og.bmp?at=2026-01-01T09:02:00Z"
            let bmp = try await client.get(path)
            #expect(bmp.status == 200)
            #expect(bmp.header("content-type") == "image/bmp")
            let bytes = [UInt8](bmp.body)
            #expect(bytes.starts(with: [0x42, 0x4D]))
            #expect(Int(bytes[28]) | Int(bytes[29]) << 8 == 1, "TRMNL OG's BMP is 1 bit a pixel")
            #expect(bmp.body.count == 48_062, "the size TRMNL's firmware checks")
            let tag = try #require(bmp.header("etag"))
            #expect(try await client.get(path, headers: ["If-None-Match": tag]).status == 304)
            let head = try await client.request("HEAD", path)
            #expect(head.status == 200 && head.body.isEmpty && head.header("etag") == tag)
            // Another dithering is another encoding of the same pixels: another tag.
            let ordered = try await client.get(path + "&dither=ordered")
            #expect(ordered.status == 200)
            #expect(ordered.header("etag") != tag)
            // A layout in the query, on another screen: Inkplate 6's 4-bit grey PNG of 8 greys.
            let inkplate = try await client.get(
                "/screens/inkplate-6.png?layout=serve-tick:full&at=2026-01-01T09:02:00Z")
            #expect(inkplate.status == 200)
            let ihdr = try Self.header(inkplate.body)
            #expect(ihdr.width == 800 && ihdr.height == 600 && ihdr.depth == 4 && ihdr.colourType == 0)
            // A Kindle on its side: laid out in landscape, written in its portrait pixels.
            let kindle = try await client.get(
                "/screens/kindle-pw5.png?layout=serve-tick:halfHorizontal,serve-tick:halfHorizontal&rotate=90&at=2026-01-01T09:02:00Z"
            )
            #expect(kindle.status == 200, "\(kindle.text)")
            let turned = try Self.header(kindle.body)
            #expect(turned.width == 1236 && turned.height == 1648 && turned.depth == 8)
        }
    }

    static let badScreens: [(target: String, status: Int, says: String)] = [
        ("/screens/trmnl-og.png?layout=serve-tick:quadrant", 400, "leaves the"),
        ("/screens/trmnl-og.png?layout=serve-tick:medium", 400, "is not a slot"),
        ("/screens/trmnl-og.png?layout=nope:full", 400, "nope"),
        ("/screens/nokia.png", 404, "no screen 'nokia'"),
        ("/screens/iphone-430x932.png", 404, "no screen"),
        ("/screens/trmnl-og.svg", 404, "no format 'svg'"),
        ("/screens/trmnl-og", 404, "/screens/DEVICE.png"),
        ("/screens/trmnl-og.png?at=yesterday", 400, "at:"),
        ("/screens/trmnl-og.png?dither=blur", 400, "dither:"),
        ("/screens/trmnl-og.png?rotate=45", 400, "rotate:"),
    ]

    @Test func badScreensGetTheirStatusAsJSON() async throws {
        try await Self.withScreenServer { client, _ in
            for (target, status, says) in Self.badScreens {
                let response = try await client.get(target)
                #expect(response.status == status, "\(target)")
                #expect(response.header("content-type") == "application/json", "\(target)")
                #expect(response.text.contains(says), "\(target): \(response.text)")
            }
            let post = try await client.request("POST", "/api/display")
            #expect(post.status == 405)
        }
        // Without --screen, a screen needs its layout in the query.
        try await Self.withScreenServer(screen: nil) { client, _ in
            let response = try await client.get("/screens/trmnl-og.png")
            #expect(response.status == 400)
            #expect(response.text.contains("layout:"))
        }
    }

    @Test func aDeviceThatDoesNotSayIsSentTheScreenOfItsModelOrSize() {
        #expect(WidgetServer.displayDevice(model: "x", width: nil, height: nil).id == "trmnl-x")
        #expect(WidgetServer.displayDevice(model: "og", width: "1872", height: "1404").id == "trmnl-og")
        #expect(WidgetServer.displayDevice(model: nil, width: "1872", height: "1404").id == "trmnl-x")
        #expect(WidgetServer.displayDevice(model: nil, width: "600", height: "800").id == "inkplate-6")
        #expect(WidgetServer.displayDevice(model: "seeed_esp32s3", width: "800", height: "480").id == "trmnl-og")
        #expect(WidgetServer.displayDevice(model: nil, width: "wide", height: nil).id == "trmnl-og")
    }

    @Test func aDevicesHeadersAreReadOrLeftOut() {
        #expect(ScreenDeviceStatus.volts("4.12") == 4.12)
        #expect(ScreenDeviceStatus.volts("nan") == nil)
        #expect(ScreenDeviceStatus.volts("-1") == nil)
        #expect(ScreenDeviceStatus.volts("") == nil)
        #expect(ScreenDeviceStatus.rssi("-67") == -67)
        #expect(ScreenDeviceStatus.rssi("-67.5") == nil)
        #expect(ScreenDeviceStatus.rssi("1e30") == nil)
        #expect(ScreenDeviceStatus.percent("87") == 87)
        #expect(ScreenDeviceStatus.percent("187") == nil)
        #expect(ScreenDeviceStatus.label("1.6.5") == "1.6.5")
        #expect(ScreenDeviceStatus.label("<script>") == nil)
        #expect(ScreenDeviceStatus.label(String(repeating: "a", count: 65)) == nil)
    }

    @Test func signaturesAreLeftOutOfTheLog() {
        #expect(WidgetServer.redacted("/screens/trmnl-og.png?at=x&sig=0123abcd") == "/screens/trmnl-og.png?at=x&sig=…")
        #expect(WidgetServer.redacted("/screens/a.png?sig=1&at=x") == "/screens/a.png?sig=…&at=x")
        #expect(WidgetServer.redacted("/widgets") == "/widgets")
    }

    @Test func aLayoutsTextReadsBackTheSame() throws {
        let layout = try ScreenLayout(parsing: "covid-country?country=A%2CB%3Ax:halfVertical,price:halfVertical")
        #expect(layout.slots[0].parameters["country"] == "A,B:x")
        #expect(try ScreenLayout(parsing: WidgetServer.layoutText(layout)) == layout)
    }
}
