/// The columns a price series is read from.
struct PriceColumns {
    /// The date or time column.
    var time: Int
    /// Its name as messages show it.
    var timeName: String
    /// open, high, low and close; or only the one value column (each bar is that value).
    var prices: [Int]
    /// The traded volume, when the table has one.
    var volume: Int?
}

/// Reads the records of a table into a price series, one bar per record: the one loop behind
/// the price CSV layouts and the generic reader, for CSV and JSON alike.
///
/// A record that cannot be read (a bad date, a price that is `null`, empty, `NaN` or not a
/// number, a row of the wrong width, high below low) is skipped with a warning naming it; a
/// volume that is not a number is left out with a warning, the bar kept.
enum PriceRows {
    /// Reads every record after `cursor`'s position.
    ///
    /// - Parameters:
    ///   - cursor: the table, before its first record.
    ///   - columns: where the time, prices and volume are.
    ///   - format: the format the series is read as.
    ///   - symbol: what is priced.
    ///   - dayFirstSeparators: date separators read day first when no date settles the order.
    /// - Throws: ``DataError`` for dates that contradict each other, or when no record is usable.
    static func read<Cursor: TableCursor>(
        _ cursor: Cursor, columns: PriceColumns, format: SeriesFormat, symbol: String,
        dayFirstSeparators: Set<UInt8> = [], basis: ColumnMapping.Basis = .names
    ) throws(DataError) -> ParseResult<OHLCSeries> {
        var result = try readRows(
            cursor, columns: columns, format: format, symbol: symbol, dayFirstSeparators: dayFirstSeparators)
        result.columns = mapping(cursor, columns: columns, basis: basis)
        return result
    }

    /// The roles of `columns` by the names `cursor` gives them.
    static func mapping<Cursor: TableCursor>(_ cursor: Cursor, columns: PriceColumns, basis: ColumnMapping.Basis)
        -> ColumnMapping
    {
        func name(_ column: Int) -> String {
            let name = column < cursor.names.count ? cursor.names[column] : ""
            return name.isEmpty ? "column \(column + 1)" : name
        }
        var roles = ["time": name(columns.time)]
        let priceRoles = columns.prices.count == 4 ? ["open", "high", "low", "close"] : ["close"]
        for (role, column) in zip(priceRoles, columns.prices) { roles[role] = name(column) }
        if let volume = columns.volume { roles["volume"] = name(volume) }
        return ColumnMapping(roles: roles, basis: basis)
    }

    private static func readRows<Cursor: TableCursor>(
        _ cursor: Cursor, columns: PriceColumns, format: SeriesFormat, symbol: String,
        dayFirstSeparators: Set<UInt8>
    ) throws(DataError) -> ParseResult<OHLCSeries> {
        var cursor = cursor
        let style = try cursor.numberStyle(columns: columns.prices + (columns.volume.map { [$0] } ?? []))
        let locator = cursor.locator()
        var builder = OHLCSeriesBuilder(
            source: cursor.source, format: format, noun: cursor.noun, locate: locator.locate, name: locator.name,
            labelled: locator.labelled)
        var timeColumn = TimeColumn(dayFirstSeparators: dayFirstSeparators)
        let bound = cursor.recordCountBound.map { max(0, min($0, 100_000_000)) }
        if let bound { builder.reserve(bound) }
        let priceNames = columns.prices.map { cursor.names[$0] }
        let priceColumns = columns.prices
        var prices: [Double] = []
        prices.reserveCapacity(4)

        while try cursor.next() {
            let position = cursor.position
            if let problem = cursor.shapeProblem {
                builder.skip(position, "the \(cursor.noun) \(problem)")
                continue
            }
            let token = cursor.time(columns.time)
            if case .invalid(let reason) = token {
                let text = cursor.text(columns.time)
                builder.skip(
                    position,
                    text.isEmpty
                        ? "\(columns.timeName) is empty" : "\(columns.timeName) \(MessageText.quote(text)) is \(reason)"
                )
                continue
            }
            prices.removeAll(keepingCapacity: true)
            var problem: String?
            var missing = 0
            for (offset, column) in priceColumns.enumerated() {
                let result = cursor.number(column, style: style)
                if case .value(let value) = result {
                    prices.append(value)
                    continue
                }
                if result == .missing { missing += 1 }
                if problem == nil,
                    case .failure(let refusal) = CellValue.read(
                        result, field: priceNames[offset], text: cursor.text(column))
                {
                    problem = refusal.reason
                }
            }
            if let problem {
                if missing == priceColumns.count {
                    // Yahoo's days without data: every price is null (or empty).
                    let shown = cursor.text(priceColumns[0])
                    builder.skip(position, "no prices (\(shown.isEmpty ? "empty" : shown))")
                } else {
                    builder.skip(position, "bad prices: \(problem)")
                }
                continue
            }
            var volume: Double?
            if let column = columns.volume {
                switch cursor.number(column, style: style) {
                case .value(let value): volume = value
                case .missing: volume = nil
                default:
                    builder.note(
                        position,
                        "\(cursor.displayName(column)) \(MessageText.quote(cursor.text(column))) is not a number; left out"
                    )
                }
            }
            let values =
                prices.count == 4
                ? OHLCSeriesBuilder.Values(
                    open: prices[0], high: prices[1], low: prices[2], close: prices[3], volume: volume)
                : OHLCSeriesBuilder.Values(
                    open: prices[0], high: prices[0], low: prices[0], close: prices[0], volume: volume)
            if case .instant(let seconds) = token {
                builder.add(time: seconds, values, position: position)
            } else {
                // Unix times and day-month dates: the whole column settles them at the end.
                timeColumn.observe(token, position: position)
                builder.add(pending: token, values, position: position)
            }
        }
        try builder.settle(timeColumn, column: columns.timeName)
        return try builder.build(symbol: symbol, order: cursor.documentedOrder)
    }
}
