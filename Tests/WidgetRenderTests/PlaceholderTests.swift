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
                family: .accessoryRectangular, displaySize: metrics.size, colorScheme: .dark, isPlaceholder: true,
                date: Fixtures.now)
            let lists = try session.renderer.layout(entry.view, metrics: metrics, context: context)
            let chart = try #require(
                lists.content.first { if case .drawing(_, _, _, true) = $0 { true } else { false } }?.frame,
                "no chart laid out")
            let surface = try session.renderer.render(entry.view, metrics: metrics, context: context).surface
            // Over a dark wallpaper, the chart's pixels must be light enough to see: count those
            // whose white, composited on black, reaches 20 %.
            let scale = Double(metrics.scale)
            var visible = 0
            // The chart's frame bleeds a point past the widget (its strokes' room): only the
            // surface's own pixels are read.
            for y in max(0, Int(chart.minY * scale))..<min(surface.height, Int(chart.maxY * scale)) {
                for x in max(0, Int(chart.minX * scale))..<min(surface.width, Int(chart.maxX * scale)) {
                    let pixel = surface.pixel(x: x, y: y)
                    // On black, a pixel shows its colour times its alpha.
                    let onBlack = (Int(pixel.red) + Int(pixel.green) + Int(pixel.blue)) * Int(pixel.alpha) / 255
                    if onBlack >= 3 * 51 { visible += 1 }
                }
            }
            #expect(visible >= Int(chart.width * scale), "only \(visible) visible pixels in the sparkline")
        }
    }

    /// Every built-in widget's placeholder, in each family and appearance, is grey: no pixel
    /// with a saturation above 0.05 (a green trend bar, a red chart or a coloured label
    /// would imply a state the placeholder does not know).
    @Test(arguments: ["price", "covid-country", "covid-global"])
    func placeholdersAreGrey(_ kind: String) async throws {
        let families: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular]
        for family in families {
            guard let (entry, metrics) = try? await Fixtures.entry(kind: kind, family: family, placeholder: true)
            else { continue }
            for scheme in [ColorScheme.light, .dark] {
                let most = try Fixtures.withSession { session in
                    let context = ViewContext(
                        family: family, displaySize: metrics.size, colorScheme: scheme, isPlaceholder: true,
                        date: Fixtures.now)
                    let surface = try session.renderer.render(entry.view, metrics: metrics, context: context).surface
                    var most = 0.0
                    var at = (0, 0, p: surface.pixel(x: 0, y: 0))
                    // Each pixel as it shows: over white (light) or black (dark).
                    let ground = scheme == .light ? 255 : 0
                    for y in 0..<surface.height {
                        for x in 0..<surface.width {
                            let p = surface.pixel(x: x, y: y)
                            // A Home Screen card's rim is its background's edge, not content.
                            guard p.alpha == 255 || family.isAccessory else { continue }
                            let shown = [p.red, p.green, p.blue].map {
                                Double(Int($0) * Int(p.alpha) + ground * (255 - Int(p.alpha))) / 255 / 255
                            }
                            // HSL's saturation; channels within 2 levels of each other are grey
                            // (iOS's own dark background, #1C1C1E, and the rounding of edges
                            // with little opacity).
                            let (high, low) = (shown.max() ?? 0, shown.min() ?? 0)
                            let lightness = (high + low) / 2
                            guard high - low > 2.5 / 255, lightness > 0, lightness < 1 else { continue }
                            let saturation = (high - low) / (1 - abs(2 * lightness - 1))
                            if saturation > most { (most, at) = (saturation, (x, y, p)) }
                        }
                    }
                    return (most, at)
                }
                #expect(
                    most.0 <= 0.05, "\(kind) \(family.shortName) \(scheme): saturation \(most.0) at \(most.1)")
            }
        }
    }

    /// A text of spaces, kept for its line's height, leaves no bar in the placeholder.
    @Test func aBlankTextLeavesNoBar() throws {
        let metrics = try WidgetMetrics(family: .systemSmall, device: .default, scale: 1)
        let view = VStack {
            Text("   ").font(.title)
        }
        let inked = try Fixtures.withSession { session in
            let context = ViewContext(family: .systemSmall, displaySize: metrics.size, isPlaceholder: true)
            let surface = try session.renderer.render(view.node, metrics: metrics, context: context).surface
            let white = surface.pixel(x: Int(metrics.size.width / 2), y: 4)
            var inked = 0
            for y in 30..<(surface.height - 30) {
                for x in 30..<(surface.width - 30) where surface.pixel(x: x, y: y) != white { inked += 1 }
            }
            return inked
        }
        #expect(inked == 0)
    }
}
