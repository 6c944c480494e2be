import ArgumentParser
import Foundation
import WidgetRender

/// `screen`: two to four widgets composed into one e-ink or kiosk screen (TRMNL's "mashup").
struct ScreenCommand<Bundle: WidgetBundle, Options: WidgetCommandOptions>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        let name = CommandName.current
        return CommandConfiguration(
            commandName: "screen",
            abstract: "Compose widgets into one e-ink or kiosk screen image (TRMNL's mashups).",
            discussion: """
                --layout names each widget, its parameters and its slot: full (the whole screen), \
                halfHorizontal (full width, half height), halfVertical (half width, full height) or \
                quadrant. Slots fill the screen left to right, top to bottom, each taking the first \
                quarter still free, and must tile it exactly. Each widget is drawn in its slot's \
                dashboard family at the screen's pixels, with a 16 pt margin; 2 pt dividers go \
                between slots.

                The image is in the panel's own form unless --image-format or --bit-depth say \
                otherwise: 1-bit PNG on trmnl-og, 4-bit PNG of 16 greys on trmnl-x, 8-bit grey \
                PNG on Kindles and Kobo, 4-bit BMP of 8 greys on Inkplates, 1-bit BMP on \
                waveshare-7in5, and the inks of spectra6-7in3 (six) and acep7-5in65 (seven), as an RGB \
                PNG. Screens: \
                \(DeviceProfile.screens.map(\.id).joined(separator: ", ")).

                Writes OUT/screen/<device>/<n>-<time>.<ext> and manifest.json beside them: the \
                slots in pixels, and for each image the time it shows, until when, its SHA-256, \
                the entry each widget shows and, from the second image on, the box of pixels \
                that changed (for a partial refresh; with ordered dithering or none it holds \
                every changed pixel of the file, while floyd-steinberg and atkinson can spread a \
                change past it). With --to, one image per change of what is on the screen over \
                [--now, --to), as `timeline` plays WidgetKit's time model; with --image-format apng, \
                also screen.apng, the images as one animated PNG, each shown for its time on screen \
                divided by --animation-speed (grey with --bit-depth).

                Examples:
                  \(name) screen --device trmnl-og --layout 'price:halfVertical,covid-country?country=JPN:quadrant,covid-country?country=KOR:quadrant'
                  \(name) screen --device trmnl-og --layout 'price:full' --max-bytes 90k
                  \(name) screen --device kindle-pw5 --layout 'covid-global:halfHorizontal,price:halfHorizontal' --rotate 90
                  \(name) screen --device inkplate-6 --layout 'price:full' --now 2013-02-27T00:00:00Z --to +3d
                  \(name) screen --layout 'price:full' --now 2013-02-27T00:00:00Z --to +3d --image-format apng --bit-depth 1 --animation-speed 1d
                """)
    }

    @Option(
        help: ArgumentHelp(
            "The screen: \(DeviceProfile.screens.map(\.id).joined(separator: ", ")). trmnl-og is 800×480 at 1 bit. See `list --devices`.",
            valueName: "id"))
    var device: String = "trmnl-og"

    @Option(
        help: ArgumentHelp(
            "The widgets and their slots: kind[?key=value&…]:slot, separated by commas, e.g. 'price:halfVertical,covid-country?country=JPN:quadrant,covid-country?country=KOR:quadrant'. Slots: full, halfHorizontal, halfVertical, quadrant.",
            valueName: "layout"))
    var layout: String

    @Option(name: .customLong("out"), help: ArgumentHelp("Output folder.", valueName: "dir"))
    var out: String = "Output"

    @OptionGroup var time: NowOption

    @Option(
        help: ArgumentHelp(
            "Also draw every change of what is on the screen until this time, not included: a date, or a duration after --now such as +4h or +1d.",
            valueName: "date|+duration"))
    var to: String?

    @Option(
        help: ArgumentHelp("Language and region, a BCP 47 code such as en, ja, ko or de.", valueName: "code"))
    var locale: String = "en"

    @Option(
        name: .customLong("time-zone"),
        help: ArgumentHelp("Time zone for dates drawn and for dates given without an offset.", valueName: "id"))
    var timeZone: String = "UTC"

    @Option(
        name: .customLong("color-scheme"),
        help: ArgumentHelp("light (black on white, the default) or dark (white on black).", valueName: "scheme"))
    var colorScheme: String = "light"

    @Option(
        name: .customLong("shared-container"),
        help: ArgumentHelp(
            "A folder standing in for an app group container: GROUP=DIR or DIR for every group. Repeatable.",
            valueName: "[group=]dir"))
    var sharedContainers: [String] = []

    @Option(
        name: .customLong("provider-timeout"),
        help: ArgumentHelp("Seconds a provider may take before the run fails (exit 70).", valueName: "seconds"))
    var providerTimeout: Double = 60

    @Option(
        name: .customLong("animation-speed"),
        help: ArgumentHelp(
            "With --image-format apng and --to: the widget time one second of the animation plays (1h, the default, an hour a second; 1d a day).",
            valueName: "duration"))
    var animationSpeed: String?

    @OptionGroup var options: Options
    @OptionGroup(title: "Image format and e-ink greys") var image: ImageFormatOptions

    @Flag(name: .shortAndLong, help: "Print only errors and warnings.")
    var quiet = false

    init() {}

    func validate() throws {
        _ = try makeRequest()
    }

    /// The layout, the request, the span's end and the encoder the options describe.
    private func makeRequest() throws -> (
        layout: ScreenLayout, request: RenderRequest, to: Date?, encoder: any ImageEncoder, maxBytes: Int?,
        animation: AnimatedPNG.Timing?
    ) {
        guard let screen = DeviceProfile.all.first(where: { $0.id == device.lowercased() }) else {
            throw ValidationError(
                "--device: unknown screen '\(device)'; screens: \(DeviceProfile.screens.map(\.id).joined(separator: ", "))"
            )
        }
        guard screen.panel != nil else {
            throw ValidationError(
                "--device: \(screen.id) is a phone or tablet; a screen is one of \(DeviceProfile.screens.map(\.id).joined(separator: ", "))"
            )
        }
        let parsed: ScreenLayout
        do {
            parsed = try ScreenLayout(parsing: layout)
        } catch {
            throw ValidationError("--layout: \(error.description)")
        }
        var batch = RenderBatch(outputDirectory: try OutputFolder.url(out))
        batch.device = screen
        batch.locale = try CommonOptions.locale(locale)
        guard let zone = TimeZone(identifier: timeZone) else {
            throw ValidationError("--time-zone: unknown time zone '\(timeZone)'; use an IANA name such as Asia/Tokyo")
        }
        batch.timeZone = zone
        switch colorScheme.lowercased() {
        case "light": batch.colorScheme = .light
        case "dark": batch.colorScheme = .dark
        default: throw ValidationError("--color-scheme: '\(colorScheme)' is not light or dark")
        }
        batch.appGroups = try CommonOptions.appGroups(sharedContainers)
        guard providerTimeout.isFinite, providerTimeout > 0, providerTimeout <= 86_400 else {
            throw ValidationError("--provider-timeout must be a number of seconds from 0 to 86400")
        }
        batch.providerTimeout = providerTimeout
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
        if image.isAnimation, to == nil {
            throw ValidationError("--image-format apng animates the screens of a span: give --to")
        }
        try image.apply(to: &batch, animation: timing)
        batch.now = try time.date(in: zone)
        try options.apply(to: &batch)
        var request = batch.request(kind: "", family: .dashboardFull)
        request.shownAt = batch.now
        var end: Date?
        if let to {
            guard let date = DateParsing.date(to, after: batch.now, timeZone: zone) else {
                throw ValidationError("--to: '\(to)' is not a date or a duration such as +4h, +90m or +1d")
            }
            guard date > batch.now else { throw ValidationError("--to must be after --now") }
            end = date
        }
        return (parsed, request, end, batch.encoder, batch.maxBytes, batch.animation)
    }

    func run() async throws {
        try OutputFolder.check(out)
        let (layout, request, end, encoder, maxBytes, animation) = try makeRequest()
        Console.keepStdoutForResults()
        let started = DispatchTime.now()
        let folder = try OutputFolder.url(out)
        do {
            let engine = try RenderEngine(bundle: Bundle())
            let result = try await ScreenOutput(engine: engine).run(
                layout, on: request, to: end, as: encoder, maxBytes: maxBytes, into: folder, animation: animation)
            if !quiet { for url in result.files { Console.result(Console.display(url)) } }
            Console.warnings(result.warnings, all: true)
            if !quiet {
                let count = result.manifest.images.count
                let (width, height) = (result.manifest.width, result.manifest.height)
                // A quarter turn: laid out as the screen is seen, written in the panel's pixels.
                let turned = request.device.panel?.orientation != (try? DeviceProfile.named(device))?.panel?.orientation
                let size = turned ? "laid out \(width)×\(height), written \(height)×\(width)" : "\(width)×\(height)"
                let animation = result.manifest.animation.map { " and \($0.file)" } ?? ""
                Console.line(
                    "Composed \(count) \(request.device.id) screen\(count == 1 ? "" : "s") (\(size), \(encoder.format.name))\(animation) in \(Console.seconds(since: started)) → \(Console.display(result.folder))"
                )
            }
        } catch {
            throw Console.fail(error)
        }
    }
}
