import Foundation

/// Cumulative COVID-19 counts per day, as disease.sh's `historical` endpoints give them.
///
/// ``CaseSeries`` holds any set of named columns; this type is its fixed three-column view,
/// which the global widget uses.
public struct CaseTimeline: Sendable, Hashable {
    /// Where the counts apply, e.g. `World` or `Japan`.
    public var region: String
    /// Cumulative confirmed cases, oldest first.
    public var cases: [DatedValue]
    /// Cumulative deaths, oldest first.
    public var deaths: [DatedValue]
    /// Cumulative recoveries, oldest first; empty when the source has none.
    public var recovered: [DatedValue]
    /// Where the counts came from (a path or URL).
    public var source: String

    /// A timeline; each series is sorted by date.
    public init(region: String, cases: [DatedValue], deaths: [DatedValue], recovered: [DatedValue], source: String) {
        self.region = region
        self.cases = cases.sorted { $0.date < $1.date }
        self.deaths = deaths.sorted { $0.date < $1.date }
        self.recovered = recovered.sorted { $0.date < $1.date }
        self.source = source
    }
}
