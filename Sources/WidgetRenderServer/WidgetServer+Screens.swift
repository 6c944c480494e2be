import Foundation
import Hummingbird
import WidgetCore
import WidgetRender
import WidgetRenderCLI

/// `GET /screens/{device}.{ext}`: widgets composed into one e-ink screen, as `screen` writes it.
extension WidgetServer {
    /// What a screen's URL asks for, read and checked.
    struct ScreenQuery: Sendable {
        var layout: ScreenLayout
        /// The request every slot is drawn with: the screen, look, times and device status.
        var request: RenderRequest
        var encoder: any ImageEncoder
    }

    /// The formats a screen is served in.
    static let screenExtensions = ["png", "bmp"]

    /// `GET /screens/{device}.{ext}?layout=…`: the screen, from the image cache or drawn now.
    func screenImage(file: String, request: Request, head: Bool) async -> Response {
        let query = request.uri.queryParameters.map { (String($0.key), String($0.value)) }
        switch screenQuery(file: file, query: query) {
        case .failure(let failure):
            return failure.response
        case .success(let screen):
            return Self.answer(await cachedScreen(screen), to: request, head: head)
        }
    }

    /// The screen for a query, from the image cache or drawn now (within the render limit).
    func cachedScreen(_ screen: ScreenQuery) async -> Result<ImageCache.Image, ImageCache.Failure> {
        let kinds = Set(screen.layout.slots.map(\.kind))
        let reloads = kinds.reduce(0) { $0 + engine.reloadCount(ofKind: $1) }
        let key = ImageCache.Key(screen: screen.layout, screen.request, encoder: screen.encoder, reloads: reloads)
        let (result, kept) = await images.image(for: key) {
            await withinRenderLimit { await drawScreen(screen) }
        }
        metrics.cache(hit: kept)
        return result
    }

    /// Reads a screen's file name (`trmnl-og.png`) and query: `layout` (default `--screen`),
    /// `at`, `scheme`, `locale`; `dither`, `invert` and `rotate` over the command's image
    /// options; the device's `battery`, `percent`, `rssi`, `fw`, `id` and `model`. Other keys
    /// are ignored (`sig` is read by ``authorized(_:token:segments:)``).
    func screenQuery(file: String, query: [(String, String)]) -> Result<ScreenQuery, ErrorResponse> {
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else {
            return .failure(
                ErrorResponse(
                    Self.error(
                        .notFound,
                        "name the screen and its format: /screens/DEVICE.png or .bmp (screens: \(Self.screenNames))")))
        }
        let name = String(file[..<dot])
        let ext = file[file.index(after: dot)...].lowercased()
        guard let device = try? DeviceProfile.named(name), device.panel != nil else {
            return .failure(
                ErrorResponse(
                    Self.error(.notFound, "no screen '\(Self.printable(name))'; screens: \(Self.screenNames)")))
        }
        guard Self.screenExtensions.contains(ext) else {
            return .failure(
                ErrorResponse(
                    Self.error(
                        .notFound,
                        "no format '\(Self.printable(ext))' for a screen; it is served as \(Self.screenExtensions.joined(separator: " or "))"
                    )))
        }
        do throws(BadQuery) {
            return .success(try screenQuery(device: device, ext: ext, query: query))
        } catch {
            return .failure(ErrorResponse(Self.error(.badRequest, error.message)))
        }
    }

    private func screenQuery(device: DeviceProfile, ext: String, query: [(String, String)]) throws(BadQuery)
        -> ScreenQuery
    {
        guard query.count <= Self.queryItemLimit else {
            throw BadQuery("the query has over \(Self.queryItemLimit) items")
        }
        var request = batch.request(kind: "", family: .dashboardFull)
        request.device = device
        var layout = screen
        var shown: Date?
        var choice = imageChoice
        var status = ScreenDeviceStatus()
        for (key, value) in query {
            switch key {
            case "layout":
                do {
                    layout = try ScreenLayout(parsing: value)
                } catch {
                    throw BadQuery("layout: \(error.message)")
                }
            case "at": shown = try Self.shownTime(value, timeZone: request.timeZone)
            case "scheme": request.colorScheme = try Self.colorScheme(value)
            case "locale": request.locale = try Self.locale(value)
            case "dither":
                guard Greyscale.Dither(rawValue: value.lowercased()) != nil else {
                    let modes = Greyscale.Dither.allCases.map(\.rawValue).joined(separator: ", ")
                    throw BadQuery("dither: '\(Self.printable(value))' is not one of \(modes)")
                }
                choice.dither = value.lowercased()
            case "invert":
                switch value.lowercased() {
                case "", "1", "true": choice.invert = true
                case "0", "false": choice.invert = false
                default: throw BadQuery("invert: '\(Self.printable(value))' is not true or false")
                }
            case "rotate":
                guard let degrees = Int(value), Greyscale.Rotation(rawValue: degrees) != nil else {
                    throw BadQuery("rotate: '\(Self.printable(value))' is not 0, 90, 180 or 270")
                }
                choice.rotate = degrees
            default:
                ScreenDeviceStatus.read(key, value, into: &status)
            }
        }
        guard let layout else {
            throw BadQuery(
                "layout: name the widgets and their slots, e.g. ?layout=price:halfVertical,covid-global:halfVertical (or start serve with --screen)"
            )
        }
        request.screenDevice = status.isEmpty ? nil : status
        // A screen on its side is laid out as it is seen and turned into the panel's pixels.
        if choice.rotate == 90 || choice.rotate == 270 { request.device = device.quarterTurned }
        let encoder: any ImageEncoder
        do {
            encoder = try choice.encoder(on: device, container: ext) ?? PNGImageEncoder()
        } catch {
            throw BadQuery("the image options do not fit \(device.id) as \(ext): \(error)")
        }
        return ScreenQuery(layout: layout, request: timed(request, shown: shown), encoder: encoder)
    }

    /// Draws a screen for the cache.
    private func drawScreen(_ screen: ScreenQuery) async -> Result<ImageCache.Image, ImageCache.Failure> {
        let start = ContinuousClock.now
        let rendered: RenderedScreen
        do {
            rendered = try await engine.render(screen.layout, on: screen.request, as: screen.encoder)
        } catch {
            let status = Self.status(of: error)
            metrics.renderFailed(kind: "screen", status: status.code)
            return .failure(ImageCache.Failure(status: status, message: error.message))
        }
        // One label for every layout: a query can name any number of them.
        metrics.render(
            kind: "screen", family: .dashboardFull, nanoseconds: Self.nanoseconds(ContinuousClock.now - start))
        for warning in rendered.warnings { warnOnce(warning.message) }
        guard let image = rendered.image else {
            return .failure(ImageCache.Failure(status: .internalServerError, message: "no image was made"))
        }
        let tag = Self.entityTag(image, screen.request, encoder: screen.encoder)
        let maxAge = maxAge(shownAt: rendered.shownAt, nextChange: rendered.nextChange?.date)
        // The screen changed last when the newest of its entries came on screen.
        let began = rendered.widgets.compactMap(\.onScreen.entryDate).max() ?? rendered.shownAt
        var headers = HTTPFields()
        headers[.eTag] = tag
        headers[.cacheControl] = "max-age=\(maxAge)"
        headers[.lastModified] = Self.httpDate(began)
        return .success(
            ImageCache.Image(
                body: ByteBuffer(data: image.data), headers: headers, tag: tag, mediaType: image.format.mediaType,
                maxAge: maxAge))
    }

    /// The catalogue's screens, for messages.
    static var screenNames: String { DeviceProfile.screens.map(\.id).joined(separator: ", ") }
}

extension ScreenDeviceStatus {
    /// Reads one of a screen URL's device keys (`battery`, `percent`, `rssi`, `fw`, `id`,
    /// `model`) into `status`; a value that cannot be read is left out, as a device's header
    /// that cannot be read is. Other keys are not the status's.
    static func read(_ key: String, _ value: String, into status: inout ScreenDeviceStatus) {
        switch key {
        case "battery": status.batteryVoltage = volts(value)
        case "percent": status.batteryPercent = percent(value)
        case "rssi": status.rssi = rssi(value)
        case "fw": status.firmwareVersion = label(value)
        case "id": status.id = label(value)
        case "model": status.model = label(value)
        default: break
        }
    }

    /// A voltage from 0 to 20 V; else `nil`.
    static func volts(_ text: String?) -> Double? {
        guard let text, let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite,
            (0...20).contains(value)
        else { return nil }
        return value
    }

    /// A charge from 0 to 100 %; else `nil`.
    static func percent(_ text: String?) -> Double? {
        guard let text, let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite,
            (0...100).contains(value)
        else { return nil }
        return value
    }

    /// A signal from -200 to 50 dBm (a whole number, or one ending in .0); else `nil`.
    static func rssi(_ text: String?) -> Int? {
        guard let text, let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite,
            let whole = Int(exactly: value), (-200...50).contains(whole)
        else { return nil }
        return whole
    }

    /// A short printable name (up to 64 ASCII letters, digits and `.:-_ `); else `nil`.
    static func label(_ text: String?) -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.:-_ ")
        guard !trimmed.isEmpty, trimmed.count <= 64, trimmed.allSatisfy(allowed.contains) else { return nil }
        return trimmed
    }

    /// The status as a screen URL's query items, in a fixed order.
    var queryItems: [(String, String)] {
        var items: [(String, String)] = []
        if let batteryVoltage { items.append(("battery", String(batteryVoltage))) }
        if let batteryPercent { items.append(("percent", String(batteryPercent))) }
        if let rssi { items.append(("rssi", String(rssi))) }
        if let firmwareVersion { items.append(("fw", firmwareVersion)) }
        if let id { items.append(("id", id)) }
        if let model { items.append(("model", model)) }
        return items
    }
}
