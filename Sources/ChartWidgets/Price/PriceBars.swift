import WidgetData
import WidgetRender

/// The bars of a price entry's chart window, indexed from 0: a window onto the series' one
/// ``OHLCBars``, so the entries of every family share its storage instead of each holding a
/// copy (a year of minute bars is 25 MB as an array of bars).
public struct PriceBars: RandomAccessCollection, Sendable, Equatable {
    private let slice: Slice<OHLCBars>

    /// The bars of an array.
    ///
    /// - Parameter bars: the bars, oldest first.
    public init(_ bars: [OHLCBar]) {
        slice = OHLCBars(bars)[...]
    }

    /// The bars of a slice of a series, sharing its storage.
    init(_ slice: Slice<OHLCBars>) {
        self.slice = slice
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of bars.
    public var endIndex: Int { slice.count }

    /// The bar at a position from 0.
    public subscript(position: Int) -> OHLCBar { slice[slice.startIndex + position] }

    /// The close at a position from 0, without making the whole bar.
    public func close(at position: Int) -> Double { slice.base.close(at: slice.startIndex + position) }

    /// The time of the bar at an offset (0-based).
    public func time(at position: Int) -> Date { slice.base.time(at: slice.startIndex + position) }

    /// The lowest and highest close, or `nil` for no bars; no array of closes is made.
    public var closeRange: ClosedRange<Double>? {
        extremes(at: close(at:))
    }

    /// The lowest low and the highest high, or `nil` for no bars.
    public var lowHighRange: ClosedRange<Double>? {
        guard let lows = extremes(at: { slice.base.low(at: slice.startIndex + $0) }),
            let highs = extremes(at: { slice.base.high(at: slice.startIndex + $0) })
        else { return nil }
        return lows.lowerBound...Swift.max(lows.lowerBound, highs.upperBound)
    }

    private func extremes(at value: (Int) -> Double) -> ClosedRange<Double>? {
        guard !isEmpty else { return nil }
        var low = value(0)
        var high = low
        for position in 1..<Swift.max(1, count) {
            let next = value(position)
            if next < low { low = next }
            if next > high { high = next }
        }
        return low...high
    }

    /// The bars as at most `limit` candles: groups of equal count (first open, highest high,
    /// lowest low, last close), made without a candle per bar first.
    func candles(limit: Int) -> [PriceCandle] {
        let size = limit > 0 && count > limit ? (count + limit - 1) / limit : 1
        return stride(from: 0, to: count, by: size).map { start in
            let end = Swift.min(count, start + size)
            var high = -Double.infinity
            var low = Double.infinity
            for position in start..<end {
                high = Swift.max(high, slice.base.high(at: slice.startIndex + position))
                low = Swift.min(low, slice.base.low(at: slice.startIndex + position))
            }
            return PriceCandle(
                date: time(at: start), open: slice.base.open(at: slice.startIndex + start), high: high, low: low,
                close: close(at: end - 1))
        }
    }

    /// True when both hold the same bars.
    public static func == (lhs: PriceBars, rhs: PriceBars) -> Bool { lhs.slice.elementsEqual(rhs.slice) }
}
