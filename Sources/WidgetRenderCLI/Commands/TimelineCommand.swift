import ArgumentParser
import Foundation
import WidgetRender

/// `timeline`: WidgetKit's time model played over a span, one PNG per change of what is on screen.
struct TimelineCommand<Bundle: WidgetBundle, Options: WidgetCommandOptions>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        let name = CommandName.current
        return CommandConfiguration(
            commandName: "timeline",
            abstract: "Play WidgetKit's time model over a span: what is on screen when, and every reload.",
            discussion: """
                Asks each provider at --from, shows each entry at its date, and asks again when the \
                reload policy says (.after(date) at that date, .atEnd 5 minutes after the last entry, \
                .never not at all), with now = that time; the new timeline replaces the old at \
                that instant, and a reload at the same instant as an entry wins. On a device the \
                policy's date is only the earliest reload; here it is taken as exact, and a date \
                not after the request is taken 5 minutes after it. The span is half-open: \
                [--from, --to).

                Writes OUT/<kind>/<family>/<n>-<time>.png for each change of what is on screen, \
                drawn for the time it appears (so Text(date, style: .relative) reads as it would \
                then), and manifest.json with every request (when asked, policy, reload, and each \
                entry as shown, past, unreachable or after the span) and the sequence of screens \
                (time, request, entry, why: start, entry, reload or sample). Each screen after a \
                widget and family's first records pixelsChanged and, when true, changedRegion: \
                the bounding box {x, y, width, height} of the pixels that differ from the screen \
                before, in the file's pixels (after --rotate; with --bit-depth, of the greys \
                written, dithering included): what an e-ink panel refreshes partly.

                With --image-format apng, also writes OUT/<kind>/<family>/timeline.apng: the \
                screens as one animated PNG (image/apng, played forever), each frame shown for \
                the time its screen stayed on (until the next screen; the last, until --to) \
                divided by --animation-speed, at least 0.05 s and at most 10 s. Each screen's \
                own PNG is written too, as with png (colour, or grey with --bit-depth; \
                --max-bytes applies to each), and \
                manifest.json's animations give each frame's screen, time on screen and delay.

                Examples:
                  \(name) timeline --from 2026-01-01T09:00:00Z --to +4h
                  \(name) timeline --from 2026-01-01T09:00:00Z --to +24h --every 1h
                  \(name) timeline --to +7d --image-format apng --animation-speed 1d
                """)
    }

    @Option(
        help: ArgumentHelp(
            "The start of the span and the first request, ISO 8601 (without an offset, in --time-zone). Default: the current time.",
            valueName: "date"))
    var from: String?

    @Option(
        help: ArgumentHelp(
            "The end of the span, not included: a date, or a duration after --from such as +4h or +1d12h.",
            valueName: "date|+duration"))
    var to: String

    @Option(
        help: ArgumentHelp(
            "Also render the screen at this interval (e.g. 15m), for views whose text counts time.",
            valueName: "duration"))
    var every: String?

    @Option(
        name: .customLong("animation-speed"),
        help: ArgumentHelp(
            "With --image-format apng: the widget time one second of the animation plays, a duration (1h, the default, plays an hour a second; 1d a day).",
            valueName: "duration"))
    var animationSpeed: String?

    @Option(name: .customLong("family"), help: FamilySelection.help)
    var families: [String] = []

    @Option(name: .customLong("out"), help: ArgumentHelp("Output folder.", valueName: "dir"))
    var out: String = "Output/timeline"

    @OptionGroup var common: CommonOptions
    @OptionGroup var options: Options
    @OptionGroup(title: "Image format and e-ink greys") var image: ImageFormatOptions

    @Flag(name: .shortAndLong, help: "Print only errors and warnings.")
    var quiet = false

    @Flag(name: .customLong("all-warnings"), help: "Print every warning, not the first \(Console.warningLimit).")
    var allWarnings = false

    init() {}

    // Checked here as well as in run(), so that a bad value prints this subcommand's usage line.
    func validate() throws { _ = try makeRequest() }

    /// The request and the simulated span the options describe; throws `ValidationError` naming a bad option.
    private func makeRequest() throws -> (request: RenderBatch, start: Date, end: Date, every: TimeInterval?) {
        var request = try common.request(
            outputDirectory: try OutputFolder.url(out),
            families: try FamilySelection.parse(families, default: common.defaultFamilies)
        )
        var timing = AnimatedPNG.Timing()
        if let animationSpeed {
            guard image.isAnimation else {
                throw ValidationError("--animation-speed is for --image-format apng (an animation of the screens)")
            }
            guard let seconds = DateParsing.duration(animationSpeed), seconds > 0 else {
                throw ValidationError(
                    "--animation-speed: '\(animationSpeed)' is not a duration such as 1h (an hour a second) or 1d")
            }
            timing.speed = seconds
        }
        try image.apply(to: &request, animation: timing)
        let zone = request.timeZone
        let start: Date
        if let from {
            guard let date = DateParsing.date(from, timeZone: zone) else {
                throw ValidationError("--from: '\(from)' is not an ISO 8601 date such as 2026-01-01T09:00:00Z")
            }
            start = date
        } else {
            start = Date()
        }
        guard let end = DateParsing.date(to, after: start, timeZone: zone) else {
            throw ValidationError("--to: '\(to)' is not a date or a duration such as +4h, +90m or +1d")
        }
        guard end > start else { throw ValidationError("--to must be after --from") }
        var interval: TimeInterval?
        if let every {
            guard let seconds = DateParsing.duration(every) else {
                throw ValidationError("--every: '\(every)' is not a duration such as 15m or 1h")
            }
            interval = seconds
        }
        try options.apply(to: &request)
        return (request, start, end, interval)
    }

    func run() async throws {
        try OutputFolder.check(out)
        let (request, start, end, interval) = try makeRequest()
        Console.keepStdoutForResults()
        let started = DispatchTime.now()
        do {
            let engine = try RenderEngine(bundle: Bundle())
            let result = try await FolderRenderer(engine: engine).simulate(
                request, from: start, to: end, every: interval
            ) { line in
                if !quiet { Console.progress(line) }
            }
            if !quiet { Console.endProgress() }
            if !quiet { for url in result.files + result.animations { Console.result(Console.display(url)) } }
            Console.warnings(result.warnings, all: allWarnings)
            if !quiet {
                Console.notes(result.notes)
                let requests = result.manifest.widgets.reduce(0) { $0 + $1.requests.count }
                let animations = result.animations.count
                Console.line(
                    "Simulated \(DateParsing.format(duration: end.timeIntervalSince(start))): \(result.files.count) screen\(result.files.count == 1 ? "" : "s"), \(requests) request\(requests == 1 ? "" : "s")"
                        + (animations > 0 ? ", \(animations) APNG\(animations == 1 ? "" : "s")" : "")
                        + " in \(Console.seconds(since: started)) → \(out)"
                )
            }
        } catch {
            throw Console.fail(error)
        }
    }
}
