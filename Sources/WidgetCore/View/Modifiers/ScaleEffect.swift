extension View {
    /// Draws the view scaled about a point of its frame (its centre by default), as SwiftUI's
    /// `scaleEffect`; its layout is unchanged.
    public func scaleEffect(_ scale: Double, anchor: UnitPoint = .center) -> ViewNode {
        scaleEffect(x: scale, y: scale, anchor: anchor)
    }

    /// Draws the view scaled by a size's width and height about a point of its frame.
    public func scaleEffect(_ scale: Size, anchor: UnitPoint = .center) -> ViewNode {
        scaleEffect(x: scale.width, y: scale.height, anchor: anchor)
    }

    /// Draws the view scaled horizontally and vertically about a point of its frame; a scale of
    /// 0 hides it, a negative one mirrors it. Scales are kept within ±1,000 (a scale that is not
    /// a number leaves the view as it is).
    public func scaleEffect(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center) -> ViewNode {
        guard x.isFinite, y.isFinite else { return node }
        if x == 1, y == 1 { return node }
        func bounded(_ value: Double) -> Double { min(1_000, max(-1_000, value)) }
        return .primitive(ScaleEffect(x: bounded(x), y: bounded(y), anchor: anchor), [node])
    }
}

/// A view drawn scaled about a point of its frame, in a transform layer.
package struct ScaleEffect: DrawingModifier {
    package var x: Double
    package var y: Double
    package var anchor: UnitPoint

    package func layer(for rect: Rect, environment: EnvironmentValues) -> DisplayLayer? {
        // A scale of 0 flattens the view to nothing (and Cairo refuses a matrix it cannot invert).
        guard abs(x) >= 1e-6, abs(y) >= 1e-6 else { return nil }
        return .transform(
            a: x, b: 0, c: 0, d: y,
            about: Point(x: rect.minX + anchor.x * rect.width, y: rect.minY + anchor.y * rect.height))
    }
}
