import ArgumentParser
import Foundation
import WidgetRender

/// `reload`: WidgetCenter from a shell.
struct ReloadCommand<Bundle: WidgetBundle, Options: WidgetCommandOptions>: ParsableCommand {
    static var configuration: CommandConfiguration {
        let name = CommandName.current
        return CommandConfiguration(
            commandName: "reload",
            abstract: "Ask this bundle's running `watch` (and `serve`) to reload, as WidgetCenter does.",
            discussion: """
                What WidgetCenter.shared.reloadTimelines(ofKind:) does in an app, from a shell or a \
                script: each running `\(name) watch` asks the widget's provider again (within its \
                reload budget) and redraws. Without --kind, every widget reloads \
                (reloadAllTimelines()). --list prints the running widgets instead \
                (getCurrentConfigurations).

                Examples:
                  \(name) reload --kind KIND
                  \(name) reload
                  \(name) reload --list
                """)
    }

    @Option(help: ArgumentHelp("The widget kind to reload. Default: every widget.", valueName: "kind"))
    var kind: String?

    @Flag(help: "List the running widgets (kind, family, configuration, process) instead of reloading.")
    var list = false

    init() {}

    func validate() throws {
        if let kind, let kinds = try? Bundle().resolvedWidgets().map(\.kind), !kinds.contains(kind) {
            throw ValidationError("--kind: unknown widget '\(kind)'; known: \(kinds.joined(separator: ", "))")
        }
        if list && kind != nil { throw ValidationError("--list and --kind cannot be combined") }
    }

    func run() throws {
        let bundleName = String(describing: Bundle.self)
        let center = WidgetCenter(bundle: bundleName)
        if list {
            let widgets: [WidgetInfo]
            do {
                widgets = try center.currentConfigurationsNow()
            } catch {
                throw Console.fail(WidgetRenderError.unavailable("WidgetCenter: \(error)"))
            }
            for widget in widgets {
                let configuration = widget.configuration.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                print(
                    "\(widget.kind)\t\(widget.family.shortName)\tpid \(widget.processID)"
                        + (configuration.isEmpty ? "" : "\t" + configuration.joined(separator: " ")))
            }
            if widgets.isEmpty { Console.line("No widget of \(bundleName) is running (start one with `watch`).") }
            return
        }
        let reached = center.reload(kind: kind)
        Console.line(
            reached == 0
                ? "No `watch` of \(bundleName) is running: nothing to reload."
                : "Asked \(reached) running process\(reached == 1 ? "" : "es") to reload \(kind ?? "every widget").")
    }
}
