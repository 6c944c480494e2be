import ArgumentParser
import Foundation
import Hummingbird
import Logging
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
                  GET  /widgets/KIND/timeline.json       the provider's timeline (?family=F)
                  POST /reload, POST /reload/KIND        as WidgetCenter's reloadAllTimelines() \
                and reloadTimelines(ofKind:)

                FAMILY is named as --family names it (small, medium, accessoryCircular…). The \
                query changes what is drawn: at (ISO 8601, the time shown; default now), device, \
                scheme (light or dark), locale, mode (full-color, accented or vibrant) and \
                param.NAME=value; other keys are ignored, so a cache buster does no harm. The \
                other options below are the defaults a query changes. HEAD is answered wherever \
                GET is.

                Images carry an ETag (the pixels' digest with the format and look), \
                Last-Modified (when the entry on screen began) and Cache-Control: max-age until \
                what is on screen next changes (at most an hour); a request with If-None-Match \
                and the same tag gets 304 Not Modified. Errors are JSON with their status: 400 \
                a bad value, 401 no token, 403 a cross-site POST, 404 an unknown path, widget or \
                family, 405 a method the path does not take, 414 a URI over 4 KiB, 503 a \
                provider that timed out or 64 images already being drawn (Retry-After: 1).

                Another host than the loopback needs --token: every request must then carry \
                Authorization: Bearer <token>. A POST whose Origin is not this server is \
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

    @Flag(name: .shortAndLong, help: "Log only warnings and errors, not each request.")
    var quiet = false

    @OptionGroup var common: CommonOptions
    @OptionGroup var options: Options

    /// The command, with every option at its default.
    public init() {}

    private var resolvedToken: String? {
        token ?? ProcessInfo.processInfo.environment["WIDGETRENDER_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Checks the port, that a host other than the loopback has a token, and every look option.
    public func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, not \(port)") }
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
        try options.apply(to: &batch)
        return batch
    }

    /// Serves until SIGINT or SIGTERM, then answers the requests in flight and returns.
    public func run() async throws {
        let batch = try makeBatch()
        RenderingProcess.prepare(for: batch)
        var server: WidgetServer
        do {
            server = try WidgetServer(engine: try RenderEngine(bundle: Bundle()), batch: batch, token: resolvedToken)
        } catch let error as WidgetRenderError {
            throw Console.fail(error)
        }
        server.logger.logLevel = quiet ? .warning : .info
        let host = self.host
        let count = server.engine.widgets.count
        let application = server.application(host: host, port: port, logger: server.logger) { port in
            Console.line(
                "Serving \(count) widgets on http://\(host):\(port)/widgets; Ctrl-C to stop")
        }
        do {
            try await application.runService()
        } catch {
            throw Console.fail(.unavailable("serve: \(error)"))
        }
    }
}
