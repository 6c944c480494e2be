import Foundation
import Testing
import WidgetCore
import WidgetDrawing
import WidgetLayout

/// Margins and columns the eye reads as balanced, measured: the extra-large widget's ink ends
/// as far from the right edge as it starts from the left, and the medium COVID widget's three
/// figures stand in equal columns.
@Suite("Balanced layouts")
struct BalancedLayoutTests {
    @Test(arguments: ["ipad-1024x1366", "ipad-744x1133"])
    func theExtraLargePriceWidgetHasEqualSideMargins(_ device: String) async throws {
        let profile = try DeviceProfile.named(device)
        let (entry, metrics) = try await Fixtures.entry(kind: "price", family: .systemExtraLarge, device: profile)
        let (left, right, width) = try Fixtures.withSession { session in
            let context = ViewContext(family: .systemExtraLarge, displaySize: metrics.size, date: Fixtures.now)
            let surface = try session.renderer.render(entry.view, metrics: metrics, context: context).surface
            // Ink: pixels darker or more coloured than the white card, away from its rounded corners.
            var left = surface.width
            var right = 0
            let inset = Int(metrics.cornerRadius * Double(metrics.scale))
            for y in inset..<(surface.height - inset) {
                for x in 0..<surface.width {
                    let p = surface.pixel(x: x, y: y)
                    guard p.alpha == 255, min(p.red, p.green, p.blue) < 200 else { continue }
                    left = min(left, x)
                    right = max(right, x)
                }
            }
            let scale = Double(metrics.scale)
            return (Double(left) / scale, Double(surface.width - 1 - right) / scale, metrics.size.width)
        }
        #expect(
            abs(left - right) <= 1, "\(device): ink from \(left) pt on the left, \(right) pt on the right of \(width)")
    }

    /// Every built-in widget's text starts at the 16 pt leading margin in every language: a
    /// header row wider than the widget is centred by its parent, and covid-global's medium
    /// title once started 7 to 23 pt in, in Japanese and Korean only.
    @Test(arguments: ["price", "covid-country", "covid-global"], ["en", "ja", "ko"])
    func theTextStartsAtTheLeadingMargin(_ kind: String, _ language: String) async throws {
        let families: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge]
        for (device, family) in ["iphone-320x568", "iphone-430x932"].flatMap({ d in families.map { (d, $0) } }) {
            let (entry, metrics) = try await Fixtures.entry(
                kind: kind, family: family, device: try DeviceProfile.named(device))
            let leftmost = try Fixtures.withSession { session in
                let context = ViewContext(
                    family: family, displaySize: metrics.size, locale: Locale(identifier: language),
                    date: Fixtures.now)
                let lists = try session.renderer.layout(entry.view, metrics: metrics, context: context)
                // The title's row: the texts within 14 pt of the topmost (a large price beside a
                // name starts higher), the first of them leading.
                let runs = lists.content.compactMap { item -> Rect? in
                    guard case .text(let run) = item else { return nil }
                    return run.frame
                }
                let top = runs.map(\.minY).min() ?? 0
                return runs.filter { $0.minY <= top + 14 }.map(\.minX).min()
            }
            let x = try #require(leftmost, "\(kind) \(family.shortName) \(language) \(device): no text")
            #expect(
                abs(x - 16) <= 0.5, "\(kind) \(family.shortName) \(language) \(device): the text starts at \(x) pt")
        }
    }

    @Test(arguments: ["en", "ja", "ko"])
    func theMediumCountryWidgetsColumnsAreEvenlySpaced(_ language: String) async throws {
        let (entry, metrics) = try await Fixtures.entry(kind: "covid-country", family: .systemMedium)
        let locale = Locale(identifier: language)
        let starts = try Fixtures.withSession { session in
            let context = ViewContext(
                family: .systemMedium, displaySize: metrics.size, locale: locale, date: Fixtures.now)
            let lists = try session.renderer.layout(entry.view, metrics: metrics, context: context)
            // The three figures: the texts of 15 to 20 pt under the header.
            var xs: [Double] = []
            for item in lists.content {
                guard case .text(let run) = item, (15...20).contains(run.font.size), run.frame.minY > 30 else {
                    continue
                }
                xs.append(run.frame.minX)
            }
            return xs.sorted()
        }
        try #require(starts.count == 3, "\(starts)")
        let gaps = [starts[1] - starts[0], starts[2] - starts[1]]
        #expect(abs(gaps[0] - gaps[1]) <= 1, "\(language): columns start at \(starts)")
    }

    /// A long title keeps its size and is truncated, as Apple's widgets do; it used to shrink
    /// to about 13 pt.
    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium])
    func aLongTitleIsTruncatedAtItsOwnSize(_ family: WidgetFamily) async throws {
        let (entry, metrics) = try await Fixtures.entry(
            kind: "covid-country", family: family, parameters: ["country": "CAF"])
        let sizes = try Fixtures.withSession { session in
            let context = ViewContext(family: family, displaySize: metrics.size, date: Fixtures.now)
            let lists = try session.renderer.layout(entry.view, metrics: metrics, context: context)
            var sizes: [Double] = []
            for item in lists.content {
                if case .text(let run) = item, run.string.hasPrefix("Central") { sizes.append(run.font.size) }
            }
            return sizes
        }
        #expect(sizes.count == 1 && sizes.allSatisfy { $0 >= 14 }, "\(family.shortName): title at \(sizes) pt")
    }
}
