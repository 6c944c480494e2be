/// Reads the records of a table into one region's counts, a column per value column, kept
/// under its own name: the generic reader's case-count loop.
///
/// A record with an unreadable time is skipped with a warning; a cell that is empty is "no
/// value"; a cell that is not a number is left out with a warning (the record's other values
/// stay); a negative cumulative count is left out too (``CaseSeriesBuilder``).
enum CountRows {
    /// Reads every record after `cursor`'s position.
    ///
    /// - Throws: ``DataError`` for dates that contradict each other, or when no value is usable.
    static func read<Cursor: TableCursor>(
        _ cursor: Cursor, time: Int, timeName: String, columns: [Int], format: SeriesFormat, region: String,
        dayFirstSeparators: Set<UInt8> = []
    ) throws(DataError) -> ParseResult<CaseSeries> {
        var cursor = cursor
        let style = try cursor.numberStyle(columns: columns)
        let locator = cursor.locator()
        var builder = CaseSeriesBuilder(
            source: cursor.source, format: format, columns: columns.map { cursor.names[$0] }, noun: cursor.noun,
            locate: locator.locate, name: locator.name)
        var timeColumn = TimeColumn(dayFirstSeparators: dayFirstSeparators)
        var waiting: [(handle: Int, token: TimeToken)] = []
        var values: [Double?] = []
        while try cursor.next() {
            let position = cursor.position
            if let problem = cursor.shapeProblem {
                builder.skip(position, "the \(cursor.noun) \(problem)")
                continue
            }
            let token = cursor.time(time)
            if case .invalid(let reason) = token {
                let text = cursor.text(time)
                builder.skip(
                    position,
                    text.isEmpty ? "\(timeName) is empty" : "\(timeName) \(MessageText.quote(text)) is \(reason)")
                continue
            }
            values.removeAll(keepingCapacity: true)
            for column in columns {
                let result = cursor.number(column, style: style)
                switch result {
                case .value(let value): values.append(value)
                case .missing: values.append(nil)
                default:
                    values.append(nil)
                    builder.note(
                        position,
                        "left out: \(CellValue.reason(result, field: cursor.names[column], text: cursor.text(column)))")
                }
            }
            if case .instant(let seconds) = token {
                builder.add(time: seconds, values: values, position: position)
            } else {
                timeColumn.observe(token, position: position)
                waiting.append((builder.add(time: nil, values: values, position: position), token))
            }
        }
        try timeColumn.place(
            waiting, source: cursor.source, describe: { (locator.locate($0), locator.name($0)) }, column: timeName,
            resolve: { builder.resolve($0, time: $1) }, reject: { builder.reject($0, reason: $1) })
        waiting = []  // given back before the series is made, as PriceRows does
        return try builder.build(region: region, order: cursor.documentedOrder)
    }
}
