import Foundation
import Testing
import WidgetCore
import WidgetLayout
import WidgetDrawing
@testable import ChartWidgets

/// The chart widgets choose between a whole and a compact figure before layout, from
/// `Formatting.estimatedWidth`; the estimate must never be under what Pango measures with the
/// bundled fonts, or a figure chosen as fitting would shrink or be cut.
@Suite("Estimated text widths")
struct EstimatedWidthTests {
    static let samples = [
        "1,904,838", "+70,117 new", "Cases", "Confirmed", "Recovered", "Deaths", "United Kingdom", "World",
        "新規 +70,117", "感染者", "オーストラリア", "확진자", "신규 +70,117", "치료 중 89%", "Saint Vincent and the Grenadines",
        "BTC 29,675.73 -4.75%", "0 today", "Apr 13", "4月13日", "4월 13일", "13.4万", "2.51만", "Open High Low",
        "Deaths Recovered Active",
    ]
    /// Words and figures of the other languages with strings (#31), measured in their own
    /// languages' fonts.
    static let moreSamples = [
        "Todesfälle", "Genesene", "Vereinigtes Königreich", "+1.161 neu", "aujourd’hui", "+1 161 nouveaux",
        "Recuperados", "Óbitos", "每日新增确诊", "中央アフリカ共和国", "الإصابات", "المتعافون", "الولايات المتحدة", "جديدة",
        "٢٬٠٥٦٬٠٥٤", "+٧٩٫٨٦٣", "٥٫٤٩٪", "ألف", "مليون", "मामले", "मौतें", "ठीक हुए", "संयुक्त राज्य", "विश्व",
        "प्रतिदिन नए मामले", "हज़ार", "लाख", "20,56,054",
    ]

    @Test(arguments: [Font.Weight.regular, .medium, .semibold, .bold])
    func estimateIsNeverUnderPangosWidth(weight: Font.Weight) throws {
        try Fixtures.withSession { session in
            for language in ["en", "ja", "ko", "de", "ar-EG", "hi"] {
                let measurer = try session.renderer.text(for: Locale(identifier: language))
                for sample in Self.samples + Self.moreSamples {
                    for font in [Font(size: 11, weight: weight), Font(size: 14, weight: weight).monospacedDigit()] {
                        let measured = measurer.measure(sample, font: font, maxWidth: nil, lineLimit: 1).width
                        let estimated = Formatting.estimatedWidth(sample, size: font.size)
                        #expect(
                            estimated >= measured,
                            "'\(sample)' at \(font.size) pt \(weight) in \(language): estimated \(estimated), Pango \(measured)"
                        )
                        // Not so generous that it gives up room for nothing: within a third
                        // for Latin and CJK, a half for Arabic's ligatures and Devanagari's
                        // conjuncts, which a count of characters cannot foresee.
                        let complex = sample.unicodeScalars.contains { (0x600...0x97F).contains($0.value) }
                        #expect(
                            estimated <= measured * (complex ? 1.5 : 1.35) + 2,
                            "'\(sample)' at \(font.size) pt \(weight) in \(language): estimated \(estimated), Pango \(measured)"
                        )
                    }
                }
            }
        }
    }
}

/// A text laid out at exactly its own width is drawn whole on a scaled surface: layout's
/// measure in points and Pango's drawing in device pixels agree, so ``LayoutFitTests`` can
/// judge truncation from layout alone.
@Suite("Text that fits is drawn whole")
struct ExactFitDrawingTests {
    @Test(arguments: ["新規 +7.99万", "+79.9K new", "신규 +7.99만", "Recovered 24%"])
    func textAtItsOwnWidthMatchesTextWithRoomToSpare(_ string: String) throws {
        try Fixtures.withSession { session in
            let locale = Locale(identifier: "ja")
            let font = Font(size: 11, weight: .semibold)
            let natural = try session.renderer.text(for: locale).measure(
                string, font: font, maxWidth: nil, lineLimit: 1)
            func draw(width: Double) throws -> CairoSurface {
                let view = HStack(spacing: 0) {
                    Text(string).font(font).lineLimit(1).frame(width: width, alignment: .leading)
                    Spacer(minLength: 0)
                }
                let metrics = try WidgetMetrics(
                    family: .systemSmall, device: try DeviceProfile.named("iphone-320x568"), scale: 2)
                return try session.renderer.render(
                    ViewNode(view), metrics: metrics,
                    context: ViewContext(family: .systemSmall, displaySize: metrics.size, locale: locale)
                ).surface
            }
            let exact = try draw(width: natural.width)
            let roomy = try draw(width: natural.width + 20)
            var differing = 0
            for y in 0..<exact.height {
                for x in 0..<exact.width where exact.pixel(x: x, y: y) != roomy.pixel(x: x, y: y) {
                    differing += 1
                }
            }
            #expect(
                differing == 0,
                "'\(string)' at its own width (\(natural.width) pt) drew \(differing) pixels differently")
        }
    }
}
