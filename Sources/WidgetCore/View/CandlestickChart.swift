/// One candle: open, high, low and close over a period starting at `x`.
public struct Candle: Sendable, Hashable {
    /// The start of the period, usually seconds since 1970.
    public var x: Double
    /// The first price of the period.
    public var open: Double
    /// The highest price.
    public var high: Double
    /// The lowest price.
    public var low: Double
    /// The last price of the period.
    public var close: Double

    /// A candle.
    public init(x: Double, open: Double, high: Double, low: Double, close: Double) {
        self.x = x
        self.open = open
        self.high = high
        self.low = low
        self.close = close
    }

    /// True when the period closed at or above its open.
    public var isUp: Bool { close >= open }
}

/// What a ``CandlestickChart`` draws.
package struct CandlestickChartSpec: Sendable, Hashable {
    package var candles: [Candle]
    package var upColor: Color
    package var downColor: Color
    /// At most this many candles are drawn; more are merged into wider periods.
    package var maxCandles: Int
    /// Labels for the highest high (top left) and lowest low (bottom left).
    package var labels: LineChartSpec.MinMaxLabels?

    package init(
        candles: [Candle], upColor: Color = .up, downColor: Color = .down, maxCandles: Int = 60,
        labels: LineChartSpec.MinMaxLabels? = nil
    ) {
        self.candles = candles
        self.upColor = upColor
        self.downColor = downColor
        self.maxCandles = maxCandles
        self.labels = labels
    }
}

/// A candlestick chart that fills the space it is given: a body from open to close,
/// green when the period rose and red when it fell, with a wick from low to high.
///
/// When there are more candles than fit (`maxCandles`), neighbours are merged into
/// wider periods (first open, highest high, lowest low, last close), which keeps the range.
///
/// ```swift
/// CandlestickChart(bars.map { Candle(x: $0.time, open: $0.open, high: $0.high, low: $0.low, close: $0.close) })
/// ```
public struct CandlestickChart: PrimitiveView {
    package var spec: CandlestickChartSpec

    /// A chart of `candles` (sorted by `x`), merged down to `maxCandles`.
    public init(_ candles: [Candle], maxCandles: Int = 60) {
        spec = CandlestickChartSpec(candles: candles, maxCandles: maxCandles)
    }

    /// The colours of rising and falling candles (green and red by default).
    ///
    /// - Parameters:
    ///   - up: a period that closed at or above its open.
    ///   - down: a period that closed below its open.
    /// - Returns: the chart with those colours.
    public func colors(up: Color, down: Color) -> CandlestickChart {
        var copy = self
        copy.spec.upColor = up
        copy.spec.downColor = down
        return copy
    }

    /// Labels the top (highest high) and bottom (lowest low) of the price axis.
    public func labels(min: String, max: String) -> CandlestickChart {
        var copy = self
        copy.spec.labels = .init(min: min, max: max)
        return copy
    }

    /// The node the layout engine sees.
    public var primitiveNode: ViewNode { .primitive(spec) }
}

extension Candle {
    /// Merges consecutive candles into at most `limit` groups of equal count.
    public static func merged(_ candles: [Candle], limit: Int) -> [Candle] {
        guard limit > 0, candles.count > limit else { return candles }
        let size = (candles.count + limit - 1) / limit
        return stride(from: 0, to: candles.count, by: size).map { start in
            let group = candles[start..<min(candles.count, start + size)]
            return Candle(
                x: group.first?.x ?? 0, open: group.first?.open ?? 0, high: group.map(\.high).max() ?? 0,
                low: group.map(\.low).min() ?? 0, close: group.last?.close ?? 0)
        }
    }
}

extension CandlestickChartSpec: ViewBehavior {
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
            .candlestickChart(
                self, rect, labelColor: environment.foreground.opacity(0.6), redacted: environment.redacted))
    }

    package func describe(_ children: [String]) -> String { "Candles" }
}
