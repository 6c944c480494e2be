import Foundation
import WidgetRender
import WidgetData

/// Worldwide COVID-19 totals on one day, with the daily new cases leading up to it.
public struct GlobalStatsEntry: DataDescribingEntry {
    /// The day shown.
    public let date: Date
    /// Cumulative confirmed cases on that day.
    public let cases: Double
    /// `nil` when the source has no deaths series (e.g. a JHU confirmed-cases file).
    public let deaths: Double?
    /// `nil` when the source has no recovered series.
    public let recovered: Double?
    /// New cases on `date` (difference of the cumulative counts).
    public let newCases: Double
    /// Daily new cases up to `date`, oldest first.
    public let dailyNewCases: [DatedValue]
    /// The path or URL the counts came from.
    public let source: String
    /// Where the counts came from; a fallback (the cache, or the built-in sample after a failed
    /// fetch) is ``DataOrigin/isFallback``.
    public var origin: DataOrigin = .file
    /// True when the counts come from the cache or a default after a failed fetch.
    public var stale: Bool { origin.isFallback }

    /// `WLD` for the world, else the ISO code of the country shown, or the region as asked for.
    public var region: String = "WLD"
    /// The column charted instead of cumulative cases (`--column deaths`), as the user named it.
    public var seriesName: String?
    /// The 7-day average of the daily new cases over the whole series, for the days of the window
    /// (so its first days average the week before the window too).
    public var dailyAverage: [DatedValue] = []
    /// Days in the window whose count fell (a revision): their new cases are drawn as 0.
    public var revisions = 0
    /// The shared photo (`bg.png` in the app group container) drawn behind the content, if any.
    public var backgroundImagePath: String?
    /// The region as the data names it (`New York`, `US`, `World`); `nil` for the placeholder.
    public var regionName: String?

    /// An entry.
    public init(
        date: Date, cases: Double, deaths: Double?, recovered: Double?, newCases: Double, dailyNewCases: [DatedValue],
        source: String, region: String = "WLD", origin: DataOrigin = .file
    ) {
        self.region = region
        self.origin = origin
        self.date = date
        self.cases = cases
        self.deaths = deaths
        self.recovered = recovered
        self.newCases = newCases
        self.dailyNewCases = dailyNewCases
        self.source = source
    }

    /// Deaths beside the main figure: not when the main figure is the deaths column itself.
    var sideDeaths: Double? {
        seriesName.flatMap(GlobalStatsWidgetView.seriesKind) == .deaths ? nil : deaths
    }

    /// Recoveries beside the main figure: not when the main figure is the recovered column.
    var sideRecovered: Double? {
        seriesName.flatMap(GlobalStatsWidgetView.seriesKind) == .recovered ? nil : recovered
    }

    /// Active cases (confirmed less deaths and recoveries), only when the main figure is the
    /// confirmed cases and both others are known.
    var active: Double? {
        guard seriesName == nil || seriesName.flatMap(GlobalStatsWidgetView.seriesKind) == .cases,
            let deaths, let recovered
        else { return nil }
        return max(0, cases - deaths - recovered)
    }

    /// True when the title is the world: asked for `WLD` and the data is the world total (not a
    /// single-region file such as NYT's `us.csv`).
    var showsWorld: Bool {
        region == "WLD" && (regionName.map(CountryNames.isWorld) ?? true)
    }

    /// The daily new cases as chart points (negative days, revisions, as 0).
    public var chartPoints: [ChartPoint] {
        dailyNewCases.map { ChartPoint(x: $0.date.timeIntervalSince1970, y: max(0, $0.value)) }
    }

    /// The 7-day average of the daily new cases (each day with the six before it, as many as there
    /// are), which smooths out weekday reporting; revisions count as 0.
    public var averagePoints: [ChartPoint] {
        if dailyAverage.count == dailyNewCases.count {
            return dailyAverage.map { ChartPoint(x: $0.date.timeIntervalSince1970, y: $0.value) }
        }
        let values = dailyNewCases.map { max(0, $0.value) }
        var sum = 0.0
        return values.indices.map { index in
            sum += values[index]
            if index >= 7 { sum -= values[index - 7] }
            let count = Double(min(index + 1, 7))
            return ChartPoint(x: dailyNewCases[index].date.timeIntervalSince1970, y: sum / count)
        }
    }

    /// The plotted series is the daily new cases.
    public var dataSummary: DataSummary? {
        guard let first = dailyNewCases.first, let last = dailyNewCases.last else { return nil }
        let values = dailyNewCases.map(\.value)
        var summary = DataSummary(
            points: values.count, first: first.date, last: last.date, lastValue: last.value, min: values.min() ?? 0,
            max: values.max() ?? 0, source: source, stale: stale)
        summary.revisions = revisions
        return summary
    }
}
