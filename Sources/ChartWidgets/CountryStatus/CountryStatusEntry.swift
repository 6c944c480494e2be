import Foundation
import WidgetRender
import WidgetData

/// A country's COVID-19 status at the time its source was updated.
public struct CountryStatusEntry: DataDescribingEntry {
    /// When the source last updated the figures.
    public let date: Date
    /// ISO 3166 alpha-3 code of the chosen country.
    public let iso3: String
    /// The figures.
    public let status: CountryStatus
    /// The path or URL the figures came from.
    public let source: String
    /// Where the status came from; a fallback (the cache, or the built-in sample after a failed
    /// fetch) is ``DataOrigin/isFallback``.
    public var origin: DataOrigin = .file
    /// True when the status comes from the cache or a default after a failed fetch.
    public var stale: Bool { origin.isFallback }

    /// An entry.
    public init(date: Date, iso3: String, status: CountryStatus, source: String) {
        self.date = date
        self.iso3 = iso3
        self.status = status
        self.source = source
    }

    /// One status, one point: the confirmed cases at the update time.
    public var dataSummary: DataSummary? {
        DataSummary(
            points: 1, first: status.updated, last: status.updated, lastValue: status.cases, min: status.cases,
            max: status.cases, source: source, stale: stale)
    }
}
