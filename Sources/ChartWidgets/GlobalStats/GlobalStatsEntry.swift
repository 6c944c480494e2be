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
    /// True when the counts come from the cache or a default after a failed fetch.
    public var stale = false

    /// `WLD` for the world, else the ISO code of the country shown, or the region as asked for.
    public var region: String = "WLD"
    /// The column charted instead of cumulative cases (`--column deaths`), as the user named it.
    public var seriesName: String?
    /// The shared photo (`bg.png` in the app group container) drawn behind the content, if any.
    public var backgroundImagePath: String?
    /// The region as the data names it (`New York`, `US`, `World`); `nil` for the placeholder.
    public var regionName: String?

    /// An entry.
    public init(
        date: Date, cases: Double, deaths: Double?, recovered: Double?, newCases: Double, dailyNewCases: [DatedValue],
        source: String, region: String = "WLD", stale: Bool = false
    ) {
        self.region = region
        self.stale = stale
        self.date = date
        self.cases = cases
        self.deaths = deaths
        self.recovered = recovered
        self.newCases = newCases
        self.dailyNewCases = dailyNewCases
        self.source = source
    }

    /// True when the title is the world: asked for `WLD` and the data is the world total (not a
    /// single-region file such as NYT's `us.csv`).
    var showsWorld: Bool {
        region == "WLD" && (regionName.map(CountryNames.isWorld) ?? true)
    }

    /// The daily new cases as chart points.
    public var chartPoints: [ChartPoint] {
        dailyNewCases.map { ChartPoint(x: $0.date.timeIntervalSince1970, y: $0.value) }
    }

    /// The plotted series is the daily new cases.
    public var dataSummary: DataSummary? {
        guard let first = dailyNewCases.first, let last = dailyNewCases.last else { return nil }
        let values = dailyNewCases.map(\.value)
        return DataSummary(
            points: values.count, first: first.date, last: last.date, lastValue: last.value, min: values.min() ?? 0,
            max: values.max() ?? 0, source: source, stale: stale)
    }
}
