import Foundation
import Testing
import WidgetCore
import WidgetLayout

/// A predictable measurer: every character is half the font size wide and a line
/// is one font size tall, so at the tests' 20 pt font a character is 10 pt wide
/// and a line 20 pt tall. Text wraps at `maxWidth` by whole characters (at least
/// one per line) and `lineLimit` caps the number of lines.
struct FakeMeasurer: TextMeasuring {
    func measure(_ text: String, font: Font, maxWidth: Double?, lineLimit: Int?) -> Size {
        let characterWidth = font.size / 2
        let lineHeight = font.size
        let count = text.count
        guard count > 0 else { return Size(width: 0, height: lineHeight) }
        var perLine = count
        if let maxWidth, maxWidth.isFinite {
            perLine = min(count, max(1, Int((maxWidth / characterWidth + 1e-9).rounded(.down))))
        }
        var lines = (count + perLine - 1) / perLine
        if let lineLimit { lines = min(lines, max(1, lineLimit)) }
        return Size(width: Double(perLine) * characterWidth, height: Double(lines) * lineHeight)
    }
}

/// The tests' base font: 20 pt, so a character is 10 pt wide and a line 20 pt tall.
let baseFontSize = 20.0
let characterWidth = 10.0
let lineHeight = 20.0

func environment() -> EnvironmentValues {
    var environment = EnvironmentValues()
    environment.font = Font(size: baseFontSize)
    return environment
}

var engine: LayoutEngine { LayoutEngine(measurer: FakeMeasurer()) }

func layout(_ node: ViewNode, width: Double = 200, height: Double = 100) -> [DisplayItem] {
    engine.layout(node, in: Rect(x: 0, y: 0, width: width, height: height), environment: environment())
}

extension [DisplayItem] {
    /// The placed texts, in display order.
    var texts: [DisplayText] {
        compactMap { item -> DisplayText? in
            if case .text(let text) = item { return text }
            return nil
        }
    }

    /// The placed text with this string.
    func text(_ string: String) throws -> DisplayText {
        try #require(texts.first { $0.string == string }, "no text '\(string)' in \(self)")
    }

    /// Frames of the shapes and charts, in display order.
    var fillFrames: [Rect] {
        var result: [Rect] = []
        for item in self {
            switch item {
            case .shape, .stroke, .drawing: result.append(item.frame)
            case .text, .image, .hitTarget, .clear, .beginLayer, .endLayer: break
            }
        }
        return result
    }
}

@Suite("LayoutEngine")
struct LayoutEngineTests {
    // MARK: The fake itself

    @Test("the fake measurer wraps by whole characters and honours lineLimit")
    func fakeMeasurer() {
        let fake = FakeMeasurer()
        let font = Font(size: baseFontSize)
        #expect(fake.measure("ABCDE", font: font, maxWidth: nil, lineLimit: nil) == Size(width: 50, height: 20))
        #expect(fake.measure("ABCDE", font: font, maxWidth: 30, lineLimit: nil) == Size(width: 30, height: 40))
        #expect(fake.measure("ABCDE", font: font, maxWidth: 30, lineLimit: 1) == Size(width: 30, height: 20))
        #expect(fake.measure("ABCDE", font: font, maxWidth: 0, lineLimit: nil) == Size(width: 10, height: 100))
    }

    // MARK: HStack

    @Test("HStack { Text; Spacer; Text } pushes the texts to both edges")
    func hStackSpacerPushesApart() throws {
        let items = layout(
            HStack {
                Text("AB")
                Spacer()
                Text("CDE")
            }.node)
        let left = try items.text("AB")
        let right = try items.text("CDE")
        #expect(left.frame.minX == 0)
        #expect(left.frame.width == 2 * characterWidth)
        #expect(right.frame.maxX == 200)
        #expect(right.frame.width == 3 * characterWidth)
        // Vertically centred by default.
        #expect(left.frame.midY == 50)
        #expect(right.frame.midY == 50)
        #expect(left.frame.height == lineHeight)
    }

    @Test("HStack without a spacer is centred, with the default 8 pt spacing")
    func hStackCentredWithDefaultSpacing() throws {
        let items = layout(
            HStack {
                Text("AB")
                Text("CD")
            }.node)
        let left = try items.text("AB")
        let right = try items.text("CD")
        #expect(right.frame.minX - left.frame.maxX == 8)
        // 20 + 8 + 20 = 48 wide, centred in 200.
        #expect(left.frame.minX == (200 - 48) / 2)
        #expect(right.frame.maxX == 200 - (200 - 48) / 2)
    }

    @Test(
        "HStack vertical alignment",
        arguments: [
            (VerticalAlignment.top, 0.0), (.center, 40.0), (.bottom, 80.0),
        ])
    func hStackAlignment(alignment: VerticalAlignment, expectedMinY: Double) throws {
        let items = layout(
            HStack(alignment: alignment) {
                Text("AB")
                RoundedRectangle(cornerRadius: 0).frame(width: 10)
            }.node)
        #expect(try items.text("AB").frame.minY == expectedMinY)
    }

    @Test("HStack { Text(\"World\"); Text(\"COVID-19\"); Spacer() } gives the texts their full natural width")
    func spacerDoesNotStarveTexts() throws {
        // 5 + 8 characters = 130 pt of text in 200 pt: both fit on one line. Were the
        // spacer to take an equal share first, each child would get about 61 pt and
        // "COVID-19" (80 pt) would wrap.
        let items = layout(
            HStack {
                Text("World")
                Text("COVID-19")
                Spacer()
            }.node)
        let world = try items.text("World")
        let covid = try items.text("COVID-19")
        #expect(world.frame.size == Size(width: 5 * characterWidth, height: lineHeight))
        #expect(covid.frame.size == Size(width: 8 * characterWidth, height: lineHeight))
        #expect(world.frame.minX == 0)
        #expect(covid.frame.minX == world.frame.maxX + 8)
        #expect(covid.layoutWidth >= 8 * characterWidth)
    }

    @Test("spacers with a minimum length keep it even when texts want the room")
    func spacerMinimumLength() throws {
        // 10 characters (100 pt) + 10 characters in 150 pt with a 30 pt spacer and no spacing.
        let items = layout(
            HStack(spacing: 0) {
                Text("AAAAAAAAAA")
                Spacer(minLength: 30)
                Text("BBBBBBBBBB")
            }.node, width: 150)
        let a = try items.text("AAAAAAAAAA")
        let b = try items.text("BBBBBBBBBB")
        #expect(b.frame.minX - a.frame.maxX >= 30)
        #expect(a.frame.maxX <= 60 + 1e-9)
        #expect(b.frame.maxX <= 150 + 1e-9)
    }

    @Test("texts that do not fit share the width and wrap")
    func textsWrapWhenTooWide() throws {
        let items = layout(
            HStack(spacing: 0) {
                Text("AAAAAAAAAAAA")  // 120 pt natural
                Text("BBBBBBBBBBBB")
            }.node)
        let a = try items.text("AAAAAAAAAAAA")
        let b = try items.text("BBBBBBBBBBBB")
        #expect(a.frame.width <= 100)
        #expect(b.frame.width <= 100)
        #expect(a.frame.height == 2 * lineHeight)
        #expect(b.frame.minX >= a.frame.maxX)
        #expect(b.frame.maxX <= 200)
    }

    // MARK: VStack

    @Test("VStack(alignment: .leading) lines children up on their leading edge")
    func vStackLeading() throws {
        let items = layout(
            ZStack {
                VStack(alignment: .leading) {
                    Text("A")
                    Text("ABCDE")
                }
            }.node)
        let short = try items.text("A")
        let long = try items.text("ABCDE")
        #expect(short.frame.minX == long.frame.minX)
        #expect(short.frame.maxX < long.frame.maxX)
        #expect(long.frame.minY - short.frame.maxY == 8)
        // The stack is as wide as its widest child and centred in the ZStack.
        #expect(long.frame.midX == 100)
    }

    @Test("VStack(alignment: .leading) filling the width puts text at the left edge")
    func vStackLeadingFilling() throws {
        let items = layout(
            VStack(alignment: .leading) {
                Text("A")
                Text("ABCDE")
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(EdgeInsets(leading: 12)))
        #expect(try items.text("A").frame.minX == 12)
        #expect(try items.text("ABCDE").frame.minX == 12)
    }

    @Test("VStack alignment", arguments: [HorizontalAlignment.leading, .center, .trailing])
    func vStackAlignment(alignment: HorizontalAlignment) throws {
        let items = layout(
            ZStack {
                VStack(alignment: alignment) {
                    Text("A")
                    Text("ABCDE")
                }
            }.node)
        let short = try items.text("A").frame
        let long = try items.text("ABCDE").frame
        switch alignment {
        case .leading: #expect(short.minX == long.minX)
        case .center: #expect(short.midX == long.midX)
        case .trailing: #expect(short.maxX == long.maxX)
        }
    }

    @Test("a flexible view (a chart, a colour) in a VStack fills the height the texts leave")
    func chartFillsRemainingHeight() throws {
        let items = layout(
            VStack(alignment: .leading) {
                Text("BTC")
                Color.orange
            }.node)
        let text = try items.text("BTC")
        let chart = try #require(items.fillFrames.first)
        #expect(text.frame.minY == 0)
        #expect(chart.minY == lineHeight + 8)
        #expect(chart.maxY == 100)
        #expect(chart.height == 100 - lineHeight - 8)
        #expect(chart.width == 200)
    }

    @Test("a shape between texts takes the rest, with explicit spacing")
    func shapeBetweenTexts() throws {
        let items = layout(
            VStack(spacing: 4) {
                Text("top")
                RoundedRectangle(cornerRadius: 6)
                Text("bottom")
            }.node)
        let shape = try #require(items.fillFrames.first)
        let top = try items.text("top")
        let bottom = try items.text("bottom")
        #expect(top.frame.minY == 0)
        #expect(shape.minY == lineHeight + 4)
        #expect(shape.height == 100 - 2 * lineHeight - 2 * 4)
        #expect(bottom.frame.minY == shape.maxY + 4)
        #expect(bottom.frame.maxY == 100)
    }

    @Test("two flexible views split the leftover height equally")
    func twoChartsShare() throws {
        let items = layout(
            VStack(spacing: 0) {
                Text("x")
                Color.orange
                Color.blue
            }.node)
        let frames = items.fillFrames
        try #require(frames.count == 2)
        #expect(frames[0].height == frames[1].height)
        #expect(frames[0].height == (100 - lineHeight) / 2)
    }

    // MARK: Padding and frames

    @Test("padding insets a shape on every edge")
    func paddingAll() throws {
        let frame = try #require(layout(RoundedRectangle(cornerRadius: 0).padding(10)).fillFrames.first)
        #expect(frame == Rect(x: 10, y: 10, width: 180, height: 80))
    }

    @Test("padding insets each edge by its own amount")
    func paddingEdges() throws {
        let node = RoundedRectangle(cornerRadius: 0).padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        #expect(layout(node).fillFrames.first == Rect(x: 2, y: 1, width: 194, height: 96))
        let horizontal = RoundedRectangle(cornerRadius: 0).padding(horizontal: 20)
        #expect(layout(horizontal).fillFrames.first == Rect(x: 20, y: 0, width: 160, height: 100))
    }

    @Test("padding adds to a view's size")
    func paddingSize() {
        let size = engine.size(of: Text("AB").padding(10), proposal: .unspecified, environment: environment())
        #expect(size == Size(width: 2 * characterWidth + 20, height: lineHeight + 20))
    }

    @Test("padding narrows the width text wraps to")
    func paddingWrapsText() throws {
        // 10 characters = 100 pt; in 200 − 2×60 = 80 pt it needs two lines.
        let text = try layout(Text("ABCDEFGHIJ").padding(horizontal: 60)).text("ABCDEFGHIJ")
        #expect(text.frame.minX == 60)
        #expect(text.frame.width <= 80)
        #expect(text.frame.height == 2 * lineHeight)
    }

    @Test(".frame(width:alignment:) places the content inside a frame of that width")
    func fixedWidthFrame() throws {
        let items = layout(
            HStack(spacing: 0) {
                Text("AB").frame(width: 100, alignment: .leading)
                Text("CD").frame(width: 100, alignment: .trailing)
            }.node)
        let left = try items.text("AB")
        let right = try items.text("CD")
        #expect(left.frame.minX == 0)
        #expect(right.frame.maxX == 200)
        #expect(right.frame.minX == 200 - 2 * characterWidth)
    }

    @Test(".frame(width:alignment:) in a VStack: the frame is centred, the text aligned inside it")
    func fixedWidthFrameInVStack() throws {
        let items = layout(
            VStack {
                Text("AB").frame(width: 100, alignment: .leading)
                Text("CD").frame(width: 100, alignment: .trailing)
            }.node)
        // Frames span 50...150.
        #expect(try items.text("AB").frame.minX == 50)
        #expect(try items.text("CD").frame.maxX == 150)
    }

    @Test(".frame(width:height:) gives a shape that size, centred")
    func fixedSizeShape() throws {
        let frame = try #require(
            layout(RoundedRectangle(cornerRadius: 2).frame(width: 50, height: 30)).fillFrames.first)
        #expect(frame == Rect(x: 75, y: 35, width: 50, height: 30))
    }

    @Test(".frame(maxWidth: .infinity, alignment: .trailing) pushes text to the trailing edge")
    func flexibleFrameTrailing() throws {
        let items = layout(
            VStack {
                Text("AB").frame(maxWidth: .infinity, alignment: .trailing)
                Text("CDEF")
            }.node)
        #expect(try items.text("AB").frame.maxX == 200)
        #expect(try items.text("CDEF").frame.midX == 100)
    }

    @Test(".frame(maxWidth: .infinity) takes the room left in an HStack")
    func flexibleFrameInHStack() throws {
        let items = layout(
            HStack {
                Text("AB")
                Text("CD").frame(maxWidth: .infinity, alignment: .trailing)
            }.node)
        #expect(try items.text("AB").frame.minX == 0)
        #expect(try items.text("CD").frame.maxX == 200)
    }

    // Known bug: for an infinite proposal frameDimension falls back to the child's size, so a
    // maxWidth: .infinity frame around short text looks *less* flexible than a long text and is
    // offered an equal share first (LayoutEngine.frameDimension / stackLayout ordering).
    @Test(
        "a .frame(maxWidth: .infinity) sibling does not take a share before a text that fits")
    func flexibleFrameDoesNotStarveText() throws {
        // 15 characters = 150 pt; with 8 pt spacing it fits next to "x" (10 pt) in 200 pt.
        // As with spacers, the flexible frame should get what is left, not an equal share.
        let items = layout(
            HStack {
                Text("ABCDEFGHIJKLMNO")
                Text("x").frame(maxWidth: .infinity, alignment: .trailing)
            }.node)
        let label = try items.text("ABCDEFGHIJKLMNO")
        #expect(label.frame.size == Size(width: 15 * characterWidth, height: lineHeight))
        #expect(label.frame.minX == 0)
        #expect(try items.text("x").frame.maxX == 200)
    }

    @Test("a flexible frame reports the proposed width, within its bounds")
    func flexibleFrameSize() {
        let env = environment()
        let infinite = engine.size(
            of: Text("AB").frame(maxWidth: .infinity), proposal: ProposedSize(width: 150, height: 40), environment: env)
        #expect(infinite.width == 150)
        let capped = engine.size(
            of: Text("AB").frame(maxWidth: 60), proposal: ProposedSize(width: 150, height: 40), environment: env)
        #expect(capped.width == 60)
        let floored = engine.size(
            of: Text("AB").frame(minWidth: 80), proposal: ProposedSize(width: 30, height: 40), environment: env)
        #expect(floored.width == 80)
    }

    // MARK: Text scaling

    @Test("minimumScaleFactor(0.5) with lineLimit(1) shrinks text that is too wide")
    func minimumScaleFactorShrinks() throws {
        let string = String(repeating: "W", count: 20)  // 200 pt at 20 pt
        let text = try layout(Text(string).lineLimit(1).minimumScaleFactor(0.5), width: 150).text(string)
        #expect(text.font.size < baseFontSize)
        #expect(text.font.size >= baseFontSize / 2)
        #expect(text.frame.width <= 150 + 1e-9)
        #expect(text.frame.height <= lineHeight)
        #expect(text.lineLimit == 1)
    }

    @Test("text never shrinks below the minimum scale factor")
    func minimumScaleFactorFloor() throws {
        let string = String(repeating: "W", count: 40)  // 400 pt at 20 pt: would need 0.375
        let text = try layout(Text(string).lineLimit(1).minimumScaleFactor(0.5), width: 150).text(string)
        #expect(text.font.size >= baseFontSize / 2)
        #expect(text.font.size < baseFontSize)
        #expect(text.frame.width <= 150 + 1e-9)
    }

    // Known bug: resolvedText compares the one-line natural width with the offered width, so
    // with lineLimit(2) (or nil) it shrinks text that would wrap without truncation.
    @Test(
        "text that fits within its line limit by wrapping is not shrunk")
    func wrapBeforeShrinking() throws {
        // 10 characters = 100 pt; in 60 pt they wrap to 6 + 4 characters: two lines,
        // within lineLimit(2), so nothing is truncated and there is no reason to shrink.
        let text = try layout(Text("ABCDEFGHIJ").lineLimit(2).minimumScaleFactor(0.5), width: 60).text("ABCDEFGHIJ")
        #expect(text.font.size == baseFontSize)
        #expect(text.frame.height == 2 * lineHeight)
    }

    @Test("text that fits, or has no scale factor, keeps its font")
    func noShrinkWhenUnneeded() throws {
        let fits = try layout(Text("ABC").lineLimit(1).minimumScaleFactor(0.5), width: 150).text("ABC")
        #expect(fits.font.size == baseFontSize)
        let string = String(repeating: "W", count: 20)
        let noFactor = try layout(Text(string).lineLimit(1), width: 150).text(string)
        #expect(noFactor.font.size == baseFontSize)
    }

    @Test("the font from the environment reaches the text")
    func fontModifier() throws {
        let text = try layout(Text("AB").font(.system(size: 30, weight: .bold))).text("AB")
        #expect(text.font.size == 30)
        #expect(text.font.weight == .bold)
        #expect(text.frame.width == 2 * 15)
    }

    // MARK: ZStack

    @Test(
        "ZStack aligns a smaller child",
        arguments: [
            (Alignment.topLeading, 0.0, 0.0), (.top, 90.0, 0.0), (.topTrailing, 180.0, 0.0),
            (.leading, 0.0, 40.0), (.center, 90.0, 40.0), (.trailing, 180.0, 40.0),
            (.bottomLeading, 0.0, 80.0), (.bottom, 90.0, 80.0), (.bottomTrailing, 180.0, 80.0),
        ])
    func zStackAlignment(alignment: Alignment, x: Double, y: Double) throws {
        let items = layout(
            ZStack(alignment: alignment) {
                RoundedRectangle(cornerRadius: 4)
                Text("AB")
            }.node)
        #expect(try items.text("AB").frame == Rect(x: x, y: y, width: 20, height: 20))
        #expect(items.fillFrames.first == Rect(x: 0, y: 0, width: 200, height: 100))
    }

    @Test("ZStack draws its first child at the back")
    func zStackOrder() throws {
        let items = layout(
            ZStack {
                RoundedRectangle(cornerRadius: 4)
                Text("front")
            }.node)
        try #require(items.count == 2)
        guard case .shape = items[0] else {
            Issue.record("expected the shape first, got \(items[0])")
            return
        }
        guard case .text = items[1] else {
            Issue.record("expected the text second, got \(items[1])")
            return
        }
    }

    // MARK: Backgrounds

    @Test(".containerBackground is drawn before the content")
    func containerBackgroundFirst() throws {
        let items = layout(
            VStack {
                Text("A")
                Text("B")
            }.containerBackground(.blue))
        try #require(items.count == 3)
        guard case .shape(_, let style, let rect, _) = items[0] else {
            Issue.record("expected the background first, got \(items[0])")
            return
        }
        #expect(style == .color(.blue))
        #expect(rect == Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(items.dropFirst().allSatisfy { if case .text = $0 { true } else { false } })
    }

    @Test(".background is drawn before the content, sized to it")
    func backgroundFirst() throws {
        let items = layout(
            HStack {
                Text("AB").padding(5).background(.red)
                Spacer()
            }.node)
        try #require(items.count == 2)
        guard case .shape(_, let style, let rect, _) = items[0] else {
            Issue.record("expected the background first, got \(items[0])")
            return
        }
        #expect(style == .color(.red))
        #expect(rect.width == 2 * characterWidth + 10)
        #expect(rect.height == lineHeight + 10)
        let text = try items.text("AB")
        #expect(text.frame.minX == rect.minX + 5)
        #expect(text.frame.minY == rect.minY + 5)
    }

    @Test("an overlay is drawn after the content")
    func overlayAfter() throws {
        let items = layout(RoundedRectangle(cornerRadius: 0).overlay(alignment: .topLeading) { Text("AB") })
        try #require(items.count == 2)
        guard case .shape = items[0], case .text(let text) = items[1] else {
            Issue.record("expected shape then text, got \(items)")
            return
        }
        #expect(text.frame.origin == Point(x: 0, y: 0))
    }

    // MARK: Environment

    @Test("foreground colour and redaction reach the placed items")
    func environmentReachesItems() throws {
        var env = environment()
        env.redacted = true
        let items = engine.layout(
            VStack {
                Text("A").foregroundStyle(.green)
                Text("B").unredacted()
            }.node, in: Rect(x: 0, y: 0, width: 200, height: 100), environment: env)
        let a = try items.text("A")
        let b = try items.text("B")
        #expect(a.color == .green)
        #expect(a.redacted)
        #expect(!b.redacted)
        #expect(b.color == .primary)
    }

    @Test("stacks of text are laid out once per width, whatever heights their parents try")
    func nestedTextStacksAreNotSizedPerHeight() throws {
        // Four levels: a column of rows (texts and a spacer) of columns of two texts and a
        // divider, with a shape taking the rest.
        func grid() -> ViewNode {
            VStack {
                ForEach(0..<3) { row in
                    HStack {
                        ForEach(0..<3) { column in
                            VStack {
                                Text("R\(row)C\(column)")
                                Divider()
                                Text("\(row * column)")
                            }
                        }
                        // Across a row: it takes width, never height.
                        Spacer()
                    }
                }
            }.node
        }
        let root = VStack {
            grid()
            RoundedRectangle(cornerRadius: 0)
        }.node
        let engine = LayoutEngine(measurer: FakeMeasurer())
        let items = engine.layout(root, in: Rect(x: 0, y: 0, width: 300, height: 400), environment: environment())
        #expect(items.texts.count == 18)
        // Each stack once per width its parent offers: 32 here. With the height in the key as
        // well (or the rows' spacer and the columns' divider taken for height-dependent), each
        // level multiplied its children's layouts by three: 155.
        #expect(engine.stackLayoutsComputed <= 45, "\(engine.stackLayoutsComputed) stack layouts")
        // The same frames as laid out on their own at the size the outer stack gave the grid.
        let alone = layout(grid(), width: 300, height: try #require(items.texts.last).frame.maxY)
        #expect(alone.texts.map { $0.frame } == items.texts.map { $0.frame })
    }

    @Test("layout is offset by the rect's origin")
    func rectOrigin() throws {
        let items = engine.layout(
            RoundedRectangle(cornerRadius: 0).padding(4), in: Rect(x: 16, y: 16, width: 100, height: 50),
            environment: environment())
        #expect(items.fillFrames.first == Rect(x: 20, y: 20, width: 92, height: 42))
    }
}
