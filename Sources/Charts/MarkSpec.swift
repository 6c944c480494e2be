import WidgetCore

/// One mark as the chart draws it: what kind, its values, and its style (opaque: made by the
/// marks and their modifiers).
public struct MarkSpec: Sendable {
    @usableFromInline
    enum Kind: Sendable, Hashable {
        case line, area, bar, point, rule, rectangle
    }

    /// The mark's values and style, shared between copies until one changes (a chart copies
    /// its marks several times as it lays them out: a reference is one retain, the fields were
    /// twenty).
    private final class Storage: @unchecked Sendable {
        var kind: Kind
        var x: PlotInput? = nil
        var y: PlotInput? = nil
        var xStart: PlotInput? = nil
        var xEnd: PlotInput? = nil
        var yStart: PlotInput? = nil
        var yEnd: PlotInput? = nil
        var series: PlotInput? = nil
        var foreground: ShapeStyle? = nil
        var foregroundBy: PlotInput? = nil
        var lineStyle: StrokeStyle? = nil
        var interpolation: InterpolationMethod = .linear
        var symbol: SymbolShape? = nil
        var symbolBy: PlotInput? = nil
        var symbolSize: Double? = nil
        var opacity: Double = 1
        var annotations: [MarkAnnotation] = []
        var width: MarkDimension = .automatic
        var height: MarkDimension = .automatic
        var positionBy: PlotInput? = nil
        var vector: MarkVector? = nil

        init(_ kind: Kind) {
            self.kind = kind
        }

        func copy() -> Storage {
            let copy = Storage(kind)
            copy.x = x
            copy.y = y
            copy.xStart = xStart
            copy.xEnd = xEnd
            copy.yStart = yStart
            copy.yEnd = yEnd
            copy.series = series
            copy.foreground = foreground
            copy.foregroundBy = foregroundBy
            copy.lineStyle = lineStyle
            copy.interpolation = interpolation
            copy.symbol = symbol
            copy.symbolBy = symbolBy
            copy.symbolSize = symbolSize
            copy.opacity = opacity
            copy.annotations = annotations
            copy.width = width
            copy.height = height
            copy.positionBy = positionBy
            copy.vector = vector
            return copy
        }
    }

    // Mutated only when uniquely referenced (copy on write), so sharing it is safe.
    private var storage: Storage

    @usableFromInline
    init(_ kind: Kind) {
        storage = Storage(kind)
    }

    private mutating func unique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    // The fields, as the marks' initializers and modifiers set them: `x`, `y`, their ranges,
    // the `series`, a fixed style or one `by:` a value, the line's style and interpolation, the
    // symbol, the opacity, the annotations, a bar's size and its group (`position(by:)`).
    /// A vectorized plot's values (``LinePlot``, ``AreaPlot``): one mark for a whole series.
    @usableFromInline
    var vector: MarkVector? {
        get { storage.vector }
        set {
            unique()
            storage.vector = newValue
        }
    }
    var kind: Kind {
        get { storage.kind }
        set {
            unique()
            storage.kind = newValue
        }
    }
    @usableFromInline
    var x: PlotInput? {
        get { storage.x }
        set {
            unique()
            storage.x = newValue
        }
    }
    @usableFromInline
    var y: PlotInput? {
        get { storage.y }
        set {
            unique()
            storage.y = newValue
        }
    }
    @usableFromInline
    var xStart: PlotInput? {
        get { storage.xStart }
        set {
            unique()
            storage.xStart = newValue
        }
    }
    @usableFromInline
    var xEnd: PlotInput? {
        get { storage.xEnd }
        set {
            unique()
            storage.xEnd = newValue
        }
    }
    @usableFromInline
    var yStart: PlotInput? {
        get { storage.yStart }
        set {
            unique()
            storage.yStart = newValue
        }
    }
    @usableFromInline
    var yEnd: PlotInput? {
        get { storage.yEnd }
        set {
            unique()
            storage.yEnd = newValue
        }
    }
    @usableFromInline
    var series: PlotInput? {
        get { storage.series }
        set {
            unique()
            storage.series = newValue
        }
    }
    var foreground: ShapeStyle? {
        get { storage.foreground }
        set {
            unique()
            storage.foreground = newValue
        }
    }
    var foregroundBy: PlotInput? {
        get { storage.foregroundBy }
        set {
            unique()
            storage.foregroundBy = newValue
        }
    }
    var lineStyle: StrokeStyle? {
        get { storage.lineStyle }
        set {
            unique()
            storage.lineStyle = newValue
        }
    }
    var interpolation: InterpolationMethod {
        get { storage.interpolation }
        set {
            unique()
            storage.interpolation = newValue
        }
    }
    var symbol: SymbolShape? {
        get { storage.symbol }
        set {
            unique()
            storage.symbol = newValue
        }
    }
    var symbolBy: PlotInput? {
        get { storage.symbolBy }
        set {
            unique()
            storage.symbolBy = newValue
        }
    }
    var symbolSize: Double? {
        get { storage.symbolSize }
        set {
            unique()
            storage.symbolSize = newValue
        }
    }
    var opacity: Double {
        get { storage.opacity }
        set {
            unique()
            storage.opacity = newValue
        }
    }
    var annotations: [MarkAnnotation] {
        get { storage.annotations }
        set {
            unique()
            storage.annotations = newValue
        }
    }
    @usableFromInline
    var width: MarkDimension {
        get { storage.width }
        set {
            unique()
            storage.width = newValue
        }
    }
    @usableFromInline
    var height: MarkDimension {
        get { storage.height }
        set {
            unique()
            storage.height = newValue
        }
    }
    var positionBy: PlotInput? {
        get { storage.positionBy }
        set {
            unique()
            storage.positionBy = newValue
        }
    }
}

/// A bar's or rectangle's size across its axis, as Swift Charts' `MarkDimension`: a number
/// literal is points.
public struct MarkDimension: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    enum Kind: Sendable, Hashable {
        case automatic
        case fixed(Double)
        case ratio(Double)
        case inset(Double)
    }

    let kind: Kind

    /// The chart's choice: most of a category's band, or of the space to the nearest neighbour.
    public static var automatic: MarkDimension { MarkDimension(kind: .automatic) }
    /// A size in points.
    public static func fixed(_ points: Double) -> MarkDimension {
        MarkDimension(kind: .fixed(points.isFinite ? max(0, points) : 0))
    }
    /// A share (0…1) of the band or of the space to the nearest neighbour.
    public static func ratio(_ share: Double) -> MarkDimension {
        MarkDimension(kind: .ratio(share.isFinite ? min(1, max(0, share)) : 1))
    }
    /// The band or the space to the nearest neighbour, less this many points on each side.
    public static func inset(_ points: Double) -> MarkDimension {
        MarkDimension(kind: .inset(points.isFinite ? max(0, points) : 0))
    }

    init(kind: Kind) {
        self.kind = kind
    }

    /// Points.
    public init(floatLiteral value: Double) {
        self = .fixed(value)
    }

    /// Points.
    public init(integerLiteral value: Int) {
        self = .fixed(Double(value))
    }

    /// The size for an available space and the chart's own share of it.
    func size(in space: Double, automatic share: Double) -> Double {
        switch kind {
        case .automatic: space * share
        case .fixed(let points): points
        case .ratio(let value): space * value
        case .inset(let points): max(0, space - 2 * points)
        }
    }
}

/// A view placed at a mark, as Swift Charts' `annotation(position:alignment:spacing:content:)`.
struct MarkAnnotation: Sendable {
    var position: AnnotationPosition
    var spacing: Double
    var content: ViewNode
}

/// Where an annotation goes about its mark.
public struct AnnotationPosition: Sendable, Hashable {
    let name: String
    /// Above the mark.
    public static var top: AnnotationPosition { AnnotationPosition(name: "top") }
    /// Below the mark.
    public static var bottom: AnnotationPosition { AnnotationPosition(name: "bottom") }
    /// Before the mark.
    public static var leading: AnnotationPosition { AnnotationPosition(name: "leading") }
    /// After the mark.
    public static var trailing: AnnotationPosition { AnnotationPosition(name: "trailing") }
    /// On the mark.
    public static var overlay: AnnotationPosition { AnnotationPosition(name: "overlay") }
    /// Chosen for the mark: above a bar or point.
    public static var automatic: AnnotationPosition { AnnotationPosition(name: "top") }
}

/// How a line or area joins its points, as Swift Charts' `InterpolationMethod`.
public struct InterpolationMethod: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case linear, catmullRom, monotone, stepStart, stepCenter, stepEnd
    }

    let kind: Kind
    /// Straight segments.
    public static var linear: InterpolationMethod { InterpolationMethod(kind: .linear) }
    /// A smooth curve through every point (centripetal Catmull–Rom).
    public static var catmullRom: InterpolationMethod { InterpolationMethod(kind: .catmullRom) }
    /// A smooth curve that never overshoots between points (monotone cubic).
    public static var monotone: InterpolationMethod { InterpolationMethod(kind: .monotone) }
    /// Steps that change at each point.
    public static var stepStart: InterpolationMethod { InterpolationMethod(kind: .stepStart) }
    /// Steps that change halfway between points.
    public static var stepCenter: InterpolationMethod { InterpolationMethod(kind: .stepCenter) }
    /// Steps that change at the next point.
    public static var stepEnd: InterpolationMethod { InterpolationMethod(kind: .stepEnd) }
}

/// A point mark's symbol, as Swift Charts' `BasicChartSymbolShape`.
public struct SymbolShape: Sendable, Hashable {
    let outline: ShapeSpec.Kind
    /// A filled circle (the default).
    public static var circle: SymbolShape { SymbolShape(outline: .circle) }
    /// A filled square.
    public static var square: SymbolShape { SymbolShape(outline: .rectangle(cornerRadius: 0)) }
    /// A filled diamond.
    public static var diamond: SymbolShape { SymbolShape(outline: Diamond().outline) }
    /// A filled triangle, point up.
    public static var triangle: SymbolShape { SymbolShape(outline: Triangle().outline) }

    /// The shapes `symbol(by:)` gives categories, in order.
    static let sequence: [SymbolShape] = [.circle, .square, .triangle, .diamond]
}

/// A triangle filling its rectangle, point up.
private struct Triangle: Shape {
    func path(in rect: Rect) -> Path {
        Path { path in
            path.addLines([
                Point(x: rect.midX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY),
            ])
            path.closeSubpath()
        }
    }
}

/// A diamond filling its rectangle.
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

/// The modifiers every mark has, as Swift Charts' `ChartContent` modifiers.
public protocol MarkModifiers: PrimitiveChartContent {
    /// The mark, for its modifiers (you do not use this).
    var _spec: MarkSpec { get set }
}

extension MarkModifiers {
    /// The marks, in drawing order (you do not use this).
    public var _marks: [MarkSpec] { [_spec] }

    // Consuming, so the mark's storage moves into the copy and is changed in place.
    private consuming func with(_ change: (inout MarkSpec) -> Void) -> Self {
        var copy = self
        change(&copy._spec)
        return copy
    }

    /// Draws the mark in a colour.
    public consuming func foregroundStyle(_ color: Color) -> Self { with { $0.foreground = .color(color) } }

    /// Draws the mark in a style (a colour or a gradient).
    public consuming func foregroundStyle(_ style: ShapeStyle) -> Self { with { $0.foreground = style } }

    /// Draws the mark in a gradient.
    public consuming func foregroundStyle(_ gradient: LinearGradient) -> Self {
        with { $0.foreground = gradient.style }
    }

    /// Colours the mark by a category: each value gets the next colour of the chart's palette
    /// (or of `chartForegroundStyleScale`), and the chart shows a legend.
    public consuming func foregroundStyle<Value: Plottable>(by value: PlottableValue<Value>) -> Self {
        with { $0.foregroundBy = value.input }
    }

    /// The line's width, caps and dashes.
    public consuming func lineStyle(_ style: StrokeStyle) -> Self { with { $0.lineStyle = style } }

    /// How a line or area joins its points.
    public consuming func interpolationMethod(_ method: InterpolationMethod) -> Self {
        with { $0.interpolation = method }
    }

    /// A symbol at each point of a line, or a point's shape.
    public consuming func symbol(_ symbol: SymbolShape) -> Self { with { $0.symbol = symbol } }

    /// A symbol by a category: each value gets the next of circle, square, triangle and
    /// diamond, as Swift Charts' `symbol(by:)`.
    public consuming func symbol<Value: Plottable>(by value: PlottableValue<Value>) -> Self {
        with { $0.symbolBy = value.input }
    }

    /// The symbol's area in square points (30 by default).
    public consuming func symbolSize(_ area: Double) -> Self {
        with { $0.symbolSize = area.isFinite ? min(10_000, max(0, area)) : nil }
    }

    /// Places marks at the same place side by side by a value, as Swift Charts'
    /// `position(by:)`: grouped bars instead of stacked ones.
    ///
    /// ```swift
    /// BarMark(x: .value("Product", car.product), y: .value("Price", car.price))
    ///     .position(by: .value("Type", car.type))
    /// ```
    public consuming func position<Value: Plottable>(by value: PlottableValue<Value>) -> Self {
        with { $0.positionBy = value.input }
    }

    /// The mark at an opacity (0…1).
    public consuming func opacity(_ value: Double) -> Self {
        with { $0.opacity = value.isFinite ? min(1, max(0, value)) : 1 }
    }

    /// A view placed at the mark: above it by default.
    ///
    /// ```swift
    /// PointMark(x: .value("Day", high.date), y: .value("Close", high.close))
    ///     .annotation(position: .top) { Text("High").font(.caption2) }
    /// ```
    public consuming func annotation(
        position: AnnotationPosition = .automatic, spacing: Double? = nil, @ViewBuilder content: () -> ViewNode
    ) -> Self {
        let view = content()
        return with { $0.annotations.append(MarkAnnotation(position: position, spacing: spacing ?? 4, content: view)) }
    }
}
