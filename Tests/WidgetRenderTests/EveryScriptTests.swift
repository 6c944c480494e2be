import Foundation
import Testing
import WidgetLayout
import WidgetRender

@testable import ChartWidgets
@testable import WidgetDrawing

/// Every script a supported locale writes in has a font: no text is drawn as boxes. Pango
/// counts the characters no admitted font covers (after fallback), through the project's own
/// fontconfig file.
@Suite("Every script has its glyphs")
struct EveryScriptTests {
    /// Sample text in each script, with its digits and punctuation.
    static let samples: [(language: String, text: String)] = [
        ("en", "Cases 9,787 · +1,161 today · Apr 17, 2020"),
        ("de", "Fälle 9.787 · 6. Aug. 2023 · 29.039,01 €"),
        ("ja", "感染者 9,787人 · 2020年4月17日 · 価格"),
        ("ko", "확진자 9,787명 · 2020년 4월 17일 · 가격"),
        ("zh-Hans", "确诊 9,787 · 2020年4月17日 · 价格"),
        ("ar-EG", "الحالات ٩٬٧٨٧ · ١٧ أبريل ٢٠٢٠ · ٪٢٫٥"),
        ("he", "מקרים 9,787 · 17 באפר׳ 2020"),
        ("hi-IN", "मामले 12,34,567 · 17 अप्रैल 2020 · १२३"),
        ("th", "ผู้ป่วย 9,787 · 17 เม.ย. 2563 · ๑๒๓"),
        ("emoji", "🔥 ⚡️ 🌧️ 🇯🇵"),
    ]

    @Test func everySampleScriptIsCovered() throws {
        try Fixtures.withSession { session in
            for (language, text) in Self.samples {
                let measurer = try session.renderer.text(for: Locale(identifier: language))
                for weight in [Font.Weight.regular, .bold] {
                    let missing = measurer.unknownGlyphs(StyledText(text, font: Font(size: 15, weight: weight)))
                    #expect(missing == 0, "\(language) \(weight): \(missing) characters without a glyph in '\(text)'")
                }
            }
        }
    }

    /// Every built-in widget, in every family, in a locale of each script: no text of it lacks
    /// a glyph (their numbers and dates are the locale's; their words are still English).
    @Test(arguments: ["ar-EG", "he", "hi-IN", "th", "zh-Hans", "de"])
    func everyBuiltInWidgetDrawsEveryGlyph(_ identifier: String) async throws {
        let locale = Locale(identifier: identifier)
        for kind in ["price", "covid-country", "covid-global"] {
            for family in [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular] {
                let (entry, metrics) = try await Fixtures.entry(kind: kind, family: family)
                try Fixtures.withSession { session in
                    let context = ViewContext(
                        family: family, displaySize: metrics.size, locale: locale, date: Fixtures.now)
                    let lists = try session.renderer.layout(entry.view, metrics: metrics, context: context)
                    let measurer = try session.renderer.text(for: locale)
                    var texts = 0
                    for item in lists.content {
                        guard case .text(let run) = item else { continue }
                        texts += 1
                        let missing = measurer.unknownGlyphs(run.text)
                        #expect(
                            missing == 0, "\(kind) \(family.shortName) \(identifier): '\(run.string)' lacks \(missing)")
                    }
                    #expect(texts > 0, "\(kind) \(family.shortName): no text laid out")
                }
            }
        }
    }
}
