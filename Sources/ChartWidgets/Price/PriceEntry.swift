import Foundation
import WidgetRender
import WidgetData

/// One day of the price widget: the bars of the chart window ending that day.
public struct PriceEntry: DataDescribingEntry {
    /// The time of the window's last bar.
    public let date: Date
    /// The symbol as the data gives it, e.g. `BTC-USD` or `BCHAUD`.
    public let symbol: String
    /// The bars in the chart window, oldest first; never empty.
    public let bars: [OHLCBar]
    /// The close before the window's last bar, for the change figure.
    public let previousClose: Double?
    /// The chart window, as the widget labels it: `30D`, `1Y`, `All`.
    public let rangeLabel: String
    /// The path or URL the bars came from.
    public let source: String
    /// True when the bars come from the cache or a default after a failed fetch.
    public var stale = false

    /// An entry; `bars` must not be empty.
    public init(
        date: Date, symbol: String, bars: [OHLCBar], previousClose: Double?, rangeLabel: String, source: String
    ) {
        precondition(!bars.isEmpty, "a price entry needs at least one bar")
        self.date = date
        self.symbol = symbol
        self.bars = bars
        self.previousClose = previousClose
        self.rangeLabel = rangeLabel
        self.source = source
    }

    /// The latest bar.
    public var last: OHLCBar { bars[bars.count - 1] }

    /// Change against the previous close, in percent (0 without one).
    public var changePercent: Double {
        guard let previousClose, previousClose != 0 else { return 0 }
        return (last.close - previousClose) / abs(previousClose) * 100
    }

    /// Bigger moves are more relevant, as a Smart Stack would rank them.
    public var relevance: TimelineEntryRelevance? {
        TimelineEntryRelevance(score: abs(changePercent), duration: 86_400)
    }

    /// The base asset, e.g. `BTC` for `BTC-USD` or `BTC/USD`.
    public var base: String {
        String(symbol.split(whereSeparator: { "-/_ :".contains($0) }).first ?? Substring(symbol))
    }

    /// The quote currency, when the symbol names one (`USD` for `BTC-USD`).
    public var quote: String? {
        let parts = symbol.split(whereSeparator: { "-/_ :".contains($0) })
        return parts.count > 1 ? String(parts[1]) : nil
    }

    /// The pair for people: `BTC / USD`, or the symbol as it is.
    public var pairLabel: String { quote.map { "\(base) / \($0)" } ?? symbol }

    /// The closes as chart points (x in seconds since 1970).
    public var closePoints: [ChartPoint] {
        bars.map { ChartPoint(x: $0.time.timeIntervalSince1970, y: $0.close) }
    }

    /// The closes drawn: count, span, last, lowest and highest.
    public var dataSummary: DataSummary? {
        let closes = bars.map(\.close)
        return DataSummary(
            points: bars.count, first: bars[0].time, last: last.time, lastValue: last.close, min: closes.min() ?? 0,
            max: closes.max() ?? 0, source: source, stale: stale)
    }
}
