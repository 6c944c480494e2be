import Foundation

/// Reads price CSV: Yahoo Finance exports, pandas `to_csv()` output with an unnamed date
/// index, and any CSV with a date/time column and named value columns.
///
/// Columns are matched by name, ignoring case, so Yahoo's current order
/// (`Date,Open,High,Low,Close,Adj Close,Volume`) and its legacy order (`…,Volume,Adj Close`)
/// read the same; `Adj Close` is never used as a price.
///
/// - ``Layout/yahoo``: `Date` and `Open`, `High`, `Low`, `Close` are required.
/// - ``Layout/pandas``: the first header cell is empty (the unnamed index) and holds the date.
/// - ``Layout/named``: a date/time column (`date`, `time`, `timestamp`, `datetime`, `day`, …)
///   and a value column: `close`; else the column named by `valueColumn`; else the only numeric
///   column that is not volume. With `open`, `high` and `low` also present, bars are full OHLC;
///   otherwise each bar is the one value (open = high = low = close).
///
/// Dates may be ISO 8601 (with a time and a UTC offset that may change within the file),
/// `m/d/yyyy`-style dates whose day/month order the column decides, or Unix times in seconds or
/// milliseconds (see ``TimestampParser``). A row that cannot be read (a bad date, a price that is
/// `null`, empty, `NaN` or not a number, a missing field, high below low) is skipped with a
/// warning naming its line.
///
/// ```swift
/// let result = try OHLCCSVParser().parse(data, source: "GOOG.csv", symbol: "GOOG")
/// result.format   // .pandas
/// ```
public struct OHLCCSVParser: Sendable {
    /// How the columns are laid out.
    public enum Layout: Sendable, Hashable {
        /// Yahoo Finance export.
        case yahoo
        /// pandas `to_csv()`, with an unnamed first column holding the date.
        case pandas
        /// Any CSV with a date/time column and named value columns.
        case named

        var format: SeriesFormat {
            switch self {
            case .yahoo: .yahoo
            case .pandas: .pandas
            case .named: .csv
            }
        }
    }

    /// The layout to read; `nil` decides from the header.
    public var layout: Layout?
    /// The value column for ``Layout/named`` files that have several numeric columns and no `close`.
    public var valueColumn: String?

    /// A parser.
    ///
    /// - Parameters:
    ///   - layout: the layout, or `nil` to decide from the header.
    ///   - valueColumn: the column to chart when the file has several and no `close`.
    public init(layout: Layout? = nil, valueColumn: String? = nil) {
        self.layout = layout
        self.valueColumn = valueColumn
    }

    static let dateAliases = [
        "date", "time", "timestamp", "datetime", "date/time", "date time", "day", "open time", "open_time",
        "opentime", "time (utc)", "date (utc)", "unix", "unnamed: 0", "index",
    ]
    static let volumeAliases = ["volume", "vol", "vol.", "volume (base)"]
    private static let yahooKeys: Set<String> = ["date", "open", "high", "low", "close", "adj close", "volume"]

    /// The layout a header suggests: pandas for an empty first cell, Yahoo for exactly Yahoo's
    /// columns, otherwise named.
    static func layout(forKeys keys: [String]) -> Layout {
        if keys.first == "", ["open", "high", "low", "close"].allSatisfy(keys.contains) { return .pandas }
        if ["date", "open", "high", "low", "close"].allSatisfy(keys.contains), Set(keys).isSubset(of: yahooKeys) {
            return .yahoo
        }
        return .named
    }

    /// Parses CSV bytes.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - source: the path or URL, for messages.
    ///   - symbol: what is priced.
    /// - Returns: the series, oldest first, and a warning per row skipped.
    /// - Throws: ``DataError/malformed(source:location:reason:)`` naming the line, for a header
    ///   without the needed columns, a quote never closed, text that is not UTF-8, or dates that
    ///   contradict each other; ``DataError/selectionRequired(source:kind:choices:)`` or
    ///   ``DataError/notFound(source:kind:name:suggestions:)`` for the value column;
    ///   ``DataError/empty(source:reason:)`` when no row is usable.
    public func parse(_ data: Data, source: String, symbol: String = "") throws(DataError) -> ParseResult<OHLCSeries> {
        try parse(CSVTable(SourceText(data, source: source)), symbol: symbol)
    }

    func parse(_ table: CSVTable, symbol: String) throws(DataError) -> ParseResult<OHLCSeries> {
        let layout = layout ?? Self.layout(forKeys: table.keys)
        let columns = try resolveColumns(table, layout: layout)
        return try PriceRows.read(CSVTableCursor(table), columns: columns, format: layout.format, symbol: symbol)
    }

    private func resolveColumns(_ table: CSVTable, layout: Layout) throws(DataError) -> PriceColumns {
        let source = table.source
        let line = "\(table.header.line)"
        func required(_ key: String) throws(DataError) -> Int {
            let matches = table.columns(named: key)
            guard let first = matches.first else {
                throw .malformed(
                    source: source, location: line, reason: "no '\(key)' column in header \(table.headerText)")
            }
            guard matches.count == 1 else {
                throw .malformed(
                    source: source, location: line,
                    reason:
                        "the header has \(matches.count) '\(key)' columns (columns \(matches.map { "\($0 + 1)" }.joined(separator: " and ")))"
                )
            }
            return first
        }
        let date: Int
        switch layout {
        case .yahoo:
            guard let column = table.column(["date"]) else {
                throw .malformed(
                    source: source, location: line, reason: "no 'Date' column in header \(table.headerText)")
            }
            date = column
        case .pandas:
            guard table.keys.first == "" || table.keys.first.map(Self.dateAliases.contains) == true else {
                throw .malformed(
                    source: source, location: line,
                    reason:
                        "the first header cell should be empty (pandas' unnamed date index), found \(table.headerText)")
            }
            date = 0
        case .named:
            if let column = table.column(Self.dateAliases) {
                date = column
            } else if table.keys.first == "" {
                date = 0
            } else {
                throw .malformed(
                    source: source, location: line,
                    reason: "no date or time column in header \(table.headerText); name it 'date' or 'time'")
            }
        }
        let dateName = table.names[date].isEmpty ? "date" : MessageText.name(table.names[date])
        // `Volume BTC` beside `Volume USD` (CryptoDataDownload): the first named as a volume.
        let volume =
            table.column(Self.volumeAliases)
            ?? table.names.indices.first { ColumnNames.role(table.names[$0])?.role == .volume }
        // A chosen column (`--column "Adj Close"`) is found by name whatever the layout.
        if layout != .named && valueColumn == nil {
            let prices = try ["open", "high", "low", "close"].map { key throws(DataError) in try required(key) }
            return PriceColumns(time: date, timeName: dateName, prices: prices, volume: volume)
        }
        let ohlc = ["open", "high", "low", "close"].map { table.column([$0]) }
        if let valueColumn {
            let key = CSVTable.key(valueColumn)
            guard let column = table.keys.firstIndex(of: key) else {
                let candidates = table.names.enumerated().filter { $0.offset != date }.map {
                    NameMatcher.Candidate($0.element)
                }
                throw .notFound(
                    source: source, kind: "column", name: valueColumn,
                    suggestions: NameMatcher.closeMatches(for: valueColumn, in: candidates))
            }
            if key == "close", let o = ohlc[0], let h = ohlc[1], let l = ohlc[2] {
                return PriceColumns(time: date, timeName: dateName, prices: [o, h, l, column], volume: volume)
            }
            return PriceColumns(time: date, timeName: dateName, prices: [column], volume: volume)
        }
        if let close = ohlc[3] {
            _ = try required("close")
            if let o = ohlc[0], let h = ohlc[1], let l = ohlc[2] {
                return PriceColumns(time: date, timeName: dateName, prices: [o, h, l, close], volume: volume)
            }
            // A file that claims bars but lacks a side would be drawn as close-only bars whose
            // open, high and low equal the close: refuse it unless one series was asked for.
            let missing = zip(["open", "high", "low"], ohlc[0..<3]).filter { $0.1 == nil }.map(\.0)
            if missing.count < 3 {
                let names = missing.map { "'\($0)'" }.joined(separator: " and ")
                throw .malformed(
                    source: source, location: line,
                    reason:
                        "the header has price columns but no \(names) column: \(table.headerText); give open, high, low and close, or choose one series to chart (the column close)"
                )
            }
            return PriceColumns(time: date, timeName: dateName, prices: [close], volume: volume)
        }
        let numeric = try numericColumns(table, excluding: [date] + (volume.map { [$0] } ?? []))
        switch numeric.count {
        case 0:
            throw .malformed(
                source: source, location: line,
                reason: "no 'close' column and no other column of numbers in header \(table.headerText)")
        case 1:
            return PriceColumns(time: date, timeName: dateName, prices: numeric, volume: volume)
        default:
            throw .selectionRequired(source: source, kind: "value column", choices: numeric.map { table.names[$0] })
        }
    }

    /// Columns whose first non-empty cells (up to 20 rows) are numbers.
    private func numericColumns(_ table: CSVTable, excluding: [Int]) throws(DataError) -> [Int] {
        var probe = table.scanner
        var numeric = Set<Int>()
        var decided = Set<Int>(excluding)
        var rows = 0
        while rows < 20, decided.count < table.header.count, let row = try probe.next() {
            rows += 1
            for column in 0..<min(row.count, table.header.count) where !decided.contains(column) {
                switch probe.number(row.fields[column], style: .decimalPoint) {
                case .missing: continue
                case .value, .notFinite, .outOfRange: numeric.insert(column)
                case .invalid:
                    if case .value = NumberParser.parse(probe.string(row.fields[column]), style: .decimalComma) {
                        numeric.insert(column)
                    }
                }
                decided.insert(column)
            }
        }
        return numeric.sorted()
    }
}
