import Foundation

/// Collects dated rows of named case counts for one region, with a warning for every record
/// skipped, and turns them into a ``CaseSeries``: sorted, de-duplicated, never empty.
struct CaseSeriesBuilder {
    let source: String
    let format: SeriesFormat
    let columnNames: [String]
    /// Per column: whether it is a running total, which is never negative.
    let cumulative: [Bool]
    let locate: (Int) -> String
    let name: (Int) -> String
    let noun: String
    private var rows: [TimeOrdering.Item<[Double?]>] = []
    private var warnings: WarningLog
    private var skippedCount = 0
    private var firstSkip: String?

    init(
        source: String, format: SeriesFormat, columns: [String], noun: String,
        locate: @escaping (Int) -> String, name: @escaping (Int) -> String
    ) {
        self.source = source
        self.format = format
        warnings = WarningLog(source: source)
        columnNames = columns
        cumulative = columns.map(CaseSeries.isCumulative)
        self.noun = noun
        self.locate = locate
        self.name = name
    }

    /// Records a skipped record (a row, or one value of a row) at its position; `what` names
    /// the record in the message when the location alone does not (`[12]`, `cases "3/17/20"`).
    mutating func skip(
        _ position: Int, _ reason: @autoclosure () -> String, what: String? = nil, at location: String? = nil
    ) {
        skippedCount += 1
        guard firstSkip == nil || !warnings.isFull else {
            warnings.countDropped()
            return
        }
        let reason = reason()
        if firstSkip == nil { firstSkip = "\(what ?? name(position)): \(reason)" }
        let message = what.map { "skipped \($0): \(reason)" } ?? "skipped: \(reason)"
        warnings.append(position, DataWarning(source: source, location: location ?? locate(position), message: message))
    }

    /// The warnings so far, in input order.
    var warningsSoFar: [DataWarning] { warnings.sorted }

    /// Adds a warning that skips nothing.
    mutating func note(_ position: Int, _ message: @autoclosure () -> String, at location: String? = nil) {
        guard !warnings.isFull else {
            warnings.countDropped()
            return
        }
        warnings.append(
            position, DataWarning(source: source, location: location ?? locate(position), message: message()))
    }

    /// Adds a row: one optional value per column. A negative value in a cumulative column
    /// (see ``CaseSeries/isCumulative(_:)``) is skipped with a warning; the row's other values stay.
    ///
    /// - Parameter time: seconds since 1970, or `nil` until ``resolve(_:time:)`` or ``reject(_:reason:)``.
    /// - Returns: a handle to the row.
    @discardableResult
    mutating func add(time: Double?, values: [Double?], position: Int) -> Int {
        var values = values
        for (column, value) in values.enumerated() {
            guard let value, column < cumulative.count else { continue }
            guard !value.isFinite || (value < 0 && cumulative[column]) else { continue }
            let name = columnNames[column]
            let on = time.map { " on \(StrictDate.text(seconds: $0))" } ?? ""
            if !value.isFinite {
                skip(position, "\(name)\(on) is not a finite number")
            } else {
                skip(
                    position,
                    "\(name)\(on) is \(value.formatted), negative; a cumulative count cannot be (a fall is kept, a negative total is not)"
                )
            }
            values[column] = nil
        }
        rows.append(
            TimeOrdering.Item(time: time.map { $0.isFinite ? $0 : .nan } ?? .nan, position: position, value: values))
        return rows.count - 1
    }

    /// Gives a row added without a time its time.
    mutating func resolve(_ handle: Int, time: Double) {
        guard time.isFinite else {
            reject(handle, reason: "the time is not a finite number")
            return
        }
        rows[handle].time = time
    }

    /// Skips a row added without a time, because its time was refused.
    mutating func reject(_ handle: Int, reason: String) {
        skip(rows[handle].position, reason)
        rows[handle].time = .nan
    }

    /// The series; columns without any value are left out.
    ///
    /// - Throws: ``DataError/empty(source:reason:)`` when no value was usable.
    mutating func build(region: String, order: TimeOrdering.DocumentedOrder) throws(DataError) -> ParseResult<
        CaseSeries
    > {
        rows.removeAll { $0.time.isNaN }
        var orderWarnings = WarningLog(source: source)
        TimeOrdering.normalize(
            &rows, order: order, locate: locate, name: name, noun: noun, warnings: &orderWarnings)
        let ordered = rows
        rows = []
        var columns: [CaseSeries.Column] = []
        for (column, columnName) in columnNames.enumerated() {
            var values: [DatedValue] = []
            for row in ordered {
                if column < row.value.count, let value = row.value[column] {
                    values.append(DatedValue(date: Date(timeIntervalSince1970: row.time), value: value))
                }
            }
            if !values.isEmpty { columns.append(CaseSeries.Column(name: columnName, values: values)) }
        }
        guard !columns.isEmpty else {
            if skippedCount > 0, let firstSkip {
                throw .empty(
                    source: source,
                    reason: "no usable counts for \(region): \(skippedCount) skipped (first, \(firstSkip))")
            }
            throw .empty(source: source, reason: "no counts for \(region)")
        }
        return ParseResult(
            value: CaseSeries(region: region, columns: columns, source: source), format: format,
            warnings: WarningLog.joined(warnings, orderWarnings))
    }
}
