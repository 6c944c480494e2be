import WidgetCore

/// One mark as the chart draws it: what kind, its values, and its style (opaque: made by the
/// marks and their modifiers).
public struct MarkSpec: Sendable {
    enum Kind: Sendable, Hashable {
        case line, area, bar, point, rule, rectangle
    }

    var kind: Kind
    var x: PlotInput?
    var y: PlotInput?
    var xStart: PlotInput?
    var xEnd: PlotInput?
    var yStart: PlotInput?
    var yEnd: PlotInput?
    /// Which line or area the mark belongs to (`series:`).
    var series: PlotInput?
    /// A fixed fill or stroke.
    var foreground: ShapeStyle?
    /// A category whose colour comes from the chart's palette (`foregroundStyle(by:)`).
    var foregroundBy: PlotInput?
    var lineStyle: StrokeStyle?
    var interpolation: InterpolationMethod = .linear
    var symbol: SymbolShape?
    /// A category whose symbol comes from the chart's shapes (`symbol(by:)`).
    var symbolBy: PlotInput?
    var symbolSize: Double?
    var opacity: Double = 1
    var annotations: [MarkAnnotation] = []
    /// A bar's or rectangle's width or height (`width:`, `height:`).
    var width: MarkDimension = .automatic
    var height: MarkDimension = .automatic
    /// Bars of the same place side by side, by this value (`position(by:)`).
    var positionBy: PlotInput?

    init(_ kind: Kind) {
        self.kind = kind
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
    public var _marks: [MarkSpec] { [_spec] }

    private func with(_ change: (inout MarkSpec) -> Void) -> Self {
        var copy = self
        change(&copy._spec)
        return copy
    }

    /// Draws the mark in a colour.
    public func foregroundStyle(_ color: Color) -> Self { with { $0.foreground = .color(color) } }

    /// Draws the mark in a style (a colour or a gradient).
    public func foregroundStyle(_ style: ShapeStyle) -> Self { with { $0.foreground = style } }

    /// Draws the mark in a gradient.
    public func foregroundStyle(_ gradient: LinearGradient) -> Self { with { $0.foreground = gradient.style } }

    /// Colours the mark by a category: each value gets the next colour of the chart's palette
    /// (or of `chartForegroundStyleScale`), and the chart shows a legend.
    public func foregroundStyle<Value: Plottable>(by value: PlottableValue<Value>) -> Self {
        with { $0.foregroundBy = value.input }
    }

    /// The line's width, caps and dashes.
    public func lineStyle(_ style: StrokeStyle) -> Self { with { $0.lineStyle = style } }

    /// How a line or area joins its points.
    public func interpolationMethod(_ method: InterpolationMethod) -> Self { with { $0.interpolation = method } }

    /// A symbol at each point of a line, or a point's shape.
    public func symbol(_ symbol: SymbolShape) -> Self { with { $0.symbol = symbol } }

    /// A symbol by a category: each value gets the next of circle, square, triangle and
    /// diamond, as Swift Charts' `symbol(by:)`.
    public func symbol<Value: Plottable>(by value: PlottableValue<Value>) -> Self {
        with { $0.symbolBy = value.input }
    }

    /// The symbol's area in square points (30 by default).
    public func symbolSize(_ area: Double) -> Self {
        with { $0.symbolSize = area.isFinite ? min(10_000, max(0, area)) : nil }
    }

    /// Places marks at the same place side by side by a value, as Swift Charts'
    /// `position(by:)`: grouped bars instead of stacked ones.
    ///
    /// ```swift
    /// BarMark(x: .value("Product", car.product), y: .value("Price", car.price))
    ///     .position(by: .value("Type", car.type))
    /// ```
    public func position<Value: Plottable>(by value: PlottableValue<Value>) -> Self {
        with { $0.positionBy = value.input }
    }

    /// The mark at an opacity (0…1).
    public func opacity(_ value: Double) -> Self { with { $0.opacity = value.isFinite ? min(1, max(0, value)) : 1 } }

    /// A view placed at the mark: above it by default.
    ///
    /// ```swift
    /// PointMark(x: .value("Day", high.date), y: .value("Close", high.close))
    ///     .annotation(position: .top) { Text("High").font(.caption2) }
    /// ```
    public func annotation(
        position: AnnotationPosition = .automatic, spacing: Double? = nil, @ViewBuilder content: () -> ViewNode
    ) -> Self {
        let view = content()
        return with { $0.annotations.append(MarkAnnotation(position: position, spacing: spacing ?? 4, content: view)) }
    }
}
