import Foundation

extension View {
    /// Draws the view rotated about a point of its frame (its centre by default), as SwiftUI's
    /// `rotationEffect`: its layout, and its neighbours', are unchanged. Positive angles turn
    /// clockwise, as on screen.
    ///
    /// ```swift
    /// Image(systemName: "arrow.up").rotationEffect(.degrees(45))
    /// ```
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> ViewNode {
        guard angle.radians.isFinite, angle.radians != 0 else { return node }
        return .primitive(RotationEffect(radians: angle.radians, anchor: anchor), [node])
    }
}

/// A view drawn rotated about a point of its frame, in a transform layer.
package struct RotationEffect: DrawingModifier {
    package var radians: Double
    package var anchor: UnitPoint

    package func layer(for rect: Rect, environment: EnvironmentValues) -> DisplayLayer? {
        .transform(
            a: cos(radians), b: sin(radians), c: -sin(radians), d: cos(radians),
            about: Point(x: rect.minX + anchor.x * rect.width, y: rect.minY + anchor.y * rect.height))
    }
}
