import ArgumentParser
import Foundation
import WidgetRender

@main
struct WidgetRenderCLI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widgetrender",
        abstract: "Render WidgetKit-style widgets (timelines, families, entries) to PNG files with Cairo.",
        discussion: """
            Each widget's provider returns a timeline; every entry is drawn for every \
            requested family at the device's size and scale, and written to \
            OUT/<kind>/<family>/<index>-<date>.png with OUT/manifest.json describing them.

            Examples:
              widgetrender --family medium --out Output/
              widgetrender --family all --color-scheme dark --out Output/
              widgetrender --widget covid-country --param country=KOR --locale ko --family small
              widgetrender --widget price --data ./BTC-USD.csv --range 90d --family large
              widgetrender --widget covid-global --shared-container ./group --family medium
              widgetrender list --json
              widgetrender gallery --out Output/gallery
              widgetrender bench --family medium

            Exit codes: 0 ok, 64 usage, 65 bad data, 66 missing input, 69 unavailable \
            (fonts, assets), 70 internal error, 74 cannot write output.
            """,
        version: WidgetRenderVersion.current,
        subcommands: [Render.self, List.self, Formats.self, GalleryCommand.self, Bench.self],
        defaultSubcommand: Render.self
    )
}

/// Prints to stderr; colour only on a terminal and when NO_COLOR is unset.
enum Console {
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    static var useColor: Bool { stderrIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil }

    static func error(_ message: String) {
        let prefix = useColor ? "\u{1B}[31merror:\u{1B}[0m" : "error:"
        FileHandle.standardError.write(Data("\(prefix) \(message)\n".utf8))
    }

    static func line(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }

    /// One progress line: redrawn in place on a terminal, a plain line otherwise.
    static func progress(_ message: String) {
        if stderrIsTerminal {
            FileHandle.standardError.write(Data("\r\u{1B}[2K\(message)".utf8))
        } else {
            line(message)
        }
    }

    static func endProgress() {
        if stderrIsTerminal { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }

    /// How many warnings are printed before the rest are counted (without `--all-warnings`).
    static var warningLimit: Int { 20 }

    /// Prints warnings, one line each, up to ``warningLimit`` unless `all`; the rest as a count.
    static func warnings(_ warnings: [String], all: Bool) {
        let shown = all ? warnings[...] : warnings.prefix(warningLimit)
        var text = ""
        for warning in shown { text += "warning: \(warning)\n" }
        if shown.count < warnings.count {
            let more = warnings.count - shown.count
            text +=
                "warning: … and \(more) more like these (\(warnings.count) in all; --all-warnings prints every one)\n"
        }
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func fail(_ error: PipelineError) -> ExitCode {
        endProgress()
        self.error(error.description)
        return ExitCode(error.exitCode)
    }
}
