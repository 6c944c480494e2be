import ArgumentParser
import Foundation
import WidgetRender

/// `reload`: WidgetCenter from a shell.
struct ReloadCommand<Bundle: WidgetBundle, Options: WidgetCommandOptions>: ParsableCommand {
    static var configuration: CommandConfiguration {
        let name = CommandName.current
        return CommandConfiguration(
            commandName: "reload",
            abstract: "Ask this bundle's running `watch` and `serve` to reload, as WidgetCenter does.",
            discussion: """
                What WidgetCenter.shared.reloadTimelines(ofKind:) does in an app, from a shell or a \
                script: each running `\(name) watch` that shows the widget asks its provider again \
                (within its reload budget) and redraws, and each running `serve` asks afresh for \
                its next image. Without --kind, every widget reloads \
                (reloadAllTimelines()). --list prints the running widgets instead \
                (getCurrentConfigurations). The sockets are in $XDG_RUNTIME_DIR/widgetrender/ \
                (/tmp/widgetrender-<uid>/ when it is unset): give `watch`, `serve` and `reload` the same \
                XDG_RUNTIME_DIR.

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
        let folder: URL
        do {
            folder = try WidgetCenterChannel.directory()
        } catch {
            throw Console.fail(WidgetRenderError.unavailable("WidgetCenter: \(error.description)"))
        }
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
            if widgets.isEmpty {
                Console.line(
                    "No widget of \(bundleName) is running (no `watch` or `serve` socket in \(folder.path); start one with `watch` or `serve`)."
                )
            }
            return
        }
        let reached = center.reload(kind: kind)
        Console.line(
            reached == 0
                ? "No `watch` or `serve` of \(bundleName) is running (no socket in \(folder.path)): nothing to reload."
                : "Asked \(reached) running process\(reached == 1 ? "" : "es") to reload \(kind ?? "every widget").")
    }
}
