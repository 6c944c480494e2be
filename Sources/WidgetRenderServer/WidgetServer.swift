import Foundation
import Hummingbird
import Logging
import WidgetCore
import WidgetDates
import WidgetRender
import WidgetRenderCLI

/// The widgets over HTTP: what `serve` answers, on one ``RenderEngine``.
///
/// - `GET /healthz`: `{"status":"ok"}`.
/// - `GET /widgets`: the JSON `list --json` prints.
/// - `GET /widgets/{kind}/{family}.png`: the entry on screen at `at` (ISO 8601; default now),
///   with `device`, `scheme`, `locale`, `mode` and `param.NAME` as the command's options.
/// - `GET /widgets/{kind}/timeline.json?family=F`: the timeline the provider gives at `at`: its
///   entries (each with its image's path), which is on screen, and the reload policy.
/// - `POST /reload`, `POST /reload/{kind}`: as `WidgetCenter.reloadAllTimelines()` and
///   `reloadTimelines(ofKind:)`.
///
/// `HEAD` is answered wherever `GET` is. Errors are JSON, `{"error": "…", "status": N}`, with
/// their status: 400 for a bad value, 401 without the token, 403 for a cross-site POST, 404 for
/// an unknown path, widget or family, 405 for a method a path does not take, 414 for a URI over
/// 4 KiB, 503 when a provider timed out or too many images are being drawn.
package struct WidgetServer: Sendable {
    package let engine: RenderEngine
    /// The look and settings of the command's options, which each request's query changes.
    package let batch: RenderBatch
    /// The bearer token every request must carry, when set.
    package let token: String?
    /// The longest `Cache-Control: max-age`, in seconds (for a timeline that never changes).
    package var maxAgeCap = 3_600
    /// How many images may be drawn or wait for a renderer at once; beyond it a request gets 503
    /// with `Retry-After` at once rather than a place in an endless queue.
    package var renderLimit = 64
    /// Where each request is logged (method, path, status, milliseconds) at `info`.
    package var logger = Logger(label: "widgetrender.serve")
    private let rendering = LockedValue(0)

    private let widgetList: ByteBuffer

    package init(engine: RenderEngine, batch: RenderBatch, token: String?) throws {
        self.engine = engine
        self.batch = batch
        self.token = token
        widgetList = ByteBuffer(data: try WidgetList.json(engine.widgets))
    }

    /// The longest request URI, in bytes.
    static let uriLimit = 4_096
    /// The most query items a request may have.
    static let queryItemLimit = 64

    /// A Hummingbird application answering on `host` and `port` (0: a free port, reported to
    /// `onServerRunning`).
    package func application(
        host: String, port: Int, logger: Logger? = nil,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let server = self
        return Application(
            responder: CallbackResponder<BasicRequestContext> { request, _ in await server.logged(request) },
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port), serverName: "widgetrender"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    // MARK: - Routing

    /// The answer to a request, logged with its status and time.
    package func logged(_ request: Request) async -> Response {
        let start = ContinuousClock.now
        let response = await respond(to: request)
        if logger.logLevel <= .info {
            let elapsed = ContinuousClock.now - start
            let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
            logger.info(
                "\(request.method.rawValue) \(Self.printable(request.uri.description)) \(response.status.code) \(String(format: "%.1f", milliseconds)) ms"
            )
        }
        return response
    }

    package func respond(to request: Request) async -> Response {
        if let token, request.headers[.authorization] != "Bearer \(token)" {
            return Self.error(.unauthorized, "this server needs the header Authorization: Bearer <token>")
        }
        let uri = request.uri.description
        guard uri.utf8.count <= Self.uriLimit else {
            return Self.error(.uriTooLong, "the URI is over \(Self.uriLimit) bytes")
        }
        let path = request.uri.path
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let method = request.method
        let head = method == .head
        let reading = method == .get || head
        switch segments {
        case ["healthz"]:
            guard reading else { return Self.notAllowed(method, allow: "GET, HEAD") }
            return Self.json(#"{"status":"ok"}"#, head: head)
        case ["widgets"]:
            guard reading else { return Self.notAllowed(method, allow: "GET, HEAD") }
            return Self.respond(.ok, body: widgetList, type: "application/json", head: head)
        case let parts where parts.count == 3 && parts[0] == "widgets":
            guard reading else { return Self.notAllowed(method, allow: "GET, HEAD") }
            if parts[2] == "timeline.json" { return await timeline(kind: parts[1], request: request, head: head) }
            return await image(kind: parts[1], file: parts[2], request: request, head: head)
        case let parts where parts.first == "reload" && parts.count <= 2:
            guard method == .post else { return Self.notAllowed(method, allow: "POST") }
            if let refusal = crossSite(request) { return refusal }
            let kind = segments.count == 2 ? segments[1] : nil
            if let kind {
                guard engine.widget(kind: kind) != nil else { return Self.unknownWidget(kind, engine) }
                engine.reloadTimelines(ofKind: kind)
            } else {
                engine.reloadAllTimelines()
            }
            return Self.json(#"{"reloaded":\#(Self.quoted(kind ?? "all"))}"#, head: false)
        default:
            return Self.error(.notFound, "no such path: \(Self.printable(path)); see GET /widgets")
        }
    }

    /// A POST from a web page of another site (its `Origin` not this server's `Host`) is refused:
    /// any page can POST to 127.0.0.1. A POST without `Origin` (curl, a script) is allowed.
    private func crossSite(_ request: Request) -> Response? {
        guard let origin = request.headers[.origin] else { return nil }
        let host = request.head.authority ?? ""
        guard let originHost = URL(string: origin)?.host, !host.isEmpty else {
            return Self.error(.forbidden, "a cross-site POST is refused (Origin \(Self.printable(origin)))")
        }
        let port = URL(string: origin)?.port.map { ":\($0)" } ?? ""
        guard originHost + port == host || "[\(originHost)]\(port)" == host else {
            return Self.error(.forbidden, "a cross-site POST is refused (Origin \(Self.printable(origin)))")
        }
        return nil
    }

    // MARK: - Images

    private func image(kind: String, file: String, request: Request, head: Bool) async -> Response {
        guard let widget = engine.widget(kind: kind) else { return Self.unknownWidget(kind, engine) }
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else {
            return Self.error(.notFound, "no such path: \(Self.printable(file)); use {family}.png, e.g. medium.png")
        }
        let familyName = String(file[..<dot])
        let ext = String(file[file.index(after: dot)...]).lowercased()
        guard ext == "png" else {
            return Self.error(.notFound, "no format '\(Self.printable(ext))'; this server writes png")
        }
        guard let family = WidgetFamily(name: familyName) else {
            let known = WidgetFamily.allCases.map(\.shortName).joined(separator: ", ")
            return Self.error(.notFound, "no family '\(Self.printable(familyName))'; use one of \(known)")
        }
        guard widget.supports(family) else {
            return Self.error(.notFound, RenderEngine.unsupported(widget, family))
        }
        let renderRequest: RenderRequest
        do {
            renderRequest = try self.request(kind: kind, family: family, query: request.uri.queryParameters)
        } catch {
            return Self.error(.badRequest, error.message)
        }
        let admitted = rendering.withLock { count in
            guard count < renderLimit else { return false }
            count += 1
            return true
        }
        guard admitted else {
            var response = Self.error(
                .serviceUnavailable, "\(renderLimit) images are being drawn; try again in a second")
            response.headers[.retryAfter] = "1"
            return response
        }
        defer { rendering.withLock { $0 -= 1 } }
        let rendered: RenderedWidget
        do {
            rendered = try await engine.render(renderRequest)
        } catch {
            return Self.error(Self.status(of: error), error.message)
        }
        guard let image = rendered.image else { return Self.error(.internalServerError, "no image was made") }
        let tag = Self.entityTag(image, renderRequest)
        var headers = HTTPFields()
        headers[.eTag] = tag
        headers[.vary] = "Accept"
        headers[.cacheControl] = "max-age=\(maxAge(rendered))"
        headers[.lastModified] = Self.httpDate(rendered.onScreen.entryDate ?? rendered.shownAt)
        if let match = request.headers[.ifNoneMatch],
            match == "*"
                || match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == tag })
        {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = image.format.mediaType
        headers[.contentLength] = String(image.data.count)
        return Response(
            status: .ok, headers: headers,
            body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(data: image.data)))
    }

    /// The provider's timeline at `at` for `family` (a query key, default medium), as JSON.
    private func timeline(kind: String, request: Request, head: Bool) async -> Response {
        guard let widget = engine.widget(kind: kind) else { return Self.unknownWidget(kind, engine) }
        let query = request.uri.queryParameters
        let familyName = query["family"].map(String.init) ?? "medium"
        guard let family = WidgetFamily(name: familyName) else {
            let known = WidgetFamily.allCases.map(\.shortName).joined(separator: ", ")
            return Self.error(.badRequest, "family: '\(Self.printable(familyName))' is not one of \(known)")
        }
        guard widget.supports(family) else { return Self.error(.notFound, RenderEngine.unsupported(widget, family)) }
        let renderRequest: RenderRequest
        do {
            renderRequest = try self.request(kind: kind, family: family, query: query)
        } catch {
            return Self.error(.badRequest, error.message)
        }
        let timeline: Timeline<AnyTimelineEntry>
        do {
            timeline = try await engine.timeline(
                try engine.question(widget, renderRequest), now: renderRequest.askedAt)
        } catch {
            return Self.error(Self.status(of: error), error.message)
        }
        let shown = renderRequest.timeShown
        let onScreen = timeline.entries.lastIndex { $0.date <= shown } ?? (timeline.entries.isEmpty ? nil : 0)
        let entries = timeline.entries.map { entry in
            TimelineJSON.Entry(
                date: Self.iso(entry.date),
                image: "/widgets/\(kind)/\(family.shortName).png?at=\(Self.iso(entry.date))")
        }
        var reloadAt: String?
        if case .after(let date) = timeline.policy { reloadAt = Self.iso(date) }
        if case .atEnd = timeline.policy, let last = timeline.entries.last { reloadAt = Self.iso(last.date) }
        let body = TimelineJSON(
            kind: kind, family: family.shortName, askedAt: Self.iso(renderRequest.askedAt), entries: entries,
            onScreen: onScreen, policy: timeline.policy.name, reloadAt: reloadAt)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(body) else {
            return Self.error(.internalServerError, "the timeline could not be written as JSON")
        }
        return Self.respond(.ok, body: ByteBuffer(data: data), type: "application/json", head: head)
    }

    /// `timeline.json`'s shape.
    struct TimelineJSON: Encodable {
        struct Entry: Encodable {
            var date: String
            var image: String
        }
        var kind: String
        var family: String
        var askedAt: String
        var entries: [Entry]
        /// The index of the entry on screen at the time shown.
        var onScreen: Int?
        var policy: String
        var reloadAt: String?
    }

    static func iso(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// A render request from the command's settings and a query: `at`, `device`, `scheme`,
    /// `locale`, `mode` and `param.NAME`; other keys are ignored (cache busters).
    package func request(kind: String, family: WidgetFamily, query: Parameters) throws(BadQuery) -> RenderRequest {
        guard query.count <= Self.queryItemLimit else {
            throw BadQuery("the query has over \(Self.queryItemLimit) items")
        }
        var request = batch.request(kind: kind, family: family)
        var parameters: [String: String] = [:]
        for (key, value) in query {
            let key = String(key)
            let value = String(value)
            switch key {
            case "at":
                guard let date = DateParsing.date(value, timeZone: request.timeZone) else {
                    throw BadQuery(
                        "at: '\(Self.printable(value))' is not an ISO 8601 date: write 2026-01-01 or 2026-01-01T09:00:00Z"
                    )
                }
                request.askedAt = date
                request.shownAt = nil
            case "device":
                do {
                    request.device = try DeviceProfile.named(value)
                } catch {
                    throw BadQuery("device: \(error.description)")
                }
            case "scheme":
                switch value.lowercased() {
                case "light": request.colorScheme = .light
                case "dark": request.colorScheme = .dark
                default: throw BadQuery("scheme: '\(Self.printable(value))' is not light or dark")
                }
            case "locale":
                guard let locale = CommonOptions.languageCode(value) else {
                    throw BadQuery(
                        "locale: '\(Self.printable(value))' is not a language code such as en, ja, ko or pt-BR")
                }
                request.locale = locale
            case "mode":
                guard let mode = WidgetRenderingMode(named: value) else {
                    throw BadQuery("mode: '\(Self.printable(value))' is not full-color, accented or vibrant")
                }
                request.renderingMode = mode
            case let name where name.hasPrefix("param."):
                let parameter = String(name.dropFirst("param.".count))
                guard parameters[parameter] == nil else { throw BadQuery("param.\(parameter) is given twice") }
                parameters[parameter] = value
            default:
                continue
            }
        }
        if !parameters.isEmpty {
            guard let widget = engine.widget(kind: kind) else { throw BadQuery("unknown widget '\(kind)'") }
            let known = Set(widget.parameters.map(\.key))
            for name in parameters.keys.sorted() where !known.contains(name) {
                let names = known.sorted().map { "param.\($0)" }.joined(separator: ", ")
                throw BadQuery(
                    "param.\(Self.printable(name)): \(kind) has no such parameter; it takes \(names.isEmpty ? "none" : names)"
                )
            }
            request.parameters.merge(parameters) { _, new in new }
        }
        return request
    }

    /// Seconds until what is on screen next changes, at most ``maxAgeCap``.
    private func maxAge(_ rendered: RenderedWidget) -> Int {
        guard let next = rendered.nextChange?.date else { return maxAgeCap }
        let seconds = next.timeIntervalSince(rendered.shownAt)
        guard seconds.isFinite else { return maxAgeCap }
        return Int(min(Double(maxAgeCap), max(0, seconds.rounded(.down))))
    }

    /// A tag for the pixels in this format with these options: equal pixels in another format,
    /// size or look get another tag.
    static func entityTag(_ image: EncodedImage, _ request: RenderRequest) -> String {
        let options = [
            image.format.name, request.device.id, String(request.scale ?? request.device.scale),
            request.colorScheme == .dark ? "dark" : "light", request.locale.identifier,
            request.renderingMode.map { "\($0)" } ?? "default",
        ].joined(separator: "|")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in options.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return "\"\(image.pixelsCRC64)-\(String(hash, radix: 16))\""
    }

    // MARK: - Responses

    /// A query value the server cannot use: a 400.
    package struct BadQuery: Error, Sendable {
        package let message: String
        init(_ message: String) { self.message = message }
    }

    static func status(of error: WidgetRenderError) -> HTTPResponse.Status {
        switch error.kind {
        case .invalidRequest: .badRequest
        case .providerTimedOut, .unavailable: .serviceUnavailable
        case .badData, .missingInput: .badGateway
        default: .internalServerError
        }
    }

    static func unknownWidget(_ kind: String, _ engine: RenderEngine) -> Response {
        error(
            .notFound,
            "no widget '\(printable(kind))'; widgets: \(engine.widgets.map(\.kind).joined(separator: ", "))")
    }

    static func notAllowed(_ method: HTTPRequest.Method, allow: String) -> Response {
        var response = error(.methodNotAllowed, "\(method.rawValue) is not allowed here; use \(allow)")
        response.headers[.allow] = allow
        return response
    }

    static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        respond(
            status, body: ByteBuffer(string: #"{"error":\#(quoted(message)),"status":\#(status.code)}"#),
            type: "application/json", head: false)
    }

    static func json(_ text: String, head: Bool) -> Response {
        respond(.ok, body: ByteBuffer(string: text), type: "application/json", head: head)
    }

    static func respond(_ status: HTTPResponse.Status, body: ByteBuffer, type: String, head: Bool) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.contentLength] = String(body.readableBytes)
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: head ? ResponseBody() : ResponseBody(byteBuffer: body))
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// A value from a request, shortened and with control characters escaped, for a message.
    static func printable(_ text: String) -> String {
        let short = text.count > 80 ? String(text.prefix(80)) + "…" : text
        return short.unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
    }

    /// An HTTP date (RFC 9110's IMF-fixdate), in a style made once: a value, safe to share.
    static func httpDate(_ date: Date) -> String { date.formatted(httpDateStyle) }

    private static let httpDateStyle: Date.VerbatimFormatStyle = {
        var calendar = Calendar(identifier: .gregorian)
        let gmt = TimeZone(identifier: "GMT") ?? .gmt
        calendar.timeZone = gmt
        return Date.VerbatimFormatStyle(
            format:
                "\(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .padded(4)) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) GMT",
            locale: Locale(identifier: "en_US_POSIX"), timeZone: gmt, calendar: calendar)
    }()

}
