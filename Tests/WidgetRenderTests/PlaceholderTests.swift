import Foundation
import Testing
import WidgetCore
import WidgetLayout
import WidgetDrawing

/// Placeholders show their shape on both screens: the redacted chart is drawn in the text's
/// colour, faded, so on the Lock Screen (white on the wallpaper) it is not lost as a grey meant
/// for a white card.
@Suite("Placeholders")
struct PlaceholderTests {
    @Test func theLockScreenPlaceholderDrawsItsSparkline() async throws {
        let (entry, metrics) = try await Fixtures.entry(
            kind: "price", family: .accessoryRectangular, placeholder: true)
        try Fixtures.withSession { session in
            let context = ViewContext(
                family: .accessoryRectangular, displaySize: metrics.size, isPlaceholder: true, date: Fixtures.now)
            let lists = try session.renderer.layout(entry.view, metrics: metrics, context: context)
            let chart = try #require(
                lists.content.first { if case .drawing(_, _, _, true) = $0 { true } else { false } }?.frame,
                "no chart laid out")
            let surface = try session.renderer.render(entry.view, metrics: metrics, context: context).surface
            // Over a dark wallpaper, the chart's pixels must be light enough to see: count those
            // whose white, composited on black, reaches 20 %.
            let scale = Double(metrics.scale)
            var visible = 0
            for y in Int(chart.minY * scale)..<Int(chart.maxY * scale) {
                for x in Int(chart.minX * scale)..<Int(chart.maxX * scale) {
                    let pixel = surface.pixel(x: x, y: y)
                    // On black, a pixel shows its colour times its alpha.
                    let onBlack = (Int(pixel.red) + Int(pixel.green) + Int(pixel.blue)) * Int(pixel.alpha) / 255
                    if onBlack >= 3 * 51 { visible += 1 }
                }
            }
            #expect(visible >= Int(chart.width * scale), "only \(visible) visible pixels in the sparkline")
        }
    }
}
