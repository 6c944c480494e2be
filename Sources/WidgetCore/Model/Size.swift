/// A width and height in points.
public struct Size: Hashable, Codable, Sendable, CustomStringConvertible {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// A size in points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No width and no height.
    public static var zero: Size { Size(width: 0, height: 0) }

    /// `364×170`.
    public var description: String { "\(Self.format(width))×\(Self.format(height))" }

    static func format(_ value: Double) -> String {
        // Whole numbers without ".0"; `Int(exactly:)` refuses what would not fit rather than trapping.
        value == value.rounded() ? Int(exactly: value).map(String.init) ?? String(value) : String(value)
    }
}

/// A point in a widget's coordinate space, in points, origin at the top left.
public struct Point: Hashable, Codable, Sendable {
    /// Points from the left edge.
    public var x: Double
    /// Points from the top edge.
    public var y: Double

    /// A point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A rectangle in points, origin at the top left.
public struct Rect: Hashable, Codable, Sendable {
    /// The top left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// A rectangle from its top left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The width.
    public var width: Double { size.width }
    /// The height.
    public var height: Double { size.height }
    /// The horizontal centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre.
    public var midY: Double { origin.y + size.height / 2 }

    /// The rectangle shrunk by `insets` on each side (never below zero size).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX + insets.leading, y: minY + insets.top,
            width: max(0, width - insets.leading - insets.trailing),
            height: max(0, height - insets.top - insets.bottom))
    }
}

/// Insets on each edge, in points.
public struct EdgeInsets: Hashable, Codable, Sendable {
    /// Points on the top edge.
    public var top: Double
    /// Points on the leading (left) edge.
    public var leading: Double
    /// Points on the bottom edge.
    public var bottom: Double
    /// Points on the trailing (right) edge.
    public var trailing: Double

    /// Insets on each edge; 0 for those not given.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same inset on all four edges.
    public init(all value: Double) {
        self.init(top: value, leading: value, bottom: value, trailing: value)
    }
}
