import ChartWidgets
import Foundation
import Testing
import WidgetSnapshotTesting

/// Golden PNGs for every built-in widget × supported family × light and dark, plus
/// placeholder, Japanese, Korean and shared-background cases, through the same
/// swift-snapshot-testing strategies users get from WidgetSnapshotTesting.
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

        /// iPad for extra large, TRMNL (OG) for the dashboard families, the default iPhone otherwise.
        var device: DeviceProfile {
            if family.isDashboard { return (try? DeviceProfile.named("trmnl-og")) ?? .default }
            return family == .systemExtraLarge ? (try? DeviceProfile.named("ipad-1024x1366")) ?? .default : .default
        }
    }

    /// Each family light and dark; the dashboard families light only, as an e-ink panel shows them.
    static let matrix: [Case] = ((try? BuiltInWidgets().resolvedWidgets()) ?? []).flatMap { widget in
        widget.supportedFamilies.flatMap { family in
            (family.isDashboard ? [ColorScheme.light] : [.light, .dark]).map {
                Case(kind: widget.kind, family: family, colorScheme: $0)
            }
        }
    }

    static let ja = Locale(identifier: "ja")
    static let ko = Locale(identifier: "ko")

    /// A golden of a built-in widget by kind, through its public type.
    static func assertBuiltIn(
        _ kind: String, family: WidgetFamily, colorScheme: ColorScheme = .light,
        renderingMode: WidgetRenderingMode? = nil, device: DeviceProfile = .default, named name: String,
        fileID: StaticString = #fileID, file: StaticString = #filePath, testName: String = #function,
        line: UInt = #line, column: UInt = #column
    ) async {
        func strategy<W: Widget>(_: W.Type) -> Snapshotting<W, WidgetImage> {
            .widget(family: family, at: now, colorScheme: colorScheme, renderingMode: renderingMode, device: device)
        }
        switch kind {
        case PriceWidget.kind:
            await assertSnapshot(
                of: PriceWidget(), as: strategy(PriceWidget.self), named: name, fileID: fileID, file: file,
                testName: testName, line: line, column: column)
        case CountryStatusWidget.kind:
            await assertSnapshot(
                of: CountryStatusWidget(), as: strategy(CountryStatusWidget.self), named: name, fileID: fileID,
                file: file, testName: testName, line: line, column: column)
        case GlobalStatsWidget.kind:
            await assertSnapshot(
                of: GlobalStatsWidget(), as: strategy(GlobalStatsWidget.self), named: name, fileID: fileID,
                file: file, testName: testName, line: line, column: column)
        default: Issue.record("no golden case for widget \(kind); add it here")
        }
    }

    @Test(arguments: matrix)
    func everyWidgetFamilyAndAppearance(_ scene: Case) async {
        await Self.assertBuiltIn(
            scene.kind, family: scene.family, colorScheme: scene.colorScheme, device: scene.device, named: scene.name)
    }

    struct ModeCase: CustomTestStringConvertible, Sendable {
        var kind: String
        var family: WidgetFamily
        var mode: WidgetRenderingMode

        var name: String { "\(kind)-\(family.shortName)-\(mode)" }
        var testDescription: String { name }
    }

    /// Every built-in widget in the accented (tinted Home Screen) and vibrant (Lock Screen,
    /// StandBy) modes; full colour is the matrix above, and the accessory families there are vibrant.
    static let modeMatrix: [ModeCase] =
        [PriceWidget.kind, CountryStatusWidget.kind, GlobalStatsWidget.kind].flatMap { kind in
            [WidgetRenderingMode.accented, .vibrant].map { ModeCase(kind: kind, family: .systemSmall, mode: $0) }
        } + [
            ModeCase(kind: PriceWidget.kind, family: .accessoryRectangular, mode: .accented),
            ModeCase(kind: PriceWidget.kind, family: .systemMedium, mode: .accented),
        ]

    @Test(arguments: modeMatrix)
    func renderingModes(_ scene: ModeCase) async {
        await Self.assertBuiltIn(scene.kind, family: scene.family, renderingMode: scene.mode, named: scene.name)
    }

    /// The tinted Home Screen in dark appearance, the Lock Screen over a dark wallpaper, an
    /// orange tint, and candles told apart by fill where colour goes.
    @Test func renderingModesInTheDark() async {
        for kind in [PriceWidget.kind, CountryStatusWidget.kind] {
            for mode in [WidgetRenderingMode.accented, .vibrant] {
                await Self.assertBuiltIn(
                    kind, family: .systemMedium, colorScheme: .dark, renderingMode: mode,
                    named: "\(kind)-medium-\(mode)-dark")
            }
        }
        await Self.assertBuiltIn(
            PriceWidget.kind, family: .accessoryRectangular, colorScheme: .dark,
            named: "price-rectangular-dark-wallpaper")
        await assertSnapshot(
            of: PriceWidget(),
            as: .widget(
                family: .systemSmall, at: Self.now, renderingMode: .accented,
                tint: WidgetRenderingMode.tint(named: "orange")),
            named: "price-small-accented-orange")
        await assertSnapshot(
            of: PriceWidget(),
            as: .widget(
                family: .systemLarge, at: Self.now, colorScheme: .dark, renderingMode: .accented,
                parameters: ["chart": "candles"]),
            named: "price-large-candles-accented-dark")
    }

    @Test func placeholders() async {
        await assertSnapshot(
            of: PriceWidget(), as: .widget(at: Self.now, entry: .placeholder), named: "price-medium")
        await assertSnapshot(
            of: CountryStatusWidget(), as: .widget(at: Self.now, entry: .placeholder), named: "covid-country-medium")
        await assertSnapshot(
            of: GlobalStatsWidget(), as: .widget(at: Self.now, entry: .placeholder, colorScheme: .dark),
            named: "covid-global-medium-dark")
    }

    @Test func japaneseAndKorean() async {
        await assertSnapshot(
            of: CountryStatusWidget(), as: .widget(at: Self.now, locale: Self.ja), named: "JPN-medium-ja")
        await assertSnapshot(
            of: CountryStatusWidget(),
            as: .widget(family: .systemSmall, at: Self.now, locale: Self.ko, parameters: ["country": "KOR"]),
            named: "KOR-small-ko")
        await assertSnapshot(
            of: GlobalStatsWidget(), as: .widget(family: .systemLarge, at: Self.now, locale: Self.ja),
            named: "global-large-ja")
    }

    @Test func sharedBackgroundImage() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Fixtures.backgroundImage(in: folder)
        let groups = AppGroupContainers(folders: [BuiltInWidgets.appGroup: folder])
        for family in [WidgetFamily.systemSmall, .systemMedium, .systemLarge] {
            await assertSnapshot(
                of: GlobalStatsWidget(), as: .widget(family: family, at: Self.now, appGroups: groups),
                named: "covid-global-\(family.shortName)-background")
        }
        // Dark mode dims the photo instead of frosting it.
        await assertSnapshot(
            of: GlobalStatsWidget(),
            as: .widget(family: .systemMedium, at: Self.now, colorScheme: .dark, appGroups: groups),
            named: "covid-global-medium-background-dark")
    }

    @Test func otherDevicesAndScales() async throws {
        await assertSnapshot(
            of: PriceWidget(),
            as: .widget(family: .systemSmall, at: Self.now, device: try DeviceProfile.named("iphone-320x568")),
            named: "price-small-iphone-320x568")
        await assertSnapshot(
            of: CountryStatusWidget(),
            as: .widget(family: .systemMedium, at: Self.now, device: try DeviceProfile.named("iphone-375x667")),
            named: "covid-country-medium-iphone-375x667")
    }

    @Test func snapshotEntryForTheGallery() async {
        await assertSnapshot(
            of: PriceWidget(), as: .widget(family: .systemSmall, at: Self.now, entry: .snapshot), named: "price-small")
    }

    /// A fixture file from the parser tests' real third-party data (sources in its README).
    static func fixture(_ path: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("WidgetDataTests/Fixtures/\(path)").path
    }

    /// Provider values that make a built-in widget read a file.
    static func data(_ path: String) -> ProviderValues {
        var values = ProviderValues()
        values.chartData = ChartDataOptions(source: fixture(path))
        return values
    }

    @Test func realData() async {
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        await assertSnapshot(
            of: PriceWidget(),
            as: .widget(
                family: .systemLarge, at: now, providerValues: Self.data("ohlc/backtesting-0.6.6_GOOG_daily.csv")),
            named: "price-large-GOOG")
        await assertSnapshot(
            of: PriceWidget(),
            as: .widget(
                at: now, parameters: ["range": "all"],
                providerValues: Self.data("ohlc/binance_api-v3-klines_1m_USDT-pair_2024-11-16.json")),
            named: "price-medium-binance")
        await assertSnapshot(
            of: CountryStatusWidget(),
            as: .widget(
                at: now, parameters: ["country": "IND"],
                providerValues: Self.data("covid/diseasesh_v2_countries_all.json")),
            named: "covid-country-medium-IND")
        await assertSnapshot(
            of: GlobalStatsWidget(),
            as: .widget(
                at: now, parameters: ["country": "KOR", "range": "all"],
                providerValues: Self.data(
                    "covid/jhu_time_series_covid19_confirmed_global_2020-01-22_2022-03-31_subset.csv")),
            named: "covid-global-medium-JHU-KOR")
    }
}
