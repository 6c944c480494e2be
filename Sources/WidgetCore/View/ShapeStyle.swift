/// A fill: a colour, or a linear or radial gradient, as SwiftUI's shape styles.
///
/// A struct, so that new kinds of fill can be added without breaking a `switch`.
///
/// ```swift
/// RoundedRectangle(cornerRadius: 8).fill(.linearGradient([.blue, .clear], start: Point(x: 0.5, y: 0), end: Point(x: 0.5, y: 1)))
/// ```
public struct ShapeStyle: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case color(Color)
        case linearGradient([Color], start: Point, end: Point)
        /// Circles of colour about `center` (unit coordinates), from `startRadius` to `endRadius` points.
        case radialGradient([Color], center: Point, startRadius: Double, endRadius: Double)
        /// Colours around `center` (unit coordinates), from `startAngle` to `endAngle` radians
        /// clockwise from the trailing direction (at most one turn; see ``AngularGradient``).
        case angularGradient([Color], center: Point, startAngle: Double, endAngle: Double)
    }

    package var kind: Kind

    package init(_ kind: Kind) {
        self.kind = kind
    }

    /// One colour.
    ///
    /// - Parameter color: the colour.
    /// - Returns: the style.
    public static func color(_ color: Color) -> ShapeStyle { ShapeStyle(.color(color)) }

    /// Colours spread evenly from `start` to `end`, in unit coordinates of the filled rectangle.
    ///
    /// - Parameters:
    ///   - colors: the colours, first at `start`.
    ///   - start: where the first colour is, `(0, 0)` top leading to `(1, 1)` bottom trailing.
    ///   - end: where the last colour is.
    /// - Returns: the style.
    public static func linearGradient(_ colors: [Color], start: Point, end: Point) -> ShapeStyle {
        ShapeStyle(.linearGradient(colors, start: start, end: end))
    }

    /// Colours spread evenly in circles about `center`, from `startRadius` to `endRadius`
    /// points, as SwiftUI's `RadialGradient`; beyond them the first and last colours go on.
    ///
    /// - Parameters:
    ///   - colors: the colours, first at `startRadius`.
    ///   - center: the centre, in unit coordinates of the filled rectangle.
    ///   - startRadius: where the first colour is, in points from the centre.
    ///   - endRadius: where the last colour is.
    /// - Returns: the style.
    public static func radialGradient(
        _ colors: [Color], center: UnitPoint, startRadius: Double, endRadius: Double
    ) -> ShapeStyle {
        func radius(_ value: Double) -> Double { value.isFinite ? min(100_000, max(0, value)) : 0 }
        return ShapeStyle(
            .radialGradient(colors, center: center, startRadius: radius(startRadius), endRadius: radius(endRadius)))
    }

    /// The style with hierarchical colours resolved against a foreground colour.
    package func resolved(against foreground: Color) -> ShapeStyle {
        switch kind {
        case .color(let color): .color(color.resolved(against: foreground))
        case .linearGradient(let colors, let start, let end):
            .linearGradient(colors.map { $0.resolved(against: foreground) }, start: start, end: end)
        case .radialGradient(let colors, let center, let startRadius, let endRadius):
            ShapeStyle(
                .radialGradient(
                    colors.map { $0.resolved(against: foreground) }, center: center, startRadius: startRadius,
                    endRadius: endRadius))
        case .angularGradient(let colors, let center, let startAngle, let endAngle):
            ShapeStyle(
                .angularGradient(
                    colors.map { $0.resolved(against: foreground) }, center: center, startAngle: startAngle,
                    endAngle: endAngle))
        }
    }

    /// The style with its opacity multiplied by `value`.
    package func opacity(_ value: Double) -> ShapeStyle {
        switch kind {
        case .color(let color): .color(color.opacity(value))
        case .linearGradient(let colors, let start, let end):
            .linearGradient(colors.map { $0.opacity(value) }, start: start, end: end)
        case .radialGradient(let colors, let center, let startRadius, let endRadius):
            ShapeStyle(
                .radialGradient(
                    colors.map { $0.opacity(value) }, center: center, startRadius: startRadius, endRadius: endRadius))
        case .angularGradient(let colors, let center, let startAngle, let endAngle):
            ShapeStyle(
                .angularGradient(
                    colors.map { $0.opacity(value) }, center: center, startAngle: startAngle, endAngle: endAngle))
        }
    }
}

/// A point in unit coordinates of a rectangle, as SwiftUI's `UnitPoint`: `(0, 0)` is the top
/// leading corner, `(1, 1)` the bottom trailing one.
public typealias UnitPoint = Point

extension Point {
    /// The top leading corner.
    public static var topLeading: Point { Point(x: 0, y: 0) }
    /// The middle of the top edge.
    public static var top: Point { Point(x: 0.5, y: 0) }
    /// The top trailing corner.
    public static var topTrailing: Point { Point(x: 1, y: 0) }
    /// The middle of the leading edge.
    public static var leading: Point { Point(x: 0, y: 0.5) }
    /// The centre.
    public static var center: Point { Point(x: 0.5, y: 0.5) }
    /// The middle of the trailing edge.
    public static var trailing: Point { Point(x: 1, y: 0.5) }
    /// The bottom leading corner.
    public static var bottomLeading: Point { Point(x: 0, y: 1) }
    /// The middle of the bottom edge.
    public static var bottom: Point { Point(x: 0.5, y: 1) }
    /// The bottom trailing corner.
    public static var bottomTrailing: Point { Point(x: 1, y: 1) }
    /// The origin.
    public static var zero: Point { Point(x: 0, y: 0) }
}

/// Colours in order, as SwiftUI's `Gradient`.
public struct Gradient: Sendable, Hashable {
    /// The colours, spread evenly.
    public var colors: [Color]

    /// A gradient of evenly spread colours.
    ///
    /// - Parameter colors: the colours.
    public init(colors: [Color]) {
        self.colors = colors
    }
}

/// A linear gradient that fills the space it is offered, as SwiftUI's `LinearGradient`.
///
/// ```swift
/// LinearGradient(colors: [.orange, .pink], startPoint: .top, endPoint: .bottom)
/// ```
public struct LinearGradient: PrimitiveView {
    /// The gradient as a fill, for `fill(_:)` and `background(_:)`.
    public let style: ShapeStyle

    /// A gradient from `startPoint` to `endPoint`.
    ///
    /// - Parameters:
    ///   - gradient: the colours.
    ///   - startPoint: where the first colour is.
    ///   - endPoint: where the last colour is.
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        style = .linearGradient(gradient.colors, start: startPoint, end: endPoint)
    }

    /// A gradient of `colors` from `startPoint` to `endPoint`.
    ///
    /// - Parameters:
    ///   - colors: the colours, spread evenly.
    ///   - startPoint: where the first colour is.
    ///   - endPoint: where the last colour is.
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }

    /// The node the layout engine sees.
    public var primitiveNode: ViewNode { .shape(ShapeSpec(outline: .rectangle(cornerRadius: 0), fill: style)) }
}

/// A radial gradient as a view that fills its frame, as SwiftUI's `RadialGradient`.
///
/// ```swift
/// RadialGradient(colors: [.yellow, .orange], center: .center, startRadius: 0, endRadius: 60)
/// ```
public struct RadialGradient: PrimitiveView {
    /// The gradient as a fill, for `fill(_:)` and `background(_:)`.
    public let style: ShapeStyle

    /// Circles of the gradient's colours about `center`, from `startRadius` to `endRadius` points.
    public init(gradient: Gradient, center: UnitPoint, startRadius: Double, endRadius: Double) {
        style = .radialGradient(gradient.colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// Circles of `colors` about `center`, from `startRadius` to `endRadius` points.
    public init(colors: [Color], center: UnitPoint, startRadius: Double, endRadius: Double) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// The node the layout engine sees.
    public var primitiveNode: ViewNode { .shape(ShapeSpec(outline: .rectangle(cornerRadius: 0), fill: style)) }
}
