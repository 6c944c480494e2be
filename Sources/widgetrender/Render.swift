import ArgumentParser
import Foundation
import WidgetCore
import WidgetRender

struct Render: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render widgets to PNG files (the default command).",
        discussion: """
            Writes one PNG per widget, family and timeline entry, and manifest.json. \
            Families a widget does not support, or the device does not have, are \
            skipped with a note. The PNG paths are printed on stdout; progress and \
            notes go to stderr.

            Examples:
              widgetrender render --family medium --out Output/
              widgetrender --family small,large --device iphone-375x667 --out Output/
              widgetrender --family all --placeholder --out Output/placeholders
              widgetrender --widget price --now 2023-08-02 --family medium
              widgetrender --widget price --data https://example.com/klines.json --range all --family large
              widgetrender --widget covid-global --data ./jhu.csv --param country=KOR --family medium
              widgetrender --widget covid-global --data ./us-states.csv --param "country=New York" --range 90d
            """)

    @Option(
        name: .customLong("family"),
        help: ArgumentHelp(
            "small, medium, large, extraLarge, accessoryCircular, accessoryRectangular, accessoryInline or all; repeat or separate with commas. Default: medium.",
            valueName: "family"))
    var families: [String] = []

    @Option(name: .customLong("out"), help: ArgumentHelp("Output folder.", valueName: "dir"))
    var out: String = "Output"

    @OptionGroup var common: CommonOptions

    @Flag(help: "Render each widget's placeholder (redacted) instead of its timeline.")
    var placeholder = false

    @Flag(help: "Render each widget's snapshot (as the widget gallery asks) instead of its timeline.")
    var snapshot = false

    @Flag(name: .shortAndLong, help: "Print only errors and warnings.")
    var quiet = false

    @Flag(
        name: .customLong("all-warnings"),
        help: "Print every skipped-record warning (by default the first \(Console.warningLimit), then a count).")
    var allWarnings = false

    func validate() throws {
        if placeholder && snapshot { throw ValidationError("--placeholder and --snapshot cannot be combined") }
    }

    func run() async throws {
        var request = try common.request(
            outputDirectory: URL(fileURLWithPath: out, isDirectory: true), families: try FamilySelection.parse(families)
        )
        request.mode = placeholder ? .placeholder : snapshot ? .snapshot : .timeline
        let started = DispatchTime.now()
        do {
            let session = try RenderSession()
            let result = try await RenderPipeline(session: session).run(request) { line in
                if !quiet { Console.progress(line) }
            }
            if !quiet { Console.endProgress() }
            for url in result.files { print(Self.display(url)) }
            // Warnings are printed even with --quiet: they say the picture may not show what was asked.
            Console.warnings(result.warnings, all: allWarnings)
            if !quiet {
                for note in result.notes { Console.line(note) }
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
                let widgets = Set(result.manifest.images.map(\.kind)).count
                Console.line(
                    "Rendered \(result.files.count) PNG\(result.files.count == 1 ? "" : "s") for \(widgets) widget\(widgets == 1 ? "" : "s") in \(String(format: "%.1f", seconds)) s → \(out)"
                )
            }
        } catch {
            throw Console.fail(error)
        }
    }

    /// A path relative to the current folder when it is inside it.
    static func display(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
    }
}
