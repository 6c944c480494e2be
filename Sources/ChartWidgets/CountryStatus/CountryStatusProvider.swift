import Foundation
import WidgetRender
import WidgetData

/// Entries for the country widget from a disease.sh `/countries` response:
/// the embedded April 2020 snapshot or the user's file.
///
/// One entry at the source's update time; reload an hour later, as the widget
/// this follows refreshed hourly.
public struct CountryStatusProvider: TimelineProvider {
    static let sample = "covid-countries.json"

    /// The provider.
    public init() {}

    /// Round figures for the chosen country; no I/O.
    public func placeholder(in context: TimelineProviderContext) -> CountryStatusEntry {
        let iso3 = Self.requested(context) ?? Self.fallbackCountry
        let status = CountryStatus(
            country: iso3, iso2: nil, iso3: iso3, updated: context.now, cases: 10_000, todayCases: 100, deaths: 200,
            todayDeaths: 10, recovered: 5_000, active: 4_800, critical: 50, tests: nil)
        return CountryStatusEntry(date: context.now, iso3: iso3, status: status, source: "placeholder")
    }

    /// One entry at the data's update time; reloads an hour after it (15 minutes after a failed fetch).
    public func timeline(in context: TimelineProviderContext) async throws -> Timeline<CountryStatusEntry> {
        let requested = Self.requested(context)
        let loaded = try await ProviderData.load(
            context, sample: Self.sample, reader: "countries:\(requested ?? "auto")"
        ) { (data, source) throws(DataError) in
            try Self.select(requested, in: data, source: source, context: context)
        }
        let iso3 = loaded.value.iso3 ?? requested ?? loaded.value.country
        var entry = CountryStatusEntry(
            date: loaded.value.updated, iso3: iso3, status: loaded.value, source: loaded.source)
        entry.origin = loaded.origin
        if !CountryStatusWidgetView.sharesAddUp(loaded.value) {
            let status = loaded.value
            context.diagnostics.warn(
                "\(loaded.source): \(status.country): active, recovered and deaths (\(Formatting.grouped(status.active)), \(Formatting.grouped(status.recovered)), \(Formatting.grouped(status.deaths))) do not add up to the cases (\(Formatting.grouped(status.cases))); the share bar is left out"
            )
        }
        let next =
            loaded.stale
            ? context.now.addingTimeInterval(ProviderData.retryInterval) : loaded.value.updated.addingTimeInterval(3600)
        return Timeline(entries: [entry], policy: .after(next))
    }

    /// The country shown when none is named and the data holds more than one.
    static let fallbackCountry = "JPN"

    /// The `country` parameter as an ISO code when it names a listed country, else as given;
    /// `nil` for `auto`.
    static func requested(_ context: TimelineProviderContext) -> String? {
        let raw = context.parameters.string("country") ?? "auto"
        guard raw.lowercased() != "auto", !raw.isEmpty else { return nil }
        return CountryNames.code(for: raw) ?? raw
    }

    /// The country's status, found by its code, English name or another spelling; when none
    /// matches, the error for the code, which lists the close matches. With no country named
    /// (`auto`), a file of one country gives that country, any other gives Japan.
    static func select(
        _ requested: String?, in data: Data, source: String, context: TimelineProviderContext
    ) throws(DataError) -> ParseResult<CountryStatus> {
        let all = try SeriesReader(ProviderData.options(context)).readCountries(data, source: source)
        if requested == nil, all.value.count == 1, let only = all.value.first {
            return ParseResult(value: only, format: all.format, warnings: all.warnings)
        }
        let iso3 = requested ?? Self.fallbackCountry
        if let match = all.value.first(where: { $0.iso3?.uppercased() == iso3.uppercased() }) {
            return ParseResult(value: match, format: all.format, warnings: all.warnings)
        }
        var firstError: DataError?
        for query in CountryNames.queries(for: iso3) {
            do {
                let match = try CountryStatus.select(query, from: all.value, source: source)
                return ParseResult(value: match, format: all.format, warnings: all.warnings)
            } catch {
                firstError = firstError ?? error
            }
        }
        throw firstError ?? .empty(source: source, reason: "no countries")
    }
}
