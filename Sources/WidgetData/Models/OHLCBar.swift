import Foundation

/// One price bar: open, high, low and close over the period starting at `time`.
///
/// The parsers always stamp a bar with the *start* of its period: Binance's open time,
/// Coinbase's and Kraken's bucket time, and Cryptowatch's close time minus the period.
/// Values are finite and `low ≤ open, close ≤ high`: the parsers skip a bar that breaks it,
/// with a warning (see DATA-RULES.md).
public struct OHLCBar: Sendable, Hashable {
    /// The start of the bar's period.
    public var time: Date
    /// The first price of the period.
    public var open: Double
    /// The highest price of the period.
    public var high: Double
    /// The lowest price of the period.
    public var low: Double
    /// The last price of the period.
    public var close: Double
    /// Traded volume in the base asset, when the source gives it.
    public var volume: Double?

    /// A bar.
    public init(time: Date, open: Double, high: Double, low: Double, close: Double, volume: Double? = nil) {
        self.time = time
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
    }
}
