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
                a bad value, 401 no token, 403 a cross-site POST, 404 an unknown path, widget or \
                family, 405 a method the path does not take, 406 no format Accept takes, 413 a \
                body over 1 KiB, 414 a URI over 4 KiB, 429 over 60 reloads a minute \
                (Retry-After), 503 a provider that timed out or 64 images already being drawn \
                (Retry-After: 1). A connection idle for 30 seconds is closed.

                Another host than the loopback needs --token (16 characters or more): every \
                request must then carry Authorization: Bearer <token>, /healthz and /metrics \
                too (a page's <img> or a chat preview cannot send it: put a proxy that adds it \
                in front). A POST whose Origin is not this server is \
                refused (any web page can POST to 127.0.0.1); a POST without Origin, from curl \
                or a script, is allowed.

                Examples:
                  \(name) serve
                  curl -o medium.png http://127.0.0.1:\(defaultPort)/widgets/KIND/medium.png
                  curl 'http://127.0.0.1:\(defaultPort)/widgets/KIND/small.png?at=2026-01-01T09:00:00Z&scheme=dark'
                  \(name) serve --host 0.0.0.0 --port 8080 --token "$(openssl rand -hex 16)"
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
        let application = server.application(host: host, port: port, logger: server.logger) { port in
            Console.line(
                "Serving \(count) widget\(count == 1 ? "" : "s") on http://\(host):\(port)/widgets; Ctrl-C to stop")
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
