import BuiltInCommand
import ChartWidgets
import WidgetRenderCLI
import WidgetRenderServer

/// `widgetrender-server`: `serve` over the built-in widgets, with their data options. It is an
/// executable of its own so that `widgetrender` does not link a server (its cold start stays
/// as it was).
@main
struct WidgetRenderServerMain: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widgetrender-server",
        abstract: "Serve the built-in widgets' images over HTTP (`serve` is the default subcommand).",
        subcommands: [ServeCommand<BuiltInWidgets, ChartDataCommandOptions>.self],
        defaultSubcommand: ServeCommand<BuiltInWidgets, ChartDataCommandOptions>.self)

    init() {}
}
