/// A filled shape.
package struct ShapeSpec: Sendable, Hashable {
    /// The outline.
    package enum Kind: Sendable, Hashable {
        case rectangle(cornerRadius: Double)
        case capsule
        case circle
    }

    package var kind: Kind
    package var fill: ShapeStyle?

    package init(kind: Kind, fill: ShapeStyle? = nil) {
        self.kind = kind
        self.fill = fill
    }
}

/// A rectangle with rounded corners that fills its frame, as SwiftUI's `RoundedRectangle`.
public struct RoundedRectangle: PrimitiveView {
    package var spec: ShapeSpec

    /// A rectangle with continuous corners of this radius.
    public init(cornerRadius: Double) {
        spec = ShapeSpec(kind: .rectangle(cornerRadius: cornerRadius))
    }

    /// Fills the shape with a colour (the foreground colour otherwise).
    public func fill(_ color: Color) -> RoundedRectangle {
        var copy = self
        copy.spec.fill = .color(color)
        return copy
    }

    /// Fills the shape with a style.
    public func fill(_ style: ShapeStyle) -> RoundedRectangle {
        var copy = self
        copy.spec.fill = style
        return copy
    }

    /// The node the layout engine sees.
    public var primitiveNode: ViewNode { .shape(spec) }
}

/// A circle centred in its frame.
public struct Circle: PrimitiveView {
    package var spec = ShapeSpec(kind: .circle)

    /// The shape, filled with the foreground colour unless `fill` says.
    public init() {}

    /// Fills the circle with a colour.
    public func fill(_ color: Color) -> Circle {
        var copy = self
        copy.spec.fill = .color(color)
        return copy
    }

    /// The node the layout engine sees.
    public var primitiveNode: ViewNode { .shape(spec) }
}

/// A rectangle with fully rounded ends.
public struct Capsule: PrimitiveView {
    package var spec = ShapeSpec(kind: .capsule)

    /// The shape, filled with the foreground colour unless `fill` says.
    public init() {}

    /// Fills the capsule with a colour.
    public func fill(_ color: Color) -> Capsule {
        var copy = self
        copy.spec.fill = .color(color)
        return copy
    }

    /// The node the layout engine sees.
    public var primitiveNode: ViewNode { .shape(spec) }
}
