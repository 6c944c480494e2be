import Foundation
import Testing
import WidgetCore
import WidgetRender

/// One golden PNG per built-in widget (medium), plus dark, Korean, placeholder and
/// shared-background cases, so a change to the look cannot slip through unseen.
@Suite("Golden PNGs")
struct GoldenTests {
    static let stack: String = (try? RenderSession().renderStack) ?? "unknown"

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var kind: String
        var family: WidgetFamily = .systemMedium
        var colorScheme: ColorScheme = .light
        var locale: WidgetLocale = .en
        var parameters: [String: String] = [:]
        var placeholder = false
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "price-medium", kind: "price"),
        Case(name: "covid-country-medium", kind: "covid-country"),
        Case(name: "covid-global-medium", kind: "covid-global"),
        Case(name: "price-medium-dark", kind: "price", colorScheme: .dark),
        Case(name: "covid-country-medium-ko-KOR", kind: "covid-country", locale: .ko, parameters: ["country": "KOR"]),
        Case(name: "covid-country-small-ja", kind: "covid-country", family: .systemSmall, locale: .ja),
        Case(name: "price-medium-placeholder", kind: "price", placeholder: true),
    ]

    @Test(arguments: cases)
    func matchesGolden(_ scene: Case) async throws {
        let png = try await Fixtures.renderPNG(
            kind: scene.kind, family: scene.family, colorScheme: scene.colorScheme, locale: scene.locale,
            parameters: scene.parameters, placeholder: scene.placeholder)
        try GoldenImage.assertMatches(png, suite: "GoldenTests", name: scene.name, stack: Self.stack)
    }

    @Test func globalWidgetWithSharedBackground() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let background = try Fixtures.backgroundImage(in: folder)
        let png = try await Fixtures.renderPNG(kind: "covid-global", background: background.path)
        try GoldenImage.assertMatches(png, suite: "GoldenTests", name: "covid-global-medium-background", stack: Self.stack)
    }
}
