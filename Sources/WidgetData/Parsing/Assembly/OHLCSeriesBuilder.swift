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
    /// The bars kept so far, in input order, and each one's position: as compact as the
    /// series they become (see ``OHLCBars``), since a long file's bars are the parse's peak.
    private var records = Records()
    /// Only for bars added with a time still to settle (``add(pending:_:position:)``): what
    /// each bar's time column holds (``Pending``). Empty otherwise.
    private var pending: [Pending] = []
    /// The pending bars whose time is a date with day and month to order, and its cell.
    private var pendingDates: [(handle: Int, token: TimeToken)] = []
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
        let count = max(0, min(count, 100_000_000))
        records.bars.reserveCapacity(count)
        records.positions.reserve(count)
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
    /// - Parameter time: seconds since 1970.
    /// - Returns: a handle to the bar, or `nil` when it was skipped.
    @discardableResult
    mutating func add(time: Double, _ values: Values, position: Int) -> Int? {
        if let problem = Self.problem(values, time: time) {
            skip(position, problem)
            return nil
        }
        append(time: time, values, position: position)
        if !pending.isEmpty { pending.append(.settled) }
        return records.recordCount - 1
    }

    /// Adds a bar whose time the whole column settles (Unix seconds or milliseconds, or a date
    /// whose day and month order it decides): call ``settle(_:column:)`` after the last record.
    ///
    /// A Unix time waits in the time column itself, as the number it is; only a day-month
    /// date waits in a list of its own.
    mutating func add(pending token: TimeToken, _ values: Values, position: Int) {
        if let problem = Self.problem(values, time: nil) {
            skip(position, problem)
            return
        }
        if pending.isEmpty {
            pending.reserveCapacity(max(records.recordCount + 1, records.positions.count))
            pending.append(contentsOf: repeatElement(.settled, count: records.recordCount))
        }
        switch token {
        case .epoch(let value, let unit):
            append(time: value, values, position: position)
            pending.append(unit == .seconds ? .epochSeconds : .epochMilliseconds)
        default:
            append(time: 0, values, position: position)
            pending.append(.date)
            pendingDates.append((records.recordCount - 1, token))
        }
    }

    private mutating func append(time: Double, _ values: Values, position: Int) {
        records.bars.append(
            secondsSince1970: time, open: values.open, high: values.high, low: values.low, close: values.close,
            volume: values.volume)
        records.positions.append(whole: position)
    }

    /// Settles the time column and gives each pending bar its time, or skips it.
    ///
    /// - Parameters:
    ///   - timeColumn: what the column's cells said.
    ///   - column: the column's name, for the reasons of bars skipped.
    /// - Throws: as ``TimeColumn/settle(source:describe:)``.
    mutating func settle(_ timeColumn: TimeColumn, column: String) throws(DataError) {
        guard pending.contains(where: { $0 != .settled }) else {
            pending = []
            return
        }
        let settled = try timeColumn.settle(source: source, describe: { (locate($0), name($0)) })
        var dates = pendingDates[...]
        for index in pending.indices {
            let token: TimeToken
            switch pending[index] {
            case .settled, .rejected: continue
            case .epochSeconds: token = .epoch(records.bars.times[index], .seconds)
            case .epochMilliseconds: token = .epoch(records.bars.times[index], .milliseconds)
            case .date:
                // The dates were listed in the order of their bars.
                guard let date = dates.first, date.handle == index else { continue }
                dates.removeFirst()
                token = date.token
            }
            switch settled.seconds(token) {
            case .success(let seconds) where seconds.isFinite:
                records.bars.times.set(seconds, at: index)
                pending[index] = .settled
            case .success:
                reject(index, reason: "the time is not a finite number")
            case .failure(let refusal):
                reject(index, reason: "\(column): \(refusal.reason)")
            }
        }
        pendingDates = []
        // Milliseconds a minute apart outgrow 4-byte differences; their seconds may not.
        records.bars.times.compact()
    }

    /// What a bar's time column holds while the column is being settled.
    enum Pending: UInt8 {
        /// Its time, seconds since 1970.
        case settled
        /// A Unix time in seconds, to be checked against the column's unit.
        case epochSeconds
        /// A Unix time in milliseconds, likewise.
        case epochMilliseconds
        /// Nothing yet: the date waits in ``pendingDates``.
        case date
        /// Nothing: the bar is skipped.
        case rejected
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

    /// Skips a pending bar, because its time was refused.
    private mutating func reject(_ handle: Int, reason: String) {
        skip(records.position(ofRecord: handle), reason)
        pending[handle] = .rejected
    }

    /// The series.
    ///
    /// - Parameters:
    ///   - symbol: what is priced.
    ///   - order: the order the format promises.
    /// - Throws: ``DataError/empty(source:reason:)`` when no record was usable.
    ///
    /// The bars are sorted (only when out of order) and de-duplicated in place, and become the
    /// series as they are: a long series is never copied.
    mutating func build(symbol: String, order: TimeOrdering.DocumentedOrder) throws(DataError) -> ParseResult<
        OHLCSeries
    > {
        dropRejected()
        guard records.recordCount > 0 else {
            if skippedCount > 0, let firstSkip {
                throw .empty(
                    source: source,
                    reason: "no usable \(noun)s: all \(skippedCount) were skipped (first, \(firstSkip))")
            }
            throw .empty(source: source, reason: "no \(noun)s")
        }
        var orderWarnings = WarningLog(source: source)
        TimeOrdering.normalize(
            &records, order: order, locate: locate, name: name, noun: noun, warnings: &orderWarnings)
        var bars = records.bars
        records = Records()
        bars.trim()
        return ParseResult(
            value: OHLCSeries(symbol: symbol, bars: bars, source: source), format: format,
            warnings: WarningLog.joined(warnings, orderWarnings))
    }

    /// Removes the bars whose time was refused, keeping the others' order.
    private mutating func dropRejected() {
        guard pending.contains(.rejected) else {
            pending = []
            return
        }
        var written = 0
        for index in pending.indices where pending[index] != .rejected {
            if written != index { records.moveRecord(from: index, to: written) }
            written += 1
        }
        records.removeLastRecords(records.recordCount - written)
        pending = []
    }

    /// The bars and their positions, as ``TimeOrdering`` sorts and de-duplicates them.
    struct Records: TimeOrderedRecords {
        var bars = OHLCBars()
        var positions = ExactColumn()

        var recordCount: Int { bars.count }
        func time(ofRecord index: Int) -> Double { bars.times[index] }
        /// Positions went in as whole numbers below 2^51, so they come back exactly.
        func position(ofRecord index: Int) -> Int { Int(exactly: positions[index]) ?? 0 }
        mutating func reorderRecords(_ order: [Int]) {
            bars.updateColumns { $0.reorder(order) }
            positions.reorder(order)
        }
        mutating func moveRecord(from source: Int, to destination: Int) {
            bars.updateColumns { $0.move(from: source, to: destination) }
            positions.move(from: source, to: destination)
        }
        mutating func removeLastRecords(_ k: Int) {
            bars.updateColumns { $0.removeLast(k) }
            positions.removeLast(k)
        }
    }
}
