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
    public let bars: PriceBars
    /// The close before the window's last bar, for the change figure.
    public let previousClose: Double?
    /// The time the chart window covers (`30D`, `1Y`, `8H`), labelled per language.
    public let span: ChartSpan
    /// The path or URL the bars came from.
    public let source: String
    /// Where the bars came from; a fallback (the cache, or the built-in sample after a failed
    /// fetch) is ``DataOrigin/isFallback``.
    public var origin: DataOrigin = .file
    /// The columns the bars were read from, and how they were chosen; `nil` for the placeholder.
    public var columns: ColumnMapping?
    /// True when the bars come from the cache or a default after a failed fetch.
    public var stale: Bool { origin.isFallback }
    /// Lines (the default) or candlesticks in the large families (`--param chart=candles`).
    public var chartStyle: PriceChartStyle = .line
    /// Whether the values charted are counts, not prices (a column such as Volume, every value
    /// whole): written whole and grouped, without a price's decimals.
    public var wholeNumbers = false

    /// A value as the widget writes it: a price (`29,039.01`), or a count (`6,555,800,064`).
    func written(_ value: Double, locale: Locale = Locale(identifier: "en")) -> String {
        wholeNumbers ? Formatting.grouped(value, locale: locale) : Formatting.price(value, locale: locale)
    }

    /// Values on an axis, written alike: prices at one precision, or counts (compact from
    /// 10,000, as prices are).
    func writtenAxis(_ values: [Double], locale: Locale) -> [String] {
        guard wholeNumbers else { return Formatting.priceAxis(values, locale: locale) }
        guard values.contains(where: { abs($0) >= 10_000 }) else {
            return values.map { Formatting.grouped($0, locale: locale) }
        }
        return Formatting.compact(values, locale: locale)
    }
    /// What ``previousClose`` is from, when it is not the previous trading day's close: the
    /// time between it and the last bar (monthly bars: one month; a gap of a week in daily
    /// data: 8 days). `nil` for a day's change.
    public var changePeriod: ChartSpan?

    /// The close to compare the bar at `index` with: the last close of an earlier calendar day
    /// (UTC), and the period it spans when that is not the day before or a weekend away (more
    /// than four days, or bars of a week or longer).
    ///
    /// - Returns: `nil` for the first day's bars.
    static func previousDayClose(_ bars: PriceBars, at index: Int) -> (close: Double, period: ChartSpan?)? {
        guard index > 0, index < bars.count else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .current
        let time = bars[index].time
        let day = calendar.startOfDay(for: time)
        var previous = index - 1
        while previous >= 0, bars[previous].time >= day { previous -= 1 }
        guard previous >= 0 else { return nil }
        let before = bars[previous]
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: before.time), to: day).day ?? 0
        guard days > 4 else { return (before.close, nil) }
        let months = calendar.dateComponents([.month], from: calendar.startOfDay(for: before.time), to: day).month ?? 0
        let period =
            months >= 1 && days >= 28 * months && days <= 31 * months
            ? ChartSpan(count: months, unit: .months) : ChartSpan(count: days, unit: .days)
        return (before.close, period)
    }

    /// An entry; `bars` must not be empty.
    public init(
        date: Date, symbol: String, bars: [OHLCBar], previousClose: Double?, span: ChartSpan, source: String
    ) {
        self.init(
            date: date, symbol: symbol, bars: PriceBars(bars), previousClose: previousClose, span: span,
            source: source)
    }

    /// An entry whose bars are a window onto a series; `bars` must not be empty.
    init(
        date: Date, symbol: String, bars: PriceBars, previousClose: Double?, span: ChartSpan, source: String
    ) {
        precondition(!bars.isEmpty, "a price entry needs at least one bar")
        self.date = date
        self.symbol = symbol
        self.bars = bars
        self.previousClose = previousClose
        self.span = span
        self.source = source
    }

    /// The latest bar.
    public var last: OHLCBar { bars[bars.count - 1] }

    /// The chart window's English label: `30D`, `1Y`, `All`.
    public var rangeLabel: String { span.label(in: Locale(identifier: "en")) }

    /// The change over the window drawn, first close to last, in percent (0 for one bar or a zero start):
    /// what colours the line and what the headline says, so the two never disagree.
    public var windowChangePercent: Double {
        guard bars.count > 1 else { return 0 }
        // From zero no change can be stated: not a number, written "—" and drawn flat.
        guard bars[0].close != 0 else { return .nan }
        return (last.close - bars[0].close) / abs(bars[0].close) * 100
    }

    /// The shortest time between bars: under a day is intraday data, whose widget shows times.
    public var barInterval: TimeInterval {
        let times = bars.suffix(20).map(\.time)
        return zip(times, times.dropFirst()).map { $1.timeIntervalSince($0) }.filter { $0 > 0 }.min() ?? 86_400
    }

    /// True for bars less than a day apart.
    public var isIntraday: Bool { barInterval < 86_400 }

    /// True when the last bar is older than `shown` by more than ``barInterval``: the data has
    /// fallen behind the screen (a feed that stopped, an old file), so a widget must say how
    /// old it is rather than pass it off as live.
    ///
    /// This is about age only; ``stale`` stays about origin (the cache or the built-in sample
    /// after a failed fetch), as the manifest reports it.
    ///
    /// ```swift
    /// entry.isBehind(at: context.date)  // daily bars of Aug 6 on Aug 8: true
    /// ```
    ///
    /// - Parameter shown: the time the screen shows (`ViewContext.date`).
    /// - Returns: whether the data is more than one bar behind `shown`.
    public func isBehind(at shown: Date) -> Bool {
        shown.timeIntervalSince(last.time) > barInterval
    }

    /// The closes as chart points on a trading-time axis: one step per bar, so weekends and
    /// missing days close up instead of being drawn as long diagonals.
    ///
    /// A window of more than ``pointLimit`` bars (minute bars over years) is first reduced to
    /// the first, lowest, highest and last close of each of ``pointRuns`` runs of bars, in
    /// order: the line through them has the same peaks and troughs, the chart reduces it to one
    /// point per device pixel as it would the whole, and a chart of millions of bars does not
    /// hold millions of points.
    public var chartPoints: [ChartPoint] {
        let count = bars.count
        guard count > Self.pointLimit else {
            return (0..<count).map { ChartPoint(x: bars.time(at: $0).timeIntervalSince1970, y: bars.close(at: $0)) }
        }
        var points: [ChartPoint] = []
        points.reserveCapacity(4 * Self.pointRuns)
        for run in 0..<Self.pointRuns {
            let start = run * count / Self.pointRuns
            let end = (run + 1) * count / Self.pointRuns
            guard start < end else { continue }
            var lowest = (position: start, close: bars.close(at: start))
            var highest = lowest
            for position in start + 1..<end {
                let close = bars.close(at: position)
                if close < lowest.close { lowest = (position, close) }
                if close > highest.close { highest = (position, close) }
            }
            var previous = -1
            let extremes = [lowest.position, highest.position].sorted()
            for position in [start, extremes[0], extremes[1], end - 1] where position > previous {
                points.append(ChartPoint(x: bars.time(at: position).timeIntervalSince1970, y: bars.close(at: position)))
                previous = position
            }
        }
        return points
    }

    /// Windows longer than this many bars are reduced for the chart (``chartPoints``).
    static let pointLimit = 8_192
    /// How many runs a long window is reduced to: four points each, more than the widest
    /// widget has device pixels.
    static let pointRuns = 2_048

    /// Change against the previous close, in percent (0 without one).
    public var changePercent: Double {
        guard let previousClose, previousClose != 0 else { return 0 }
        return (last.close - previousClose) / abs(previousClose) * 100
    }

    /// Bigger moves are more relevant, as a Smart Stack would rank them.
    public var relevance: TimelineEntryRelevance? {
        // A change from 1e-300 to 1e300 is infinite in percent: the most relevant there is.
        let move = abs(changePercent)
        return TimelineEntryRelevance(score: move.isNaN ? 0 : min(move, .greatestFiniteMagnitude), duration: 86_400)
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
        let closes = bars.closeRange ?? 0...0
        var summary = DataSummary(
            points: bars.count, first: bars[0].time, last: last.time, lastValue: last.close, min: closes.lowerBound,
            max: closes.upperBound, source: source, stale: stale)
        summary.columns = columns.map {
            DataSummary.Columns(roles: $0.roles, inferred: $0.isInferred, basis: $0.basis.rawValue)
        }
        return summary
    }
}

/// How the large price widgets draw the bars: a line of closes, as Stocks does, or candlesticks.
public enum PriceChartStyle: String, Sendable, Hashable, CaseIterable {
    /// A line of closes.
    case line
    /// Open, high, low and close per bar.
    case candles

    /// The `chart` parameter.
    static var parameter: WidgetParameter {
        WidgetParameter(
            key: "chart", title: "Chart",
            summary: "How the large and extra large families draw the bars: line (closes) or candles.",
            kind: .choice([.init(value: "line", label: "Line"), .init(value: "candles", label: "Candlesticks")]),
            defaultValue: "line")
    }
}
