import Foundation

/// A price series, oldest bar first.
public struct OHLCSeries: Sendable, Hashable {
    /// What is priced, e.g. `BTC-USD`; empty when neither the data nor the caller says.
    public var symbol: String
    /// The bars, oldest first.
    public var bars: [OHLCBar]
    /// Where the series came from (a path or URL).
    public var source: String

    /// A series; the bars are sorted by time (stable, so equal times keep their order).
    public init(symbol: String, bars: [OHLCBar], source: String) {
        self.symbol = symbol
        var sorted = true
        var index = 1
        while sorted, index < bars.count {
            sorted = bars[index - 1].time <= bars[index].time
            index += 1
        }
        self.bars = sorted ? bars : bars.sorted { $0.time < $1.time }
        self.source = source
    }
}
