/// A filled or stroked outline.
package struct ShapeSpec: Sendable, Hashable {
    /// The outline.
    package enum Kind: Sendable, Hashable {
        case rectangle(cornerRadius: Double)
        case capsule
        case circle
        case ellipse
        /// An arc of the circle inscribed in the rectangle, from `start` through `sweep` radians
        /// clockwise from the trailing direction (a progress ring's).
        case arc(start: Double, sweep: Double)
        /// A shape of the user's, asked for its path in the rectangle it gets.
        case custom(CustomShape)
    }

    package var kind: Kind
    /// The fill, or the stroke's colour; `nil` uses the foreground colour.
    package var fill: ShapeStyle?
    /// When set, the outline is stroked instead of filled.
    package var stroke: StrokeStyle?
    /// Stroke inside the outline (`strokeBorder`) rather than centred on it.
    package var strokeInside = false

    package init(kind: Kind, fill: ShapeStyle? = nil) {
        self.kind = kind
        self.fill = fill
    }

    package init(outline: Kind, fill: ShapeStyle? = nil) {
        self.init(kind: outline, fill: fill)
    }
}

/// A user's ``Shape``, kept with its type name; two are equal when they have the same type and
/// the same path in a reference rectangle.
package struct CustomShape: Sendable, Hashable {
    private let make: @Sendable (Rect) -> Path
    private let typeName: String
    private let reference: Path

    init<S: Shape>(_ shape: S) {
        make = { shape.path(in: $0) }
        typeName = String(describing: S.self)
        reference = shape.path(in: Rect(x: 0, y: 0, width: 100, height: 100))
    }

    /// The outline in a rectangle.
    package func path(in rect: Rect) -> Path { make(rect) }

    package static func == (lhs: CustomShape, rhs: CustomShape) -> Bool {
        lhs.typeName == rhs.typeName && lhs.reference == rhs.reference
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(typeName)
        hasher.combine(reference)
    }
}

/// How a stroke is drawn, as SwiftUI's `StrokeStyle`.
public struct StrokeStyle: Sendable, Hashable {
    /// How the ends of open lines look, as Core Graphics' `CGLineCap`.
    public struct LineCap: Sendable, Hashable {
        package let name: String
        /// Square, at the end point.
        public static var butt: LineCap { LineCap(name: "butt") }
        /// A half circle beyond the end point.
        public static var round: LineCap { LineCap(name: "round") }
        /// A half square beyond the end point.
        public static var square: LineCap { LineCap(name: "square") }
    }

    /// How corners look, as Core Graphics' `CGLineJoin`.
    public struct LineJoin: Sendable, Hashable {
        package let name: String
        /// Sharp.
        public static var miter: LineJoin { LineJoin(name: "miter") }
        /// Rounded.
        public static var round: LineJoin { LineJoin(name: "round") }
        /// Cut off.
        public static var bevel: LineJoin { LineJoin(name: "bevel") }
    }

    /// Width in points.
    public var lineWidth: Double
    /// The ends of open lines.
    public var lineCap: LineCap
    /// The corners.
    public var lineJoin: LineJoin
    /// Lengths of dashes and gaps, in points; empty for a solid line.
    public var dash: [Double]

    /// A stroke style.
    ///
    /// - Parameters:
    ///   - lineWidth: width in points.
    ///   - lineCap: the ends of open lines.
    ///   - lineJoin: the corners.
    ///   - dash: dash and gap lengths; empty for solid.
    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, dash: [Double] = []) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.dash = dash
    }
}

/// A 2D outline that fills the space it is offered, as SwiftUI's `Shape`.
///
/// Write your own by returning its path in a rectangle; fill or stroke it like the built-in
/// shapes, or clip a view to it with `clipShape(_:)`.
///
/// ```swift
/// struct Triangle: Shape {
///     func path(in rect: Rect) -> Path {
///         Path { path in
///             path.addLines([Point(x: rect.midX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY),
///                            Point(x: rect.minX, y: rect.maxY)])
///             path.closeSubpath()
///         }
///     }
/// }
/// Triangle().fill(.orange).frame(width: 20, height: 16)
/// ```
public protocol Shape: PrimitiveView {
    /// The outline in a rectangle, in the rectangle's coordinates.
    ///
    /// - Parameter rect: the space the shape has.
    /// - Returns: the outline.
    func path(in rect: Rect) -> Path
}

/// Shapes WidgetRender draws with outlines of its own (continuous corners, exact circles).
package protocol BuiltInShape: Shape {
    var shapeKind: ShapeSpec.Kind { get }
}

extension Shape {
    /// The outline the renderer draws.
    package var outline: ShapeSpec.Kind {
        (self as? any BuiltInShape)?.shapeKind ?? .custom(CustomShape(self))
    }

    /// A shape fills itself with the foreground colour.
    public var primitiveNode: ViewNode { .shape(ShapeSpec(kind: outline)) }

    /// Fills the shape with a colour.
    ///
    /// - Parameter color: the colour.
    /// - Returns: the filled shape.
    public func fill(_ color: Color) -> ShapeView { ShapeView(ShapeSpec(kind: outline, fill: .color(color))) }

    /// Fills the shape with a style (a colour or a gradient).
    ///
    /// - Parameter style: the fill.
    /// - Returns: the filled shape.
    public func fill(_ style: ShapeStyle) -> ShapeView { ShapeView(ShapeSpec(kind: outline, fill: style)) }

    /// Fills the shape with a gradient.
    ///
    /// - Parameter gradient: the gradient.
    /// - Returns: the filled shape.
    public func fill(_ gradient: LinearGradient) -> ShapeView { fill(gradient.style) }

    /// Strokes the outline with a colour, centred on it.
    ///
    /// - Parameters:
    ///   - color: the colour.
    ///   - lineWidth: width in points.
    /// - Returns: the stroked shape.
    public func stroke(_ color: Color, lineWidth: Double = 1) -> ShapeView {
        stroke(color, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Strokes the outline with a colour and a stroke style.
    ///
    /// - Parameters:
    ///   - color: the colour.
    ///   - style: width, caps, joins and dashes.
    /// - Returns: the stroked shape.
    public func stroke(_ color: Color, style: StrokeStyle) -> ShapeView {
        var spec = ShapeSpec(kind: outline, fill: .color(color))
        spec.stroke = style
        return ShapeView(spec)
    }

    /// Strokes the outline in the foreground colour.
    ///
    /// - Parameter lineWidth: width in points.
    /// - Returns: the stroked shape.
    public func stroke(lineWidth: Double = 1) -> ShapeView {
        var spec = ShapeSpec(kind: outline)
        spec.stroke = StrokeStyle(lineWidth: lineWidth)
        return ShapeView(spec)
    }

    /// Strokes inside the outline, so the stroke stays within the frame, as SwiftUI's `strokeBorder`.
    ///
    /// - Parameters:
    ///   - color: the colour.
    ///   - lineWidth: width in points.
    /// - Returns: the stroked shape.
    public func strokeBorder(_ color: Color, lineWidth: Double = 1) -> ShapeView {
        var spec = ShapeSpec(kind: outline, fill: .color(color))
        spec.stroke = StrokeStyle(lineWidth: lineWidth)
        spec.strokeInside = true
        return ShapeView(spec)
    }
}

/// A shape filled or stroked, as `Circle().fill(.red)` returns.
public struct ShapeView: PrimitiveView {
    package var spec: ShapeSpec

    package init(_ spec: ShapeSpec) {
        self.spec = spec
    }

    /// The node the layout engine sees.
    public var primitiveNode: ViewNode { .shape(spec) }
}

/// A rectangle that fills its frame, as SwiftUI's `Rectangle`.
public struct Rectangle: BuiltInShape {
    /// A rectangle.
    public init() {}

    package var shapeKind: ShapeSpec.Kind { .rectangle(cornerRadius: 0) }

    /// The frame.
    public func path(in rect: Rect) -> Path { Path(rect) }
}

/// A rectangle with rounded corners that fills its frame, as SwiftUI's `RoundedRectangle`.
public struct RoundedRectangle: BuiltInShape {
    /// The corner radius in points.
    public var cornerRadius: Double

    /// A rectangle with continuous corners of this radius.
    public init(cornerRadius: Double) {
        self.cornerRadius = cornerRadius
    }

    package var shapeKind: ShapeSpec.Kind { .rectangle(cornerRadius: cornerRadius) }

    /// The outline (with circular corners; the renderer draws continuous ones).
    public func path(in rect: Rect) -> Path { Path(roundedRect: rect, cornerRadius: cornerRadius) }
}

/// A circle centred in its frame, as SwiftUI's `Circle`.
public struct Circle: BuiltInShape {
    /// A circle.
    public init() {}

    package var shapeKind: ShapeSpec.Kind { .circle }

    /// The largest circle centred in the frame.
    public func path(in rect: Rect) -> Path {
        let d = min(rect.width, rect.height)
        return Path(ellipseIn: Rect(x: rect.midX - d / 2, y: rect.midY - d / 2, width: d, height: d))
    }
}

/// An ellipse that fills its frame, as SwiftUI's `Ellipse`.
public struct Ellipse: BuiltInShape {
    /// An ellipse.
    public init() {}

    package var shapeKind: ShapeSpec.Kind { .ellipse }

    /// The ellipse inscribed in the frame.
    public func path(in rect: Rect) -> Path { Path(ellipseIn: rect) }
}

/// A rectangle with fully rounded ends, as SwiftUI's `Capsule`.
public struct Capsule: BuiltInShape {
    /// A capsule.
    public init() {}

    package var shapeKind: ShapeSpec.Kind { .capsule }

    /// The outline.
    public func path(in rect: Rect) -> Path {
        Path(roundedRect: rect, cornerRadius: min(rect.width, rect.height) / 2)
    }
}

extension ShapeSpec: ViewBehavior {
    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        proposal.replacingUnspecifiedDimensions()
    }

    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        let style = (fill ?? .color(environment.foreground)).resolved(against: environment.foreground)
        if let stroke {
            items.append(.stroke(kind, style, stroke, inside: strokeInside, rect, redacted: environment.redacted))
        } else {
            items.append(.shape(kind, style, rect, redacted: environment.redacted))
        }
    }

    package func describe(_ children: [String]) -> String { "Shape" }
}

extension ViewNode {
    package static func shape(_ spec: ShapeSpec) -> ViewNode { .primitive(spec) }
}
