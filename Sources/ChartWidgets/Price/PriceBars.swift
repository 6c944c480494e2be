import WidgetData

/// The bars of a price entry's chart window, indexed from 0: a window onto the series' one
/// array, so the entries of every family share its storage instead of each holding a copy (a
/// year of minute bars is 25 MB a copy).
public struct PriceBars: RandomAccessCollection, Sendable, Equatable {
    private let slice: ArraySlice<OHLCBar>

    /// The bars of an array.
    ///
    /// - Parameter bars: the bars, oldest first.
    public init(_ bars: [OHLCBar]) {
        slice = bars[...]
    }

    /// The bars of a slice of a series, sharing its storage.
    init(_ slice: ArraySlice<OHLCBar>) {
        self.slice = slice
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of bars.
    public var endIndex: Int { slice.count }

    /// The bar at a position from 0.
    public subscript(position: Int) -> OHLCBar { slice[slice.startIndex + position] }

    /// True when both hold the same bars.
    public static func == (lhs: PriceBars, rhs: PriceBars) -> Bool { lhs.slice.elementsEqual(rhs.slice) }
}
