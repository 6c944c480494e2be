import Foundation
import Hummingbird
import WidgetCore
import WidgetRender

/// `GET /api/display`: TRMNL's device protocol, as its own and BYOS servers answer it, so a TRMNL
/// (or firmware that speaks its protocol) pointed at `serve` shows the `--screen` mashup.
///
/// The device sends `ID`, `Access-Token`, `Refresh-Rate`, `Battery-Voltage` (a TRMNL X
/// `Percent-Charged`), `RSSI`, `FW-Version`, `Model`, `Width` and `Height`; the answer is
/// `{"status":0,"image_url":…,"filename":…,"refresh_rate":…,"update_firmware":false,
/// "firmware_url":null,"reset_firmware":false}`. The firmware fetches `image_url` only when
/// `filename` differs from the one it shows, and sleeps `refresh_rate` seconds.
extension WidgetServer {
    /// The shortest `refresh_rate`: a device never wakes more often than once a minute.
    static let minimumRefresh = 60

    /// `GET /api/display`: where the device's screen is now, its name, and when to ask again.
    ///
    /// - `image_url`: `/screens/{device}.{ext}` on this server (scheme and host from the
    ///   request's `Host`, and `X-Forwarded-Proto` behind a proxy) with the layout, the time
    ///   shown to the second (so the URL names one image, which caches keep), and the device's
    ///   status, so that the image drawn is the one a widget showing the battery drew here. With
    ///   `--token`, a signature (`sig`, HMAC-SHA-256 under the token) lets the firmware fetch it
    ///   without headers, as TRMNL's firmware fetches images; it is good for that URL only.
    /// - `filename`: the image's pixel digest and the digest of its encoding options, so it
    ///   changes when the image does and the firmware skips downloading and refreshing a screen
    ///   that did not change.
    /// - `refresh_rate`: whole seconds until what is on the screen next changes, as the image's
    ///   `max-age` (at most ``maxAgeCap`` and the next quarter hour), at least
    ///   ``minimumRefresh``.
    func display(_ request: Request, head: Bool) async -> Response {
        guard let layout = screen else {
            return Self.error(
                .notFound,
                "no screen is set for devices: start serve with --screen 'price:halfVertical,covid-global:halfVertical' (and --screen-device for another screen than the device's own)"
            )
        }
        guard let origin = Self.origin(of: request) else {
            return Self.error(.badRequest, "the request has no usable Host header, which image_url is written with")
        }
        let headers = request.headers
        let field = { (name: String) in Self.field(name, in: headers) }
        let device =
            screenDevice
            ?? Self.displayDevice(model: field("Model"), width: field("Width"), height: field("Height"))
        if let width = field("Width").flatMap(Int.init), let height = field("Height").flatMap(Int.init),
            let pixels = Self.pixels(of: device), pixels != (width, height), pixels != (height, width)
        {
            warnOnce(
                "/api/display: a device of \(width)×\(height) pixels is sent \(device.id)'s \(pixels.0)×\(pixels.1) screen (--screen-device)"
            )
        }
        let status = ScreenDeviceStatus(
            id: ScreenDeviceStatus.label(field("ID")), model: ScreenDeviceStatus.label(field("Model")),
            batteryVoltage: ScreenDeviceStatus.volts(field("Battery-Voltage")),
            batteryPercent: ScreenDeviceStatus.percent(field("Percent-Charged")),
            rssi: ScreenDeviceStatus.rssi(field("RSSI")),
            firmwareVersion: ScreenDeviceStatus.label(field("FW-Version")))
        let shown = Date(timeIntervalSince1970: TimeInterval(Self.seconds(clock())))
        let chosen = imageChoice.imageFormat?.lowercased()
        let ext =
            chosen.flatMap { Self.screenExtensions.contains($0) ? $0 : nil } ?? device.panel?.format ?? "png"
        let file = "\(device.id).\(ext)"
        let items = [("layout", Self.layoutText(layout)), ("at", Self.iso(shown))] + status.queryItems
        let path = "/screens/\(file)"
        var query = items.map { "\($0.0)=\(Self.percentEncoded($0.1))" }.joined(separator: "&")
        if let token, let signature = Self.signature(path + "?" + query, token: token) {
            query += "&sig=" + signature
        }
        let screen: ScreenQuery
        switch screenQuery(file: file, query: items) {
        case .failure(let failure): return failure.response
        case .success(let read): screen = read
        }
        let image: ImageCache.Image
        switch await cachedScreen(screen) {
        case .success(let drawn): image = drawn
        case .failure(let failure):
            var response = Self.error(failure.status, failure.message)
            if let retry = failure.retryAfter { response.headers[.retryAfter] = String(retry) }
            return response
        }
        let body = DisplayJSON(
            imageURL: origin + path + "?" + query, filename: Self.filename(tag: image.tag, ext: ext),
            refreshRate: max(Self.minimumRefresh, image.maxAge))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(body) else {
            return Self.error(.internalServerError, "the answer could not be written as JSON")
        }
        return Self.respond(.ok, body: ByteBuffer(data: data), type: "application/json", head: head)
    }

    /// `/api/display`'s answer, as TRMNL's servers write it.
    struct DisplayJSON: Encodable {
        var status = 0
        var imageURL: String
        var filename: String
        var refreshRate: Int
        var updateFirmware = false
        var firmwareURL: String? = nil
        var resetFirmware = false

        enum CodingKeys: String, CodingKey {
            case status, filename
            case imageURL = "image_url"
            case refreshRate = "refresh_rate"
            case updateFirmware = "update_firmware"
            case firmwareURL = "firmware_url"
            case resetFirmware = "reset_firmware"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(status, forKey: .status)
            try container.encode(imageURL, forKey: .imageURL)
            try container.encode(filename, forKey: .filename)
            try container.encode(refreshRate, forKey: .refreshRate)
            try container.encode(updateFirmware, forKey: .updateFirmware)
            // `null`, as TRMNL's servers send it, rather than leaving the key out.
            try container.encode(firmwareURL, forKey: .firmwareURL)
            try container.encode(resetFirmware, forKey: .resetFirmware)
        }
    }

    /// The screen a device is sent when `--screen-device` does not say: a TRMNL X for `Model: x`,
    /// a TRMNL OG for `og`; otherwise the first screen of the catalogue with the `Width` and
    /// `Height` it sends, either way round (800×480 is a TRMNL OG); otherwise a TRMNL OG.
    static func displayDevice(model: String?, width: String?, height: String?) -> DeviceProfile {
        let named = { (id: String) in DeviceProfile.screens.first { $0.id == id } }
        let fallback = named("trmnl-og") ?? DeviceProfile.screens.first ?? .default
        switch model?.lowercased() {
        case "x": return named("trmnl-x") ?? fallback
        case "og": return fallback
        default: break
        }
        guard let width = width.flatMap(Int.init), let height = height.flatMap(Int.init) else { return fallback }
        return DeviceProfile.screens.first { screen in
            guard let pixels = pixels(of: screen) else { return false }
            return pixels == (width, height) || pixels == (height, width)
        } ?? fallback
    }

    /// A screen's size in pixels.
    static func pixels(of device: DeviceProfile) -> (Int, Int)? {
        let width = device.screen.width * Double(device.scale)
        let height = device.screen.height * Double(device.scale)
        guard let w = Int(exactly: width.rounded()), let h = Int(exactly: height.rounded()) else { return nil }
        return (w, h)
    }

    /// `scheme://host[:port]` for URLs on this server, from the request's `Host` (only the
    /// characters a host name, an IPv6 address and a port are written with) and
    /// `X-Forwarded-Proto: https` from a proxy in front.
    static func origin(of request: Request) -> String? {
        guard let host = request.head.authority, !host.isEmpty, host.utf8.count <= 255,
            host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0)) })
        else { return nil }
        let forwarded = field("X-Forwarded-Proto", in: request.headers)
        return (forwarded?.lowercased() == "https" ? "https" : "http") + "://" + host
    }

    /// The layout as `ScreenLayout(parsing:)` reads it back, parameters percent-encoded (a
    /// value may hold a comma or a colon).
    static func layoutText(_ layout: ScreenLayout) -> String {
        layout.slots.map { slot in
            let query = slot.parameters.sorted { $0.key < $1.key }.map {
                "\(percentEncoded($0.key))=\(percentEncoded($0.value))"
            }
            return slot.kind + (query.isEmpty ? "" : "?" + query.joined(separator: "&")) + ":" + slot.family.shortName
        }.joined(separator: ",")
    }

    /// Text with every byte but ASCII letters, digits and `-._~` percent-encoded.
    static func percentEncoded(_ text: String) -> String {
        var allowed = CharacterSet()
        allowed.insert(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// The firmware's name for an image: its pixels' digest and its options' (the `ETag`
    /// without quotes, the options' part shortened), short enough for TRMNL's file cache.
    static func filename(tag: String, ext: String) -> String {
        let parts = tag.trimmingCharacters(in: CharacterSet(charactersIn: "\"")).split(separator: "-")
        let pixels = parts.first.map(String.init) ?? "screen"
        let options = parts.dropFirst().first.map { String($0.prefix(6)) } ?? ""
        return (options.isEmpty ? pixels : pixels + "-" + options) + "." + ext
    }

    /// The signature of a path and raw query under the token: 32 hex digits of HMAC-SHA-256.
    static func signature(_ pathAndQuery: String, token: String) -> String? {
        SHA256.hmacHex(key: Data(token.utf8), message: Data(pathAndQuery.utf8)).map { String($0.prefix(32)) }
    }

    /// Whether a raw query ends in `&sig=` and the signature of the path and the query before it.
    static func signatureIsValid(path: String, query: String?, token: String) -> Bool {
        guard let query, let range = query.range(of: "&sig=", options: .backwards),
            let expected = signature(path + "?" + query[..<range.lowerBound], token: token)
        else { return false }
        let given = Array(query[range.upperBound...].utf8)
        let wanted = Array(expected.utf8)
        guard given.count == wanted.count else { return false }
        // Compared in constant time: the time taken tells nothing of how much of it was right.
        var difference: UInt8 = 0
        for (a, b) in zip(given, wanted) { difference |= a ^ b }
        return difference == 0
    }

    /// A header's value by its name in any case (the first, if it is sent twice).
    static func field(_ name: String, in fields: HTTPFields) -> String? {
        let wanted = name.lowercased()
        return fields.first { $0.name.canonicalName == wanted }?.value
    }

    /// A URI for the log: the value of every `sig` replaced by `…`.
    static func redacted(_ uri: String) -> String {
        guard let start = uri.firstIndex(of: "?") else { return uri }
        let items = uri[uri.index(after: start)...].split(separator: "&", omittingEmptySubsequences: false).map {
            $0.hasPrefix("sig=") ? "sig=…" : String($0)
        }
        return uri[...start] + items.joined(separator: "&")
    }
}
