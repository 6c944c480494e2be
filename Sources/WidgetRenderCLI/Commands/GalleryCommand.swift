import ArgumentParser
import Foundation
import WidgetRender
import WidgetDrawing

/// `gallery`: every widget's snapshot in every family, light and dark, with a page and a contact sheet.
struct GalleryCommand<Bundle: WidgetBundle, Options: WidgetCommandOptions>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        let name = CommandName.current
        return CommandConfiguration(
            commandName: "gallery",
            abstract: "Render the widget gallery: every widget's snapshot in every family, light and dark.",
            discussion: """
                As WidgetKit's gallery does, asks each provider for its snapshot with the \
                preview flag set, renders it in every family the widget supports and the \
                device has, in light and dark, and writes <out>/<kind>/<family>-<scheme>.png, \
                <out>/index.html (a page that works offline as a plain file: names, \
                descriptions, the families side by side at their real point size, each \
                image linked to its PNG) and <out>/contact-sheet.png (all previews with captions).

                Examples:
                  \(name) gallery --out Output/gallery
                  \(name) gallery --device ipad-1024x1366 --locale ja --out Output/ipad
                """)
    }

    @Option(name: .customLong("out"), help: ArgumentHelp("Output folder.", valueName: "dir"))
    var out: String = "Output/gallery"

    @OptionGroup var common: CommonOptions
    @OptionGroup var time: NowOption
    @OptionGroup var options: Options

    @Flag(name: .shortAndLong, help: "Print only errors and warnings.")
    var quiet = false

    init() {}

    // Checked here as well as in run(), so that a bad value prints this subcommand's usage line.
    func validate() throws { _ = try makeRequest() }

    /// The request the options describe; throws `ValidationError` naming a bad option.
    private func makeRequest() throws -> RenderBatch {
        var request = try common.request(outputDirectory: try OutputFolder.url(out), families: nil)
        request.now = try time.date(in: request.timeZone)
        request.mode = .snapshot
        try options.apply(to: &request)
        return request
    }

    func run() async throws {
        try OutputFolder.check(out)
        let request = try makeRequest()
        RenderingProcess.prepare(for: request)
        Console.keepStdoutForResults()
        let started = DispatchTime.now()
        do {
            let engine = try RenderEngine(bundle: Bundle())
            let schemes: [ColorScheme] = common.colorScheme == nil ? [.light, .dark] : [request.colorScheme]
            let result = try await Gallery(engine: engine).build(request, schemes: schemes) { line in
                if !quiet { Console.progress(line) }
            }
            if !quiet { Console.endProgress() }
            if !quiet {
                Console.result(Console.display(result.index))
                Console.result(Console.display(result.contactSheet))
            }
            // Warnings are printed even with --quiet, as render does.
            Console.warnings(result.warnings, all: true)
            if !quiet {
                Console.notes(result.notes)
                Console.line(
                    "Gallery: \(result.previews.count) previews in \(Console.seconds(since: started)) → \(Console.display(result.index))"
                )
            }
        } catch {
            throw Console.fail(error)
        }
    }
}
