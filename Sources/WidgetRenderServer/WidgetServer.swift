import Foundation
#if canImport(Glibc)
    import Glibc
#endif
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
/// - `GET /widgets/{kind}/{family}.{ext}`: the entry on screen at `at` (ISO 8601; default now),
///   with `device`, `scheme`, `locale`, `mode` and `param.NAME` as the command's options, in the
///   format of the extension (one of ``encoders``); `GET /widgets/{kind}/{family}` picks the
///   format from `Accept`.
/// - `GET /widgets/{kind}/timeline.json?family=F`: the timeline on screen at `at`: its entries
///   (each with its image's path), which is on screen, and the reload policy.
/// - `POST /reload`, `POST /reload/{kind}`: as `WidgetCenter.reloadAllTimelines()` and
///   `reloadTimelines(ofKind:)`, at most ``reloadBudget`` a minute.
/// - `GET /metrics`: requests, latency, renders, cache hits and queue depth, for Prometheus.
/// - `GET /screens/{device}.{ext}?layout=…`: widgets composed into one e-ink screen at `at`, as
///   `screen` draws it, in the panel's own greys (or inks) in a PNG or BMP; `layout` defaults to
///   ``screen``.
/// - `GET /api/display`: TRMNL's device protocol: the URL of the ``screen`` image for the device
///   now, a name that changes with it, and the seconds until it changes; the device's battery
///   and signal reach its widgets (``EnvironmentValues/screenDevice``).
///
/// The provider is asked as a device showing the widget asks it: at the quarter hour before the
/// time shown (UTC), then again as its reload policy says (``askInterval``). So one provider
/// answer serves every request of that quarter hour, and an image depends on its URL alone, not
/// on which requests came before or which instance answers. Images are kept (``ImageCache``) by
/// everything that decides their pixels, the time shown to the second among it.
///
/// `HEAD` is answered wherever `GET` is. Errors are JSON, `{"error": "…", "status": N}`, with
/// their status: 400 for a bad value, 401 without the token, 403 for a cross-site POST, 404 for
/// an unknown path, widget, family, screen or format (and `/api/display` without ``screen``), 405 for a method a path does not take, 406 when no format
/// is acceptable, 413 for a body over 1 KiB, 414 for a URI over 4 KiB, 429 past the reload
/// budget, 503 when a provider timed out or too many images are being drawn.
package struct WidgetServer: Sendable {
    package let engine: RenderEngine
    /// The look and settings of the command's options, which each request's query changes.
    package let batch: RenderBatch
    /// The bearer token every request must carry, when set.
    package let token: String?
    /// The formats served: the extension picks one, or else `Accept`; the first is the default.
    package let encoders: [any ImageEncoder]
    /// The longest `Cache-Control: max-age`, in seconds (for a timeline that never changes).
    package var maxAgeCap = 3_600
    /// How many images may be drawn or wait for a renderer at once; beyond it a request gets 503
    /// with `Retry-After` at once rather than a place in an endless queue.
    package var renderLimit = 64
    /// How many reloads a minute `POST /reload` takes; beyond it, 429 with `Retry-After`.
    package var reloadBudget = 60
    /// The time a request without `at` shows.
    package var clock: @Sendable () -> Date = { Date() }
    /// The widgets `GET /api/display` shows an e-ink device (`serve --screen`); without it that
    /// route answers 404.
    package var screen: ScreenLayout?
    /// The screen `/api/display` draws for; `nil` picks it by the device's `Model`, `Width` and
    /// `Height` headers (``displayDevice(model:width:height:)``), a TRMNL OG by default.
    package var screenDevice: DeviceProfile?
    /// The image options as the command was given them: each screen's panel fills in the rest
    /// (``ImageFormatChoice/encoder(on:container:)``).
    package var imageChoice = ImageFormatChoice()
    /// Where each request is logged (method, path, status, milliseconds) at `info`.
    package var logger = Logger(label: "widgetrender.serve") { ServerLogHandler(label: $0) }
    /// The images drawn, by everything that decides them.
    let images: ImageCache
    /// What the server counts, for `GET /metrics`.
    let metrics = ServerMetrics()
    private let rendering = LockedValue(0)
    /// The warnings logged so far.
    private let warned = LockedValue(Set<String>())
    /// Image URLs read lately (up to 256; then afresh).
    private let recentRequests = LockedValue([String: Resolved]())
    private let reloads = LockedValue([Date]())

    private let widgetList: ByteBuffer

    /// A server for an engine's widgets.
    ///
    /// - Parameters:
    ///   - engine: the engine.
    ///   - batch: the command's settings, which queries change.
    ///   - token: the bearer token every request must carry, if any.
    ///   - encoders: the formats served (PNG by default).
    ///   - cacheBytes: the most bytes of images kept (64 MiB by default).
    package init(
        engine: RenderEngine, batch: RenderBatch, token: String?, encoders: [any ImageEncoder]? = nil,
        cacheBytes: Int = 64 << 20
    ) throws {
        self.engine = engine
        self.batch = batch
        self.token = token
        var formats: [any ImageEncoder] = []
        for encoder in encoders ?? [batch.encoder, PNGImageEncoder()]
        where !formats.contains(where: { $0.format.fileExtension == encoder.format.fileExtension }) {
            formats.append(encoder)
        }
        self.encoders = formats
        images = ImageCache(limit: cacheBytes)
        widgetList = ByteBuffer(data: try WidgetList.json(engine.widgets))
    }

    /// The longest request URI, in bytes.
    static let uriLimit = 4_096
    /// The most query items a request may have.
    static let queryItemLimit = 64
    /// The largest request body, in bytes (no route takes one).
    static let bodyLimit = 1_024
    /// The provider is asked at the last multiple of this many seconds (a quarter hour) before
    /// the time shown, and again as its reload policy says.
    static let askInterval: Int64 = 900

    /// A Hummingbird application answering on `host` and `port` (0: a free port, reported to
    /// `onServerRunning`). A connection idle for `idleSeconds` (one sending a byte a second,
    /// say) is closed.
    package func application(
        host: String, port: Int, logger: Logger? = nil, idleSeconds: Int64 = 30,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let server = self
        return Application(
            responder: CallbackResponder<BasicRequestContext> { request, _ in await server.logged(request) },
            server: .http1(configuration: .init(idleTimeout: .seconds(idleSeconds))),
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port), serverName: "widgetrender"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    /// Raises this process's limit of open files (each connection is one) to its hard limit,
    /// as far as 65,536.
    ///
    /// - Returns: the limit now.
    @discardableResult
    package static func raiseOpenFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        let wanted = min(limit.rlim_max, 65_536)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// Keeps glibc to two malloc arenas. With one per thread (its default, up to eight per
    /// core), an image drawn on one thread and forgotten on another leaves its memory in the
    /// first thread's arena: ten minutes of fresh renders grew the server from 164 to 208 MB
    /// (27 %); with two, 165 to 172 MB, at the same speed.
    /// `MALLOC_ARENA_MAX` in the environment, when set, is left to decide.
    package static func limitMallocArenas() {
        #if canImport(Glibc)
            guard ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] == nil else { return }
            // mallopt(M_ARENA_MAX, 2): malloc.h is not in Glibc's module map; M_ARENA_MAX is -8.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            _ = unsafeBitCast(symbol, to: Mallopt.self)(-8, 2)
        #endif
    }

    // MARK: - Routing

    /// The answer to a request, logged with its status and time.
    package func logged(_ request: Request) async -> Response {
        let start = ContinuousClock.now
        let (response, route) = await respond(to: request)
        let elapsed = ContinuousClock.now - start
        let nanoseconds = Self.nanoseconds(elapsed)
        metrics.request(
            route: route, method: request.method.rawValue, status: response.status.code, nanoseconds: nanoseconds)
        if logger.logLevel <= .info {
            let milliseconds = Double(nanoseconds) / 1e6
            logger.info(
                "\(request.method.rawValue) \(Self.printable(Self.redacted(request.uri.description))) \(response.status.code) \(String(format: "%.1f", milliseconds)) ms"
            )
        }
        return response
    }

    /// The answer to a request, and its route for the metrics: a pattern such as
    /// `/widgets/{kind}/{file}`, so that a path of any value does not make a metric of its own.
    package func respond(to request: Request) async -> (Response, route: String) {
        let path = request.uri.path
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        if let token, !authorized(request, token: token, segments: segments) {
            var response = Self.error(
                .unauthorized,
                "this server needs the header Authorization: Bearer <token> (on /api/display and /screens, Access-Token: <token> as a TRMNL sends it)"
            )
            response.headers[.wwwAuthenticate] = #"Bearer realm="widgetrender""#
            return (response, "unauthorized")
        }
        let uri = request.uri.description
        guard uri.utf8.count <= Self.uriLimit else {
            return (Self.error(.uriTooLong, "the URI is over \(Self.uriLimit) bytes"), "invalid")
        }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > Self.bodyLimit {
            return (
                Self.error(.contentTooLarge, "the body is over \(Self.bodyLimit) bytes; no path here takes one"),
                "invalid"
            )
        }
        let method = request.method
        let head = method == .head
        let reading = method == .get || head
        switch segments {
        case ["healthz"]:
            guard reading else { return (Self.notAllowed(method, allow: "GET, HEAD"), "/healthz") }
            return (Self.json(#"{"status":"ok"}"#, head: head), "/healthz")
        case ["metrics"]:
            guard reading else { return (Self.notAllowed(method, allow: "GET, HEAD"), "/metrics") }
            metrics.queueDepth.record(rendering.withLock { $0 })
            metrics.cacheBytes.record(images.bytes)
            metrics.cacheImages.record(images.count)
            return (
                Self.respond(.ok, body: metrics.text(), type: "text/plain; version=0.0.4; charset=utf-8", head: head),
                "/metrics"
            )
        case ["widgets"]:
            guard reading else { return (Self.notAllowed(method, allow: "GET, HEAD"), "/widgets") }
            return (Self.respond(.ok, body: widgetList, type: "application/json", head: head), "/widgets")
        case let parts where parts.count == 3 && parts[0] == "widgets":
            if parts[2] == "timeline.json" {
                guard reading else {
                    return (Self.notAllowed(method, allow: "GET, HEAD"), "/widgets/{kind}/timeline.json")
                }
                return (await timeline(kind: parts[1], request: request, head: head), "/widgets/{kind}/timeline.json")
            }
            guard reading else { return (Self.notAllowed(method, allow: "GET, HEAD"), "/widgets/{kind}/{family}") }
            return (
                await image(kind: parts[1], file: parts[2], request: request, head: head), "/widgets/{kind}/{family}"
            )
        case let parts where parts.count == 2 && parts[0] == "screens":
            guard reading else { return (Self.notAllowed(method, allow: "GET, HEAD"), "/screens/{file}") }
            return (await screenImage(file: parts[1], request: request, head: head), "/screens/{file}")
        case ["api", "display"]:
            guard reading else { return (Self.notAllowed(method, allow: "GET, HEAD"), "/api/display") }
            return (await display(request, head: head), "/api/display")
        case let parts where parts.first == "reload" && parts.count <= 2:
            return (
                await reload(kind: parts.count == 2 ? parts[1] : nil, request: request),
                parts.count == 2 ? "/reload/{kind}" : "/reload"
            )
        default:
            return (Self.error(.notFound, "no such path: \(Self.printable(path)); see GET /widgets"), "unknown")
        }
    }

    /// Whether a request carries the token: `Authorization: Bearer <token>` on any path; on an
    /// e-ink device's (`/api/display`, `/screens/…`) also `Access-Token: <token>`, the header a
    /// TRMNL sends its key in, and on a screen image the signature `/api/display` put in its URL
    /// (``signatureIsValid(path:query:token:)``): a device fetches that image without headers.
    func authorized(_ request: Request, token: String, segments: [String]) -> Bool {
        if Self.carries(token, request.headers[.authorization]) { return true }
        let screens = segments.count == 2 && segments[0] == "screens"
        guard screens || segments == ["api", "display"] else { return false }
        if Self.field("Access-Token", in: request.headers) == token { return true }
        return screens && Self.signatureIsValid(path: request.uri.path, query: request.uri.query, token: token)
    }

    /// Whether an `Authorization` value is `Bearer <token>` (the scheme in any case).
    static func carries(_ token: String, _ authorization: String?) -> Bool {
        guard let authorization, authorization.count == token.count + 7 else { return false }
        return authorization.prefix(7).lowercased() == "bearer " && authorization.dropFirst(7) == token
    }

    /// `POST /reload[/KIND]`: as `WidgetCenter`, within the reload budget, same-site only.
    private func reload(kind: String?, request: Request) async -> Response {
        guard request.method == .post else { return Self.notAllowed(request.method, allow: "POST") }
        if let refusal = crossSite(request) { return refusal }
        do {
            _ = try await request.body.collect(upTo: Self.bodyLimit)
        } catch {
            return Self.error(.contentTooLarge, "the body is over \(Self.bodyLimit) bytes; /reload takes none")
        }
        if let kind, engine.widget(kind: kind) == nil { return Self.unknownWidget(kind, engine) }
        let now = Date()
        let wait = reloads.withLock { times -> Int? in
            times.removeAll { now.timeIntervalSince($0) >= 60 }
            guard times.count < reloadBudget else {
                let oldest = times.first ?? now
                return max(1, Int((60 - now.timeIntervalSince(oldest)).rounded(.up)))
            }
            times.append(now)
            return nil
        }
        if let wait {
            var response = Self.error(
                .tooManyRequests, "over \(reloadBudget) reloads a minute; try again in \(wait) s")
            response.headers[.retryAfter] = String(wait)
            return response
        }
        if let kind {
            engine.reloadTimelines(ofKind: kind)
        } else {
            engine.reloadAllTimelines()
        }
        return Self.json(#"{"reloaded":\#(Self.quoted(kind ?? "all"))}"#, head: false)
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

    /// What an image URL asks for, read once for every request with the same widget, file,
    /// query and (without an extension) `Accept`: a dashboard asks for one URL again and again.
    struct Resolved: Sendable {
        var encoder: any ImageEncoder
        /// The request, its times still to set.
        var request: RenderRequest
        /// The time `at` gives, if any.
        var shown: Date?
        /// The cache key, its second and reload count still to set.
        var key: ImageCache.Key
    }

    private func image(kind: String, file: String, request: Request, head: Bool) async -> Response {
        let accept = file.utf8.contains(UInt8(ascii: ".")) ? "" : request.headers[.accept] ?? ""
        let memo = "\(kind)/\(file)?\(request.uri.query ?? "")\n\(accept)"
        let resolved: Resolved
        if let known = recentRequests.withLock({ $0[memo] }) {
            resolved = known
        } else {
            switch resolve(kind: kind, file: file, request: request) {
            case .failure(let failure): return failure.response
            case .success(let fresh):
                resolved = fresh
                recentRequests.withLock { recent in
                    if recent.count >= 256 { recent.removeAll(keepingCapacity: true) }
                    recent[memo] = fresh
                }
            }
        }
        let renderRequest = timed(resolved.request, shown: resolved.shown)
        var key = resolved.key
        key.second = Self.seconds(renderRequest.timeShown)
        key.reloads = engine.reloadCount(ofKind: kind)
        let encoder = resolved.encoder
        let (result, kept) = await images.image(for: key) { await draw(renderRequest, as: encoder) }
        metrics.cache(hit: kept)
        return Self.answer(result, to: request, head: head)
    }

    /// An image from the cache as the answer: 304 when `If-None-Match` names its tag, else its
    /// bytes (none for `HEAD`), or the failure's error.
    static func answer(_ result: Result<ImageCache.Image, ImageCache.Failure>, to request: Request, head: Bool)
        -> Response
    {
        let image: ImageCache.Image
        switch result {
        case .success(let drawn): image = drawn
        case .failure(let failure):
            var response = Self.error(failure.status, failure.message)
            if let retry = failure.retryAfter { response.headers[.retryAfter] = String(retry) }
            return response
        }
        var headers = image.headers
        if let match = request.headers[.ifNoneMatch], Self.matches(match, image.tag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = image.mediaType
        headers[.contentLength] = String(image.body.readableBytes)
        return Response(
            status: .ok, headers: headers, body: head ? ResponseBody() : ResponseBody(byteBuffer: image.body))
    }

    private var extensions: String { encoders.map(\.format.fileExtension).joined(separator: ", ") }

    /// Reads an image URL: the widget, family, format and query; or the error to answer.
    private func resolve(kind: String, file: String, request: Request) -> Result<Resolved, ErrorResponse> {
        guard let widget = engine.widget(kind: kind) else {
            return .failure(ErrorResponse(Self.unknownWidget(kind, engine)))
        }
        let familyName: String
        let encoder: any ImageEncoder
        if let dot = file.lastIndex(of: "."), dot != file.startIndex {
            familyName = String(file[..<dot])
            let ext = String(file[file.index(after: dot)...]).lowercased()
            guard let chosen = encoders.first(where: { $0.format.fileExtension.lowercased() == ext }) else {
                return .failure(
                    ErrorResponse(
                        Self.error(.notFound, "no format '\(Self.printable(ext))'; this server writes \(extensions)")))
            }
            encoder = chosen
        } else {
            familyName = file
            guard let chosen = Self.negotiate(request.headers[.accept], encoders) else {
                return .failure(
                    ErrorResponse(
                        Self.error(
                            .notAcceptable,
                            "no format the Accept header takes (\(Self.printable(request.headers[.accept] ?? ""))); this server writes \(encoders.map(\.format.mediaType).joined(separator: ", "))"
                        )))
            }
            encoder = chosen
        }
        guard let family = WidgetFamily(name: familyName) else {
            let known = WidgetFamily.allCases.map(\.shortName).joined(separator: ", ")
            return .failure(
                ErrorResponse(Self.error(.notFound, "no family '\(Self.printable(familyName))'; use one of \(known)")))
        }
        guard widget.supports(family) else {
            return .failure(ErrorResponse(Self.error(.notFound, RenderEngine.unsupported(widget, family))))
        }
        do {
            let (untimed, shown) = try untimedRequest(kind: kind, family: family, query: request.uri.queryParameters)
            let key = ImageCache.Key(untimed, format: encoder.format, reloads: 0)
            return .success(Resolved(encoder: encoder, request: untimed, shown: shown, key: key))
        } catch {
            return .failure(ErrorResponse(Self.error(.badRequest, error.message)))
        }
    }

    /// An error answer, as a `Result`'s failure.
    struct ErrorResponse: Error {
        var response: Response
        init(_ response: Response) { self.response = response }
    }

    /// Runs `draw` within the render limit, or fails at once with 503 and `Retry-After` past it.
    func withinRenderLimit(
        _ draw: () async -> Result<ImageCache.Image, ImageCache.Failure>
    ) async -> Result<ImageCache.Image, ImageCache.Failure> {
        let admitted = rendering.withLock { count in
            guard count < renderLimit else { return false }
            count += 1
            return true
        }
        guard admitted else {
            return .failure(
                ImageCache.Failure(
                    status: .serviceUnavailable,
                    message: "\(renderLimit) images are being drawn; try again in a second",
                    retryAfter: 1))
        }
        defer { rendering.withLock { $0 -= 1 } }
        return await draw()
    }

    /// Draws an image for the cache, within the render limit.
    private func draw(_ request: RenderRequest, as encoder: any ImageEncoder) async -> Result<
        ImageCache.Image, ImageCache.Failure
    > {
        await withinRenderLimit { await drawWidget(request, as: encoder) }
    }

    private func drawWidget(_ request: RenderRequest, as encoder: any ImageEncoder) async -> Result<
        ImageCache.Image, ImageCache.Failure
    > {
        let start = ContinuousClock.now
        let rendered: RenderedWidget
        do {
            rendered = try await engine.render(request, as: encoder)
        } catch {
            let status = Self.status(of: error)
            metrics.renderFailed(kind: request.kind, status: status.code)
            return .failure(ImageCache.Failure(status: status, message: error.message))
        }
        let elapsed = ContinuousClock.now - start
        metrics.render(
            kind: request.kind, family: request.family,
            nanoseconds: Self.nanoseconds(elapsed))
        for warning in rendered.warnings { warnOnce(warning.message) }
        guard let image = rendered.image else {
            return .failure(ImageCache.Failure(status: .internalServerError, message: "no image was made"))
        }
        let tag = Self.entityTag(image, request, encoder: encoder)
        var headers = HTTPFields()
        headers[.eTag] = tag
        headers[.vary] = "Accept"
        let maxAge = maxAge(shownAt: rendered.shownAt, nextChange: rendered.nextChange?.date)
        headers[.cacheControl] = "max-age=\(maxAge)"
        headers[.lastModified] = Self.httpDate(rendered.onScreen.entryDate ?? rendered.shownAt)
        return .success(
            ImageCache.Image(
                body: ByteBuffer(data: image.data), headers: headers, tag: tag, mediaType: image.format.mediaType,
                maxAge: maxAge))
    }

    /// Logs a provider's or the engine's warning once (the first 1,000 distinct ones).
    func warnOnce(_ message: String) {
        let first = warned.withLock { warned in
            guard warned.count < 1_000 else { return false }
            return warned.insert(message).inserted
        }
        if first { logger.warning("\(message)") }
    }

    /// Whether an `If-None-Match` value names `tag` (or is `*`).
    /// Whether an `If-None-Match` value names `tag` (or is `*`), by RFC 9110's weak comparison
    /// (`W/"x"` matches `"x"`).
    static func matches(_ header: String, _ tag: String) -> Bool {
        header == tag || header == "*"
            || header.split(separator: ",").contains { item in
                let trimmed = item.trimmingCharacters(in: .whitespaces)
                return trimmed == tag || (trimmed.hasPrefix("W/") && trimmed.dropFirst(2) == tag)
            }
    }

    /// The encoder the `Accept` header prefers (by `q`, then by the server's order); the first
    /// encoder when there is no header; `nil` when it takes none of them.
    static func negotiate(_ accept: String?, _ encoders: [any ImageEncoder]) -> (any ImageEncoder)? {
        guard let accept, !accept.trimmingCharacters(in: .whitespaces).isEmpty else { return encoders.first }
        var best: (encoder: any ImageEncoder, q: Double)?
        for encoder in encoders {
            let type = encoder.format.mediaType.lowercased()
            let major = type.split(separator: "/").first.map(String.init) ?? type
            var q: Double?
            var specificity = -1
            for range in accept.split(separator: ",") {
                let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                guard let name = parts.first else { continue }
                let level = name == type ? 2 : name == "\(major)/*" ? 1 : name == "*/*" ? 0 : -1
                guard level > specificity else { continue }
                specificity = level
                q = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            }
            if let q, q > 0, q > (best?.q ?? 0) { best = (encoder, q) }
        }
        return best?.encoder
    }

    /// The timeline on screen at `at` for `family` (a query key, default medium), as JSON.
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
        let askedAt: Date
        do {
            // Laid out, not drawn: which request of the provider is on screen at `at`.
            let rendered = try await engine.render(renderRequest, as: nil)
            askedAt = rendered.onScreen.timelineAskedAt ?? renderRequest.askedAt
            timeline = try await engine.timeline(try engine.question(widget, renderRequest), now: askedAt)
        } catch {
            return Self.error(Self.status(of: error), error.message)
        }
        let shown = renderRequest.timeShown
        let onScreen = timeline.entries.lastIndex { $0.date <= shown } ?? (timeline.entries.isEmpty ? nil : 0)
        // Each image's link keeps the look the timeline was asked with.
        let kept = (request.uri.query ?? "").split(separator: "&").filter { item in
            let key = item.split(separator: "=", maxSplits: 1).first ?? ""
            return key != "at" && key != "family"
        }.joined(separator: "&")
        let extraQuery = kept.isEmpty ? "" : "&" + kept
        let entries = timeline.entries.map { entry in
            TimelineJSON.Entry(
                date: Self.iso(entry.date),
                image: "/widgets/\(kind)/\(family.shortName).png?at=\(Self.iso(entry.date))\(extraQuery)")
        }
        var reloadAt: String?
        if case .after(let date) = timeline.policy { reloadAt = Self.iso(date) }
        if case .atEnd = timeline.policy, let last = timeline.entries.last { reloadAt = Self.iso(last.date) }
        let body = TimelineJSON(
            kind: kind, family: family.shortName, askedAt: Self.iso(askedAt), entries: entries,
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
    /// `locale`, `mode` and `param.NAME`; other keys are ignored (cache busters). The time shown
    /// is `at` (default ``clock``) to the second; the provider is asked at the quarter hour
    /// before it (``askInterval``).
    package func request(kind: String, family: WidgetFamily, query: Parameters) throws(BadQuery) -> RenderRequest {
        let (request, shown) = try untimedRequest(kind: kind, family: family, query: query)
        return timed(request, shown: shown)
    }

    /// A request with its times: shown at `shown` (default ``clock``) to the second, asked at
    /// the quarter hour before.
    func timed(_ request: RenderRequest, shown: Date?) -> RenderRequest {
        var request = request
        let second = Self.seconds(shown ?? clock())
        request.shownAt = Date(timeIntervalSince1970: TimeInterval(second))
        request.askedAt = Date(timeIntervalSince1970: TimeInterval(second - Self.modulo(second, Self.askInterval)))
        return request
    }

    /// A request from a query, and the time `at` gives, if any.
    private func untimedRequest(
        kind: String, family: WidgetFamily, query: Parameters
    ) throws(BadQuery) -> (RenderRequest, Date?) {
        guard query.count <= Self.queryItemLimit else {
            throw BadQuery("the query has over \(Self.queryItemLimit) items")
        }
        var request = batch.request(kind: kind, family: family)
        var shown: Date?
        var parameters: [String: String] = [:]
        for (key, value) in query {
            let key = String(key)
            let value = String(value)
            switch key {
            case "at":
                shown = try Self.shownTime(value, timeZone: request.timeZone)
            case "device":
                do {
                    request.device = try DeviceProfile.named(value)
                } catch {
                    throw BadQuery("device: \(error.description)")
                }
            case "scheme":
                request.colorScheme = try Self.colorScheme(value)
            case "locale":
                request.locale = try Self.locale(value)
            case "mode":
                guard let mode = WidgetRenderingMode(named: value) else {
                    throw BadQuery("mode: '\(Self.printable(value))' is not full-color, accented or vibrant")
                }
                request.renderingMode = mode
            case "tint":
                guard let tint = WidgetRenderingMode.tint(named: value) else {
                    throw BadQuery(
                        "tint: '\(Self.printable(value))' is not #RRGGBB or a system colour's name such as blue")
                }
                request.tint = tint
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
        return (request, shown)
    }

    /// `at`: an ISO 8601 date.
    static func shownTime(_ value: String, timeZone: TimeZone) throws(BadQuery) -> Date {
        guard let date = DateParsing.date(value, timeZone: timeZone) else {
            throw BadQuery(
                "at: '\(Self.printable(value))' is not an ISO 8601 date: write 2026-01-01 or 2026-01-01T09:00:00Z")
        }
        return date
    }

    /// `scheme`: light or dark.
    static func colorScheme(_ value: String) throws(BadQuery) -> ColorScheme {
        switch value.lowercased() {
        case "light": return .light
        case "dark": return .dark
        default: throw BadQuery("scheme: '\(Self.printable(value))' is not light or dark")
        }
    }

    /// `locale`: a language code.
    static func locale(_ value: String) throws(BadQuery) -> Locale {
        guard let locale = CommonOptions.languageCode(value) else {
            throw BadQuery("locale: '\(Self.printable(value))' is not a language code such as en, ja, ko or pt-BR")
        }
        return locale
    }

    /// Whole seconds since 1970, rounded down (and kept within what a date can hold).
    static func seconds(_ date: Date) -> Int64 {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        return Int64(max(-1e15, min(1e15, seconds.isFinite ? seconds : 0)))
    }

    /// A duration in whole nanoseconds (saturating past about 292 years).
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : whole &+ attoseconds / 1_000_000_000
    }

    /// `value` modulo `divisor`, never negative.
    static func modulo(_ value: Int64, _ divisor: Int64) -> Int64 {
        let remainder = value % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }

    /// Seconds from `shownAt` until what is on screen next changes (`nextChange`), at most
    /// ``maxAgeCap`` and at most until the next quarter hour, when the provider is asked afresh
    /// (``askInterval``).
    func maxAge(shownAt: Date, nextChange: Date?) -> Int {
        let second = Self.seconds(shownAt)
        let toNextAsk = Double(Self.askInterval - Self.modulo(second, Self.askInterval))
        var seconds = min(Double(maxAgeCap), toNextAsk)
        if let next = nextChange {
            let untilNext = next.timeIntervalSince(shownAt)
            if untilNext.isFinite { seconds = min(seconds, untilNext) }
        }
        return Int(max(0, seconds.rounded(.down)))
    }

    /// A tag for the pixels in this format with these options: equal pixels in another format,
    /// size or look get another tag.
    static func entityTag(_ image: EncodedImage, _ request: RenderRequest, encoder: any ImageEncoder) -> String {
        let options = [
            // The encoder with its options (an e-ink server's bit depth and dithering).
            image.format.name, String(describing: encoder), request.device.id,
            String(request.scale ?? request.device.scale),
            request.colorScheme == .dark ? "dark" : "light", request.locale.identifier,
            request.renderingMode.map { "\($0)" } ?? "default",
            request.tint.map(WidgetRenderingMode.hexName) ?? "",
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
