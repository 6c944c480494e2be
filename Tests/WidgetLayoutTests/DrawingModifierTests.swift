import Foundation
import Testing
import WidgetCore
import WidgetLayout

/// The modifiers that change only how a view is drawn — `rotationEffect`, `scaleEffect`,
/// `shadow`, `blur` — each one file in WidgetCore: the view keeps its frame (and its neighbours
/// theirs), and its drawing is wrapped in one layer of the display list.
@Suite("Drawing modifiers")
struct DrawingModifierTests {
    /// The layers opened in a display list, in order.
    private func layers(_ items: [DisplayItem]) -> [DisplayLayer] {
        items.compactMap { item in
            if case .beginLayer(let layer) = item { return layer }
            return nil
        }
    }

    /// A 40 × 20 box at the top leading corner of 200 × 100, modified, beside a label.
    private func row(_ modify: (ViewNode) -> ViewNode) -> [DisplayItem] {
        layout(
            HStack(spacing: 0) {
                modify(Color.red.frame(width: 40, height: 20).node)
                Text("next")
            }.frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading).node)
    }

    @Test("rotationEffect turns the drawing about its anchor and moves nothing")
    func rotation() throws {
        let plain = row { $0 }
        let turned = row { $0.rotationEffect(.degrees(90)) }
        #expect(turned.texts.map(\.frame) == plain.texts.map(\.frame))
        #expect(turned.fillFrames == plain.fillFrames)
        let matrix = try #require(
            layers(turned).compactMap { layer -> [Double]? in
                if case .transform(let m) = layer { return m }
                return nil
            }.first)
        // 90° clockwise about the box's centre (20, 10): (x, y) → (30 − y, x − 10).
        let expected = [0.0, 1, -1, 0, 30, -10]
        #expect(zip(matrix, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(matrix)")
        #expect(row { $0.rotationEffect(.degrees(Double.nan)) }.count == plain.count)
    }

    @Test("scaleEffect scales about its anchor; a scale of 0 draws nothing; a NaN scale is ignored")
    func scale() throws {
        let plain = row { $0 }
        let doubled = row { $0.scaleEffect(2, anchor: .topLeading) }
        #expect(layers(doubled) == [.transform([2, 0, 0, 2, 0, 0])])
        #expect(doubled.texts.map(\.frame) == plain.texts.map(\.frame))
        let hidden = row { $0.scaleEffect(0) }
        #expect(hidden.fillFrames.isEmpty)
        #expect(hidden.texts.map(\.frame) == plain.texts.map(\.frame))
        #expect(layers(row { $0.scaleEffect(x: .nan, y: 2) }).isEmpty)
        #expect(layers(row { $0.scaleEffect(x: 1e9, y: 1) }) == [.transform([1_000, 0, 0, 1, -19_980, 0])])
    }

    @Test("shadow wraps the view in a shadow layer with its colour, radius and offset")
    func shadow() throws {
        let plain = row { $0 }
        let shadowed = row { $0.shadow(radius: 4, y: 2) }
        #expect(layers(shadowed) == [.shadow(color: Color.black.opacity(0.33), radius: 4, x: 0, y: 2)])
        #expect(shadowed.texts.map(\.frame) == plain.texts.map(\.frame))
        #expect(shadowed.fillFrames == plain.fillFrames)
        // The layer closes right after the view's own drawing, before its neighbour's.
        let end = try #require(shadowed.firstIndex { if case .endLayer = $0 { true } else { false } })
        let text = try #require(shadowed.firstIndex { if case .text = $0 { true } else { false } })
        #expect(end < text)
        #expect(
            layers(row { $0.shadow(color: .blue, radius: -3, x: 1) }) == [
                .shadow(color: .blue, radius: 0, x: 1, y: 0)
            ])
        #expect(layers(row { $0.shadow(radius: .infinity) }).isEmpty)
        #expect(layers(row { $0.shadow(radius: 2, x: .nan) }).isEmpty)
    }

    @Test("blur wraps the view in a blur layer; opaque clips it to the frame; no radius, no blur")
    func blur() throws {
        #expect(layers(row { $0.blur(radius: 3) }) == [.blur(radius: 3)])
        #expect(
            layers(row { $0.blur(radius: 3, opaque: true) }) == [
                .clip(.rectangle(cornerRadius: 0), Rect(x: 0, y: 0, width: 40, height: 20)), .blur(radius: 3),
            ])
        #expect(layers(row { $0.blur(radius: 0) }).isEmpty)
        #expect(layers(row { $0.blur(radius: -1) }).isEmpty)
        #expect(layers(row { $0.blur(radius: .nan) }).isEmpty)
    }
}
