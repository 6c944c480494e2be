import Foundation

/// Reads dated prices or counts from a table that no named format describes: CSV with any
/// delimiter, a JSON array of records, a JSON object of arrays, and the other shapes pandas,
/// R and web APIs write. ``SeriesReader`` uses it (as ``SeriesFormat/generic``) when no named
/// format matches; the named formats keep priority.
///
/// **Shapes.** CSV separated by `,`, `;`, tab or `|` (sniffed from the header and the first
/// rows; RFC 4180 quoting; decimal commas in a `;`, tab or `|` file). JSON: an array of records
/// (`[{"date": …, "close": …}, …]`, pandas `orient="records"`, with one level of nested
/// objects read as `price.open`), arrays side by side (`{"date": […], "close": […]}`, pandas
/// `to_dict("list")`, Yahoo's chart answer), records keyed by time (pandas `orient="index"`,
/// Alpha Vantage), columns keyed by time (pandas `to_json()`'s default `orient="columns"`),
/// pandas `orient="split"`, and `[[time, value], …]`; the table may be wrapped in objects
/// (`{"data": […]}`).
///
/// **The date column is found by its content**, whatever its name (`Date`, `Gmt time`,
/// `Unnamed: 0`, `ts`, or none): most of its first 64 cells read as dates or times, in order
/// (rising or falling), and it is not named as a value. Dates are read with the project's
/// strict parsers (``StrictDate``; no locale, nothing rolled over): ISO 8601 with or without a
/// time and offset, `m/d/yyyy` or `d/m/yyyy` as the column settles it (dotted dates such as
/// Dukascopy's `31.01.2024 09:30:00.000` day first unless a date says otherwise), `YYYYMMDD`,
/// and Unix times in seconds or milliseconds from 1973 to 2286 (never negative). A column
/// named as a date wins over one that is not, text dates over Unix times; two that tie are an error.
///
/// **Values are found by name**, ignoring case, accents, punctuation and a unit in brackets:
/// `open`/`o`/`Open Price`, `high`/`h`, `low`/`l`, `close`/`c`/`Last`/`Close/Last` (then
/// `Adj Close` when there is no close), `volume`/`vol`/`Volume BTC`, a single series `price`,
/// `value` or `rate`, and counts `cases`, `confirmed`, `deaths`, `recovered`, `new_cases`,
/// `total_…` (which read as a ``CaseSeries``). **By content only when unambiguous**: with no
/// name recognised, exactly one column of numbers besides the date (and a volume) is the series.
///
/// **Ambiguity is an error, never a positional guess**: two or more unnamed columns of
/// numbers, two columns named alike, or some but not all of open, high and low stop with a
/// ``DataError/malformed(source:location:reason:)`` at the header that names the candidates
/// and how to choose:
///
/// ```
/// sensors.csv:1: cannot tell which column to chart: 2 columns hold numbers ("temperature" (column 2)
/// and "humidity" (column 3)) and none is named as a price (close, price, value) or a count
/// (cases, deaths); choose one with --column NAME, e.g. --column temperature
/// ```
///
/// Records follow `Sources/WidgetData/DATA-RULES.md` as the named formats do: a bad record is
/// skipped with a warning naming its line or `line:column` and index, warnings are capped, the
/// result is never empty.
///
/// ```swift
/// let result = try GenericTableParser(valueColumn: nil).parse(data, source: "prices.json")
/// if case .ohlc(let series) = result.value { print(series.bars.count) }
/// ```
public struct GenericTableParser: Sendable {
    /// The value column to read when the table has several (`--column`); also `column 2` for
    /// a column without a name.
    public var valueColumn: String?
    /// The columns given role by role (`--columns`): read as prices, without inference.
    public var columns: ColumnLayout?

    /// A parser.
    ///
    /// - Parameters:
    ///   - valueColumn: the column to read, or `nil` to decide from the names.
    ///   - columns: each column's role, or `nil` to decide from the names and values.
    public init(valueColumn: String? = nil, columns: ColumnLayout? = nil) {
        self.valueColumn = valueColumn
        self.columns = columns
    }

    /// Reads a table as prices, or as counts when its value columns are named as counts.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - source: the path or URL, for messages.
    ///   - symbol: what is priced, for a price series.
    ///   - region: the region of a count series; a table that names another one in a column
    ///     is refused with ``DataError/notFound(source:kind:name:suggestions:)``.
    /// - Returns: a price or count series, format ``SeriesFormat/generic``, and the warnings.
    /// - Throws: ``DataError``: `malformed` (no date column, ambiguous columns, invalid JSON or
    ///   text), `notFound` (a value column or region the table lacks), `empty`.
    public func parse(_ data: Data, source: String, symbol: String = "", region: String? = nil) throws(DataError)
        -> ParseResult<SeriesData>
    {
        let text = try SourceText(data, source: source)
        return try parse(
            FormatDetector.parse(text, as: .generic), wanted: nil, symbol: symbol, region: region)
    }

    /// Reads parsed text; `wanted` decides a table whose one value column is named neither as
    /// a price nor as a count.
    func parse(_ parsed: FormatDetector.Parsed, wanted: SeriesKind?, symbol: String, region: String?) throws(DataError)
        -> ParseResult<SeriesData>
    {
        if let columns {
            switch parsed {
            case .csv(let table):
                return try readGiven(CSVTableCursor(table), layout: columns, symbol: symbol)
            case .json(let document):
                // The largest table as wide as the layout: the one the user means.
                let wide = JSONTableFinder.candidates(in: document).filter { $0.names.count >= columns.roles.count }
                guard
                    let table = wide.enumerated().max(by: {
                        ($0.element.count, -$0.offset) < ($1.element.count, -$1.offset)
                    })?.element
                else {
                    throw .malformed(
                        source: document.source, location: document.root.location,
                        reason:
                            "the columns given (\(columns)) are \(columns.roles.count), and no table in the JSON has as many: looked for arrays of arrays and records"
                    )
                }
                return try readGiven(table, layout: columns, symbol: symbol)
            }
        }
        switch parsed {
        case .csv(let table):
            let cursor = CSVTableCursor(table)
            let probe = try TableProbe(cursor)
            switch TablePlan.findTime(cursor, probe: probe) {
            case .found(let time):
                return try read(cursor, probe: probe, time: time, wanted: wanted, symbol: symbol, region: region)
            case .none(let error), .ambiguous(let error):
                throw error
            }
        case .json(let document):
            // The largest table with a column of times; a table without one is no table of dated values.
            let candidates = JSONTableFinder.candidates(in: document).enumerated()
                .sorted { ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset) }.map(\.element)
            var firstError: DataError?
            for cursor in candidates {
                let probe = try TableProbe(cursor)
                switch TablePlan.findTime(cursor, probe: probe) {
                case .found:
                    let (chosen, key) = try Self.choose(
                        cursor, among: candidates, query: region ?? (symbol.isEmpty ? nil : symbol), wanted: wanted)
                    let chosenProbe = try TableProbe(chosen)
                    guard case .found(let time) = TablePlan.findTime(chosen, probe: chosenProbe) else {
                        throw .malformed(
                            source: chosen.source, location: chosen.headerLocation,
                            reason: "\(MessageText.quote(key ?? chosen.pathText)) has no column of dates or times")
                    }
                    return try read(
                        chosen, probe: chosenProbe, time: time, wanted: wanted, symbol: symbol, region: region,
                        named: key)
                case .ambiguous(let error):
                    throw error
                case .none(let error):
                    firstError = firstError ?? error
                }
            }
            throw firstError
                ?? .malformed(
                    source: document.source, location: document.root.location,
                    reason:
                        #"no table in the JSON: looked for an array of records ([{"date": …, "close": …}, …]), arrays side by side ({"date": […], "close": […]}) and records keyed by date"#
                )
        }
    }

    /// Keys that wrap a table rather than name what it is about.
    private static let wrapperKeys: Set<String> = [
        "data", "result", "results", "records", "rows", "items", "values", "series", "timeline", "history",
        "historical", "prices", "candles", "quotes", "chart", "response", "body", "payload", "list",
    ]

    /// `table`, or the table a query picks among its siblings: tables of the same columns under
    /// the keys of one object, one per region or symbol (`{"India": […], "Italy": […]}`). With
    /// the key the chosen table is under, as the region it is about.
    ///
    /// - Throws: ``DataError/selectionRequired(source:kind:choices:)`` for several and no
    ///   query; ``DataError/notFound(source:kind:name:suggestions:)`` for a query none matches.
    private static func choose(
        _ table: JSONTableCursor, among candidates: [JSONTableCursor], query: String?, wanted: SeriesKind?
    ) throws(DataError) -> (JSONTableCursor, key: String?) {
        let siblings = candidates.filter { candidate in
            candidate.key != nil && candidate.path.dropLast() == table.path.dropLast() && candidate.names == table.names
        }
        guard siblings.count > 1 else {
            let key = table.key.flatMap { wrapperKeys.contains($0.lowercased()) ? nil : $0 }
            return (table, key)
        }
        let regions = siblings.enumerated().map { RegionChooser.Region(name: $1.key ?? "", aliases: [], members: [$0]) }
        let chosen = try RegionChooser(tiers: [regions], kind: wanted == .ohlc ? "symbol" : "region")
            .choose(query, source: table.source)
        let sibling = siblings[chosen.members[0]]
        return (sibling, sibling.key)
    }

    /// Reads a table whose column of times is `time`; `named` is the region the document names
    /// it by (the key it is under), which a region asked for must match.
    private func read<Cursor: TableCursor>(
        _ cursor: Cursor, probe: TableProbe, time: Int, wanted: SeriesKind?, symbol: String, region: String?,
        named: String? = nil
    ) throws(DataError) -> ParseResult<SeriesData> {
        let plan = try TablePlan(
            cursor, probe: probe, time: time, wanted: wanted, chosen: valueColumn, asset: symbol.isEmpty ? nil : symbol)
        switch plan.series {
        case .prices(let columns):
            var result = try PriceRows.read(
                cursor, columns: columns, format: .generic, symbol: symbol, dayFirstSeparators: Self.dayFirst,
                basis: plan.inferred == nil ? .names : .content
            ).map(SeriesData.ohlc)
            if let inferred = plan.inferred {
                result.warnings.insert(
                    DataWarning(source: cursor.source, location: cursor.headerLocation, message: inferred), at: 0)
            }
            return result
        case .counts(let time, let timeName, let columns):
            let named = plan.region ?? named
            if let region, let named, NameMatcher.exactMatches(region, in: [NameMatcher.Candidate(named)]).isEmpty {
                throw .notFound(source: cursor.source, kind: "region", name: region, suggestions: [named])
            }
            let name = named ?? region ?? Self.stem(cursor.source)
            return try CountRows.read(
                cursor, time: time, timeName: timeName, columns: columns, format: .generic, region: name,
                dayFirstSeparators: Self.dayFirst
            ).map(SeriesData.cases)
        }
    }

    /// Reads prices from the columns `layout` gives, after checking that the table has them and
    /// that the first records hold times and numbers where it says.
    private func readGiven<Cursor: TableCursor>(_ cursor: Cursor, layout: ColumnLayout, symbol: String)
        throws(DataError) -> ParseResult<SeriesData>
    {
        let names = cursor.names
        func fail(_ reason: String) -> DataError {
            .malformed(
                source: cursor.source, location: cursor.headerLocation, reason: "columns given as \(layout): \(reason)")
        }
        func shown(_ column: Int) -> String {
            let name = names[column]
            return name.isEmpty || name == "column \(column + 1)"
                ? "column \(column + 1)" : "column \(column + 1) (\(MessageText.quote(name)))"
        }
        guard layout.roles.count <= names.count else {
            throw fail(
                "\(layout.roles.count) columns are given, and the \(cursor.noun)s have \(names.count): \(names.indices.prefix(8).map(shown).joined(separator: ", "))"
            )
        }
        let probe = try TableProbe(cursor)
        guard probe.records > 0 else { throw .empty(source: cursor.source, reason: "no rows") }
        func sample(_ column: Int) -> String {
            let texts = probe.columns[column].texts.compactMap { $0 }
            if let text = texts.first { return ", e.g. \(MessageText.quote(text))" }
            return ""
        }
        guard let time = layout.column(of: .time), let close = layout.column(of: .close) else {
            throw fail("no time or close column")
        }
        guard probe.columns[time].isTimes else {
            throw fail(
                "\(shown(time)), given as time, does not hold dates or times in its first \(probe.records) \(cursor.noun)s\(sample(time)) (dates such as 2024-01-31, or Unix times in s, ms, µs or ns)"
            )
        }
        var prices = [close]
        if let open = layout.column(of: .open), let high = layout.column(of: .high), let low = layout.column(of: .low) {
            prices = [open, high, low, close]
        }
        for (role, column) in zip(prices.count == 4 ? ["open", "high", "low", "close"] : ["close"], prices)
        where !probe.columns[column].isNumeric {
            throw fail(
                "\(shown(column)), given as \(role), does not hold numbers in its first \(probe.records) \(cursor.noun)s\(sample(column))"
            )
        }
        let volume = layout.column(of: .volume)
        if let volume, !probe.columns[volume].isNumeric {
            throw fail(
                "\(shown(volume)), given as volume, does not hold numbers in its first \(probe.records) \(cursor.noun)s\(sample(volume))"
            )
        }
        let timeName = names[time].isEmpty ? "date" : cursor.displayName(time)
        let columns = PriceColumns(time: time, timeName: timeName, prices: prices, volume: volume)
        return try PriceRows.read(
            cursor, columns: columns, format: .generic, symbol: symbol, dayFirstSeparators: Self.dayFirst, basis: .given
        ).map(SeriesData.ohlc)
    }

    /// Dotted dates (`31.01.2024`) are read day first when no date in the column settles it.
    private static var dayFirst: Set<UInt8> { [UInt8(ascii: ".")] }

    /// A series without a region in its data is named after its file: `italy` for `data/italy.csv`.
    private static func stem(_ source: String) -> String {
        let last = source.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? source
        let stem = last.split(separator: ".").first.map(String.init) ?? last
        return stem.isEmpty ? source : stem
    }

    /// What the generic reader sees in `table`'s first rows: its column of times (or two that
    /// tie, which it would report), and the columns of numbers.
    static func survey(_ table: CSVTable) -> (time: TablePlan.TimeSearch, numeric: [Int]) {
        let cursor = CSVTableCursor(table)
        guard let probe = try? TableProbe(cursor) else {
            return (.none(.empty(source: table.source, reason: "no rows")), [])
        }
        return (TablePlan.findTime(cursor, probe: probe), probe.columns.indices.filter { probe.columns[$0].isNumeric })
    }

    /// Whether `document` holds a table with a column of times.
    static func hasTable(_ document: JSONDocument) -> Bool {
        JSONTableFinder.candidates(in: document).contains { cursor in
            guard let probe = try? TableProbe(cursor) else { return false }
            if case .none = TablePlan.findTime(cursor, probe: probe) { return false }
            return true
        }
    }
}
