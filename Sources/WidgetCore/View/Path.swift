import Foundation

/// An angle, as SwiftUI's `Angle`.
public struct Angle: Sendable, Hashable, Comparable {
    /// The angle in radians.
    public var radians: Double

    /// The angle in degrees.
    public var degrees: Double { radians * 180 / .pi }

    /// An angle in radians.
    ///
    /// - Parameter radians: the angle.
    public init(radians: Double) {
        self.radians = radians
    }

    /// An angle in degrees.
    ///
    /// - Parameter degrees: the angle.
    public init(degrees: Double) {
        radians = degrees * .pi / 180
    }

    /// An angle in degrees.
    public static func degrees(_ value: Double) -> Angle { Angle(degrees: value) }
    /// An angle in radians.
    public static func radians(_ value: Double) -> Angle { Angle(radians: value) }
    /// Zero.
    public static var zero: Angle { Angle(radians: 0) }

    /// Smaller angles sort first.
    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
}

/// An outline of lines and curves in points, as SwiftUI's `Path`; fill or stroke it in a
/// ``Canvas`` or return it from a ``Shape``'s `path(in:)`.
///
/// ```swift
/// var path = Path()
/// path.move(to: Point(x: 0, y: rect.maxY))
/// path.addLine(to: Point(x: rect.midX, y: 0))
/// path.addLine(to: Point(x: rect.maxX, y: rect.maxY))
/// path.closeSubpath()
/// ```
public struct Path: Sendable, Hashable {
    /// One step of a path.
    public enum Element: Sendable, Hashable {
        /// Starts a new subpath at a point.
        case move(to: Point)
        /// A straight line to a point.
        case line(to: Point)
        /// A quadratic Bézier curve to a point.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier curve to a point.
        case curve(to: Point, control1: Point, control2: Point)
        /// A line back to the start of the subpath.
        case closeSubpath
    }

    /// The steps, in order.
    public private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}

    /// A path built by a closure, as SwiftUI's `Path { path in … }`.
    ///
    /// - Parameter build: adds to the path.
    public init(_ build: (inout Path) -> Void) {
        build(&self)
    }

    /// A rectangle.
    ///
    /// - Parameter rect: the rectangle.
    public init(_ rect: Rect) {
        addRect(rect)
    }

    /// A rectangle with rounded corners.
    ///
    /// - Parameters:
    ///   - rect: the rectangle.
    ///   - cornerRadius: the radius of each corner.
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        addRoundedRect(in: rect, cornerRadius: cornerRadius)
    }

    /// An ellipse inscribed in a rectangle.
    ///
    /// - Parameter rect: the rectangle.
    public init(ellipseIn rect: Rect) {
        addEllipse(in: rect)
    }

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath.
    public mutating func move(to point: Point) { elements.append(.move(to: point)) }

    /// Adds a straight line from the current point.
    public mutating func addLine(to point: Point) { elements.append(.line(to: point)) }

    /// Adds straight lines through points, starting a subpath at the first.
    public mutating func addLines(_ points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    /// Adds a quadratic Bézier curve from the current point.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        elements.append(.quadCurve(to: point, control: control))
    }

    /// Adds a cubic Bézier curve from the current point.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }

    /// Closes the current subpath.
    public mutating func closeSubpath() { elements.append(.closeSubpath) }

    /// Adds a rectangle as a closed subpath.
    public mutating func addRect(_ rect: Rect) {
        addLines([
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY),
            Point(x: rect.minX, y: rect.maxY),
        ])
        closeSubpath()
    }

    /// Adds a rectangle with circular corners as a closed subpath.
    public mutating func addRoundedRect(in rect: Rect, cornerRadius: Double) {
        let r = max(0, min(cornerRadius, min(rect.width, rect.height) / 2))
        guard r > 0 else { return addRect(rect) }
        move(to: Point(x: rect.minX + r, y: rect.minY))
        addArc(center: Point(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: .degrees(-90), endAngle: .zero)
        addArc(center: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: .zero, endAngle: .degrees(90))
        addArc(
            center: Point(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: .degrees(90),
            endAngle: .degrees(180))
        addArc(
            center: Point(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: .degrees(180),
            endAngle: .degrees(270))
        closeSubpath()
    }

    /// Adds an ellipse inscribed in a rectangle as a closed subpath.
    public mutating func addEllipse(in rect: Rect) {
        // Four cubic quarter arcs; 0.5523 is the usual control-point factor.
        let k = 0.5522847498
        let cx = rect.midX
        let cy = rect.midY
        let rx = rect.width / 2
        let ry = rect.height / 2
        move(to: Point(x: cx + rx, y: cy))
        addCurve(
            to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + k * ry),
            control2: Point(x: cx + k * rx, y: cy + ry))
        addCurve(
            to: Point(x: cx - rx, y: cy), control1: Point(x: cx - k * rx, y: cy + ry),
            control2: Point(x: cx - rx, y: cy + k * ry))
        addCurve(
            to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - k * ry),
            control2: Point(x: cx - k * rx, y: cy - ry))
        addCurve(
            to: Point(x: cx + rx, y: cy), control1: Point(x: cx + k * rx, y: cy - ry),
            control2: Point(x: cx + rx, y: cy - k * ry))
        closeSubpath()
    }

    /// Adds a circular arc, joined to the current point by a line (or starting a subpath when
    /// the path is empty). Angles run clockwise on screen from the positive x axis, as
    /// SwiftUI's with `clockwise: false`.
    ///
    /// - Parameters:
    ///   - center: the centre.
    ///   - radius: the radius.
    ///   - startAngle: where the arc starts.
    ///   - endAngle: where it ends.
    ///   - clockwise: true to go the other way round (SwiftUI's flipped-coordinate meaning).
    public mutating func addArc(
        center: Point, radius: Double, startAngle: Angle, endAngle: Angle, clockwise: Bool = false
    ) {
        var start = startAngle.radians
        guard start.isFinite, endAngle.radians.isFinite, radius.isFinite, center.x.isFinite, center.y.isFinite
        else { return }
        // The sweep, at most one turn, in the direction asked for.
        var total = endAngle.radians - start
        if clockwise {
            if total > 0 { total = total.truncatingRemainder(dividingBy: 2 * .pi) - 2 * .pi }
            total = max(total, -2 * .pi)
        } else {
            if total < 0 { total = total.truncatingRemainder(dividingBy: 2 * .pi) + 2 * .pi }
            total = min(total, 2 * .pi)
        }
        let begin = Point(x: center.x + radius * cos(start), y: center.y + radius * sin(start))
        if elements.isEmpty || elements.last == .closeSubpath { move(to: begin) } else { addLine(to: begin) }
        // Bézier segments of at most a quarter turn.
        let segments = max(1, Int((abs(total) / (.pi / 2)).rounded(.up)))
        let step = total / Double(segments)
        let k = 4.0 / 3.0 * tan(step / 4)
        for _ in 0..<segments {
            let next = start + step
            let p0 = Point(x: center.x + radius * cos(start), y: center.y + radius * sin(start))
            let p3 = Point(x: center.x + radius * cos(next), y: center.y + radius * sin(next))
            let c1 = Point(x: p0.x - k * radius * sin(start), y: p0.y + k * radius * cos(start))
            let c2 = Point(x: p3.x + k * radius * sin(next), y: p3.y - k * radius * cos(next))
            addCurve(to: p3, control1: c1, control2: c2)
            start = next
        }
    }

    /// Adds another path's elements.
    public mutating func addPath(_ path: Path) { elements += path.elements }

    /// The path moved by an offset.
    ///
    /// - Parameters:
    ///   - dx: points right.
    ///   - dy: points down.
    /// - Returns: the moved path.
    public func offsetBy(dx: Double, dy: Double) -> Path {
        func move(_ p: Point) -> Point { Point(x: p.x + dx, y: p.y + dy) }
        var copy = Path()
        copy.elements = elements.map {
            switch $0 {
            case .move(let p): .move(to: move(p))
            case .line(let p): .line(to: move(p))
            case .quadCurve(let p, let c): .quadCurve(to: move(p), control: move(c))
            case .curve(let p, let c1, let c2): .curve(to: move(p), control1: move(c1), control2: move(c2))
            case .closeSubpath: .closeSubpath
            }
        }
        return copy
    }

    /// The smallest rectangle holding every point of the path and its control points.
    public var boundingRect: Rect {
        // One pass, without an array of the points: drawing asks this of every filled chart path.
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        func include(_ point: Point) {
            minX = Swift.min(minX, point.x)
            minY = Swift.min(minY, point.y)
            maxX = Swift.max(maxX, point.x)
            maxY = Swift.max(maxY, point.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): include(p)
            case .quadCurve(let p, let c):
                include(p)
                include(c)
            case .curve(let p, let c1, let c2):
                include(p)
                include(c1)
                include(c2)
            case .closeSubpath: break
            }
        }
        guard minX <= maxX, minY <= maxY else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

}
