import Foundation

extension Path {
    /// The part of the path between two fractions of its length, as SwiftUI's
    /// `trimmedPath(from:to:)`: `0…0.75` is the first three quarters. The length runs through
    /// every subpath in order; curves are followed as fine polylines (24 steps a curve).
    ///
    /// - Parameters:
    ///   - from: where the part starts, 0…1.
    ///   - to: where it ends, 0…1; nothing when not after `from`.
    public func trimmedPath(from: Double, to: Double) -> Path {
        let start = from.isFinite ? min(1, max(0, from)) : 0
        let end = to.isFinite ? min(1, max(0, to)) : 0
        guard end > start else { return Path() }
        let runs = polylines()
        let total = runs.reduce(0) { $0 + Self.length(of: $1) }
        guard total > 0, total.isFinite else { return start == 0 && end == 1 ? self : Path() }
        let (low, high) = (start * total, end * total)
        var trimmed = Path()
        var walked = 0.0
        for run in runs {
            var drawing = false
            for (a, b) in zip(run, run.dropFirst()) {
                let length = hypot(b.x - a.x, b.y - a.y)
                defer { walked += length }
                guard length > 0, walked + length > low, walked < high else { continue }
                func point(at distance: Double) -> Point {
                    let t = min(1, max(0, (distance - walked) / length))
                    return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                }
                if !drawing {
                    trimmed.move(to: point(at: max(low, walked)))
                    drawing = true
                }
                trimmed.addLine(to: point(at: min(high, walked + length)))
            }
        }
        return trimmed
    }

    /// The subpaths as polylines (a closed one ends at its start).
    private func polylines() -> [[Point]] {
        var runs: [[Point]] = []
        var current: [Point] = []
        func finish() {
            if current.count > 1 { runs.append(current) }
            current = []
        }
        let steps = 24
        for element in elements {
            switch element {
            case .move(let point):
                finish()
                current = [point]
            case .line(let point):
                current.append(point)
            case .quadCurve(let point, let control):
                guard let from = current.last else {
                    current = [point]
                    continue
                }
                for step in 1...steps {
                    let t = Double(step) / Double(steps)
                    let u = 1 - t
                    current.append(
                        Point(
                            x: u * u * from.x + 2 * u * t * control.x + t * t * point.x,
                            y: u * u * from.y + 2 * u * t * control.y + t * t * point.y))
                }
            case .curve(let point, let control1, let control2):
                guard let from = current.last else {
                    current = [point]
                    continue
                }
                for step in 1...steps {
                    let t = Double(step) / Double(steps)
                    let u = 1 - t
                    let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                    current.append(
                        Point(
                            x: a * from.x + b * control1.x + c * control2.x + d * point.x,
                            y: a * from.y + b * control1.y + c * control2.y + d * point.y))
                }
            case .closeSubpath:
                if let first = current.first { current.append(first) }
                let closedAt = current.first
                finish()
                if let closedAt { current = [closedAt] }
            }
        }
        finish()
        return runs
    }

    private static func length(of run: [Point]) -> Double {
        zip(run, run.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
    }
}

/// A shape drawn only between two fractions of its outline's length (`Shape.trim`).
public struct TrimmedShape<Base: Shape>: Shape {
    let base: Base
    let from: Double
    let to: Double

    /// The base shape's outline, trimmed.
    public func path(in rect: Rect) -> Path {
        base.path(in: rect).trimmedPath(from: from, to: to)
    }
}

extension Shape {
    /// The shape drawn only between two fractions of its outline, as SwiftUI's `trim(from:to:)`:
    /// a progress ring is `Circle().trim(from: 0, to: 0.7).stroke(…)`. A circle's outline
    /// starts at its trailing point (3 o'clock) and runs clockwise on screen, as in SwiftUI.
    ///
    /// ```swift
    /// Circle().trim(from: 0, to: 0.7).stroke(.orange, style: StrokeStyle(lineWidth: 6, lineCap: .round))
    ///     .rotationEffect(.degrees(-90))
    /// ```
    public func trim(from: Double = 0, to: Double = 1) -> TrimmedShape<Self> {
        TrimmedShape(base: self, from: from, to: to)
    }

    /// Fills the shape with a radial gradient.
    public func fill(_ gradient: RadialGradient) -> ShapeView { fill(gradient.style) }
}
