import ArgumentParser
import Foundation
import Hummingbird
import Logging
import WidgetCore
import WidgetRender
import WidgetRenderCLI

/// `serve`: the bundle's widgets over HTTP, for dashboards, e-ink screens, pages and chat.
///
/// A command gains it by depending on the `WidgetRenderServer` product and listing it among its
/// options' subcommands:
///
/// ```swift
/// import WidgetRenderCLI
/// import WidgetRenderServer
///
/// struct GameOptions: WidgetCommandOptions {
///     static var subcommands: [any ParsableCommand.Type] { [ServeCommand<GameWidgets, GameOptions>.self] }
///     func apply(to batch: inout RenderBatch) {}
/// }
///
/// @main enum Command {
///     static func main() async { await WidgetCommand<GameWidgets, GameOptions>.main() }
/// }
/// ```
public struct ServeCommand<Bundle: WidgetBundle, Options: WidgetCommandOptions>: AsyncParsableCommand {
    /// The port `serve` listens on unless `--port` says.
    public static var defaultPort: Int { 8620 }

    /// `serve`'s name, help and examples.
    public static var configuration: CommandConfiguration {
        let name = CommandName.current
        return CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the widgets' images over HTTP, drawn when asked.",
            discussion: """
                Answers on 127.0.0.1:\(defaultPort) (--host, --port) until SIGINT or SIGTERM, \
                which end it once the requests in flight are answered:

                  GET  /healthz                          {"status":"ok"}
                  GET  /widgets                          the JSON `list --json` prints
                  GET  /widgets/KIND/FAMILY.png          the entry on screen now, as a PNG
                  GET  /widgets/KIND/FAMILY              the same, in the format Accept prefers
                  GET  /widgets/KIND/timeline.json       the timeline on screen (?family=F)
                  POST /reload, POST /reload/KIND        as WidgetCenter's reloadAllTimelines() \
                and reloadTimelines(ofKind:), at most 60 a minute
                  GET  /metrics                          for Prometheus: requests, latency, \
                renders, cache hits, queue depth
                  GET  /screens/DEVICE.png?layout=L      widgets composed into one e-ink screen \
                (.bmp too), as `screen` draws it
                  GET  /api/display                      TRMNL's device protocol, for --screen

                FAMILY is named as --family names it (small, medium, accessoryCircular…). The \
                query changes what is drawn: at (ISO 8601, the time shown; default now), device, \
                scheme (light or dark), locale, mode (full-color, accented or vibrant) and \
                param.NAME=value; other keys are ignored, so a cache buster does no harm. \
                --device, --color-scheme, --locale, --rendering-mode and --param below are the \
                defaults a query changes; --scale, --time-zone, --shared-container and \
                --provider-timeout apply to every request; --widget serves only the widgets \
                named. HEAD is answered wherever GET is.

                The provider is asked as a device showing the widget asks it: at the quarter \
                hour (UTC) before the time shown, then again as its reload policy says. So an \
                image depends on its URL alone, whichever instance answers, and one provider \
                answer serves a quarter hour of requests. Images are kept in memory (--cache-size) \
                by everything that decides their pixels, the time shown to the second among it. \
                `\(name) reload` and WidgetCenter calls from other processes reach a running serve \
                as they reach watch.

                Images carry an ETag (the pixels' digest with the format and look), \
                Last-Modified (when the entry on screen began), Vary: Accept and Cache-Control: \
                max-age until what is on screen next changes or the next quarter hour, whichever \
                is first; a request with If-None-Match and the same tag gets 304 Not Modified \
                (If-Modified-Since is not used: a reload can change an image whose entry did \
                not, so poll with If-None-Match). Errors are JSON with their status: 400 \
                a bad value, 401 no token, 403 a cross-site POST, 404 an unknown path, widget, \
                family, screen or format, 405 a method the path does not take, 406 no format Accept takes, 413 a \
                body over 1 KiB, 414 a URI over 4 KiB, 429 over 60 reloads a minute \
                (Retry-After), 503 a provider that timed out or 64 images already being drawn \
                (Retry-After: 1). A connection idle for 30 seconds is closed.

                E-ink screens: /screens/DEVICE.png or .bmp (DEVICE one of \
                \(DeviceProfile.screens.map(\.id).joined(separator: ", "))) draws the widgets of \
                layout (as `screen --layout` takes it; default --screen) in the panel's own greys \
                or inks, at `at`, with scheme, locale, dither, invert and rotate in the query, \
                cached and tagged as images are. With --screen, a TRMNL (or firmware speaking its \
                protocol) pointed at this server asks GET /api/display and is answered as TRMNL's \
                servers answer: image_url, the screen at that second (host from the Host header); \
                filename, its pixels' digest, so the device refreshes only when the screen \
                changed; refresh_rate, the seconds until it changes (its max-age, at least 60). \
                The screen is --screen-device, or the device's own by its Model header (og, x) or \
                its Width and Height, else trmnl-og. The device's Battery-Voltage (or \
                Percent-Charged), RSSI, FW-Version, Model and ID reach the widgets as \
                EnvironmentValues.screenDevice (a value that is not a number is left out) and \
                the image URL (battery=, rssi=…), so it draws the same. A device sends --token as \
                Access-Token; its image URL then carries a signature (sig) good for that URL only, \
                as the firmware fetches images without headers.

                Another host than the loopback needs --token (16 characters or more): every \
                request must then carry Authorization: Bearer <token>, /healthz and /metrics \
                too (or, on /api/display and /screens, Access-Token: <token>; a page's <img> or a chat preview cannot send it: put a proxy that adds it \
                in front). A POST whose Origin is not this server is \
                refused (any web page can POST to 127.0.0.1); a POST without Origin, from curl \
                or a script, is allowed.

                Examples:
                  \(name) serve
                  curl -o medium.png http://127.0.0.1:\(defaultPort)/widgets/KIND/medium.png
                  curl 'http://127.0.0.1:\(defaultPort)/widgets/KIND/small.png?at=2026-01-01T09:00:00Z&scheme=dark'
                  \(name) serve --host 0.0.0.0 --port 8080 --token "$(openssl rand -hex 16)"
                  \(name) serve --host 0.0.0.0 --token "$TOKEN" --screen 'price:halfVertical,covid-global:halfVertical'
                """)
    }

    @Option(help: ArgumentHelp("The address to listen on: 127.0.0.1, or another with --token.", valueName: "host"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on; 0 for any free one (printed).", valueName: "port"))
    var port = defaultPort

    @Option(
        help: ArgumentHelp(
            "A secret every request must carry as Authorization: Bearer <token>; needed for a host other than the loopback. Default: the WIDGETRENDER_TOKEN environment variable, if set.",
            valueName: "token"))
    var token: String?

    @Option(
        help: ArgumentHelp(
            "The widgets an e-ink device shows through GET /api/display (TRMNL's protocol): kind[?key=value&…]:slot, separated by commas, as `screen --layout` takes them, e.g. 'price:halfVertical,covid-country?country=JPN:quadrant,covid-country?country=KOR:quadrant'.",
            valueName: "layout"))
    var screen: String?

    @Option(
        name: .customLong("screen-device"),
        help: ArgumentHelp(
            "The screen /api/display draws for: \(DeviceProfile.screens.map(\.id).joined(separator: ", ")). Default: the device's own, by its Model header (og, x) or its Width and Height; else trmnl-og.",
            valueName: "id"))
    var screenDevice: String?

    @Option(
        name: .customLong("cache-size"),
        help: ArgumentHelp("The most memory the images kept may take, in MiB; 0 keeps none.", valueName: "MiB"))
    var cacheSize = 64

    @Flag(name: .shortAndLong, help: "Log only warnings and errors, not each request.")
    var quiet = false

    @OptionGroup var common: CommonOptions
    @OptionGroup var options: Options
    @OptionGroup(title: "Image format and e-ink greys") var image: ImageFormatOptions

    /// The command, with every option at its default.
    public init() {}

    private var resolvedToken: String? {
        token ?? ProcessInfo.processInfo.environment["WIDGETRENDER_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Checks the port, that a host other than the loopback has a token, and every look option.
    public func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, not \(port)") }
        guard (0...65_536).contains(cacheSize) else {
            throw ValidationError("--cache-size must be from 0 to 65536 MiB, not \(cacheSize)")
        }
        let loopback = ["127.0.0.1", "::1", "localhost"].contains(host.lowercased())
        if !loopback, resolvedToken == nil {
            throw ValidationError(
                "--host \(host) is reachable from other machines: give --token (or WIDGETRENDER_TOKEN) so only clients that know it are served"
            )
        }
        if let token = resolvedToken, token.count < 16 {
            throw ValidationError("--token must be at least 16 characters (openssl rand -hex 16 makes one)")
        }
        _ = try makeBatch()
        _ = try screenSettings()
    }

    /// `--screen` and `--screen-device`, read and checked.
    private func screenSettings() throws -> (layout: ScreenLayout?, device: DeviceProfile?) {
        var layout: ScreenLayout?
        if let screen {
            do {
                layout = try ScreenLayout(parsing: screen)
            } catch {
                throw ValidationError("--screen: \(error.description)")
            }
        }
        var device: DeviceProfile?
        if let screenDevice {
            let screens = DeviceProfile.screens.map(\.id).joined(separator: ", ")
            guard screen != nil else { throw ValidationError("--screen-device needs --screen, the widgets to show") }
            guard let named = try? DeviceProfile.named(screenDevice), named.panel != nil else {
                throw ValidationError("--screen-device: '\(screenDevice)' is not a screen; screens: \(screens)")
            }
            device = named
        }
        return (layout, device)
    }

    private func makeBatch() throws -> RenderBatch {
        var batch = try common.request(outputDirectory: URL(fileURLWithPath: "/dev/null"), families: nil)
        try image.apply(to: &batch)
        if batch.maxBytes != nil {
            throw ValidationError("--max-bytes is for render and timeline, which write files; serve draws on request")
        }
        try options.apply(to: &batch)
        return batch
    }

    /// Serves until SIGINT or SIGTERM, then answers the requests in flight and returns.
    public func run() async throws {
        WidgetServer.limitMallocArenas()
        let batch = try makeBatch()
        RenderingProcess.prepare(for: batch)
        let files = WidgetServer.raiseOpenFileLimit()
        if files < 4_096 {
            Console.line(
                "warning: serve: at most \(files) files may be open at once (ulimit -n), so about as many connections")
        }
        var server: WidgetServer
        let listener: WidgetCenterListener
        let bundleName = String(describing: Bundle.self)
        do {
            // --widget restricts what is served.
            var widgets: [AnyWidget]
            do {
                widgets = try Bundle().resolvedWidgets()
            } catch {
                throw WidgetRenderError.invalidBundle("\(bundleName): \(error.description)")
            }
            if !batch.kinds.isEmpty {
                let known = widgets.map(\.kind)
                for kind in batch.kinds where !known.contains(kind) {
                    throw ValidationError("--widget: no widget '\(kind)'; widgets: \(known.joined(separator: ", "))")
                }
                widgets = widgets.filter { batch.kinds.contains($0.kind) }
            }
            server = try WidgetServer(
                engine: try RenderEngine(widgets: widgets), batch: batch, token: resolvedToken,
                cacheBytes: cacheSize << 20)
            (server.screen, server.screenDevice) = try screenSettings()
            server.imageChoice = image.choice
            for slot in server.screen?.slots ?? [] {
                guard let widget = server.engine.widget(kind: slot.kind) else {
                    let known = server.engine.widgets.map(\.kind).joined(separator: ", ")
                    throw ValidationError("--screen: no widget '\(slot.kind)'; widgets: \(known)")
                }
                guard widget.supports(slot.family) else {
                    throw ValidationError("--screen: \(RenderEngine.unsupported(widget, slot.family))")
                }
            }
            do {
                listener = try WidgetCenterListener(bundle: bundleName)
            } catch {
                throw WidgetRenderError.unavailable("WidgetCenter: \(error.description)")
            }
        } catch let error as WidgetRenderError {
            throw Console.fail(error)
        }
        defer { listener.close() }
        // `reload --list` (and getCurrentConfigurations) lists what this server serves.
        let served = ServedWidgets(bundle: bundleName, widgets: server.engine.widgets, batch: batch)
        WidgetCenter.shared.addObserver(served)
        defer { WidgetCenter.shared.removeObserver(served) }
        server.logger.logLevel = quiet ? .warning : .info
        let host = self.host
        let port = self.port
        let count = server.engine.widgets.count
        let screen = server.screen.map { _ in server.screenDevice?.id ?? "the device's own screen" }
        let application = server.application(host: host, port: port, logger: server.logger) { port in
            Console.line(
                "Serving \(count) widget\(count == 1 ? "" : "s") on http://\(host):\(port)/widgets; Ctrl-C to stop")
            if let screen {
                Console.line(
                    "E-ink devices: http://\(host):\(port)/api/display (TRMNL's protocol) shows --screen on \(screen)")
            }
        }
        do {
            try await application.runService()
        } catch {
            let text = "\(error)"
            if text.contains("Address already in use") {
                throw Console.fail(
                    .unavailable("serve: \(host):\(port) is in use by another process; choose another with --port"))
            }
            throw Console.fail(.unavailable("serve: \(text)"))
        }
    }
}

/// What a running `serve` tells `reload --list` and `WidgetCenter.getCurrentConfigurations`:
/// every widget it serves in every family it supports (the engine itself hears reloads).
final class ServedWidgets: WidgetCenterObserver {
    let bundleName: String?
    let runningWidgets: [WidgetInfo]

    init(bundle: String, widgets: [AnyWidget], batch: RenderBatch) {
        bundleName = WidgetCenterChannel.socketStem(bundle)
        runningWidgets = widgets.flatMap { widget in
            (batch.families ?? widget.supportedFamilies).filter(widget.supports).map { family in
                WidgetInfo(
                    kind: widget.kind, family: family, configuration: batch.parameters,
                    bundle: WidgetCenterChannel.socketStem(bundle), processID: getpid())
            }
        }
    }

    func widgetCenterReload(kind: String?) {}
}
