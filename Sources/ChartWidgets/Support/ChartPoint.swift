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
