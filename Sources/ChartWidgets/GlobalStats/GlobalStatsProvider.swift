import Foundation
import WidgetRender
import WidgetData

/// Entries for the global widget from disease.sh `/historical/all`: the embedded
/// 30 days of March–April 2020 or the user's file.
///
/// The timeline replays the last three days; it reloads when they are used up (`.atEnd`).
public struct GlobalStatsProvider: TimelineProvider {
    static let sample = "covid-historical-all.json"
    /// How many days the timeline replays.
    public static var entryCount: Int { 3 }

    /// The provider.
    public init() {}

    /// Round figures and level bars, so it implies no trend; no I/O beyond checking for the
    /// shared photo.
    public func placeholder(in context: TimelineProviderContext) -> GlobalStatsEntry {
        let start = context.now.addingTimeInterval(-29 * 86_400)
        let daily = (0..<30).map {
            DatedValue(date: start.addingTimeInterval(Double($0) * 86_400), value: 2_000)
        }
        var entry = GlobalStatsEntry(
            date: context.now, cases: 1_000_000, deaths: 50_000, recovered: 200_000, newCases: 2_000,
            dailyNewCases: daily,
            source: "placeholder")
        // The placeholder keeps the shared photo: it is the container background, not content.
        entry.backgroundImagePath = Self.backgroundImage(context, warn: false)
        return entry
    }

    /// The shared photo, `bg.png` in the app group container, when it is there and looks like a
    /// PNG of a sensible size; otherwise the widget draws its own background (with a warning
    /// when the file is there but cannot be used).
    static func backgroundImage(_ context: TimelineProviderContext, warn: Bool = true) -> String? {
        // Optional: a folder is neither made nor announced for it.
        guard let folder = context.appGroups.existingURL(for: BuiltInWidgets.appGroup) else { return nil }
        let path = folder.appendingPathComponent("bg.png").path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        // Decoded whole (once per file version): a file whose header is right and whose data is
        // not is left out with a warning, as a header that is wrong is, rather than failing the render.
        if let problem = BackgroundCheck.problem(atPath: path) {
            if warn { context.diagnostics.warn("\(path): \(problem); drawing the widget's own background") }
            return nil
        }
        return path
    }

    /// The last three days, `.atEnd` (15 minutes after a failed fetch).
    public func timeline(in context: TimelineProviderContext) async throws -> Timeline<GlobalStatsEntry> {
        let code = Self.region(context)
        if context.chartData.source == nil, code != "WLD" {
            throw ProviderError(
                .invalidConfiguration,
                "the built-in sample (Assets/samples/\(Self.sample)) holds worldwide totals only, not country=\(code); "
                    + "give it per-country data of your own (a JHU time-series CSV, OWID or NYT CSV, or disease.sh "
                    + "/historical/COUNTRY), or show the country with the covid-country widget")
        }
        let loaded = try await ProviderData.load(context, sample: Self.sample, reader: "counts:\(code)") {
            (data, source) in
            try Self.read(code, data, source: source, context: context)
        }
        let series: CaseSeries
        switch loaded.value {
        case .status(let status):
            return Self.timeline(of: status, code: code, loaded: loaded, context: context)
        case .series(let read): series = read
        }
        let timeline = series.timeline
        let source = loaded.source
        // `--column NAME` charts that column (checked to exist by the reader) instead of cases.
        let column = context.chartData.source == nil ? nil : context.chartData.column
        let background = Self.backgroundImage(context)
        // The reader's check (`read`) made sure the series has a running total or daily counts.
        let counts: CaseCounts
        if let column, let values = series.values(named: column) {
            counts = .cumulative(values)
        } else {
            do throws(DataError) {
                counts = try series.caseCounts()
            } catch {
                throw error.providerError
            }
        }
        var cases: [DatedValue] = []
        var daily: [DatedValue] = []
        switch counts {
        case .cumulative(let totals):
            cases = totals
            // Day-over-day differences of the cumulative counts.
            for index in cases.indices.dropFirst() {
                daily.append(DatedValue(date: cases[index].date, value: cases[index].value - cases[index - 1].value))
            }
        case .daily(let values):
            // Daily counts only: the total shown is their sum over the file, said once.
            daily = values
            var sum = 0.0
            cases = values.map { day in
                sum += day.value
                return DatedValue(date: day.date, value: sum.isFinite ? sum : .greatestFiniteMagnitude)
            }
            if let first = values.first {
                context.diagnostics.warn(
                    "\(source): daily new cases only, no running total: the total shown is their sum from \(StrictDate.isoText(first.date) ?? "the first day")"
                )
            }
        }
        // The 7-day average, each day with the six before it (negative days, revisions, as 0).
        var averages: [DatedValue] = []
        var sum = 0.0
        for index in daily.indices {
            sum += max(0, daily[index].value)
            if index >= 7 { sum -= max(0, daily[index - 7].value) }
            averages.append(DatedValue(date: daily[index].date, value: sum / Double(min(index + 1, 7))))
        }
        func value(_ series: [DatedValue], at date: Date) -> Double? {
            series.isEmpty ? nil : series.last(where: { $0.date <= date })?.value ?? 0
        }
        let entries = cases.suffix(Self.entryCount).map { day in
            var entry = GlobalStatsEntry(
                date: day.date, cases: day.value, deaths: value(timeline.deaths, at: day.date),
                recovered: value(timeline.recovered, at: day.date),
                newCases: daily.last(where: { $0.date == day.date })?.value ?? 0,
                dailyNewCases: Self.window(daily.filter { $0.date <= day.date }, context: context), source: source,
                region: code, origin: loaded.origin)
            entry.regionName = timeline.region
            entry.seriesName = column
            entry.backgroundImagePath = background
            entry.revisions = entry.dailyNewCases.filter { $0.value < 0 }.count
            let firstDay = entry.dailyNewCases.first?.date ?? day.date
            entry.dailyAverage = averages.filter { $0.date >= firstDay && $0.date <= day.date }
            return entry
        }
        if loaded.stale {
            return Timeline(
                entries: entries, policy: .after(context.now.addingTimeInterval(ProviderData.retryInterval)))
        }
        return Timeline(entries: entries, policy: .atEnd)
    }

    /// The chart's days: the `range` parameter's window ending at the entry's day, widened
    /// when it would hold too few points (see ``ChartRange/window(_:time:)``).
    static func window(_ daily: [DatedValue], context: TimelineProviderContext) -> [DatedValue] {
        Array(ChartRange.resolved(context).window(daily, time: \.date).items)
    }

    /// What a source gives the global widget: a series of cumulative counts, or one status
    /// (disease.sh `/all` or `/countries/NAME`: today's totals, no history).
    enum Counts: Sendable {
        case series(CaseSeries)
        case status(CountryStatus)
    }

    /// One entry for a status: the totals and the day's new cases, no chart; `--column` cannot
    /// apply. Reloads an hour after the status was updated, as the country widget does.
    static func timeline(
        of status: CountryStatus, code: String, loaded: LoadedData<Counts>,
        context: TimelineProviderContext
    ) -> Timeline<GlobalStatsEntry> {
        if let column = context.chartData.column, context.chartData.source != nil {
            context.diagnostics.warn(
                "\(loaded.source): a status has no columns to chart; the column \(column) is not drawn")
        }
        var entry = GlobalStatsEntry(
            date: status.updated, cases: status.cases, deaths: status.deaths, recovered: status.recovered,
            newCases: status.todayCases, dailyNewCases: [], source: loaded.source, region: code,
            origin: loaded.origin)
        entry.regionName = status.iso3 == nil && status.country.isEmpty ? "World" : status.country
        entry.backgroundImagePath = backgroundImage(context)
        let next =
            loaded.stale
            ? context.now.addingTimeInterval(ProviderData.retryInterval) : status.updated.addingTimeInterval(3600)
        return Timeline(entries: [entry], policy: .after(next))
    }

    /// The `country` parameter as an ISO code when it names a listed country, else as given.
    static func region(_ context: TimelineProviderContext) -> String {
        let raw = context.parameters.string("country") ?? "WLD"
        return raw.uppercased() == "WLD" ? "WLD" : CountryNames.code(for: raw) ?? raw
    }

    /// The series for the chosen region. For `WLD`: a single-region file's one region, or a
    /// multi-region file's world total (`World`, `Global`); a file of countries without one is
    /// a configuration error that lists them. Else the country found by code, English name or
    /// another spelling, or the region as the file spells it.
    static func read(
        _ code: String, _ data: Data, source: String, context: TimelineProviderContext
    ) throws -> ParseResult<Counts> {
        // A status of one place (disease.sh `/all`, `/countries/India`): its totals.
        if let read = try? SeriesReader(ProviderData.options(context)).read(data, source: source),
            case .countries(let statuses) = read.value, statuses.count == 1, let status = statuses.first
        {
            // `WLD` takes a single-place file's one place, as it does for series.
            let matches =
                code == "WLD"
                || CountryNames.queries(for: code).contains { query in
                    query.caseInsensitiveCompare(status.iso3 ?? "") == .orderedSame
                        || query.caseInsensitiveCompare(status.country) == .orderedSame
                }
            if matches {
                return ParseResult(value: .status(status), format: read.format, warnings: read.warnings)
            }
        }
        let series = try readSeries(code, data, source: source, context: context)
        // A series with no counts to chart is refused here, naming the file, never drawn as an empty timeline.
        if context.chartData.column == nil || context.chartData.source == nil { _ = try series.value.caseCounts() }
        return ParseResult(value: .series(series.value), format: series.format, warnings: series.warnings)
    }

    static func readSeries(
        _ code: String, _ data: Data, source: String, context: TimelineProviderContext
    ) throws -> ParseResult<CaseSeries> {
        guard code != "WLD" else {
            let all: Result<ParseResult<CaseSeries>, DataError> = Result {
                () throws(DataError) in try SeriesReader(ProviderData.options(context)).readCases(data, source: source)
            }
            guard case .failure(.selectionRequired(_, let kind, let choices)) = all else { return try all.get() }
            for world in ["World", "Global"] {
                let options = ProviderData.options(context, region: world)
                if let total = try? SeriesReader(options).readCases(data, source: source) { return total }
            }
            let plural =
                DataError.selectionRequired(source: source, kind: kind, choices: choices).description
                .components(separatedBy: ";").first ?? source
            throw ProviderError(
                .invalidConfiguration,
                "\(plural) and no world total; choose one with the country parameter, e.g. "
                    + choices.prefix(6).map { "country=\"\($0)\"" }.joined(separator: ", ")
                    + (choices.count > 6 ? ", …" : ""))
        }
        var firstError: DataError?
        for query in CountryNames.queries(for: code) {
            do {
                return try SeriesReader(ProviderData.options(context, region: query)).readCases(data, source: source)
            } catch {
                firstError = firstError ?? error
            }
        }
        throw firstError ?? .empty(source: source, reason: "no series")
    }
}

/// What `PNGFile.problem(atPath:decoding:)` said of each version (size and modification time) of
/// a background image, so every family and entry decodes it once.
enum BackgroundCheck {
    private struct Version: Hashable {
        var path: String
        var size: Int
        var modified: Date
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var results: [Version: String?] = [:]

    static func problem(atPath path: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? Int, let modified = attributes[.modificationDate] as? Date
        else { return PNGFile.problem(atPath: path, decoding: true) }
        let version = Version(path: path, size: size, modified: modified)
        if let known = lock.withLock({ results[version] }) { return known }
        let problem = PNGFile.problem(atPath: path, decoding: true)
        lock.withLock {
            if results.count > 64 { results.removeAll() }
            results[version] = problem
        }
        return problem
    }
}
