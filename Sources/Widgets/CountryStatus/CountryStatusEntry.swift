import Foundation
import WidgetCore
import WidgetData

/// A country's COVID-19 status at the time its source was updated.
public struct CountryStatusEntry: TimelineEntry {
    public let date: Date
    /// ISO 3166 alpha-3 code of the chosen country.
    public let iso3: String
    public let status: CountryStatus
    public let source: String

    public init(date: Date, iso3: String, status: CountryStatus, source: String) {
        self.date = date
        self.iso3 = iso3
        self.status = status
        self.source = source
    }
}
