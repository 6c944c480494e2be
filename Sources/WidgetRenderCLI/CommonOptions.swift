import ArgumentParser
import Foundation
import WidgetRender

/// Options every command shares: which widgets, on which device, how they look, their
/// parameters and app group folders.
package struct CommonOptions: ParsableArguments {
    package init() {}

    @Option(
        name: .customLong("widget"),
        help: ArgumentHelp(
            "A widget kind to render; repeat for several. Default: every widget. See `list`.", valueName: "kind"))
    var widgets: [String] = []

    @Option(
        help: ArgumentHelp(
            "A device from the HIG size tables, e.g. iphone-393x852 or ipad-1024x1366, or an e-ink screen (trmnl-og, trmnl-x, kindle-pw3, kindle-pw5, kindle-oasis, kobo-clara, inkplate-6, inkplate-10, waveshare-7in5, spectra6-7in3, acep7-5in65: dashboard families, and the panel's greys or colours by default). See `list --devices`.",
            valueName: "id"))
    var device: String = DeviceProfile.defaultID

    @Option(help: ArgumentHelp("Pixels per point (1, 2 or 3). Default: the device's own.", valueName: "n"))
    var scale: Int?

    @Option(
        name: .customLong("color-scheme"),
        help: ArgumentHelp(
            "light or dark. Default: light (the gallery shows both). In the vibrant mode (the Lock Screen) it is the wallpaper's: light draws dark ink, dark draws white.",
            valueName: "scheme"))
    var colorScheme: String?

    @Option(
        name: .customLong("rendering-mode"),
        help: ArgumentHelp(
            "full-color, accented (a tinted Home Screen: glass of the --tint colour, content in the tint and a desaturated white or black) or vibrant (the Lock Screen: desaturated, brightness as opacity). Default: vibrant for accessory families, full-color for the others.",
            valueName: "mode"))
    var renderingMode: String?

    @Option(
        help: ArgumentHelp(
            "The accented mode's tint: #RRGGBB or a system colour (blue, brown, cyan, gray, green, indigo, mint, orange, pink, purple, red, teal, yellow). Default: #0A84FF, iOS's tinted blue.",
            valueName: "color"))
    var tint: String?

    @Option(
        help: ArgumentHelp(
            "Language and region, a BCP 47 code such as en, ja, ko, de, ar-EG or pt-BR. Numbers and dates are written as the locale writes them (every locale); words are in en, ja, ko, de, fr, es, pt-BR, zh-Hans, ar and hi (English for other languages); Arabic, Hebrew, Persian and Urdu are laid out right to left.",
            valueName: "code"))
    var locale: String = "en"

    @Option(
        name: .customLong("time-zone"),
        help: ArgumentHelp(
            "Time zone for dates drawn on widgets and for dates given without an offset, e.g. Asia/Tokyo.",
            valueName: "id"))
    var timeZone: String = "UTC"

    @Option(
        name: .customLong("param"),
        help: ArgumentHelp(
            "A widget parameter as key=value; repeatable. It applies to the selected widgets that have it. `list` shows each widget's parameters.",
            valueName: "key=value"))
    var parameters: [String] = []

    @Option(
        name: .customLong("shared-container"),
        help: ArgumentHelp(
            "A folder standing in for an app group container: GROUP=DIR for one group (e.g. group.com.example.todo=./fixtures), or DIR for every group. Providers find it with containerURL(forSecurityApplicationGroupIdentifier:). Repeatable.",
            valueName: "[group=]dir"))
    var sharedContainers: [String] = []

    @Option(
        name: .customLong("provider-timeout"),
        help: ArgumentHelp(
            "Seconds a provider may take to return its entries before the run fails (exit 70).",
            valueName: "seconds"))
    var providerTimeout: Double = 60

    @Option(
        help: ArgumentHelp(
            "How many images to draw at once, and threads to use (a large image's encode is shared with idle cores; 1 runs everything on one thread). Default: one per processor. The output is the same whatever the number.",
            valueName: "n"))
    var jobs: Int?

    /// The families drawn when `--family` is not given: medium, or the whole screen on an e-ink
    /// screen.
    var defaultFamilies: [WidgetFamily] {
        (try? DeviceProfile.named(device))?.panel != nil ? [.dashboardFull] : [.systemMedium]
    }

    /// The time zone, checked.
    func zone() throws -> TimeZone {
        guard let zone = TimeZone(identifier: timeZone) else {
            throw ValidationError("--time-zone: unknown time zone '\(timeZone)'; use an IANA name such as Asia/Tokyo")
        }
        return zone
    }

    /// Builds the request, validating every value with a message that names the option.
    package func request(outputDirectory: URL, families: [WidgetFamily]?) throws -> RenderBatch {
        var request = RenderBatch(outputDirectory: outputDirectory)
        request.kinds = widgets
        request.families = families
        do {
            request.device = try DeviceProfile.named(device)
        } catch {
            throw ValidationError("--device: \(error.description)")
        }
        if let scale, !(1...3).contains(scale) { throw ValidationError("--scale must be 1, 2 or 3, not \(scale)") }
        request.scale = scale
        switch colorScheme?.lowercased() {
        case nil, "light": request.colorScheme = .light
        case "dark": request.colorScheme = .dark
        case let other?: throw ValidationError("--color-scheme: '\(other)' is not light or dark")
        }
        if let renderingMode {
            guard let mode = WidgetRenderingMode(named: renderingMode) else {
                throw ValidationError(
                    "--rendering-mode: '\(renderingMode)' is not full-color, accented or vibrant")
            }
            request.renderingMode = mode
        }
        if let tint {
            guard let colour = WidgetRenderingMode.tint(named: tint) else {
                throw ValidationError(
                    "--tint: '\(tint)' is not #RRGGBB or a system colour (blue, green, orange, red, …)")
            }
            request.tint = colour
        }
        request.locale = try Self.locale(locale)
        request.timeZone = try zone()
        for pair in parameters {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw ValidationError(ParameterError.malformed(pair).description)
            }
            let key = String(pair[..<equals])
            guard request.parameters[key] == nil else { throw ValidationError("--param \(key) is given twice") }
            request.parameters[key] = String(pair[pair.index(after: equals)...])
        }
        request.appGroups = try Self.appGroups(sharedContainers)
        guard providerTimeout.isFinite, providerTimeout > 0, providerTimeout <= 86_400 else {
            throw ValidationError("--provider-timeout must be a number of seconds from 0 to 86400")
        }
        request.providerTimeout = providerTimeout
        if let jobs {
            guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be from 1 to 256") }
            request.workers = jobs
        }
        return request
    }

    /// A locale from a BCP 47 code: letters, digits, `-` or `_`.
    package static func locale(_ code: String) throws -> Locale {
        guard let locale = languageCode(code) else {
            throw ValidationError("--locale: '\(code)' is not a language code such as en, ja, ko or pt-BR")
        }
        return locale
    }

    /// The locale of a BCP 47 language code (`en`, `ja`, `pt-BR`, `zh_Hant`), or `nil` for text
    /// that is not one.
    package static func languageCode(_ code: String) -> Locale? {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
            parts.dropFirst().allSatisfy({
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else { return nil }
        return Locale(identifier: code)
    }

    /// `GROUP=DIR` or `DIR` → app group folders.
    static func appGroups(_ values: [String]) throws -> AppGroupContainers {
        var groups = AppGroupContainers()
        for value in values {
            guard !value.isEmpty else {
                throw ValidationError("--shared-container: an empty value names no folder; give DIR or GROUP=DIR")
            }
            if let equals = value.firstIndex(of: "="), !value[..<equals].contains("/"), equals != value.startIndex {
                let group = String(value[..<equals])
                let folder = String(value[value.index(after: equals)...])
                guard !folder.isEmpty else { throw ValidationError("--shared-container \(group)= needs a folder") }
                guard groups.folders[group] == nil else {
                    throw ValidationError("--shared-container: the group \(group) is given twice")
                }
                groups.folders[group] = URL(fileURLWithPath: folder, isDirectory: true)
            } else {
                guard groups.defaultFolder == nil else {
                    throw ValidationError(
                        "--shared-container: give one folder for every group, or GROUP=DIR for each group")
                }
                groups.defaultFolder = URL(fileURLWithPath: value, isDirectory: true)
            }
        }
        return groups
    }
}

/// `--now`: the time the providers are asked.
struct NowOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The time the providers are asked, ISO 8601 (2026-01-01 or 2026-01-01T09:00:00Z; without an offset, in --time-zone). Default: the current time.",
            valueName: "date"))
    var now: String?

    func date(in zone: TimeZone) throws -> Date {
        guard let now else { return Date() }
        guard let date = DateParsing.date(now, timeZone: zone) else {
            throw ValidationError(
                "--now: '\(now)' is not an ISO 8601 date (or not one that exists): write 2026-01-01 or 2026-01-01T09:00:00Z"
            )
        }
        return date
    }
}

/// Parses `--family` values: short or WidgetKit names, `all`, or a comma list.
package enum FamilySelection {
    package static func parse(_ values: [String], default fallback: [WidgetFamily]? = [.systemMedium]) throws
        -> [WidgetFamily]?
    {
        var families: [WidgetFamily] = []
        var all = false
        let names = values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let known = WidgetFamily.allCases.map(\.shortName).joined(separator: ", ")
        // Every name is checked, also beside `all`: a typo is never swallowed.
        for raw in names {
            let value = raw.trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { throw ValidationError("--family: empty family name; use \(known) or all") }
            if value.lowercased() == "all" {
                all = true
                continue
            }
            // `today` is the legacy Today extension in both of its display modes; `dashboard`
            // the four dashboard families of the e-ink screens.
            let named =
                switch value.lowercased() {
                case "today": WidgetFamily.todayFamilies
                case "dashboard": WidgetFamily.dashboardFamilies
                default: WidgetFamily(name: value).map { [$0] }
                }
            guard let named else {
                throw ValidationError("--family: unknown family '\(value)'; use \(known), today, dashboard or all")
            }
            for family in named where !families.contains(family) { families.append(family) }
        }
        if all { return nil }
        return families.isEmpty ? fallback : families
    }

    static var help: ArgumentHelp {
        ArgumentHelp(
            "\(WidgetFamily.allCases.map(\.shortName).joined(separator: ", ")), today (the legacy Today extension, compact and expanded), dashboard (an e-ink screen's full, halfHorizontal, halfVertical and quadrant) or all (each widget's own families; full names, e.g. systemSmall or dashboardQuadrant, work too); repeat or separate with commas. Default: medium, or full on an e-ink screen (--device trmnl-og).",
            valueName: "family")
    }
}

/// `--out`: the output folder a rendering command writes.
enum OutputFolder {
    /// The folder's URL; an empty path is a usage error (it would name the current folder).
    static func url(_ path: String) throws -> URL {
        guard !path.isEmpty else {
            throw ValidationError("--out: an empty path names no folder; name the output folder, e.g. --out Output/")
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// Refuses, before anything is rendered, an output folder no run may write: the root
    /// folder, the home folder, system folders (exit 73).
    static func check(_ path: String) throws {
        do {
            try OutputTransaction.checkPlace(path)
        } catch {
            throw Console.fail(error)
        }
    }
}
