import ChartWidgets
import Foundation
import Testing
import WidgetCore
import WidgetDrawing
import WidgetLayout

/// Right-to-left layout (#31): in Arabic the widget is laid out mirrored, as iOS lays out
/// SwiftUI in a right-to-left language, while text and images read as written; a subtree set
/// back to left-to-right is mirrored again; every language's text keeps its ink inside the
/// content on the smallest iPhone.
@Suite("Right to left")
struct RightToLeftTests {
    static func medium() throws -> WidgetMetrics { try WidgetMetrics(family: .systemMedium, device: .default) }

    /// The ink of a rendered view: the bounding box, in pixels, of pixels that are not the
    /// white card, and the pixels themselves, row by row inside it.
    static func ink(of view: ViewNode, locale: String) throws -> (box: (Int, Int, Int, Int), pixels: [[UInt32]]) {
        let metrics = try Self.medium()
        return try Fixtures.withSession { session in
            let context = ViewContext(
                family: .systemMedium, displaySize: metrics.size, locale: Locale(identifier: locale),
                date: Fixtures.now)
            let surface = try session.renderer.render(view, metrics: metrics, context: context).surface
            let inset = Int(metrics.cornerRadius * Double(metrics.scale))
            var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
            for y in inset..<(surface.height - inset) {
                for x in 0..<surface.width {
                    let p = surface.pixel(x: x, y: y)
                    guard min(p.red, p.green, p.blue) < 250 else { continue }
                    (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                }
            }
            guard maxX >= 0 else { return ((0, 0, -1, -1), []) }
            let pixels = (minY...maxY).map { y in
                (minX...maxX).map { x -> UInt32 in
                    let p = surface.pixel(x: x, y: y)
                    return UInt32(p.red) << 16 | UInt32(p.green) << 8 | UInt32(p.blue)
                }
            }
            return ((minX, minY, maxX, maxY), pixels)
        }
    }

    static func leadingText(_ string: String) -> ViewNode {
        VStack(alignment: .leading) {
            Text(string).font(Font(size: 17, weight: .bold))
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .containerBackground(.white, for: .widget)
    }

    @Test func arabicLaysOutFromTheRightAndLeavesTextReadable() throws {
        let metrics = try Self.medium()
        // The same Latin text, leading: at the left margin in English, at the right in Arabic,
        // with the very same pixels (not mirrored glyphs).
        let english = try Self.ink(of: Self.leadingText("AB 12"), locale: "en")
        let arabic = try Self.ink(of: Self.leadingText("AB 12"), locale: "ar")
        let width = Int(metrics.size.width * Double(metrics.scale))
        #expect(english.box.0 < width / 4, "English starts at \(english.box.0) px")
        #expect(arabic.box.2 > width * 3 / 4, "Arabic ends at \(arabic.box.2) px")
        // Mirrored place: the left margin in English is the right margin in Arabic.
        #expect(abs(english.box.0 - (width - 1 - arabic.box.2)) <= 1, "\(english.box) vs \(arabic.box) of \(width)")
        #expect(english.pixels == arabic.pixels, "the text's pixels differ: it was mirrored")
    }

    @Test func aStacksFirstChildIsOnTheRightInArabic() throws {
        let metrics = try Self.medium()
        let view = HStack(spacing: 0) {
            Color.red.frame(width: 40, height: 40)
            Spacer()
            Color.blue.frame(width: 40, height: 40)
        }
        .containerBackground(.white, for: .widget)
        let pixels = try Fixtures.withSession { session in
            try ["en", "ar", "he"].map { language -> (left: Int, right: Int) in
                let context = ViewContext(
                    family: .systemMedium, displaySize: metrics.size, locale: Locale(identifier: language),
                    date: Fixtures.now)
                let surface = try session.renderer.render(view, metrics: metrics, context: context).surface
                let y = surface.height / 2
                let scale = Int(metrics.scale)
                let left = surface.pixel(x: 16 * scale + 20 * scale, y: y)
                let right = surface.pixel(x: surface.width - 16 * scale - 20 * scale, y: y)
                return (Int(left.red), Int(right.red))
            }
        }
        #expect(pixels[0].left > 200 && pixels[0].right < 100, "English: red on the left \(pixels[0])")
        #expect(pixels[1].left < 100 && pixels[1].right > 200, "Arabic: red on the right \(pixels[1])")
        #expect(pixels[2].left < 100 && pixels[2].right > 200, "Hebrew: red on the right \(pixels[2])")
    }

    @Test func aSubtreeSetLeftToRightIsNotMirrored() throws {
        let view = VStack(alignment: .leading) {
            Text("AB 12").font(Font(size: 17, weight: .bold)).frame(maxWidth: .infinity, alignment: .leading)
                .environment(\.layoutDirection, .leftToRight)
            Spacer(minLength: 0)
        }
        .containerBackground(.white, for: .widget)
        let english = try Self.ink(of: Self.leadingText("AB 12"), locale: "en")
        let arabic = try Self.ink(of: view, locale: "ar")
        #expect(english.box == arabic.box && english.pixels == arabic.pixels, "\(english.box) vs \(arabic.box)")
    }

    /// The root's direction is its language's; a subtree's locale does not change it, as in
    /// SwiftUI.
    @Test func theRootsDirectionIsItsLanguages() {
        func root(_ language: String) -> LayoutDirection {
            ViewContext(
                family: .systemSmall, displaySize: Size(width: 170, height: 170), locale: Locale(identifier: language)
            )
            .environment.layoutDirection
        }
        #expect(root("en") == .leftToRight)
        #expect(root("ar-EG") == .rightToLeft)
        #expect(root("he") == .rightToLeft)
        #expect(root("fa") == .rightToLeft)
        #expect(root("hi") == .leftToRight)
        var environment = EnvironmentValues()
        environment.locale = Locale(identifier: "ar")
        #expect(environment.layoutDirection == .leftToRight)
    }

    /// A view the widget itself mirrors (`scaleEffect(x: -1)`) stays mirrored in a
    /// right-to-left layout: only the layout's mirror is undone for text.
    @Test func aViewScaledByMinusOneStaysMirrored() throws {
        let view = VStack(alignment: .leading) {
            Text("Wide").font(Font(size: 17, weight: .bold)).scaleEffect(x: -1, y: 1)
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .containerBackground(.white, for: .widget)
        let english = try Self.ink(of: view, locale: "en")
        let arabic = try Self.ink(of: view, locale: "ar")
        // Placed at a different fraction of a pixel, so compared loosely: the Arabic ink is
        // far closer to the English ink as it is than to the English ink flipped back.
        func difference(_ a: [[UInt32]], _ b: [[UInt32]], flipped: Bool) -> Double {
            let rows = min(a.count, b.count)
            let columns = min(a.first?.count ?? 0, b.first?.count ?? 0)
            var total = 0.0
            for y in 0..<rows {
                for x in 0..<columns {
                    let other = flipped ? b[y][b[y].count - 1 - x] : b[y][x]
                    total += abs(Double(a[y][x] & 0xFF) - Double(other & 0xFF))
                }
            }
            return total / Double(max(1, rows * columns))
        }
        let same = difference(english.pixels, arabic.pixels, flipped: false)
        let undone = difference(english.pixels, arabic.pixels, flipped: true)
        #expect(same * 3 < undone, "difference \(same) as drawn, \(undone) flipped: the widget's own mirror was undone")
    }

    /// A canvas's text, a chart's labels and images are placed mirrored but read as written:
    /// the canvas's text has the very pixels of the English render, at the mirrored place.
    @Test func aCanvassTextIsNotMirrored() throws {
        let view = Canvas { context, size in
            context.draw(
                Text("AB 12").font(Font(size: 17, weight: .bold)), at: Point(x: 40, y: 40), anchor: .topLeading)
        }
        .containerBackground(.white, for: .widget)
        let english = try Self.ink(of: view, locale: "en")
        let arabic = try Self.ink(of: view, locale: "ar")
        let width = Int(try Self.medium().size.width * Double(try Self.medium().scale))
        #expect(abs(english.box.0 - (width - 1 - arabic.box.2)) <= 1, "\(english.box) vs \(arabic.box) of \(width)")
        #expect(english.pixels == arabic.pixels, "the canvas's text was mirrored")
    }

    /// A link's rectangle in the manifest is where it is drawn: mirrored in Arabic.
    @Test func hitTargetsAreMirroredWithTheDrawing() throws {
        let metrics = try Self.medium()
        let view = HStack(spacing: 0) {
            Link(destination: URL(string: "widgetrender://a")!) { Color.red.frame(width: 40, height: 40) }
            Spacer()
        }
        .containerBackground(.white, for: .widget)
        let frames = try Fixtures.withSession { session in
            try ["en", "ar"].map { language in
                let context = ViewContext(
                    family: .systemMedium, displaySize: metrics.size, locale: Locale(identifier: language),
                    date: Fixtures.now)
                return try session.renderer.layout(view, metrics: metrics, context: context).hitTargets.first?
                    .frame
            }
        }
        let english = try #require(frames[0])
        let arabic = try #require(frames[1])
        #expect(abs(english.minX - (metrics.size.width - arabic.maxX)) < 0.01, "\(english) vs \(arabic)")
    }

    /// The text of every built-in widget, small, medium and large on the smallest iPhone, in
    /// German, French and Arabic: its ink (the render with the text less the render without
    /// it) stays inside the content rectangle, within a pixel.
    @Test(arguments: ["price", "covid-country", "covid-global"], ["de", "fr", "ar-EG"])
    func theTextsInkStaysInTheContent(_ kind: String, _ language: String) async throws {
        let device = try DeviceProfile.named("iphone-320x568")
        for family in [WidgetFamily.systemSmall, .systemMedium, .systemLarge] {
            let (entry, metrics) = try await Fixtures.entry(kind: kind, family: family, device: device)
            let box = try Fixtures.withSession { session -> (Int, Int, Int, Int)? in
                let context = ViewContext(
                    family: family, displaySize: metrics.size, locale: Locale(identifier: language), date: Fixtures.now)
                var lists = try session.renderer.layout(entry.view, metrics: metrics, context: context)
                let with = try session.renderer.draw(lists, metrics: metrics, context: context)
                lists.content = lists.content.filter { if case .text = $0 { false } else { true } }
                let without = try session.renderer.draw(lists, metrics: metrics, context: context)
                var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
                for y in 0..<with.height {
                    for x in 0..<with.width where with.pixel(x: x, y: y) != without.pixel(x: x, y: y) {
                        (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                    }
                }
                return maxX < 0 ? nil : (minX, minY, maxX, maxY)
            }
            let ink = try #require(box, "\(kind) \(family.shortName) \(language): no text drawn")
            let scale = Double(metrics.scale)
            let content = metrics.contentRect
            let name = "\(kind) \(family.shortName) \(language)"
            #expect(Double(ink.0) >= content.minX * scale - 1, "\(name): ink from x \(ink.0) px, content \(content)")
            #expect(Double(ink.2) <= content.maxX * scale, "\(name): ink to x \(ink.2) px, content \(content)")
            #expect(Double(ink.1) >= content.minY * scale - 1, "\(name): ink from y \(ink.1) px, content \(content)")
            #expect(Double(ink.3) <= content.maxY * scale, "\(name): ink to y \(ink.3) px, content \(content)")
        }
    }
}

/// The line-height clamp is for tall scripts only: Japanese and Korean text with an emoji's
/// variation selector, CJK compatibility forms or a byte-order mark keep their heights.
@Suite("Tall scripts")
struct TallScriptTests {
    @Test func onlyTallScriptsAreClamped() {
        for text in ["晴れ ☀️", "맑음 ☀️", "注意︰", "\u{FEFF}Hello", "Cases 1,234", "感染者"] {
            #expect(!PangoText.hasTallScript(text), "\(text)")
        }
        for text in ["العالم", "שלום", "विश्व", "สวัสดี", "\u{FEFB}"] {
            #expect(PangoText.hasTallScript(text), "\(text)")
        }
    }
}
