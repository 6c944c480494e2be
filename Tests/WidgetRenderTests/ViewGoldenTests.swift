import Foundation
import Testing
import WidgetSnapshotTesting

/// A triangle: a shape of the user's own.
struct Triangle: Shape {
    func path(in rect: Rect) -> Path {
        Path { path in
            path.addLines([
                Point(x: rect.midX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY),
            ])
            path.closeSubpath()
        }
    }
}

/// A view of the user's own with a `body`, drawn with a canvas: a sparkline.
struct Sparkline: View {
    var values: [Double]

    var body: some View {
        Canvas { context, size in
            guard let low = values.min(), let high = values.max(), high > low, values.count > 1 else { return }
            var line = Path()
            for (index, value) in values.enumerated() {
                let point = Point(
                    x: size.width * Double(index) / Double(values.count - 1),
                    y: size.height * (1 - (value - low) / (high - low)))
                if index == 0 { line.move(to: point) } else { line.addLine(to: point) }
            }
            context.stroke(line, with: .color(.orange), style: StrokeStyle(lineWidth: 3, lineCap: .round))
            context.fill(Path(ellipseIn: Rect(x: size.width - 6, y: -2, width: 8, height: 8)), with: .color(.red))
            context.draw(Text("max").font(.caption2), at: Point(x: 0, y: 0), anchor: .topLeading)
        }
    }
}

/// A flow layout: subviews left to right at their ideal size, a new row when the next would
/// pass the width.
struct TagFlow: Layout {
    var spacing = 8.0

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
        let frames = arrange(subviews, width: proposal.width ?? .infinity)
        return Size(width: proposal.width ?? frames.map(\.maxX).max() ?? 0, height: frames.map(\.maxY).max() ?? 0)
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
        var origin = Point(x: 0, y: 0)
        var rowHeight = 0.0
        for subview in subviews {
            let size = subview.sizeThatFits(.unspecified)
            if origin.x > 0, origin.x + size.width > width {
                origin = Point(x: 0, y: origin.y + rowHeight + spacing)
                rowHeight = 0
            }
            frames.append(Rect(x: origin.x, y: origin.y, width: size.width, height: size.height))
            origin.x += size.width + spacing
            rowHeight = max(rowHeight, size.height)
        }
        return frames
    }
}

struct ToggleTodoIntent: AppIntent {
    static let title: LocalizedStringResource = "Toggle To-Do"
    var id = ""
}

/// Golden PNGs of each new view and modifier, drawn in a small widget at @2x: each checks the
/// real pixels of what it draws. Re-record after an intended change with `make goldens`.
@Suite("View goldens")
struct ViewGoldenTests {
    static var small: Snapshotting<ViewNode, WidgetImage> { .image(family: .systemSmall, scale: 2) }
    static var medium: Snapshotting<ViewNode, WidgetImage> { .image(family: .systemMedium, scale: 2) }
    static let now = Date(timeIntervalSince1970: 1_767_258_000)

    @Test func forEachGroupAndDivider() {
        let todos = ["Milk", "Bread", "Eggs"]
        assertSnapshot(
            of: VStack(alignment: .leading, spacing: 6) {
                ForEach(todos, id: \.self) { todo in Text(todo) }
                Divider()
                HStack {
                    ForEach(0..<3) { index in Text("\(index)").monospacedDigit() }
                    Divider()
                    Group {
                        Text("A")
                        Text("B")
                    }
                    .foregroundStyle(.red)
                }
                .frame(height: 24)
            }.node, as: Self.small)
    }

    @Test func labelsAndSymbols() {
        assertSnapshot(
            of: VStack(alignment: .leading, spacing: 6) {
                Label("Health", systemImage: "heart.fill").foregroundStyle(.red)
                Label("Charged", systemImage: "bolt.fill").font(.headline)
                Label {
                    Text("Power Panda")
                } icon: {
                    Text("🐼")
                }
                Label("Only the icon", systemImage: "star.fill").labelStyle(.iconOnly).foregroundStyle(.orange)
                HStack(spacing: 4) {
                    ForEach(
                        ["chevron.right", "arrow.up.right", "checkmark.circle.fill", "cloud.sun.fill", "bitcoinsign"],
                        id: \.self
                    ) {
                        Image(systemName: $0)
                    }
                }
                Image(systemName: "sun.max.fill").resizable().foregroundStyle(.yellow).frame(width: 40, height: 28)
            }.node, as: Self.small)
    }

    @Test func shapesFilledAndStroked() {
        assertSnapshot(
            of: VStack(spacing: 8) {
                HStack(spacing: 8) {
                    Rectangle().fill(.red)
                    Ellipse().stroke(.blue, lineWidth: 3)
                    Capsule().strokeBorder(.green, lineWidth: 4)
                }
                HStack(spacing: 8) {
                    Triangle().fill(.orange)
                    Circle().stroke(.purple, style: StrokeStyle(lineWidth: 2, dash: [4, 3]))
                    RoundedRectangle(cornerRadius: 10).fill(
                        LinearGradient(colors: [.teal, .indigo], startPoint: .top, endPoint: .bottom))
                }
            }.node, as: Self.small)
    }

    @Test func progressViews() {
        assertSnapshot(
            of: VStack(alignment: .leading, spacing: 10) {
                ProgressView(value: 0.4)
                ProgressView(value: 3, total: 4) {
                    Text("Steps")
                } currentValueLabel: {
                    Text("3 of 4")
                }
                .tint(.green)
                HStack {
                    ProgressView(value: 0.7).progressViewStyle(.circular).frame(width: 36, height: 36)
                    ProgressView(value: 0.25).progressViewStyle(.circular).tint(.orange).frame(width: 36, height: 36)
                    ProgressView(value: 0).frame(width: 40)
                }
            }.node, as: Self.small)
    }

    @Test func gaugesInEveryStyle() {
        func gauge(_ value: Double) -> Gauge {
            Gauge(value: value, in: 0...100) {
                Text("HP")
            } currentValueLabel: {
                Text("\(Int(value))")
            } minimumValueLabel: {
                Text("0")
            } maximumValueLabel: {
                Text("100")
            }
        }
        assertSnapshot(
            of: VStack(alignment: .leading, spacing: 8) {
                gauge(72)
                gauge(30).gaugeStyle(.accessoryLinear).tint(.orange)
                gauge(55).gaugeStyle(.accessoryLinearCapacity)
            }.node, as: Self.small, named: "linear")
        for (name, style) in [("circular", GaugeStyle.accessoryCircular), ("capacity", .accessoryCircularCapacity)] {
            assertSnapshot(
                of: gauge(64).gaugeStyle(style), as: .image(family: .accessoryCircular, scale: 3),
                named: "accessoryCircular-\(name)")
        }
    }

    @Test func controlsAtRest() {
        assertSnapshot(
            of: HStack(alignment: .top, spacing: 16) {
                VStack(alignment: .leading, spacing: 8) {
                    Link("Open the app", destination: URL(fileURLWithPath: "/app"))
                    Button("Check in", intent: ToggleTodoIntent())
                    Button(intent: ToggleTodoIntent()) { Label("Done", systemImage: "checkmark") }
                        .buttonStyle(.borderedProminent).tint(.green)
                }
                VStack(alignment: .leading, spacing: 8) {
                    Toggle("Alarm", isOn: true, intent: ToggleTodoIntent())
                    Toggle("Silent", isOn: false, intent: ToggleTodoIntent())
                    Toggle("Button style", isOn: true, intent: ToggleTodoIntent()).toggleStyle(.button)
                }
            }
            .font(.caption).node, as: Self.medium)
    }

    @Test func geometryReaderAndCanvas() {
        assertSnapshot(
            of: VStack(spacing: 12) {
                GeometryReader { proxy in
                    Capsule().fill(.green).frame(width: proxy.size.width * 0.3)
                }
                .frame(height: 10)
                Sparkline(values: [3, 5, 4, 8, 6, 9, 7, 12])
            }.node, as: Self.small)
    }

    @Test func textStyles() {
        for locale in ["en", "ja", "ko"] {
            assertSnapshot(
                of: VStack(alignment: .leading, spacing: 3) {
                    Text("Bold").bold() + Text(" italic").italic() + Text(" both").bold().italic()
                    Text("Struck").strikethrough() + Text(" under").underline()
                    Text("Mono 1234").fontDesign(.monospaced)
                    Text("Serif 漢字").fontDesign(.serif)
                    Text("Red ").foregroundColor(.red) + Text(Image(systemName: "heart.fill")).foregroundColor(.red)
                        + Text(" 🐼🔥")
                    Text("Two lines with\nextra spacing").lineSpacing(6).font(.caption)
                    VStack(alignment: .leading) {
                        Text("Everything bold")
                        Text("日本語 한국어")
                    }
                    .bold()
                }
                .font(.subheadline).node,
                as: .image(family: .systemMedium, scale: 2, locale: Locale(identifier: locale)),
                named: locale)
        }
    }

    @Test func datesInEveryStyleAndLanguage() {
        let later = Self.now.addingTimeInterval(2 * 3600 + 5 * 60)
        for locale in ["en", "ja", "ko"] {
            assertSnapshot(
                of: VStack(alignment: .leading, spacing: 2) {
                    Text(later, style: .time)
                    Text(later, style: .date)
                    Text(later, style: .relative)
                    Text(later, style: .offset)
                    Text(later, style: .timer)
                    Text(later, format: .dateTime.weekday(.wide).hour().minute())
                    Text(0.42, format: .percent)
                }
                .font(.caption).node,
                as: .image(family: .systemSmall, scale: 2, locale: Locale(identifier: locale), date: Self.now),
                named: locale)
        }
    }

    @Test func layoutModifiers() {
        assertSnapshot(
            of: VStack(alignment: .leading, spacing: 6) {
                HStack {
                    Text("A long title that would wrap").lineLimit(1).layoutPriority(1)
                    Text("second").lineLimit(1)
                }
                Text("padded").padding(.horizontal, 20).background(Color.yellow.opacity(0.4))
                Text("moved").offset(x: 30, y: 0)
                HStack {
                    Text("wraps in 60 points").frame(width: 60)
                    Text("fixed").fixedSize()
                }
                Color.blue.aspectRatio(2, contentMode: .fit).frame(height: 20)
                HStack {
                    Color.orange.frame(width: 40, height: 24).cornerRadius(8)
                    Color.green.frame(width: 24, height: 24).clipShape(Circle())
                    Color.purple.frame(width: 24, height: 24).opacity(0.4)
                    Text("redacted").redacted(reason: .placeholder)
                }
            }
            .font(.caption).node, as: Self.medium)
    }

    /// A flow layout of the user's (a `Layout`), tags wrapping into rows; `ViewThatFits` choosing
    /// the long or the short form of a title by the room it has.
    @Test func customLayoutAndViewThatFits() {
        let tags = ["Bitcoin", "Ether", "Solana", "Cardano", "Polkadot", "XRP", "Dogecoin", "Litecoin", "Tron"]
        assertSnapshot(
            of: VStack(alignment: .leading, spacing: 8) {
                TagFlow(spacing: 6) {
                    ForEach(tags, id: \.self) { tag in
                        Text(tag).font(.caption).padding(.horizontal, 8).padding(.vertical, 3)
                            .background(Capsule().fill(Color.blue.opacity(0.18)))
                    }
                }
                HStack {
                    ForEach([150.0, 60.0], id: \.self) { width in
                        ViewThatFits(in: .horizontal) {
                            Text("Bitcoin · BTC / USD")
                            Text("BTC")
                        }
                        .font(.footnote)
                        .frame(width: width, alignment: .leading)
                        .background(Color.orange.opacity(0.2))
                    }
                }
            }.node, as: Self.medium)
    }

    /// `rotationEffect` and `scaleEffect` turn and grow what is drawn about its anchor; the
    /// neighbours stay where the layout put them (the grey frames).
    @Test func rotationAndScale() {
        func cell(_ content: ViewNode) -> ViewNode {
            content.frame(width: 56, height: 56).background(Color.gray.opacity(0.15))
        }
        assertSnapshot(
            of: HStack(spacing: 14) {
                cell(Image(systemName: "arrow.up").font(.title).rotationEffect(.degrees(45)))
                cell(Text("Tilt").font(.headline).rotationEffect(.degrees(-20), anchor: .bottomLeading))
                cell(RoundedRectangle(cornerRadius: 6).fill(Color.green).frame(width: 24, height: 24).scaleEffect(1.6))
                cell(Text("Wide").scaleEffect(x: -1, y: 1.5))
                cell(Color.red.frame(width: 20, height: 20).scaleEffect(0))
            }.node, as: Self.medium)
    }

    /// `position` puts a view's centre at a point of its parent: a dial's marks around a centre.
    @Test func position() {
        assertSnapshot(
            of: ZStack {
                Circle().stroke(Color.gray.opacity(0.4), lineWidth: 2).frame(width: 100, height: 100)
                    .position(x: 80, y: 80)
                ForEach(0..<12) { hour in
                    let angle = Double(hour) / 12 * 2 * Double.pi
                    Circle().fill(hour % 3 == 0 ? Color.orange : Color.gray).frame(width: 8, height: 8)
                        .position(x: 80 + 50 * sin(angle), y: 80 - 50 * cos(angle))
                }
                Text("12").font(.caption2).position(x: 80, y: 80)
            }.node, as: Self.small)
    }

    /// Radial gradients: a glow about the centre, one off-centre in a rounded card, and one whose
    /// colours go on past its end radius.
    @Test func radialGradients() {
        assertSnapshot(
            of: HStack(spacing: 10) {
                RadialGradient(colors: [.yellow, .orange, .red], center: .center, startRadius: 4, endRadius: 40)
                    .frame(width: 90, height: 90)
                RoundedRectangle(cornerRadius: 16)
                    .fill(.radialGradient([.white, .blue], center: .topLeading, startRadius: 0, endRadius: 110))
                    .frame(width: 90, height: 90)
                Circle()
                    .fill(.radialGradient([.green, .clear], center: .center, startRadius: 10, endRadius: 20))
                    .frame(width: 90, height: 90)
            }.node, as: Self.medium)
    }

    /// `trim` draws part of an outline: activity rings (round caps, starting at 12 o'clock once
    /// turned), a half-drawn rounded square, and a custom shape's first two thirds.
    @Test func trimmedShapes() {
        assertSnapshot(
            of: HStack(spacing: 16) {
                ZStack {
                    ForEach([(0.8, Color.red, 76.0), (0.55, Color.green, 56.0), (0.3, Color.blue, 36.0)], id: \.2) {
                        value, colour, size in
                        Circle().stroke(colour.opacity(0.2), lineWidth: 8).frame(width: size, height: size)
                        Circle().trim(from: 0, to: value)
                            .stroke(colour, style: StrokeStyle(lineWidth: 8, lineCap: .round))
                            .frame(width: size, height: size).rotationEffect(.degrees(-90))
                    }
                }
                RoundedRectangle(cornerRadius: 12).trim(from: 0, to: 0.5).stroke(Color.orange, lineWidth: 4)
                    .frame(width: 70, height: 70)
                Triangle().trim(from: 0, to: 2.0 / 3).stroke(Color.purple, lineWidth: 3).frame(width: 70, height: 60)
            }.node, as: Self.medium)
    }

    /// Angular gradients: a colour wheel (a full turn), a ring stroked from 12 o'clock, and a
    /// half-turn gradient whose other half takes its last colour, then its first.
    @Test func angularGradients() {
        assertSnapshot(
            of: HStack(spacing: 12) {
                Circle().fill(AngularGradient(colors: [.red, .yellow, .green, .blue, .purple, .red], center: .center))
                    .frame(width: 90, height: 90)
                Circle()
                    .stroke(
                        AngularGradient(
                            colors: [.teal, .blue], center: .center, startAngle: .degrees(-90),
                            endAngle: .degrees(270)), lineWidth: 12
                    )
                    .frame(width: 78, height: 78)
                RoundedRectangle(cornerRadius: 16)
                    .fill(
                        .angularGradient([.orange, .pink], center: .center, startAngle: .zero, endAngle: .degrees(180))
                    )
                    .frame(width: 90, height: 90)
            }.node, as: Self.medium)
    }

    /// `shadow` draws a blurred copy of a view's coverage beneath it (a card with the default
    /// shadow moved down, a coloured glow about a symbol, text with a hard offset shadow), and
    /// `blur` softens a view (a gradient chip and text), in light and dark.
    @Test func shadowsAndBlur() {
        for scheme in [ColorScheme.light, .dark] {
            assertSnapshot(
                of: HStack(spacing: 18) {
                    RoundedRectangle(cornerRadius: 14).fill(Color.background).frame(width: 64, height: 64)
                        .shadow(radius: 6, y: 3)
                    Image(systemName: "bolt.fill").font(.largeTitle).foregroundStyle(.yellow)
                        .shadow(color: .orange, radius: 5)
                    Text("Hi").font(.title).bold().shadow(color: .blue.opacity(0.6), radius: 0, x: 2, y: 2)
                    VStack(spacing: 10) {
                        Capsule().fill(
                            .linearGradient([.pink, .purple], start: Point(x: 0, y: 0.5), end: Point(x: 1, y: 0.5))
                        )
                        .frame(width: 56, height: 22).blur(radius: 3)
                        Text("Blur").font(.headline).blur(radius: 1.5)
                    }
                }.node, as: .image(family: .systemMedium, scale: 2, colorScheme: scheme), named: scheme.rawValue)
        }
    }

    @Test func hierarchicalColours() {
        for scheme in [ColorScheme.light, .dark] {
            assertSnapshot(
                of: HStack(spacing: 12) {
                    VStack(alignment: .leading) {
                        Text("Primary")
                        Text("Secondary").foregroundStyle(.secondary)
                        Text("Tertiary").foregroundStyle(.tertiary)
                        Text("Quaternary").foregroundStyle(.quaternary)
                    }
                    VStack(alignment: .leading) {
                        Text("Orange")
                        Text("Secondary").foregroundStyle(.secondary)
                        Text("Tertiary").foregroundStyle(.tertiary)
                        Circle().fill(.secondary).frame(width: 16, height: 16)
                    }
                    .foregroundStyle(.orange)
                }
                .font(.caption).node, as: .image(family: .systemSmall, scale: 2, colorScheme: scheme),
                named: scheme.rawValue)
        }
    }

    @Test func renderingModes() {
        let view = VStack(alignment: .leading, spacing: 4) {
            Label("Accent", systemImage: "bolt.fill").foregroundStyle(.orange).widgetAccentable()
            Text("Primary text")
            Text("Secondary").foregroundStyle(.secondary)
            ProgressView(value: 0.6).widgetAccentable()
            HStack {
                Circle().fill(.red).frame(width: 20, height: 20)
                Circle().fill(.green).frame(width: 20, height: 20)
                Text("🐼")
            }
        }
        .containerBackground(for: .widget) { Color.indigo }
        for mode in [WidgetRenderingMode.fullColor, .accented, .vibrant] {
            assertSnapshot(
                of: view, as: .image(family: .systemSmall, scale: 2, renderingMode: mode), named: mode.description)
        }
    }
}
