import WidgetCore

/// A line through its points, in the order given, as Swift Charts' `LineMark`; marks with the
/// same `series` (or the same `foregroundStyle(by:)` value) make one line.
///
/// ```swift
/// Chart(days) { day in
///     LineMark(x: .value("Day", day.date), y: .value("Close", day.close))
/// }
/// ```
public struct LineMark: MarkModifiers {
    /// The mark's description (you do not use this).
    public var _spec: MarkSpec

    /// A point of a line.
    @inlinable
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        _spec = MarkSpec(.line)
        _spec.x = x.input
        _spec.y = y.input
    }

    /// A point of one of several lines.
    @inlinable
    public init<X: Plottable, Y: Plottable, S: Plottable>(
        x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>
    ) {
        self.init(x: x, y: y)
        _spec.series = series.input
    }
}

/// The area under a line (from zero), or between two values, as Swift Charts' `AreaMark`;
/// areas of several categories at the same `x` stack.
public struct AreaMark: MarkModifiers {
    /// The mark's description (you do not use this).
    public var _spec: MarkSpec

    /// A point of an area from zero to `y`.
    @inlinable
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        _spec = MarkSpec(.area)
        _spec.x = x.input
        _spec.y = y.input
    }

    /// A point of one of several areas.
    @inlinable
    public init<X: Plottable, Y: Plottable, S: Plottable>(
        x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>
    ) {
        self.init(x: x, y: y)
        _spec.series = series.input
    }

    /// A point of a band between `yStart` and `yEnd`.
    @inlinable
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        _spec = MarkSpec(.area)
        _spec.x = x.input
        _spec.yStart = yStart.input
        _spec.yEnd = yEnd.input
    }

    /// A point of one of several bands.
    @inlinable
    public init<X: Plottable, Y: Plottable, S: Plottable>(
        x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>, series: PlottableValue<S>
    ) {
        self.init(x: x, yStart: yStart, yEnd: yEnd)
        _spec.series = series.input
    }
}

/// A bar from zero to a value, or over a range, as Swift Charts' `BarMark`; bars of several
/// categories at the same `x` stack.
public struct BarMark: MarkModifiers {
    /// The mark's description (you do not use this).
    public var _spec: MarkSpec

    /// A vertical bar at `x` from zero to `y` (or a horizontal one, when `x` is the quantity and
    /// `y` the category).
    @inlinable
    public init<X: Plottable, Y: Plottable>(
        x: PlottableValue<X>, y: PlottableValue<Y>, width: MarkDimension = .automatic
    ) {
        _spec = MarkSpec(.bar)
        _spec.x = x.input
        _spec.y = y.input
        _spec.width = width
    }

    /// A vertical bar at `x` from `yStart` to `yEnd` (a candle's body, a range).
    @inlinable
    public init<X: Plottable, Y: Plottable>(
        x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>, width: MarkDimension = .automatic
    ) {
        _spec = MarkSpec(.bar)
        _spec.x = x.input
        _spec.yStart = yStart.input
        _spec.yEnd = yEnd.input
        _spec.width = width
    }

    /// A horizontal bar at `y` from `xStart` to `xEnd` (a timeline, a pyramid's side).
    @inlinable
    public init<X: Plottable, Y: Plottable>(
        xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>, height: MarkDimension = .automatic
    ) {
        _spec = MarkSpec(.bar)
        _spec.xStart = xStart.input
        _spec.xEnd = xEnd.input
        _spec.y = y.input
        _spec.height = height
    }
}

/// A symbol at a point, as Swift Charts' `PointMark` (a scatter plot).
public struct PointMark: MarkModifiers {
    /// The mark's description (you do not use this).
    public var _spec: MarkSpec

    /// A point.
    @inlinable
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        _spec = MarkSpec(.point)
        _spec.x = x.input
        _spec.y = y.input
    }
}

/// A straight line across the plot or along a range, as Swift Charts' `RuleMark`: a threshold,
/// a candle's wick.
public struct RuleMark: MarkModifiers {
    /// The mark's description (you do not use this).
    public var _spec: MarkSpec

    /// A horizontal line across the plot at `y`.
    @inlinable
    public init<Y: Plottable>(y: PlottableValue<Y>) {
        _spec = MarkSpec(.rule)
        _spec.y = y.input
    }

    /// A vertical line across the plot at `x`.
    @inlinable
    public init<X: Plottable>(x: PlottableValue<X>) {
        _spec = MarkSpec(.rule)
        _spec.x = x.input
    }

    /// A vertical line at `x` from `yStart` to `yEnd`.
    @inlinable
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        _spec = MarkSpec(.rule)
        _spec.x = x.input
        _spec.yStart = yStart.input
        _spec.yEnd = yEnd.input
    }

    /// A horizontal line at `y` from `xStart` to `xEnd`.
    @inlinable
    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>) {
        _spec = MarkSpec(.rule)
        _spec.xStart = xStart.input
        _spec.xEnd = xEnd.input
        _spec.y = y.input
    }
}

/// A rectangle, as Swift Charts' `RectangleMark`: a cell of a heat map at two categories, or
/// a region between ranges.
public struct RectangleMark: MarkModifiers {
    /// The mark's description (you do not use this).
    public var _spec: MarkSpec

    /// A cell at `x` and `y` (a whole band on a category axis; `width`/`height` points, or 10,
    /// on a quantity axis).
    @inlinable
    public init<X: Plottable, Y: Plottable>(
        x: PlottableValue<X>, y: PlottableValue<Y>, width: MarkDimension = .automatic,
        height: MarkDimension = .automatic
    ) {
        _spec = MarkSpec(.rectangle)
        _spec.x = x.input
        _spec.y = y.input
        _spec.width = width
        _spec.height = height
    }

    /// A region from `xStart` to `xEnd` and `yStart` to `yEnd`.
    @inlinable
    public init<X: Plottable, Y: Plottable>(
        xStart: PlottableValue<X>, xEnd: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>
    ) {
        _spec = MarkSpec(.rectangle)
        _spec.xStart = xStart.input
        _spec.xEnd = xEnd.input
        _spec.yStart = yStart.input
        _spec.yEnd = yEnd.input
    }
}
