import Foundation
import WidgetCore
import WidgetData

/// Why the country widget cannot show the chosen country.
public struct CountryNotFound: Error, CustomStringConvertible {
    public var iso3: String
    public var source: String

    public var description: String { "\(source): no country with ISO code \(iso3)" }
}

/// Entries for the country widget from a disease.sh `/countries` response:
/// the embedded April 2020 snapshot or the user's file.
///
/// One entry at the source's update time; reload an hour later, as the widget
/// this follows refreshed hourly.
public struct CountryStatusProvider: TimelineProvider {
    static let sample = "covid-countries.json"

    public init() {}

    public func placeholder(in context: TimelineProviderContext) -> CountryStatusEntry {
        let iso3 = context.parameters.string("country") ?? "JPN"
        let status = CountryStatus(
            country: iso3, iso2: nil, iso3: iso3, updated: context.now, cases: 10_000, todayCases: 100, deaths: 200,
            todayDeaths: 10, recovered: 5_000, active: 4_800, critical: 50, tests: nil)
        return CountryStatusEntry(date: context.now, iso3: iso3, status: status, source: "placeholder")
    }

    public func timeline(in context: TimelineProviderContext) async throws -> Timeline<CountryStatusEntry> {
        let iso3 = context.parameters.string("country") ?? "JPN"
        let (data, source) = try SampleData.load(context.dataSource, sample: Self.sample)
        let countries = try DiseaseShParser().countries(data, source: source)
        guard let status = countries.first(where: { $0.iso3 == iso3 }) else {
            throw CountryNotFound(iso3: iso3, source: source)
        }
        let entry = CountryStatusEntry(date: status.updated, iso3: iso3, status: status, source: source)
        return Timeline(entries: [entry], policy: .after(status.updated.addingTimeInterval(3600)))
    }
}
