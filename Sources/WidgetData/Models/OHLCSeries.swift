import Foundation

/// A price series, oldest bar first.
public struct OHLCSeries: Sendable, Hashable {
    /// What is priced, e.g. `BTC-USD`; empty when neither the data nor the caller says.
    public var symbol: String
    /// The bars, oldest first, stored small (``OHLCBars``; `Array(series.bars)` for an array).
    public var bars: OHLCBars
    /// Where the series came from (a path or URL).
    public var source: String

    /// A series; the bars are sorted by time (stable, so equal times keep their order).
    public init(symbol: String, bars: [OHLCBar], source: String) {
        self.init(symbol: symbol, bars: OHLCBars(bars), source: source)
    }

    /// A series; the bars are sorted by time (stable, so equal times keep their order).
    public init(symbol: String, bars: OHLCBars, source: String) {
        self.symbol = symbol
        var sorted = true
        var index = 1
        while sorted, index < bars.count {
            sorted = bars.time(at: index - 1) <= bars.time(at: index)
            index += 1
        }
        self.bars = sorted ? bars : OHLCBars(bars.sorted { $0.time < $1.time })
        self.source = source
    }
}
