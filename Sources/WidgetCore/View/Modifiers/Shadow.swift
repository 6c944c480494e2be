extension View {
    /// Draws a shadow beneath the view, as SwiftUI's `shadow(color:radius:x:y:)`: the view's
    /// shape (its coverage), blurred by `radius` points, in `color` (black at 33% by default),
    /// moved by `x` and `y`. Its layout is unchanged; the shadow may reach past its frame.
    ///
    /// ```swift
    /// RoundedRectangle(cornerRadius: 12).fill(.white).shadow(radius: 4, y: 2)
    /// ```
    ///
    /// A radius or offset that is not a number draws no shadow; a negative radius is 0.
    public func shadow(color: Color = Color.black.opacity(0.33), radius: Double, x: Double = 0, y: Double = 0)
        -> ViewNode
    {
        guard radius.isFinite, x.isFinite, y.isFinite else { return node }
        return .primitive(Shadow(color: color, radius: min(1_000, max(0, radius)), x: x, y: y), [node])
    }
}

/// A view drawn over a blurred, coloured copy of its coverage, in a shadow layer.
package struct Shadow: DrawingModifier {
    package var color: Color
    package var radius: Double
    package var x: Double
    package var y: Double

    package func layer(for rect: Rect, environment: EnvironmentValues) -> DisplayLayer? {
        .shadow(color: color, radius: radius, x: x, y: y)
    }
}
