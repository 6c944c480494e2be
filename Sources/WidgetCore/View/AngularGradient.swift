/// An angular ("conic") gradient as a view that fills its frame, as SwiftUI's
/// `AngularGradient`: colours change with the angle about a centre, from `startAngle` to
/// `endAngle`, clockwise from the trailing direction (3 o'clock) as on screen.
///
/// As in SwiftUI, a span over one turn draws only its last turn, and a span under one turn
/// fills the rest with the last colour and then the first, switching halfway across it.
///
/// ```swift
/// Circle().stroke(AngularGradient(colors: [.red, .yellow, .green, .red], center: .center), lineWidth: 8)
/// AngularGradient(colors: [.blue, .purple], center: .center, startAngle: .degrees(-90), endAngle: .degrees(90))
/// ```
public struct AngularGradient: PrimitiveView {
    /// The gradient as a fill, for `fill(_:)` and `background(_:)`.
    public let style: ShapeStyle

    /// The gradient's colours about `center`, from `startAngle` to `endAngle`.
    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        style = .angularGradient(gradient.colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// `colors` about `center`, from `startAngle` to `endAngle`.
    public init(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// A full turn of the gradient's colours about `center`, starting at `angle` (a conic gradient).
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(
            gradient: gradient, center: center, startAngle: angle, endAngle: Angle(radians: angle.radians + 2 * .pi))
    }

    /// A full turn of `colors` about `center`, starting at `angle`.
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }

    /// The node the layout engine sees.
    public var primitiveNode: ViewNode { .shape(ShapeSpec(outline: .rectangle(cornerRadius: 0), fill: style)) }
}

extension ShapeStyle {
    /// Colours about `center` from `startAngle` to `endAngle`, as SwiftUI's
    /// `angularGradient(colors:center:startAngle:endAngle:)` (see ``AngularGradient``).
    public static func angularGradient(
        _ colors: [Color], center: UnitPoint = .center, startAngle: Angle, endAngle: Angle
    ) -> ShapeStyle {
        var start = startAngle.radians.isFinite ? startAngle.radians : 0
        let end = endAngle.radians.isFinite ? endAngle.radians : start
        // Only the last turn of a longer span is drawn; a backward span draws none.
        if end - start > 2 * .pi { start = end - 2 * .pi }
        return ShapeStyle(.angularGradient(colors, center: center, startAngle: start, endAngle: max(start, end)))
    }

    /// A full turn of `colors` about `center`, starting at `angle`, as SwiftUI's
    /// `conicGradient(colors:center:angle:)`.
    public static func conicGradient(_ colors: [Color], center: UnitPoint = .center, angle: Angle = .zero)
        -> ShapeStyle
    {
        angularGradient(colors, center: center, startAngle: angle, endAngle: Angle(radians: angle.radians + 2 * .pi))
    }
}

extension Shape {
    /// Fills the shape with an angular gradient.
    public func fill(_ gradient: AngularGradient) -> ShapeView { fill(gradient.style) }

    /// Strokes the outline with an angular gradient, centred on it (an activity ring).
    public func stroke(_ gradient: AngularGradient, lineWidth: Double = 1) -> ShapeView {
        stroke(gradient, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Strokes the outline with an angular gradient and a stroke style.
    public func stroke(_ gradient: AngularGradient, style: StrokeStyle) -> ShapeView {
        var spec = ShapeSpec(kind: outline, fill: gradient.style)
        spec.stroke = style
        return ShapeView(spec)
    }

    /// Strokes inside the outline with an angular gradient.
    public func strokeBorder(_ gradient: AngularGradient, lineWidth: Double = 1) -> ShapeView {
        var spec = ShapeSpec(kind: outline, fill: gradient.style)
        spec.stroke = StrokeStyle(lineWidth: lineWidth)
        spec.strokeInside = true
        return ShapeView(spec)
    }
}
