import Foundation

/// The bars of a price series, oldest first, kept small: a collection of ``OHLCBar`` that
/// stores each field as its own column of exact numbers.
///
/// A bar read from text (`1262304000,100,102,99,101`) takes 10 to 24 bytes here where an
/// `[OHLCBar]` takes 56, and every field reads back bit for bit as it was added, so a chart
/// drawn from these bars is the chart drawn from an array of them. That is what keeps a
/// 64 MiB file of millions of bars within three times its size in memory (DATA-RULES.md).
///
/// Use it as any random-access collection (`bars.last`, `bars.map(\.close)`, `bars[i]`), and
/// make one from an array or a literal:
///
/// ```swift
/// let bars: OHLCBars = [OHLCBar(time: day, open: 1, high: 2, low: 1, close: 2)]
/// let copy = Array(bars)  // [OHLCBar]
/// ```
public struct OHLCBars: RandomAccessCollection, Sendable, Hashable, ExpressibleByArrayLiteral {
    /// Seconds since 1970 of each bar's start.
    var times = ExactColumn()
    var opens = ExactColumn()
    var highs = ExactColumn()
    var lows = ExactColumn()
    var closes = ExactColumn()
    /// Empty while no bar has a volume (most price files have none).
    var volumes = ExactColumn()

    /// No bars.
    public init() {}

    /// The bars of a sequence, in its order.
    public init<S: Sequence>(_ bars: S) where S.Element == OHLCBar {
        reserveCapacity(bars.underestimatedCount)
        for bar in bars { append(bar) }
    }

    /// The bars of a literal, in its order.
    public init(arrayLiteral bars: OHLCBar...) {
        self.init(bars)
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of bars.
    public var endIndex: Int { times.count }

    /// The bar at `position`.
    public subscript(position: Int) -> OHLCBar {
        OHLCBar(
            time: Date(timeIntervalSince1970: times[position]), open: opens[position], high: highs[position],
            low: lows[position], close: closes[position],
            volume: volumes.count > position ? volumes[optional: position] : nil)
    }

    /// The close of the bar at `position`, without making the whole bar.
    public func close(at position: Int) -> Double { closes[position] }

    /// The open of the bar at `position`, without making the whole bar.
    public func open(at position: Int) -> Double { opens[position] }

    /// The high of the bar at `position`, without making the whole bar.
    public func high(at position: Int) -> Double { highs[position] }

    /// The low of the bar at `position`, without making the whole bar.
    public func low(at position: Int) -> Double { lows[position] }

    /// The start of the bar at `position`, without making the whole bar.
    public func time(at position: Int) -> Date { Date(timeIntervalSince1970: times[position]) }

    /// Adds a bar at the end.
    public mutating func append(_ bar: OHLCBar) {
        append(
            secondsSince1970: bar.time.timeIntervalSince1970, open: bar.open, high: bar.high, low: bar.low,
            close: bar.close, volume: bar.volume)
    }

    /// Makes room for `count` bars at once.
    public mutating func reserveCapacity(_ count: Int) {
        updateColumns { $0.reserve(count) }
    }

    /// Adds a bar by its fields (the parsers' way: no `Date` is made).
    mutating func append(
        secondsSince1970 time: Double, open: Double, high: Double, low: Double, close: Double, volume: Double?
    ) {
        times.append(time)
        opens.append(open)
        highs.append(high)
        lows.append(low)
        closes.append(close)
        if let volume {
            // The column starts at the first volume, with "none" for the bars before it.
            if volumes.count < times.count - 1 {
                volumes.reserve(times.count)
                while volumes.count < times.count - 1 { volumes.appendNil() }
            }
            volumes.append(volume)
        } else if volumes.count > 0 {
            volumes.appendNil()
        }
    }

    /// Changes every column alike (the volume only once it has started): the builder's moves.
    mutating func updateColumns(_ change: (inout ExactColumn) -> Void) {
        change(&times)
        change(&opens)
        change(&highs)
        change(&lows)
        change(&closes)
        if volumes.count > 0 { change(&volumes) }
    }

    /// Gives back room reserved beyond the bars held.
    mutating func trim() {
        updateColumns { $0.trim() }
    }

    /// Bytes per bar as stored now, for tests and the data rules.
    var bytesPerBar: Int {
        [times, opens, highs, lows, closes].reduce(0) { $0 + $1.bytesPerValue }
            + (volumes.count > 0 ? volumes.bytesPerValue : 0)
    }

    /// True when both hold the same bars.
    public static func == (lhs: OHLCBars, rhs: OHLCBars) -> Bool {
        lhs.elementsEqual(rhs)
    }

    /// Hashes the bars.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for bar in self { hasher.combine(bar) }
    }
}
