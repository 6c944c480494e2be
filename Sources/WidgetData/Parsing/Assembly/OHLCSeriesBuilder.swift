import Foundation

/// Collects the bars of one OHLC parse, with a warning for every record skipped, and turns
/// them into a series: checked, sorted, de-duplicated, and never empty.
struct OHLCSeriesBuilder {
    struct Values {
        var open: Double
        var high: Double
        var low: Double
        var close: Double
        var volume: Double?
    }

    let source: String
    let format: SeriesFormat
    /// A position's warning location (`12` for a line, `3:14` for JSON).
    let locate: (Int) -> String
    /// A position's name in messages (`line 12`, `[3]`).
    let name: (Int) -> String
    /// What a record is called (`row`, `candle`, `kline`).
    let noun: String
    /// Whether messages name the record (JSON: `skipped [12]: …`); CSV locations already do.
    let labelled: Bool
    private(set) var items: [TimeOrdering.Item<Values>] = []
    /// Warnings with the position they are about, so they can be given in input order.
    private var warnings: WarningLog
    private var skippedCount = 0
    private var firstSkip: String?

    init(
        source: String, format: SeriesFormat, noun: String, locate: @escaping (Int) -> String,
        name: @escaping (Int) -> String, labelled: Bool = false
    ) {
        self.labelled = labelled
        self.source = source
        warnings = WarningLog(source: source)
        self.format = format
        self.noun = noun
        self.locate = locate
        self.name = name
    }

    /// Makes room for `count` records at once (instead of doubling as they come, which can leave
    /// half a long series' room unused).
    mutating func reserve(_ count: Int) {
        items.reserveCapacity(max(0, min(count, 100_000_000)))
    }

    /// Records a skipped record.
    ///
    /// The reason is only built when the warning is kept: a file of millions of bad rows costs
    /// a counter per row past ``DataWarning/maximumPerParse``.
    mutating func skip(_ position: Int, _ reason: @autoclosure () -> String) {
        skippedCount += 1
        guard firstSkip == nil || !warnings.isFull else {
            warnings.countDropped()
            return
        }
        let reason = reason()
        if firstSkip == nil { firstSkip = "\(name(position)): \(reason)" }
        let what = labelled ? "skipped \(name(position))" : "skipped"
        warnings.append(
            position, DataWarning(source: source, location: locate(position), message: "\(what): \(reason)"))
    }

    /// Adds a warning that skips nothing (for example a volume that was not a number).
    mutating func note(_ position: Int, _ message: @autoclosure () -> String) {
        guard !warnings.isFull else {
            warnings.countDropped()
            return
        }
        let prefix = labelled ? "\(name(position)): " : ""
        warnings.append(position, DataWarning(source: source, location: locate(position), message: prefix + message()))
    }

    /// Adds a bar, or skips it when it cannot be drawn: high below low, or open or close
    /// outside low…high (one of the four is wrong, and the bar would be drawn wrongly).
    ///
    /// - Parameter time: seconds since 1970, or `nil` when the time column must be settled
    ///   first; then call ``resolve(_:time:)`` or ``reject(_:reason:)`` with the returned handle.
    /// - Returns: a handle to the bar, or `nil` when it was skipped.
    @discardableResult
    mutating func add(time: Double?, _ values: Values, position: Int) -> Int? {
        if let problem = Self.problem(values, time: time) {
            skip(position, problem)
            return nil
        }
        items.append(TimeOrdering.Item(time: time ?? .nan, position: position, value: values))
        return items.count - 1
    }

    /// Gives a bar added without a time its time.
    mutating func resolve(_ handle: Int, time: Double) {
        guard time.isFinite else {
            reject(handle, reason: "the time is not a finite number")
            return
        }
        items[handle].time = time
    }

    /// Why a bar cannot be kept, or `nil`.
    static func problem(_ values: Values, time: Double?) -> String? {
        if let time, !time.isFinite { return "the time is not a finite number" }
        let prices = [values.open, values.high, values.low, values.close]
        if !prices.allSatisfy(\.isFinite) { return "a price is not a finite number" }
        if values.high < values.low {
            return "high \(values.high.formatted) is below low \(values.low.formatted)"
        }
        for (name, value) in [("open", values.open), ("close", values.close)]
        where value < values.low || value > values.high {
            let side = value < values.low ? "below low \(values.low.formatted)" : "above high \(values.high.formatted)"
            return "\(name) \(value.formatted) is \(side)"
        }
        return nil
    }

    /// Skips a bar added without a time, because its time was refused.
    mutating func reject(_ handle: Int, reason: String) {
        skip(items[handle].position, reason)
        items[handle].time = .nan
    }

    /// The series.
    ///
    /// - Parameters:
    ///   - symbol: what is priced.
    ///   - order: the order the format promises.
    /// - Throws: ``DataError/empty(source:reason:)`` when no record was usable.
    ///
    /// The builder's records are sorted and de-duplicated in place and then turned into bars,
    /// so a long series is held at most twice (records and bars) for a moment, never three times.
    mutating func build(symbol: String, order: TimeOrdering.DocumentedOrder) throws(DataError) -> ParseResult<
        OHLCSeries
    > {
        items.removeAll { $0.time.isNaN }
        guard !items.isEmpty else {
            if skippedCount > 0, let firstSkip {
                throw .empty(
                    source: source,
                    reason: "no usable \(noun)s: all \(skippedCount) were skipped (first, \(firstSkip))")
            }
            throw .empty(source: source, reason: "no \(noun)s")
        }
        var orderWarnings = WarningLog(source: source)
        TimeOrdering.normalize(
            &items, order: order, locate: locate, name: name, noun: noun, warnings: &orderWarnings)
        let ordered = items
        items = []
        let bars = ordered.map { item in
            OHLCBar(
                time: Date(timeIntervalSince1970: item.time), open: item.value.open, high: item.value.high,
                low: item.value.low, close: item.value.close, volume: item.value.volume)
        }
        return ParseResult(
            value: OHLCSeries(symbol: symbol, bars: bars, source: source), format: format,
            warnings: WarningLog.joined(warnings, orderWarnings))
    }
}
