/// One point of a chart: `x` is usually seconds since 1970, `y` the value.
public struct ChartPoint: Sendable, Hashable {
    /// Usually seconds since 1970.
    public var x: Double
    /// The value.
    public var y: Double

    /// A point of a chart.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// What a ``LineChart`` draws.
package struct LineChartSpec: Sendable, Hashable {
    package var points: [ChartPoint]
    /// Stroke width in points.
    package var lineWidth: Double
    /// The line's colour; `nil` uses the environment's foreground colour.
    package var color: Color?
    /// Fill a fading gradient under the line.
    package var gradientFill: Bool
    /// Mark the lowest and highest points, with these labels (empty for dots only).
    package var markers: MinMaxLabels?
    /// A value drawn as a dotted level line across the chart (a previous close), kept in range.
    package var baseline: Double?
    /// Values drawn as thin bars from zero behind the line, on the same scale (raw daily counts
    /// behind their average).
    package var bars: [ChartPoint] = []

    /// Labels for the min/max markers.
    package struct MinMaxLabels: Sendable, Hashable {
        package var min: String
        package var max: String

        package init(min: String, max: String) {
            self.min = min
            self.max = max
        }
    }

    package init(
        points: [ChartPoint], lineWidth: Double = 1.75, color: Color? = nil, gradientFill: Bool = false,
        markers: MinMaxLabels? = nil
    ) {
        self.points = points
        self.lineWidth = lineWidth
        self.color = color
        self.gradientFill = gradientFill
        self.markers = markers
    }
}

/// A line through a series, scaled to fill the space it is given.
///
/// The line is 1.75 points wide by default; a gradient under it and markers
/// for the lowest and highest points are optional.
///
/// ```swift
/// LineChart(points, color: .orange).gradientFill().markers(min: "15.6K", max: "31.8K")
/// ```
public struct LineChart: PrimitiveView {
    package var spec: LineChartSpec

    /// A line through `points` (sorted by `x`), in `color` or the foreground colour.
    public init(_ points: [ChartPoint], lineWidth: Double = 1.75, color: Color? = nil) {
        spec = LineChartSpec(points: points, lineWidth: lineWidth, color: color)
    }

    /// Adds a gradient of the line colour under the line, fading to clear.
    public func gradientFill(_ enabled: Bool = true) -> LineChart {
        var copy = self
        copy.spec.gradientFill = enabled
        return copy
    }

    /// Draws a dotted level line at `value`, as Stocks draws the previous close; the chart's
    /// range includes it.
    ///
    /// - Parameter value: the level, in the points' units.
    /// - Returns: the chart with its baseline.
    public func baseline(_ value: Double?) -> LineChart {
        var copy = self
        copy.spec.baseline = value.flatMap { $0.isFinite ? $0 : nil }
        return copy
    }

    /// Draws `points` as thin bars from zero behind the line, on the same scale, in the line's
    /// colour at low opacity: raw values behind their smoothed line.
    ///
    /// - Parameter points: the bars, sorted by `x`.
    /// - Returns: the chart with its bars.
    public func bars(_ points: [ChartPoint]) -> LineChart {
        var copy = self
        copy.spec.bars = points
        return copy
    }

    /// Marks the lowest and highest points with dots and these labels.
    public func markers(min: String, max: String) -> LineChart {
        var copy = self
        copy.spec.markers = .init(min: min, max: max)
        return copy
    }

    /// The node the layout engine sees.
    public var primitiveNode: ViewNode { .primitive(spec) }
}

extension LineChartSpec: ViewBehavior {
    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        Size(width: proposal.width ?? 10, height: proposal.height ?? 10)
    }

    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        items.append(
            .lineChart(
                self, rect, color: (color ?? environment.foreground).resolved(against: environment.foreground),
                labelColor: environment.foreground.opacity(0.6), redacted: environment.redacted))
    }

    package func describe(_ children: [String]) -> String { "Chart" }
}
