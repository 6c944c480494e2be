import ArgumentParser
import Foundation
import WidgetCore
import WidgetData
import WidgetLayout
import WidgetRender

/// Options shared by `render` and `bench`: what to draw and how.
struct CommonOptions: ParsableArguments {
    @Option(
        name: .customLong("widget"),
        help: ArgumentHelp(
            "A widget kind to render; repeat for several. Default: every widget. See `widgetrender list`.",
            valueName: "kind"))
    var widgets: [String] = []

    @Option(
        help: ArgumentHelp(
            "A device from the HIG size tables, e.g. iphone-393x852 or ipad-1024x1366. Default: \(DeviceProfile.defaultID). See `widgetrender list --devices`.",
            valueName: "id"))
    var device: String = DeviceProfile.defaultID

    @Option(help: ArgumentHelp("Pixels per point (1, 2 or 3). Default: the device's own.", valueName: "n"))
    var scale: Int?

    @Option(
        name: .customLong("color-scheme"),
        help: ArgumentHelp("light or dark. Default: light (the gallery shows both).", valueName: "scheme"))
    var colorScheme: ColorScheme?

    @Option(help: ArgumentHelp("Language of the widgets' text: en, ja or ko.", valueName: "code"))
    var locale: WidgetLocale = .en

    @Option(
        name: .customLong("time-zone"),
        help: ArgumentHelp("Time zone for dates drawn on widgets, e.g. Asia/Tokyo. Default: UTC.", valueName: "id"))
    var timeZone: String = "UTC"

    @Option(
        name: .customLong("param"),
        help: ArgumentHelp(
            "A widget parameter, e.g. --param country=KOR or --param range=90d; repeatable. It applies to the selected widgets that have it. `widgetrender list` shows each widget's parameters.",
            valueName: "key=value"))
    var parameters: [String] = []

    @Option(
        help: ArgumentHelp(
            "Read this path or http(s):// or file:// URL instead of the embedded sample; needs one --widget. The format is detected (see `widgetrender formats`).",
            valueName: "path|url"))
    var data: String?

    @Option(
        help: ArgumentHelp(
            "Force the --data format instead of detecting it, e.g. binance, jhu, yahoo. `widgetrender formats` lists them.",
            valueName: "name"))
    var format: String?

    @Option(
        help: ArgumentHelp(
            "The column to plot when a CSV has several numeric ones, e.g. --column deaths or --column price.",
            valueName: "name"))
    var column: String?

    @Option(
        help: ArgumentHelp(
            "Chart history: 7d, 30d, 90d, 1y or all. Default: auto (30d small, 90d medium, 1y large).",
            valueName: "range"))
    var range: String?

    @Option(
        name: .customLong("cache-dir"),
        help: ArgumentHelp(
            "Where fetched URLs are cached (revalidated with ETag / Last-Modified). Default: $XDG_CACHE_HOME/widgetrender or ~/.cache/widgetrender.",
            valueName: "dir"))
    var cacheDirectory: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Seconds to wait for a URL before retrying (2 retries). Default: 10.", valueName: "seconds"))
    var timeout: Double = 10

    @Flag(
        help:
            "Exit 69 instead of drawing cached or built-in data when --data cannot be fetched (for scripts that need fresh data)."
    )
    var strict = false

    @Option(
        help: ArgumentHelp(
            "The time taken as now, ISO 8601 (2023-08-05 or 2023-08-05T12:00:00Z); picks the entry on screen. Default: the current time.",
            valueName: "date"))
    var now: String?

    @Option(
        name: .customLong("shared-container"),
        help: ArgumentHelp(
            "A folder standing in for the app group container; its bg.png becomes the background of widgets that use one.",
            valueName: "dir"))
    var sharedContainer: String?

    /// Builds the request, validating every value with a message that names the option.
    func request(outputDirectory: URL, families: [WidgetFamily]?) throws -> RenderRequest {
        var request = RenderRequest(outputDirectory: outputDirectory)
        request.kinds = widgets
        request.families = families
        do {
            request.device = try DeviceProfile.named(device)
        } catch {
            throw ValidationError("--device: \(error.description)")
        }
        if let scale, !(1...3).contains(scale) { throw ValidationError("--scale must be 1, 2 or 3, not \(scale)") }
        request.scale = scale
        request.colorScheme = colorScheme ?? .light
        request.locale = locale
        guard let zone = TimeZone(identifier: timeZone) else {
            throw ValidationError("--time-zone: unknown time zone '\(timeZone)'; use an IANA name such as Asia/Tokyo")
        }
        request.timeZone = zone
        for pair in parameters {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw ValidationError(ParameterError.malformed(pair).description)
            }
            request.parameters[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        request.dataSource = data
        if data == nil {
            // The built-in samples have a known format; a forced one would only misread them.
            if format != nil { throw ValidationError("--format applies to --data; add --data PATH|URL") }
            if column != nil { throw ValidationError("--column applies to --data; add --data PATH|URL") }
        }
        if let format {
            guard SeriesFormat(name: format) != nil else {
                throw ValidationError(
                    "--format: unknown format '\(format)'; use one of \(SeriesFormat.allCases.map(\.name).joined(separator: ", "))"
                )
            }
            request.dataFormat = format
        }
        request.dataColumn = column
        if let range {
            if request.parameters["range"] != nil {
                throw ValidationError("give the range once: --range or --param range=")
            }
            request.parameters["range"] = range
        }
        guard timeout > 0, timeout.isFinite else {
            throw ValidationError("--timeout must be a positive number of seconds")
        }
        request.fetcher.timeout = timeout
        if let cacheDirectory {
            request.fetcher.cacheDirectory = URL(fileURLWithPath: cacheDirectory, isDirectory: true)
        }
        request.strict = strict
        if let now {
            guard let date = Self.parseDate(now) else {
                throw ValidationError(
                    "--now: '\(now)' is not an ISO 8601 date such as 2023-08-05 or 2023-08-05T12:00:00Z")
            }
            request.now = date
        }
        request.sharedContainer = sharedContainer.map { URL(fileURLWithPath: $0) }
        return request
    }

    static func parseDate(_ text: String) -> Date? {
        let full = ISO8601DateFormatter()
        if let date = full.date(from: text) { return date }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        day.timeZone = TimeZone(identifier: "UTC")
        // ISO8601DateFormatter rolls impossible days over; insist the text survives a round trip.
        if let date = day.date(from: text), day.string(from: date) == text { return date }
        return nil
    }
}

extension ColorScheme: ExpressibleByArgument {}
extension WidgetLocale: ExpressibleByArgument {}

/// Parses `--family` values: short or WidgetKit names, `all`, or a comma list.
enum FamilySelection {
    static func parse(_ values: [String]) throws -> [WidgetFamily]? {
        var families: [WidgetFamily] = []
        let names = values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        for raw in names {
            let value = raw.trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else {
                throw ValidationError(
                    "--family: empty family name; use \(WidgetFamily.allCases.map(\.shortName).joined(separator: ", ")) or all"
                )
            }
            if value.lowercased() == "all" { return nil }
            guard let family = WidgetFamily(name: value) else {
                throw ValidationError(
                    "--family: unknown family '\(value)'; use \(WidgetFamily.allCases.map(\.shortName).joined(separator: ", ")) or all"
                )
            }
            if !families.contains(family) { families.append(family) }
        }
        return families.isEmpty ? [.systemMedium] : families
    }
}
