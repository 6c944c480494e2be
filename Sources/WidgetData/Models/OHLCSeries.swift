import Foundation

/// One price bar: open, high, low and close over a period ending or starting at `time`.
public struct OHLCBar: Sendable, Hashable {
    public var time: Date
    public var open: Double
    public var high: Double
    public var low: Double
    public var close: Double
    public var volume: Double?

    public init(time: Date, open: Double, high: Double, low: Double, close: Double, volume: Double? = nil) {
        self.time = time
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
    }
}

/// A price series, oldest bar first.
public struct OHLCSeries: Sendable, Hashable {
    /// What is priced, e.g. `BTC-USD`.
    public var symbol: String
    public var bars: [OHLCBar]
    /// Where the series came from (a path or URL).
    public var source: String

    public init(symbol: String, bars: [OHLCBar], source: String) {
        self.symbol = symbol
        self.bars = bars.sorted { $0.time < $1.time }
        self.source = source
    }
}
