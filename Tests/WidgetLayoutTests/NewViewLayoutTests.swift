import Foundation
import Testing
import WidgetCore
import WidgetLayout

private struct Ping: AppIntent {
    static let title: LocalizedStringResource = "Ping"
}

private struct Diamond: Shape {
    func path(in rect: Rect) -> Path {
        Path { path in
            path.addLines([
                Point(x: rect.midX, y: rect.minY), Point(x: rect.maxX, y: rect.midY), Point(x: rect.midX, y: rect.maxY),
                Point(x: rect.minX, y: rect.midY),
            ])
            path.closeSubpath()
        }
    }
}

extension [DisplayItem] {
    /// The shapes with their frames and styles.
    var shapes: [(kind: ShapeSpec.Kind, style: ShapeStyle, frame: Rect)] {
        compactMap { item in
            if case .shape(let kind, let style, let rect, _) = item { return (kind, style, rect) }
            return nil
        }
    }
}

/// Frames of the views and modifiers added for SwiftUI parity, laid out with the fake measurer
/// (10 pt per character, 20 pt per line) in 200 × 100.
@Suite("Layout of the SwiftUI vocabulary")
struct NewViewLayoutTests {
    @Test("ForEach over a range, an Identifiable collection and a key path gives one child each")
    func forEachMakesChildren() throws {
        struct Item: Identifiable {
            var id: Int
            var name: String
        }
        let items = layout(
            VStack(spacing: 0) {
                ForEach(0..<2) { Text("R\($0)") }
                ForEach([Item(id: 1, name: "I1"), Item(id: 2, name: "I2")]) { Text($0.name) }
                ForEach(["K1"], id: \.self) { Text($0) }
            }.node)
        #expect(items.texts.map(\.string) == ["R0", "R1", "I1", "I2", "K1"])
        // Five rows of 20 points, one under the other, centred in 100.
        #expect(items.texts.map(\.frame.minY) == [0, 20, 40, 60, 80])
    }

    @Test("a Group's modifiers apply to each of its views, which stack one by one")
    func groupDistributesModifiers() throws {
        let items = layout(
            HStack(spacing: 0) {
                Group {
                    Text("A")
                    Text("B")
                }
                .foregroundStyle(.red)
            }.node)
        #expect(items.texts.count == 2)
        #expect(items.texts.allSatisfy { $0.color == .red })
        #expect(try items.text("B").frame.minX - items.text("A").frame.minX == 10)
    }

    @Test("a Divider is one pixel across a VStack and one pixel tall in an HStack's full height")
    func dividerOrientation() throws {
        var environment = environment()
        environment.displayScale = 2
        let column = engine.layout(
            VStack(spacing: 0) {
                Text("AB")
                Divider()
            }.node, in: Rect(x: 0, y: 0, width: 200, height: 100), environment: environment)
        let line = try #require(column.shapes.first)
        #expect(line.frame.height == 0.5)
        #expect(line.frame.width == 200)
        #expect(line.style == .color(.separator))
        let row = engine.layout(
            HStack(spacing: 0) {
                Text("AB")
                Divider()
                Text("CD")
            }.node, in: Rect(x: 0, y: 0, width: 200, height: 100), environment: environment)
        let bar = try #require(row.shapes.first)
        #expect(bar.frame.width == 0.5)
        #expect(bar.frame.height == 100)
        #expect(bar.frame.minX == (try row.text("AB").frame.maxX))
    }

    @Test("Label puts the icon before the title, 6 points apart; iconOnly and titleOnly keep one")
    func labelParts() throws {
        let items = layout(
            Label {
                Text("Title")
            } icon: {
                Text("I")
            }.node)
        #expect(try items.text("Title").frame.minX - items.text("I").frame.maxX == 6)
        #expect(
            layout(
                Label {
                    Text("T")
                } icon: {
                    Text("I")
                }.labelStyle(.iconOnly)
            ).texts.map(\.string) == ["I"])
        #expect(
            layout(
                Label {
                    Text("T")
                } icon: {
                    Text("I")
                }.labelStyle(.titleOnly)
            ).texts.map(\.string) == ["T"])
    }

    @Test("padding(.horizontal, 8) insets only the leading and trailing edges")
    func paddingEdges() throws {
        let items = layout(
            HStack {
                Text("AB").padding(.horizontal, 8).background(.red)
                Spacer()
            }.node)
        let background = try #require(items.shapes.first)
        #expect(background.frame.width == 20 + 16)
        #expect(background.frame.height == 20)
        #expect(try items.text("AB").frame.minX == background.frame.minX + 8)
    }

    @Test("offset moves the drawing, not the neighbours")
    func offsetMovesOnlyItself() throws {
        let plain = layout(
            VStack(spacing: 0) {
                Text("AB")
                Text("CD")
            }.node)
        let moved = layout(
            VStack(spacing: 0) {
                Text("AB").offset(x: 7, y: 3)
                Text("CD")
            }.node)
        #expect(try moved.text("AB").frame.origin.x == plain.text("AB").frame.origin.x + 7)
        #expect(try moved.text("AB").frame.origin.y == plain.text("AB").frame.origin.y + 3)
        #expect(try moved.text("CD").frame == plain.text("CD").frame)
    }

    @Test("fixedSize keeps text on one line at its ideal width, whatever it is offered")
    func fixedSizeIgnoresTheProposal() throws {
        let wrapped = layout(Text("ABCDEFGHIJ").frame(width: 50))
        #expect(try wrapped.text("ABCDEFGHIJ").frame.height == 40)
        let fixed = layout(Text("ABCDEFGHIJ").fixedSize().frame(width: 300))
        #expect(try fixed.text("ABCDEFGHIJ").frame.size == Size(width: 100, height: 20))
    }

    @Test("layoutPriority: the higher child gets what it needs before a sibling of lower priority")
    func layoutPriorityOrder() throws {
        // 200 points for two texts of 150 points each, one line each.
        let items = layout(
            HStack(spacing: 0) {
                Text("AAAAAAAAAAAAAAA").lineLimit(1)
                Text("BBBBBBBBBBBBBBB").lineLimit(1).layoutPriority(1)
            }.node)
        #expect(try items.text("BBBBBBBBBBBBBBB").frame.width == 150)
        #expect(try items.text("AAAAAAAAAAAAAAA").frame.width == 50)
        let even = layout(
            HStack(spacing: 0) {
                Text("AAAAAAAAAAAAAAA").lineLimit(1)
                Text("BBBBBBBBBBBBBBB").lineLimit(1)
            }.node)
        #expect(try even.text("AAAAAAAAAAAAAAA").frame.width == 100)
    }

    @Test("aspectRatio(2, .fit) makes the largest 2:1 frame inside the proposal; .fill covers it")
    func aspectRatioFrames() throws {
        let fit = layout(Color.blue.aspectRatio(2, contentMode: .fit))
        #expect(fit.shapes.first?.frame == Rect(x: 0, y: 0, width: 200, height: 100))
        let tall = layout(Color.blue.aspectRatio(1, contentMode: .fit))
        #expect(tall.shapes.first?.frame == Rect(x: 50, y: 0, width: 100, height: 100))
        let fill = layout(Color.blue.aspectRatio(1, contentMode: .fill))
        #expect(fill.shapes.first?.frame == Rect(x: 0, y: -50, width: 200, height: 200))
    }

    @Test("opacity, clipShape and widgetAccentable wrap their content in a layer")
    func layersWrapContent() throws {
        let items = layout(
            HStack(spacing: 0) {
                Color.red.frame(width: 20, height: 20).opacity(0.5)
                Color.green.frame(width: 20, height: 20).clipShape(Circle())
                Color.blue.frame(width: 20, height: 20).cornerRadius(4)
                Text("A").widgetAccentable()
                Spacer()
            }.node)
        #expect(items.count == 12)
        guard case .beginLayer(.opacity(0.5)) = items[0], case .shape = items[1], case .endLayer = items[2] else {
            Issue.record("expected an opacity layer around a shape, got \(items.prefix(3))")
            return
        }
        guard case .beginLayer(.clip(.circle, let clip)) = items[3], case .shape(_, _, let rect, _) = items[4] else {
            Issue.record("expected a circular clip around a shape, got \(items[3...4])")
            return
        }
        #expect(clip == rect)
        #expect(rect == Rect(x: 20, y: 40, width: 20, height: 20))
        guard case .beginLayer(.clip(.rectangle(cornerRadius: 4), _)) = items[6] else {
            Issue.record("expected a rounded clip, got \(items[6])")
            return
        }
        guard case .beginLayer(.accent) = items[9], case .text = items[10], case .endLayer = items[11] else {
            Issue.record("expected the accent group around the text, got \(items[9...11])")
            return
        }
    }

    @Test("a GeometryReader gets the size it is offered and places its content at the top leading corner")
    func geometryReaderSize() throws {
        let items = layout(
            VStack(spacing: 0) {
                GeometryReader { proxy in
                    Color.green.frame(width: proxy.size.width / 4, height: proxy.size.height / 2)
                }
                .frame(height: 40)
            }.node)
        #expect(items.shapes.first?.frame == Rect(x: 0, y: 30, width: 50, height: 20))
    }

    @Test("a Canvas records its commands in widget points at its origin, text anchored")
    func canvasCommandsPlaced() throws {
        let items = layout(
            HStack(spacing: 0) {
                Spacer().frame(width: 100)
                Canvas { context, size in
                    context.fill(Path(Rect(x: 0, y: 0, width: size.width, height: 10)), with: .color(.red))
                    context.draw(Text("AB"), at: Point(x: size.width, y: size.height), anchor: .bottomTrailing)
                }
            }.node)
        guard case .drawing(let steps, let rect, _, _) = items.first else {
            Issue.record("expected a drawing, got \(items)")
            return
        }
        #expect(rect == Rect(x: 100, y: 0, width: 100, height: 100))
        guard case .fill(let path, .color(.red)) = steps.first?.asFill, case .text(_, _, let origin) = steps.last
        else {
            Issue.record("expected a fill then a text, got \(steps)")
            return
        }
        #expect(path.boundingRect == Rect(x: 100, y: 0, width: 100, height: 10))
        // "AB" is 20 × 20: its bottom trailing corner at the canvas's.
        #expect(origin == Point(x: 180, y: 80))
    }

    @Test("a linear ProgressView is a 4-point capsule across the width and its fill; the value is clamped")
    func progressBar() throws {
        let items = layout(ProgressView(value: 1.7).node)
        // The track, then the fill in the tint: all of it at 1.7 (clamped to 1).
        #expect(
            items.shapes.map(\.frame) == [
                Rect(x: 0, y: 48, width: 200, height: 4), Rect(x: 0, y: 48, width: 200, height: 4),
            ])
        #expect(
            items.shapes.map(\.style) == [
                .color(Color.tertiary.resolved(against: environment().foreground)), .color(.accentColor),
            ])
        #expect(items.shapes.allSatisfy { $0.kind == .capsule })
        let half = layout(ProgressView(value: 0.5).tint(.green).node)
        #expect(half.shapes.last?.frame.width == 100)
        #expect(half.shapes.last?.style == .color(.green))
        // Not a number is no progress: the track alone.
        #expect(layout(ProgressView(value: .nan).node).shapes.count == 1)
        // In a placeholder, the fill is grey whatever the tint.
        var redacted = environment()
        redacted.redacted = true
        let placeholder = engine.layout(
            ProgressView(value: 0.5).tint(.green).node, in: Rect(x: 0, y: 0, width: 200, height: 100),
            environment: redacted)
        #expect(placeholder.shapes.last?.style == .color(Color.secondary.opacity(0.4)))
    }

    /// The arcs a ring draws: (outline, frame, line width).
    private func arcs(_ items: [DisplayItem]) -> [(kind: ShapeSpec.Kind, frame: Rect, width: Double)] {
        items.compactMap { item in
            if case .stroke(let kind, _, let stroke, _, let rect, _) = item { return (kind, rect, stroke.lineWidth) }
            return nil
        }
    }

    @Test(
        "Gauge styles: the capacity ring fills its frame; the open ring knocks a gap around its dot; the linear bar has its label above"
    )
    func gaugeStyles() throws {
        let ring = layout(
            Gauge(value: 0.25) { Text("L") }.gaugeStyle(.accessoryCircularCapacity).frame(width: 60, height: 60))
        // A 60-point ring with 6-point lines: the track all round, the value a quarter from the top.
        let drawn = arcs(ring)
        #expect(
            drawn.map(\.frame) == [
                Rect(x: 73, y: 23, width: 54, height: 54), Rect(x: 73, y: 23, width: 54, height: 54),
            ])
        #expect(drawn.map(\.width) == [6, 6])
        #expect(
            drawn.map(\.kind) == [
                .arc(start: -Double.pi / 2, sweep: 2 * Double.pi), .arc(start: -Double.pi / 2, sweep: Double.pi / 2),
            ])
        let open = layout(Gauge(value: 0) { Text("L") }.gaugeStyle(.accessoryCircular).frame(width: 60, height: 60))
        let gap = try #require(
            open.compactMap { item -> Rect? in
                if case .clear(.circle, let rect) = item { return rect }
                return nil
            }.first, "no gap around the marker in \(open)")
        let dot = try #require(open.shapes.last { $0.kind == .circle })
        // The dot sits in the middle of its gap, which is half as wide again.
        #expect(abs(gap.midX - dot.frame.midX) < 1e-9 && abs(gap.midY - dot.frame.midY) < 1e-9)
        #expect(abs(gap.width - dot.frame.width * 1.5) < 1e-9)
        let bar = layout(Gauge(value: 5, in: 0...10) { Text("L") }.node)
        let track = try #require(bar.shapes.first { $0.kind == .capsule }, "no bar in \(bar)")
        #expect(try bar.text("L").frame.maxY < track.frame.minY)
    }

    @Test("Link, Button and Toggle record their rectangles as hit targets")
    func controlsRecordHitTargets() throws {
        let items = layout(
            VStack(spacing: 0) {
                Link(destination: URL(fileURLWithPath: "/a")) { Text("AB") }
                Button("B", intent: Ping()).buttonStyle(.plain)
                Toggle("T", isOn: true, intent: Ping())
            }.node)
        let targets = items.compactMap { item -> (HitTarget, Rect)? in
            if case .hitTarget(let target, let rect) = item { return (target, rect) }
            return nil
        }
        #expect(targets.map(\.0.kind) == ["link", "button", "toggle"])
        #expect(targets[0].0.url?.path == "/a")
        #expect(targets[0].1 == (try items.text("AB").frame))
        #expect(targets[1].0.intent == "Ping (Ping)")
        #expect(targets[2].0.isOn == true)
        // The switch is 51 × 31 at the trailing edge.
        #expect(targets[2].1.width == 200)
        #expect(items.shapes.contains { $0.frame.width == 51 && $0.frame.height == 31 && $0.frame.maxX == 200 })
    }

    @Test("a custom Shape is kept as its own outline; stroke and strokeBorder become strokes")
    func customShapesAndStrokes() throws {
        let items = layout(
            HStack(spacing: 0) {
                Diamond().fill(.orange)
                Circle().stroke(.blue, lineWidth: 3)
                Capsule().strokeBorder(.green, lineWidth: 4)
            }.node)
        guard case .shape(.custom(let shape), .color(.orange), let rect, _) = items[0] else {
            Issue.record("expected the diamond, got \(items[0])")
            return
        }
        #expect(shape.path(in: rect).boundingRect == rect)
        guard case .stroke(.circle, _, let style, let inside, _, _) = items[1],
            case .stroke(.capsule, _, _, let border, _, _) = items[2]
        else {
            Issue.record("expected two strokes, got \(items[1...])")
            return
        }
        #expect(style.lineWidth == 3)
        #expect(!inside)
        #expect(border)
    }

    @Test("Text runs joined with + keep their own styling")
    func textConcatenation() throws {
        let items = layout((Text("AB").bold() + Text("CD").italic().foregroundColor(.red)).node)
        let text = try items.text("ABCD")
        #expect(text.text.runs.count == 2)
        #expect(text.text.runs[0].font.weight == .bold)
        #expect(text.text.runs[1].font.isItalic)
        #expect(text.text.runs[1].color == .red)
        #expect(text.frame.width == 40)
    }

    @Test("bold(), italic() and fontDesign on a container reach every text in it")
    func containerTextStyling() throws {
        let items = layout(
            VStack {
                Text("A")
                Text("B").fontWeight(.light)
            }
            .bold().italic().fontDesign(.monospaced))
        #expect(try items.text("A").font.weight == .bold)
        #expect(try items.text("B").font.weight == .light)
        #expect(items.texts.allSatisfy { $0.font.isItalic && $0.font.design == .monospaced })
    }

    @Test("secondary is the system's label colour under the default foreground, the foreground at 60 % under another")
    func hierarchicalColours() throws {
        let items = layout(
            VStack {
                Text("A").foregroundStyle(.secondary)
                VStack { Text("B").foregroundStyle(.secondary) }.foregroundStyle(.orange)
            }.node)
        #expect(try items.text("A").color.light == Color.RGBA(hex: 0x3C3C43, alpha: 0.6))
        #expect(try items.text("B").color == Color.orange.opacity(0.6))
    }

    @Test("a symbol is a text run in the current font; a resizable one is scaled to fit its frame")
    func symbols() throws {
        let inline = layout(Image(systemName: "heart.fill").node)
        let run = try #require(inline.texts.first?.text.runs.first)
        #expect(run.isSymbol)
        #expect(run.unknownSymbol == nil)
        #expect(run.font.size == baseFontSize)
        let unknown = layout(Image(systemName: "heart.filled").node)
        #expect(unknown.texts.first?.text.runs.first?.unknownSymbol == "heart.filled")
        let sized = layout(Image(systemName: "bolt").resizable().frame(width: 40, height: 40))
        // One character at 100 pt is 50 × 100; scaled by 0.4 to fit 40 × 40, centred.
        #expect(sized.texts.first?.frame == Rect(x: 90, y: 30, width: 20, height: 40))
        #expect(sized.texts.first?.font.size == 40)
    }
}

extension DrawingItem {
    /// The item, to match a fill in a pattern.
    var asFill: DrawingItem { self }
}
