import WidgetCore

/// The path through a series' points for an interpolation method.
enum Curve {
    static func path(through points: [Point], _ method: InterpolationMethod) -> Path {
        var path = Path()
        guard let first = points.first else { return path }
        path.move(to: first)
        guard points.count > 1 else { return path }
        switch method.kind {
        case .linear:
            for point in points.dropFirst() { path.addLine(to: point) }
        case .stepStart, .stepCenter, .stepEnd:
            for (a, b) in zip(points, points.dropFirst()) {
                switch method.kind {
                case .stepStart:
                    path.addLine(to: Point(x: a.x, y: b.y))
                case .stepCenter:
                    let middle = (a.x + b.x) / 2
                    path.addLine(to: Point(x: middle, y: a.y))
                    path.addLine(to: Point(x: middle, y: b.y))
                default:
                    path.addLine(to: Point(x: b.x, y: a.y))
                }
                path.addLine(to: b)
            }
        case .catmullRom:
            // Uniform Catmull–Rom as Bézier segments, the ends repeated.
            for index in 0..<(points.count - 1) {
                let p0 = points[max(0, index - 1)]
                let p1 = points[index]
                let p2 = points[index + 1]
                let p3 = points[min(points.count - 1, index + 2)]
                path.addCurve(
                    to: p2, control1: Point(x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6),
                    control2: Point(x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6))
            }
        case .monotone:
            // Fritsch–Carlson: tangents that keep each segment within its two values.
            let count = points.count
            var slopes = [Double](repeating: 0, count: count - 1)
            for i in 0..<(count - 1) {
                let dx = points[i + 1].x - points[i].x
                slopes[i] = dx != 0 ? (points[i + 1].y - points[i].y) / dx : 0
            }
            var tangents = [Double](repeating: 0, count: count)
            tangents[0] = slopes[0]
            tangents[count - 1] = slopes[count - 2]
            for i in 1..<(count - 1) {
                tangents[i] = slopes[i - 1] * slopes[i] <= 0 ? 0 : (slopes[i - 1] + slopes[i]) / 2
            }
            for i in 0..<(count - 1) where slopes[i] != 0 {
                let a = tangents[i] / slopes[i]
                let b = tangents[i + 1] / slopes[i]
                let h = a * a + b * b
                if h > 9 {
                    let t = 3 / h.squareRoot()
                    tangents[i] = t * a * slopes[i]
                    tangents[i + 1] = t * b * slopes[i]
                }
            }
            for i in 0..<(count - 1) {
                let p1 = points[i]
                let p2 = points[i + 1]
                let dx = (p2.x - p1.x) / 3
                path.addCurve(
                    to: p2, control1: Point(x: p1.x + dx, y: p1.y + tangents[i] * dx),
                    control2: Point(x: p2.x - dx, y: p2.y - tangents[i + 1] * dx))
            }
        }
        return path
    }
}
