import ArgumentParser
import Foundation
import WidgetRender

struct GalleryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
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
              widgetrender gallery --out Output/gallery
              widgetrender gallery --device ipad-1024x1366 --locale ja --out Output/gallery-ipad
            """)

    @Option(name: .customLong("out"), help: ArgumentHelp("Output folder.", valueName: "dir"))
    var out: String = "Output/gallery"

    @OptionGroup var common: CommonOptions

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    func run() async throws {
        var request = try common.request(outputDirectory: URL(fileURLWithPath: out, isDirectory: true), families: nil)
        request.mode = .snapshot
        let started = DispatchTime.now()
        do {
            let session = try RenderSession()
            let schemes = common.colorScheme.map { [$0] } ?? [.light, .dark]
            let result = try await Gallery(session: session).build(request, schemes: schemes) { line in
                if !quiet { Console.progress(line) }
            }
            if !quiet { Console.endProgress() }
            print(Render.display(result.index))
            print(Render.display(result.contactSheet))
            // Warnings are printed even with --quiet, as render does.
            for note in result.notes where quiet && note.hasPrefix("warning:") { Console.line(note) }
            if !quiet {
                for note in result.notes { Console.line(note) }
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
                Console.line(
                    "Gallery: \(result.previews.count) previews in \(String(format: "%.1f", seconds)) s → \(Render.display(result.index))"
                )
            }
        } catch {
            throw Console.fail(error)
        }
    }
}
