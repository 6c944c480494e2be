import Foundation
import Testing
import WidgetCore
import WidgetLayout

/// A flow layout as a user writes one on iOS 16: subviews left to right at their ideal size,
/// wrapping to a new row when the next would pass the proposed width.
private struct Flow: Layout {
    var spacing = 10.0

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
        let frames = arrange(subviews, width: proposal.width ?? .infinity)
        return Size(
            width: frames.map(\.maxX).max() ?? 0, height: frames.map(\.maxY).max() ?? 0)
    }

    func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for (subview, frame) in zip(subviews, arrange(subviews, width: bounds.width)) {
            subview.place(
                at: Point(x: bounds.minX + frame.minX, y: bounds.minY + frame.minY),
                proposal: ProposedViewSize(frame.size))
        }
    }

    private func arrange(_ subviews: Subviews, width: Double) -> [Rect] {
        var frames: [Rect] = []
        var x = 0.0
        var y = 0.0
        var rowHeight = 0.0
        for subview in subviews {
            let size = subview.sizeThatFits(.unspecified)
            if x > 0, x + size.width > width {
                x = 0
                y += rowHeight + spacing
                rowHeight = 0
            }
            frames.append(Rect(x: x, y: y, width: size.width, height: size.height))
            x += size.width + spacing
            rowHeight = max(rowHeight, size.height)
        }
        return frames
    }
}

/// A layout that answers nonsense.
private struct Broken: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
        Size(width: .nan, height: -.infinity)
    }

    func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: Point(x: .nan, y: 0), proposal: .unspecified)
    }
}

/// A layout with a cache: counts the subviews once per call.
private struct Counted: Layout {
    func makeCache(subviews: Subviews) -> Int { subviews.count }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Int) -> Size {
        Size(width: Double(cache) * 10, height: 10)
    }

    func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Int) {
        for (index, subview) in subviews.enumerated() {
            subview.place(
                at: Point(x: bounds.maxX - Double(index) * 10, y: bounds.minY), anchor: .topTrailing,
                proposal: ProposedViewSize(width: 10, height: 10))
        }
    }
}

@Suite("Custom layouts")
struct CustomLayoutTests {
    @Test("a flow layout wraps its subviews into rows, each at its ideal size")
    func flow() throws {
        // "AAAA" is 40 wide, "BBBBBB" 60, "CC" 20; 10 apart; 100 wide: A and B cannot share a row.
        let node = Flow {
            Text("AAAA")
            ForEach(["BBBBBB", "CC"], id: \.self) { Text($0) }
        }
        let items = layout(node, width: 100, height: 100)
        #expect(try items.text("AAAA").frame == Rect(x: 0, y: 0, width: 40, height: 20))
        #expect(try items.text("BBBBBB").frame == Rect(x: 0, y: 30, width: 60, height: 20))
        #expect(try items.text("CC").frame == Rect(x: 70, y: 30, width: 20, height: 20))
        // Its size, as a stack sees it: two rows.
        let stacked = layout(
            VStack(alignment: .leading, spacing: 0) {
                node; Text("D")
            }.primitiveNode, width: 100)
        #expect(try stacked.text("D").frame.minY - stacked.text("AAAA").frame.minY == 50)
    }

    @Test("a layout's cache is made from its subviews; the anchor places the subview's corner")
    func cacheAndAnchor() throws {
        let items = layout(
            Counted {
                Text("A"); Text("B")
            }, width: 100, height: 50)
        #expect(try items.text("A").frame == Rect(x: 90, y: 0, width: 10, height: 20))
        #expect(try items.text("B").frame == Rect(x: 80, y: 0, width: 10, height: 20))
    }

    @Test("a layout that answers NaN gets finite frames: a NaN size is the proposal's, a NaN place is no place")
    func nonsense() throws {
        let items = layout(
            HStack(spacing: 0) {
                Broken {
                    Text("A"); Text("B")
                }
                Text("C")
            }.primitiveNode, width: 100, height: 40)
        #expect(items.texts.map(\.string) == ["A", "B", "C"])
        #expect(
            items.allSatisfy { [$0.frame.minX, $0.frame.minY, $0.frame.width, $0.frame.height].allSatisfy(\.isFinite) })
        // A (placed at a NaN point) and B (not placed) are centred in the layout's bounds, alike.
        #expect(try items.text("A").frame.midX == items.text("B").frame.midX)
    }

    @Test("ViewThatFits shows the first view whose ideal width fits, else the last, and draws only it")
    func viewThatFits() throws {
        func shown(width: Double) -> [String] {
            layout(
                ViewThatFits(in: .horizontal) {
                    Text("Bitcoin USD")
                    Text("BTC/USD")
                    Text("BTCUSD-LONG")
                }.primitiveNode, width: width
            ).texts.map(\.string)
        }
        #expect(shown(width: 200) == ["Bitcoin USD"])
        #expect(shown(width: 80) == ["BTC/USD"])
        #expect(shown(width: 40) == ["BTCUSD-LONG"])
    }

    @Test("ViewThatFits in both axes needs the height to fit too")
    func viewThatFitsBothAxes() {
        let node = ViewThatFits {
            VStack(spacing: 0) {
                Text("A"); Text("B"); Text("C")
            }
            Text("ABC")
        }.primitiveNode
        #expect(layout(node, width: 100, height: 100).texts.map(\.string) == ["A", "B", "C"])
        #expect(layout(node, width: 100, height: 40).texts.map(\.string) == ["ABC"])
    }
}

@Suite("Canvas text measurement")
struct CanvasMeasureTests {
    @Test("a canvas measures text as it will be drawn, and places a label by its size")
    func resolveAndMeasure() throws {
        // At the tests' 20 pt font "31.5K" is 50 × 20: a box under it, the label right-aligned.
        let canvas = Canvas { context, size in
            let label = context.resolve(Text("31.5K"))
            let measured = label.measure(in: size)
            context.fill(
                Path(Rect(x: size.width - measured.width, y: 0, width: measured.width, height: measured.height)),
                with: .color(.red))
            context.draw(label, at: Point(x: size.width, y: 0), anchor: .topTrailing)
        }
        let items = layout(canvas.primitiveNode, width: 200, height: 100)
        guard case .drawing(let steps, _, _, _) = try #require(items.first) else {
            Issue.record("no drawing in \(items)")
            return
        }
        guard case .fill(let box, _) = steps.first, case .text(_, _, let origin) = steps.last else {
            Issue.record("unexpected steps \(steps)")
            return
        }
        #expect(box.boundingRect == Rect(x: 150, y: 0, width: 50, height: 20))
        #expect(origin == Point(x: 150, y: 0))
    }

    @Test("a context made by hand measures nothing")
    func byHand() {
        let context = GraphicsContext()
        #expect(context.resolve(Text("abc")).measure(in: Size(width: 100, height: 100)) == Size(width: 0, height: 0))
    }
}

@Suite("position")
struct PositionTests {
    @Test("position centres the view on a point of the space it takes, which is all it is offered")
    func centres() throws {
        let items = layout(Text("AB").position(x: 50, y: 30), width: 200, height: 100)
        // "AB" is 20 × 20: its centre at (50, 30).
        #expect(try items.text("AB").frame == Rect(x: 40, y: 20, width: 20, height: 20))
        // It takes the whole row: what follows a positioned view in a stack starts after 200.
        let row = layout(
            HStack(spacing: 0) {
                Text("AB").position(x: 10, y: 10).frame(width: 120)
                Text("C")
            }.primitiveNode, width: 200, height: 100)
        #expect(try row.text("C").frame.minX == 120 + (200 - 130) / 2)
        // A point that is not a number is the origin.
        #expect(try layout(Text("AB").position(x: .nan, y: 0)).text("AB").frame.midX == 0)
    }
}
