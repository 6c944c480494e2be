import Foundation
import Testing
import WidgetCore

@Suite("Shape.trim")
struct TrimTests {
    /// The points a path visits, for comparisons.
    static func points(_ path: Path) -> [Point] {
        path.elements.compactMap { element -> Point? in
            switch element {
            case .move(let point), .line(let point): point
            case .quadCurve, .curve, .closeSubpath: nil
            }
        }
    }

    @Test("a square's outline trimmed to its second quarter is its second side")
    func squareQuarter() {
        // 10 × 10 from (0, 0): the outline runs right, down, left, up (40 points long).
        let square = Path(Rect(x: 0, y: 0, width: 10, height: 10))
        let part = square.trimmedPath(from: 0.25, to: 0.5)
        #expect(Self.points(part) == [Point(x: 10, y: 0), Point(x: 10, y: 10)])
        // Across a corner: from 5 along the top to 5 down the right side.
        #expect(
            Self.points(square.trimmedPath(from: 0.125, to: 0.375))
                == [Point(x: 5, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 5)])
    }

    @Test("nothing when the end is not after the start; out-of-range and NaN fractions are clamped")
    func bounds() {
        let square = Path(Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(square.trimmedPath(from: 0.5, to: 0.5).elements.isEmpty)
        #expect(square.trimmedPath(from: 0.7, to: 0.2).elements.isEmpty)
        #expect(square.trimmedPath(from: .nan, to: 2).boundingRect == Rect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test("a circle trimmed to a quarter runs from 3 o'clock to 6 o'clock, along the circle")
    func circleQuarter() throws {
        let path = Circle().trim(from: 0, to: 0.25).path(in: Rect(x: 0, y: 0, width: 20, height: 20))
        let points = Self.points(path)
        let first = try #require(points.first)
        let last = try #require(points.last)
        #expect(abs(first.x - 20) < 1e-9 && abs(first.y - 10) < 1e-9)
        #expect(abs(last.x - 10) < 0.05 && abs(last.y - 20) < 0.05)
        // Every point is on the circle (within the polyline's error).
        #expect(points.allSatisfy { abs(hypot($0.x - 10, $0.y - 10) - 10) < 0.01 })
    }
}
