import Foundation
import Testing
import WidgetCore
import WidgetDrawing
import WidgetRender

/// WidgetKit's views and modifiers of iOS 15–17 that ported widget code carries: they compile,
/// and draw as iOS draws them in the state a render shows (an unlocked device, no intent
/// running, an iPhone's Lock Screen).
@Suite("WidgetKit modifiers of iOS 15–17")
struct WidgetKitModifierTests {
    static func draw(_ view: some View, family: WidgetFamily) async throws -> CairoSurface {
        let engine = try RenderEngine(widgets: [])
        let rendered = try await engine.render(view, in: RenderRequest(kind: "", family: family))
        return try PNGImage.read(data: try #require(rendered.image?.data))
    }

    static func same(_ a: CairoSurface, _ b: CairoSurface) -> Bool {
        a.width == b.width && a.height == b.height
            && (0..<a.height).allSatisfy { y in
                (0..<a.width).allSatisfy { a.pixel(x: $0, y: y) == b.pixel(x: $0, y: y) }
            }
    }

    @Test func privacyInvalidationAndWidgetLabelsDrawTheViewAsItIs() async throws {
        let plain = VStack {
            Text("Balance")
            Text("1,024.00").font(.title)
        }
        let marked = VStack {
            Text("Balance").widgetLabel("Bank")
            Text("1,024.00").font(.title).privacySensitive().invalidatableContent()
        }
        .widgetLabel { Text("Bank") }
        for family in [WidgetFamily.systemSmall, .accessoryRectangular] {
            let a = try await Self.draw(plain, family: family)
            let b = try await Self.draw(marked, family: family)
            #expect(Self.same(a, b), "\(family): the modifiers change nothing drawn")
        }
        #expect(EnvironmentValues().showsWidgetLabel == false)
        // Redacting for privacy still hides a privacy-sensitive view, with everything else.
        let redacted = try await Self.draw(marked.redacted(reason: .privacy), family: .systemSmall)
        #expect(!Self.same(redacted, try await Self.draw(plain, family: .systemSmall)))
    }

    @Test func theAccessoryBackgroundFillsTheCircleAndNothingElsewhere() async throws {
        let content = Text("6").font(.title)
        let circular = try await Self.draw(
            ZStack {
                AccessoryWidgetBackground()
                content
            }, family: .accessoryCircular)
        let bare = try await Self.draw(ZStack { content }, family: .accessoryCircular)
        let (width, height) = (circular.width, circular.height)
        // Inside the circle, clear of the digit: filled; outside it, in the corner: as bare.
        let inside = circular.pixel(x: width / 2, y: height / 8)
        let outside = circular.pixel(x: 1, y: 1)
        #expect(inside != bare.pixel(x: width / 2, y: height / 8), "the circle is filled")
        #expect(inside.3 > 0)
        #expect(outside == bare.pixel(x: 1, y: 1), "outside the circle nothing is drawn")
        // In a Home Screen family, nothing.
        let small = try await Self.draw(
            ZStack {
                AccessoryWidgetBackground()
                content
            }, family: .systemSmall)
        #expect(Self.same(small, try await Self.draw(ZStack { content }, family: .systemSmall)))
    }
}
