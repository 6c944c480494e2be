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
        let strategy = WidgetImageStrategy.image(family: scene.family, device: scene.device, colorScheme: scene.colorScheme)
        switch scene.kind {
        case "price": await assertSnapshot(of: PriceWidget(), entry: .timeline(at: Self.now), as: strategy, named: scene.name)
        case "covid-country":
            await assertSnapshot(of: CountryStatusWidget(), entry: .timeline(at: Self.now), as: strategy, named: scene.name)
        case "covid-global":
            await assertSnapshot(of: GlobalStatsWidget(), entry: .timeline(at: Self.now), as: strategy, named: scene.name)
        default: Issue.record("no golden case for widget \(scene.kind); add it here")
        }
    }

    @Test func placeholders() async {
        await assertSnapshot(of: PriceWidget(), entry: .placeholder(now: Self.now), named: "price-medium")
        await assertSnapshot(of: CountryStatusWidget(), entry: .placeholder(now: Self.now), named: "covid-country-medium")
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
        await assertSnapshot(of: PriceWidget(), entry: .snapshot(now: Self.now), as: .image(family: .systemSmall), named: "price-small")
    }
}
