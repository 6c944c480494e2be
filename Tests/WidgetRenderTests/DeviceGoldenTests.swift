import ChartWidgets
import Foundation
import Testing
import WidgetSnapshotTesting

/// Golden PNGs of every built-in widget × family on the smallest device that has the family
/// (in English, Japanese and Korean) and on the largest (in Japanese and Korean; English on the
/// default device is in ``GoldenTests``), both in German, Arabic (Egypt) and Hindi, plus the data cases: gaps, intraday, revisions,
/// a chosen column, a status without history, a single-country file.
///
/// Re-record after an intended change with `make goldens`.
@Suite("Golden PNGs by device and language")
struct DeviceGoldenTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    struct Case: CustomTestStringConvertible, Sendable {
        var kind: String
        var family: WidgetFamily
        var device: DeviceProfile
        var language: String

        var name: String { "\(kind)-\(family.shortName)-\(device.id)-\(language)" }
        var testDescription: String { name }
    }

    /// The devices with the smallest and the largest `family` (by area; the first in catalog
    /// order on a tie).
    static func extremes(of family: WidgetFamily) -> (smallest: DeviceProfile, largest: DeviceProfile)? {
        let sized = DeviceProfile.all.compactMap { device in device.size(of: family).map { (device, $0) } }
        guard let first = sized.first else { return nil }
        var smallest = first
        var largest = first
        for candidate in sized.dropFirst() {
            let area = candidate.1.width * candidate.1.height
            if area < smallest.1.width * smallest.1.height { smallest = candidate }
            if area > largest.1.width * largest.1.height { largest = candidate }
        }
        return (smallest.0, largest.0)
    }

    /// The dashboard families are not here: ``GoldenTests`` has one of each on TRMNL (OG), and
    /// ``DashboardLayoutTests`` lays them out on every screen in these languages.
    static let matrix: [Case] = ((try? BuiltInWidgets().resolvedWidgets()) ?? []).flatMap { widget in
        widget.supportedFamilies.filter { !$0.isDashboard }.flatMap { family -> [Case] in
            guard let (smallest, largest) = extremes(of: family) else { return [] }
            return ["en", "ja", "ko"].map { Case(kind: widget.kind, family: family, device: smallest, language: $0) }
                + ["ja", "ko"].map { Case(kind: widget.kind, family: family, device: largest, language: $0) }
                // German (CLDR's figures and dates, longer words), Arabic (right to left, its
                // own digits in Egypt) and Hindi (Devanagari, lakh grouping), #31.
                + ["de", "ar-EG", "hi"].flatMap { language in
                    [smallest, largest].map { Case(kind: widget.kind, family: family, device: $0, language: language) }
                }
        }
    }

    @Test("the smallest and largest devices are the ones the HIG tables say")
    func extremesAreTheExpectedDevices() throws {
        #expect(Self.extremes(of: .systemSmall)?.smallest.id == "iphone-320x568")
        #expect(Self.extremes(of: .systemMedium)?.largest.id.hasPrefix("ipad-") == true)
        #expect(Self.extremes(of: .systemExtraLarge)?.smallest.id == "ipad-768x1024")
        #expect(Self.extremes(of: .accessoryCircular)?.smallest.id == "iphone-375x667")
        #expect(Self.extremes(of: .todayCompact)?.smallest.id == "iphone-320x568")
        #expect(Self.extremes(of: .todayCompact)?.largest.id == "iphone-440x956")
    }

    @Test(arguments: matrix)
    func smallestAndLargestDeviceInEachLanguage(_ scene: Case) async {
        let locale = Locale(identifier: scene.language)
        switch scene.kind {
        case PriceWidget.kind:
            await assertSnapshot(
                of: PriceWidget(),
                as: .widget(family: scene.family, at: Self.now, device: scene.device, locale: locale),
                named: scene.name)
        case CountryStatusWidget.kind:
            await assertSnapshot(
                of: CountryStatusWidget(),
                as: .widget(family: scene.family, at: Self.now, device: scene.device, locale: locale),
                named: scene.name)
        case GlobalStatsWidget.kind:
            await assertSnapshot(
                of: GlobalStatsWidget(),
                as: .widget(family: scene.family, at: Self.now, device: scene.device, locale: locale),
                named: scene.name)
        default: Issue.record("no golden case for widget \(scene.kind); add it here")
        }
    }

    /// Provider values that make a built-in widget read a fixture, optionally one column.
    static func data(_ path: String, column: String? = nil) -> ProviderValues {
        var values = ProviderValues()
        values.chartData = ChartDataOptions(source: GoldenTests.fixture(path), column: column)
        return values
    }

    @Test func dataCases() async throws {
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        let smallest = try DeviceProfile.named("iphone-320x568")
        // Weekend gaps in hourly FX data: a trading-time axis, not diagonals; the time is shown.
        await assertSnapshot(
            of: PriceWidget(),
            as: .widget(
                at: now, parameters: ["range": "all"],
                providerValues: Self.data("ohlc/backtesting-0.6.6_EURUSD_hourly_last400.csv")),
            named: "price-medium-EURUSD-gaps")
        // Hourly crypto data in the large family, in Korean (red up, blue down).
        await assertSnapshot(
            of: PriceWidget(),
            as: .widget(
                family: .systemLarge, at: now, locale: Locale(identifier: "ko"),
                providerValues: Self.data("ohlc/kraken_0-public-OHLC_BCHAUD_60m_2021-01.json")),
            named: "price-large-kraken-intraday-ko")
        // Candles on request.
        await assertSnapshot(
            of: PriceWidget(),
            as: .widget(
                family: .systemLarge, at: now, parameters: ["chart": "candles"],
                providerValues: Self.data("ohlc/backtesting-0.6.6_GOOG_daily.csv")),
            named: "price-large-GOOG-candles")
        // A revision (a day whose cumulative count fell) drawn as 0 under the 7-day average.
        await assertSnapshot(
            of: GlobalStatsWidget(),
            as: .widget(
                family: .systemLarge, at: now, parameters: ["range": "all"],
                providerValues: Self.data("covid/nyt_us_2021.csv")),
            named: "covid-global-large-NYT-revision")
        // The deaths column, titled as such.
        await assertSnapshot(
            of: GlobalStatsWidget(),
            as: .widget(at: now, providerValues: Self.data("covid/nyt_us_2021.csv", column: "deaths")),
            named: "covid-global-medium-NYT-deaths")
        await assertSnapshot(
            of: GlobalStatsWidget(),
            as: .widget(
                family: .systemSmall, at: now, device: smallest, locale: Locale(identifier: "ja"),
                providerValues: Self.data("covid/nyt_us_2021.csv", column: "deaths")),
            named: "covid-global-small-NYT-deaths-ja")
        // disease.sh's worldwide status: totals, no history.
        await assertSnapshot(
            of: GlobalStatsWidget(),
            as: .widget(at: now, providerValues: Self.data("covid/diseasesh_v2_all.json")),
            named: "covid-global-medium-diseasesh-all")
        // A single-country file, no country named.
        await assertSnapshot(
            of: CountryStatusWidget(),
            as: .widget(
                family: .systemSmall, at: now, providerValues: Self.data("covid/diseasesh_v2_countries_India.json")),
            named: "covid-country-small-India")
    }
}
