/// What a ``Canvas`` draws, recorded in the canvas's own coordinates, as SwiftUI's
/// `GraphicsContext`: fill and stroke paths, draw text and symbols.
///
/// The renderer replays the commands with Cairo; nothing here touches it, so a drawing can be
/// tested without rendering (``commands``).
///
/// ```swift
/// Canvas { context, size in
///     var bar = Path()
///     bar.addRect(Rect(x: 0, y: size.height / 2 - 2, width: size.width * 0.7, height: 4))
///     context.fill(bar, with: .color(.green))
///     context.draw(Text("70%").font(.caption), at: Point(x: size.width, y: 0), anchor: .topTrailing)
/// }
/// ```
public struct GraphicsContext: Sendable {
    /// One recorded drawing step.
    public enum Command: Sendable {
        /// A filled path.
        case fill(Path, ShapeStyle)
        /// A stroked path.
        case stroke(Path, ShapeStyle, StrokeStyle)
        /// Text whose `anchor` point (in unit coordinates of the text's box) is at a point.
        case text(Text, at: Point, anchor: UnitPoint)
    }

    /// What has been drawn, in order.
    public private(set) var commands: [Command] = []
    /// Opacity applied to what is drawn from now on (0…1).
    public var opacity: Double = 1
    private var offset = Point(x: 0, y: 0)
    /// How the renderer measures a line of text here (none in a context made by hand).
    private let measurer: TextSizer?

    /// An empty context (whose ``resolve(_:)`` measures nothing: every text is zero-sized).
    public init() {
        measurer = nil
    }

    package init(measuring measure: @escaping (Text) -> Size) {
        measurer = TextSizer(measure: measure)
    }

    /// Text made ready to draw, so it can be measured first, as SwiftUI's `ResolvedText`: for
    /// axis labels placed by their size.
    ///
    /// ```swift
    /// let label = context.resolve(Text("31.5K").font(.caption2))
    /// let size = label.measure(in: Size(width: .infinity, height: .infinity))
    /// context.draw(label, at: Point(x: size.width / 2, y: 0), anchor: .top)
    /// ```
    public struct ResolvedText: Sendable {
        fileprivate let text: Text
        fileprivate let size: Size

        /// The text's size on one line, as `draw(_:at:anchor:)` draws it (the proposal is not
        /// used to wrap it).
        public func measure(in size: Size) -> Size { self.size }
    }

    /// Resolves text in the canvas's environment (font, size category), so it can be measured.
    public func resolve(_ text: Text) -> ResolvedText {
        ResolvedText(text: text, size: measurer?.measure(text) ?? Size(width: 0, height: 0))
    }

    /// Draws resolved text on one line, its anchor at a point.
    public mutating func draw(_ text: ResolvedText, at point: Point, anchor: UnitPoint = .center) {
        draw(text.text, at: point, anchor: anchor)
    }

    /// Moves the origin of what is drawn from now on.
    ///
    /// - Parameters:
    ///   - x: points right.
    ///   - y: points down.
    public mutating func translateBy(x: Double, y: Double) {
        offset = Point(x: offset.x + x, y: offset.y + y)
    }

    /// Fills a path.
    ///
    /// - Parameters:
    ///   - path: the outline.
    ///   - style: the fill.
    public mutating func fill(_ path: Path, with style: ShapeStyle) {
        commands.append(.fill(path.offsetBy(dx: offset.x, dy: offset.y), style.opacity(clampedOpacity)))
    }

    /// The opacity within 0…1 (0 for a non-finite value).
    private var clampedOpacity: Double { opacity.isFinite ? min(1, max(0, opacity)) : 0 }

    /// Strokes a path.
    ///
    /// - Parameters:
    ///   - path: the outline.
    ///   - style: the colour.
    ///   - lineWidth: width in points.
    public mutating func stroke(_ path: Path, with style: ShapeStyle, lineWidth: Double = 1) {
        stroke(path, with: style, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Strokes a path with a stroke style.
    ///
    /// - Parameters:
    ///   - path: the outline.
    ///   - style: the colour.
    ///   - strokeStyle: width, caps, joins and dashes.
    public mutating func stroke(_ path: Path, with style: ShapeStyle, style strokeStyle: StrokeStyle) {
        commands.append(.stroke(path.offsetBy(dx: offset.x, dy: offset.y), style.opacity(clampedOpacity), strokeStyle))
    }

    /// Draws text (or a symbol, `Text(Image(systemName:))`) on one line, its anchor at a point.
    ///
    /// - Parameters:
    ///   - text: the text, in the environment's font and colour unless it sets its own.
    ///   - point: where the anchor goes.
    ///   - anchor: which point of the text's box, `.center` by default.
    public mutating func draw(_ text: Text, at point: Point, anchor: UnitPoint = .center) {
        let faded = clampedOpacity < 1 ? text.foregroundColorKeepingDefault(opacity: clampedOpacity) : text
        commands.append(.text(faded, at: Point(x: point.x + offset.x, y: point.y + offset.y), anchor: anchor))
    }
}

extension Text {
    /// Marks the text's runs to be drawn at an opacity.
    fileprivate func foregroundColorKeepingDefault(opacity: Double) -> Text {
        var copy = self
        for index in copy.spec.runs.indices { copy.spec.runs[index].opacity *= opacity }
        return copy
    }
}

/// A view you draw yourself with paths and text, as SwiftUI's `Canvas`: the way to add a
/// primitive of your own. It fills the space it is offered and clips to it.
///
/// ```swift
/// Canvas { context, size in
///     context.stroke(Path(ellipseIn: Rect(x: 0, y: 0, width: size.width, height: size.height)),
///                    with: .color(.orange), lineWidth: 3)
/// }
/// .frame(width: 40, height: 40)
/// ```
public struct Canvas: PrimitiveView {
    private let renderer: CanvasRenderer

    /// A canvas drawn by a closure given the context and the canvas's size.
    ///
    /// - Parameter renderer: records what to draw.
    public init(renderer: @escaping @Sendable (inout GraphicsContext, Size) -> Void) {
        self.renderer = CanvasRenderer(draw: renderer)
    }

    /// The node the layout engine sees.
    public var primitiveNode: ViewNode { .primitive(renderer) }
}

/// A canvas's drawing closure, run when its size is known.
package struct CanvasRenderer: Sendable {
    let draw: @Sendable (inout GraphicsContext, Size) -> Void

    /// The commands for a size, with `environment` as the one `@Environment` reads.
    ///
    /// - Parameter measure: a line of text's size, as the renderer will draw it.
    package func commands(
        for size: Size, in environment: EnvironmentValues,
        measure: @escaping (Text) -> Size = { _ in
            Size(width: 0, height: 0)
        }
    ) -> [GraphicsContext.Command] {
        EnvironmentValues.$current.withValue(environment) {
            var context = GraphicsContext(measuring: measure)
            draw(&context, size)
            return context.commands
        }
    }
}

/// The renderer's measure of a line of text, kept by a context while its canvas draws (the
/// context is made, used and dropped within one layout, on one thread).
private struct TextSizer: @unchecked Sendable {
    let measure: (Text) -> Size
}

extension CanvasRenderer: ViewBehavior {
    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        proposal.replacingUnspecifiedDimensions()
    }

    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        let commands = commands(for: rect.size, in: environment) { text in
            pass.measure(text.spec.styled(in: environment), maxWidth: nil, lineLimit: 1)
        }
        items.append(
            .drawing(
                commands.map { drawingItem($0, origin: rect.origin, environment: environment, pass: pass) }, rect,
                redacted: environment.redacted))
    }

    package func describe(_ children: [String]) -> String { "Canvas" }

    /// A command resolved for its environment and moved to the canvas's origin.
    private func drawingItem(
        _ command: GraphicsContext.Command, origin: Point, environment: EnvironmentValues, pass: any LayoutPass
    ) -> DrawingItem {
        switch command {
        case .fill(let path, let style):
            return .fill(path.offsetBy(dx: origin.x, dy: origin.y), style.resolved(against: environment.foreground))
        case .stroke(let path, let style, let stroke):
            return .stroke(
                path.offsetBy(dx: origin.x, dy: origin.y), style.resolved(against: environment.foreground), stroke)
        case .text(let text, let point, let anchor):
            let styled = text.spec.styled(in: environment)
            let size = pass.measure(styled, maxWidth: nil, lineLimit: 1)
            return .text(
                styled, color: environment.foreground,
                at: Point(
                    x: origin.x + point.x - anchor.x * size.width, y: origin.y + point.y - anchor.y * size.height))
        }
    }
}
