import Foundation
import Testing
import WidgetCore
import WidgetLayout
import WidgetSnapshotTesting
import Widgets

/// Golden PNGs for every built-in widget × supported family × light and dark, plus
/// placeholder, Japanese, Korean and shared-background cases, through the same
/// `assertSnapshot` users get from WidgetSnapshotTesting.
///
/// Re-record after an intended change with `make goldens`.
@Suite("Golden PNGs")
struct GoldenTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    struct Case: CustomTestStringConvertible, Sendable {
        var kind: String
        var family: WidgetFamily
        var colorScheme: ColorScheme

        var name: String { "\(kind)-\(family.shortName)-\(colorScheme.rawValue)" }
        var testDescription: String { name }

        /// iPad for extra large, the default iPhone otherwise.
        var device: DeviceProfile {
            family == .systemExtraLarge ? (try? DeviceProfile.named("ipad-1024x1366")) ?? .default : .default
        }
    }

    static let matrix: [Case] = BuiltInWidgets.bundle.widgets.flatMap { widget in
        widget.supportedFamilies.flatMap { family in
            [ColorScheme.light, .dark].map { Case(kind: widget.kind, family: family, colorScheme: $0) }
        }
    }

    @Test(arguments: matrix)
    func everyWidgetFamilyAndAppearance(_ scene: Case) async {
        let strategy = WidgetImageStrategy.image(
            family: scene.family, device: scene.device, colorScheme: scene.colorScheme)
        switch scene.kind {
        case "price":
            await assertSnapshot(of: PriceWidget(), entry: .timeline(at: Self.now), as: strategy, named: scene.name)
        case "covid-country":
            await assertSnapshot(
                of: CountryStatusWidget(), entry: .timeline(at: Self.now), as: strategy, named: scene.name)
        case "covid-global":
            await assertSnapshot(
                of: GlobalStatsWidget(), entry: .timeline(at: Self.now), as: strategy, named: scene.name)
        default: Issue.record("no golden case for widget \(scene.kind); add it here")
        }
    }

    @Test func placeholders() async {
        await assertSnapshot(of: PriceWidget(), entry: .placeholder(now: Self.now), named: "price-medium")
        await assertSnapshot(
            of: CountryStatusWidget(), entry: .placeholder(now: Self.now), named: "covid-country-medium")
        await assertSnapshot(
            of: GlobalStatsWidget(), entry: .placeholder(now: Self.now), as: .image(colorScheme: .dark),
            named: "covid-global-medium-dark")
    }

    @Test func japaneseAndKorean() async {
        await assertSnapshot(
            of: CountryStatusWidget(), entry: .timeline(at: Self.now), as: .image(locale: .ja), named: "JPN-medium-ja")
        await assertSnapshot(
            of: CountryStatusWidget(), entry: .timeline(at: Self.now), parameters: ["country": "KOR"],
            as: .image(family: .systemSmall, locale: .ko), named: "KOR-small-ko")
        await assertSnapshot(
            of: GlobalStatsWidget(), entry: .timeline(at: Self.now), as: .image(family: .systemLarge, locale: .ja),
            named: "global-large-ja")
    }

    @Test func sharedBackgroundImage() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let background = try Fixtures.backgroundImage(in: folder)
        for family in [WidgetFamily.systemSmall, .systemMedium, .systemLarge] {
            await assertSnapshot(
                of: GlobalStatsWidget(), entry: .timeline(at: Self.now), backgroundImagePath: background.path,
                as: .image(family: family), named: "covid-global-\(family.shortName)-background")
        }
        // Dark mode dims the photo instead of frosting it.
        await assertSnapshot(
            of: GlobalStatsWidget(), entry: .timeline(at: Self.now), backgroundImagePath: background.path,
            as: .image(family: .systemMedium, colorScheme: .dark), named: "covid-global-medium-background-dark")
    }

    @Test func otherDevicesAndScales() async {
        await assertSnapshot(
            of: PriceWidget(), entry: .timeline(at: Self.now),
            as: .image(family: .systemSmall, device: (try? DeviceProfile.named("iphone-320x568")) ?? .default),
            named: "price-small-iphone-320x568")
        await assertSnapshot(
            of: CountryStatusWidget(), entry: .timeline(at: Self.now),
            as: .image(family: .systemMedium, device: (try? DeviceProfile.named("iphone-375x667")) ?? .default),
            named: "covid-country-medium-iphone-375x667")
    }

    @Test func snapshotEntryForTheGallery() async {
        await assertSnapshot(
            of: PriceWidget(), entry: .snapshot(now: Self.now), as: .image(family: .systemSmall), named: "price-small")
    }

    /// A fixture file from the parser tests' real third-party data (sources in its README).
    static func fixture(_ path: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("WidgetDataTests/Fixtures/\(path)").path
    }

    @Test func realData() async {
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        await assertSnapshot(
            of: PriceWidget(), entry: .timeline(at: now),
            dataSource: Self.fixture("ohlc/backtesting-0.6.6_GOOG_daily.csv"),
            as: .image(family: .systemLarge), named: "price-large-GOOG")
        await assertSnapshot(
            of: PriceWidget(), entry: .timeline(at: now), parameters: ["range": "all"],
            dataSource: Self.fixture("ohlc/binance_api-v3-klines_1m_USDT-pair_2024-11-16.json"),
            named: "price-medium-binance")
        await assertSnapshot(
            of: CountryStatusWidget(), entry: .timeline(at: now), parameters: ["country": "IND"],
            dataSource: Self.fixture("covid/diseasesh_v2_countries_all.json"), named: "covid-country-medium-IND")
        await assertSnapshot(
            of: GlobalStatsWidget(), entry: .timeline(at: now), parameters: ["country": "KOR", "range": "all"],
            dataSource: Self.fixture("covid/jhu_time_series_covid19_confirmed_global_2020-01-22_2022-03-31_subset.csv"),
            named: "covid-global-medium-JHU-KOR")
    }
}
