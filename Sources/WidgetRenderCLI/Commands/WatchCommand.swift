import ArgumentParser
import Foundation
import WidgetRender

/// `watch`: widgets kept current in an output folder, in real time.
struct WatchCommand<Bundle: WidgetBundle, Options: WidgetCommandOptions>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        let name = CommandName.current
        return CommandConfiguration(
            commandName: "watch",
            abstract: "Keep widgets' images current, in real time, as a Home Screen would.",
            discussion: """
                Draws each widget and family now into OUT/<kind>/<family>/current.png (one path \
                that stays, for kiosks and dashboards that poll it) with OUT/manifest.json, then \
                keeps them current until SIGINT or SIGTERM: each entry at its date, a reload when \
                the timeline's policy says, and a reload when the app side calls \
                WidgetCenter.shared.reloadTimelines(ofKind:) or reloadAllTimelines() — from any \
                process of yours — or `\(name) reload` runs. Readers never see a half-written \
                folder: the manifest only names files with the bytes it records; while a change \
                is put in place (a millisecond or two) there is no manifest, so a reader that \
                finds none tries again, and one that must pair a PNG with its digest reads the \
                manifest again after the PNG. It lists the \
                latest \(Manifest.Change.historyLimit) changes, each with its reason (start, entry, \
                policy-reload, widget-center, file-change) and how many requests a reload answers. \
                SIGINT and SIGTERM end it after the change being written, with exit status 0.

                Requested reloads are budgeted as on iOS (--reload-budget): requests that come \
                faster are coalesced into the next reload the budget allows, and counted in the \
                manifest's `reloads`; none is dropped. As on iOS, a changed file in a shared \
                container does not reload a widget by itself; --reload-on-change makes it (for \
                previews while you edit the data).

                WidgetCenter reaches this process through a socket in \
                $XDG_RUNTIME_DIR/widgetrender/ (or /tmp/widgetrender-<uid>/ when \
                XDG_RUNTIME_DIR is unset), a folder only you may enter.

                Examples:
                  \(name) watch --widget KIND --family small --out Output/live
                  \(name) watch --family small,medium --shared-container group.com.example.todo=./data --out Output/live
                  \(name) watch --reload-on-change --shared-container ./data --reload-budget 2/s
                """)
    }

    @Option(name: .customLong("family"), help: FamilySelection.help)
    var families: [String] = []

    @Option(name: .customLong("out"), help: ArgumentHelp("Output folder.", valueName: "dir"))
    var out: String = "Output/live"

    @OptionGroup var common: CommonOptions
    @OptionGroup var options: Options

    @Option(
        name: .customLong("reload-budget"),
        help: ArgumentHelp(
            "How many requested reloads (WidgetCenter, --reload-on-change) may happen: COUNT/PERIOD with s, min, h or d (optionally a number of them: 5/10s), such as 1/s, 10/min or 70/d (about iOS's daily budget): at most COUNT at once, refilled evenly over PERIOD. Requests beyond it are coalesced into the next reload it allows.",
            valueName: "count/period"))
    var reloadBudget: String = ReloadBudget.default.description

    @Flag(
        name: .customLong("reload-on-change"),
        help:
            "Also reload when a file in a --shared-container folder changes (iOS does not: the app calls WidgetCenter)."
    )
    var reloadOnChange = false

    @Flag(name: .shortAndLong, help: "Print only errors and warnings, not each change.")
    var quiet = false

    init() {}

    func validate() throws { _ = try makeRequest() }

    private func makeRequest() throws -> (RenderBatch, ReloadBudget) {
        var request = try common.request(
            outputDirectory: try OutputFolder.url(out),
            families: try FamilySelection.parse(families, default: common.defaultFamilies))
        try options.apply(to: &request)
        let budget: ReloadBudget
        do {
            budget = try ReloadBudget.parse(reloadBudget)
        } catch {
            throw ValidationError("--reload-budget: \(error.description)")
        }
        if reloadOnChange && request.appGroups.isEmpty {
            throw ValidationError("--reload-on-change watches the --shared-container folders; give at least one")
        }
        return (request, budget)
    }

    func run() async throws {
        try OutputFolder.check(out)
        let (request, budget) = try makeRequest()
        RenderingProcess.prepare(for: request)
        Console.keepStdoutForResults()
        let bundleName = String(describing: Bundle.self)
        do {
            let engine = try RenderEngine(bundle: Bundle())
            let watcher = try Watcher(engine: engine, batch: request, budget: budget, bundleName: bundleName)
            if !quiet { Console.notes(watcher.notes) }
            let listener: WidgetCenterListener
            do {
                listener = try WidgetCenterListener(bundle: bundleName)
            } catch {
                throw WidgetRenderError.unavailable("WidgetCenter: \(error.description)")
            }
            defer { listener.close() }
            var changes: FolderChanges?
            if reloadOnChange {
                let folders =
                    (request.appGroups.defaultFolder.map { [$0] } ?? [])
                    + request.appGroups.folders.values.sorted {
                        $0.path < $1.path
                    }
                changes = try FolderChanges(folders) { watcher.fileChanged() }
            }
            defer { changes?.close() }
            let signals = StopSignals { watcher.stop() }
            defer { signals.cancel() }
            if !quiet {
                Console.line(
                    "Watching \(watcher.targets.count) widget\(watcher.targets.count == 1 ? "" : "s") and famil\(watcher.targets.count == 1 ? "y" : "ies") → \(out) (reload budget \(budget); WidgetCenter socket \(listener.path)); Ctrl-C to stop"
                )
            }
            let quiet = self.quiet
            try await watcher.run(
                progress: { line in if !quiet { Console.line(line) } },
                warn: { warning in Console.warnings([warning], all: true) })
            if !quiet { Console.line("Stopped; \(out) shows the last screens.") }
        } catch let error as WidgetRenderError {
            throw Console.fail(error)
        }
    }
}

/// SIGINT and SIGTERM call `stop` instead of ending the process, so a run ends between writes.
final class StopSignals: @unchecked Sendable {
    private let sources: [DispatchSourceSignal]

    init(stop: @escaping @Sendable () -> Void) {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: stop)
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
