import ArgumentParser
import Foundation
import WidgetRender
import WidgetDrawing

/// `render` (the default): every entry of each widget's timeline as PNG files.
struct RenderCommand<Bundle: WidgetBundle, Options: WidgetCommandOptions>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        let name = CommandName.current
        return CommandConfiguration(
            commandName: "render",
            abstract: "Render widgets to image files, PNG by default (the default command).",
            discussion: """
                Asks each widget's provider for its timeline at --now and writes one PNG per widget, \
                family and entry, and manifest.json. The entry on screen at --now is drawn for that \
                time; the others for their own dates, and the manifest marks each as past, on \
                screen, upcoming, or unreachable (dated at or after a reload that replaces the \
                timeline first). Families a widget does not support, or the device does not have, \
                are skipped with a note. The PNG paths are printed on stdout; progress and notes \
                go to stderr.

                Examples:
                  \(name) render --family medium --out Output/
                  \(name) --family small,large --device iphone-375x667 --out Output/
                  \(name) --family all --placeholder --out Output/placeholders
                  \(name) --now 2026-01-01T09:00:00Z --time-zone Asia/Tokyo --family small
                  \(name) --family medium --bit-depth 1 --dither atkinson --max-bytes 90k   (e-ink)
                  \(name) --family large --image-format bmp --bit-depth 4 --levels 8 --rotate 90

                Split across machines (a CI matrix, a Kubernetes Indexed Job): give each the same \
                options and --now, and --shard K/N; then `\(name) manifest merge` joins their \
                folders into what one run writes:
                  \(name) --family all --now 2026-01-01T09:00:00Z --shard 2/4 --out shard-2
                  \(name) manifest merge shard-1 shard-2 shard-3 shard-4 --out Output
                """)
    }

    @Option(name: .customLong("family"), help: FamilySelection.help)
    var families: [String] = []

    @Option(name: .customLong("out"), help: ArgumentHelp("Output folder.", valueName: "dir"))
    var out: String = "Output"

    @OptionGroup var common: CommonOptions
    @OptionGroup var time: NowOption
    @OptionGroup var options: Options
    @OptionGroup(title: "Image format and e-ink greys") var image: ImageFormatOptions

    @Option(
        help: ArgumentHelp(
            "Draw only shard K of N (1 ≤ K ≤ N): every Nth image, starting with the Kth. Every shard asks every provider, so give them all the same --now. `manifest merge` joins the shards.",
            valueName: "K/N"))
    var shard: String?

    @Flag(help: "Render each widget's placeholder (redacted) instead of its timeline.")
    var placeholder = false

    @Flag(help: "Render each widget's snapshot (as the widget gallery asks) instead of its timeline.")
    var snapshot = false

    @Flag(name: .shortAndLong, help: "Print only errors and warnings (not the PNG paths, progress or notes).")
    var quiet = false

    @Flag(
        name: .customLong("all-warnings"),
        help: "Print every warning (by default the first \(Console.warningLimit), then a count).")
    var allWarnings = false

    init() {}

    func validate() throws {
        if placeholder && snapshot { throw ValidationError("--placeholder and --snapshot cannot be combined") }
        // Checked here as well as in run(), so that a bad value prints this subcommand's usage line.
        _ = try makeRequest()
    }

    /// The request the options describe; throws `ValidationError` naming a bad option.
    private func makeRequest() throws -> RenderBatch {
        var request = try common.request(
            outputDirectory: try OutputFolder.url(out),
            families: try FamilySelection.parse(families, default: common.defaultFamilies)
        )
        try image.apply(to: &request)
        request.now = try time.date(in: request.timeZone)
        request.mode = placeholder ? .placeholder : snapshot ? .snapshot : .timeline
        if let shard { request.shard = try Self.shard(shard) }
        try options.apply(to: &request)
        return request
    }

    /// `K/N`, checked.
    static func shard(_ text: String) throws -> RenderBatch.Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw ValidationError("--shard: '\(text)' is not K/N, such as 2/4")
        }
        do {
            return try RenderBatch.Shard(index: index, count: count)
        } catch {
            throw ValidationError("--shard: \(error.description)")
        }
    }

    func run() async throws {
        try OutputFolder.check(out)
        let request = try makeRequest()
        RenderingProcess.prepare(for: request)
        Console.keepStdoutForResults()
        let started = DispatchTime.now()
        do {
            let engine = try RenderEngine(bundle: Bundle())
            let result = try await FolderRenderer(engine: engine).run(request) { line in
                if !quiet { Console.progress(line) }
            }
            if !quiet { Console.endProgress() }
            if !quiet { for url in result.files { Console.result(Console.display(url)) } }
            // Warnings are printed even with --quiet: they say the picture may not show what was asked.
            Console.warnings(result.warnings, all: allWarnings)
            if !quiet {
                Console.notes(result.notes)
                let widgets = result.kinds.count
                let format = request.encoder.format.name.uppercased()
                if let shard = request.shard, let total = result.manifest.shard?.images {
                    Console.line("Shard \(shard) of a run of \(total) image\(total == 1 ? "" : "s").")
                }
                Console.line(
                    "Rendered \(result.imageCount) \(format)\(result.imageCount == 1 ? "" : "s") for \(widgets) widget\(widgets == 1 ? "" : "s") in \(Console.seconds(since: started)) → \(out)"
                )
            }
        } catch {
            throw Console.fail(error)
        }
    }
}
