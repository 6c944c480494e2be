import Foundation

/// A change to how a view is drawn, about a point of its frame, that leaves its layout alone:
/// `rotationEffect` and `scaleEffect`.
package struct DrawTransform: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case rotation(radians: Double)
        case scale(x: Double, y: Double)
    }

    package var kind: Kind
    /// The point of the frame that stays put (unit coordinates).
    package var anchor: UnitPoint

    /// Whether anything is drawn: a scale of 0 on an axis flattens the view to nothing (and
    /// Cairo refuses a matrix it cannot invert).
    package var drawsAnything: Bool {
        if case .scale(let x, let y) = kind { return abs(x) >= 1e-6 && abs(y) >= 1e-6 }
        return true
    }

    /// The matrix `(a, b, c, d, tx, ty)` in widget points for a view placed in `frame`:
    /// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
    package func matrix(in frame: Rect) -> [Double] {
        let px = frame.minX + anchor.x * frame.width
        let py = frame.minY + anchor.y * frame.height
        let (a, b, c, d): (Double, Double, Double, Double)
        switch kind {
        case .rotation(let radians):
            (a, b, c, d) = (cos(radians), sin(radians), -sin(radians), cos(radians))
        case .scale(let x, let y):
            (a, b, c, d) = (x, 0, 0, y)
        }
        // Move the anchor to the origin, transform, move it back.
        return [a, b, c, d, px - a * px - c * py, py - b * px - d * py]
    }
}

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
        return ViewNode(.transformed(DrawTransform(kind: .rotation(radians: angle.radians), anchor: anchor), node))
    }

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
        return ViewNode(
            .transformed(DrawTransform(kind: .scale(x: bounded(x), y: bounded(y)), anchor: anchor), node))
    }
}
