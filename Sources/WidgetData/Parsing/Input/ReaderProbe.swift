import Foundation

/// The JSON and CSV readers on their own, for the fuzz harnesses (`Fuzz/`, a package of its own
/// that imports this with `@_spi(Fuzzing)`) and tests: each reads everything it can from the
/// input and returns how much it read. Not for users: the readers' own types stay internal.
@_spi(Fuzzing) public enum ReaderProbe {
    /// Bytes of tape per JSON value: the memory bound of a parsed document is this times the
    /// number of values, which is at most half the number of bytes (`0,` is one value).
    public static var bytesPerJSONValue: Int { MemoryLayout<JSONDocument.Entry>.stride }

    /// Parses JSON and reads every value as a number, a string and a summary, and every key.
    ///
    /// - Returns: the number of values in the document.
    /// - Throws: ``DataError`` as ``SeriesReader`` would for invalid JSON.
    public static func json(_ data: Data, source: String) throws(DataError) -> Int {
        let document = try JSONDocument(SourceText(data, source: source))
        var index = 0
        let count = document.tape.count
        while index < count {
            let value = JSONValue(document: document, index: index)
            _ = value.number
            _ = value.string
            _ = value.summary
            _ = value.location
            if value.kind == .object { _ = value.keys }
            index += 1
        }
        return count
    }

    /// What the search for a candle by content (``CandleColumns``) found in a CSV table's first
    /// rows: the low, the high and the middles (open and close, or more), or for several
    /// candles as tight, each low and high; empty when none.
    ///
    /// - Returns: the columns (0-based) and whether the search found one candle.
    /// - Throws: ``DataError`` as ``SeriesReader`` would for unreadable CSV.
    public static func candles(_ data: Data, source: String) throws(DataError) -> (
        columns: [Int], found: Bool, width: Int
    ) {
        let table = try CSVTable(SourceText(data, source: source))
        let cursor = CSVTableCursor(table)
        let probe = try TableProbe(cursor)
        let numeric = probe.columns.indices.filter { probe.columns[$0].isNumeric }
        switch CandleColumns.search(probe, columns: numeric) {
        case .none: return ([], false, probe.columns.count)
        case .ambiguous(let pairs): return (pairs.flatMap { [$0.low, $0.high] }, false, probe.columns.count)
        case .found(let low, let high, let middles): return ([low, high] + middles, true, probe.columns.count)
        }
    }

    /// Opens a gzip file or zip archive as ``SeriesReader`` does (``CompressedInput``).
    ///
    /// - Returns: the bytes inside, or `nil` when `data` is neither.
    /// - Throws: ``DataError`` for a damaged archive, several files, or more than `limit` bytes inside.
    public static func decompressed(_ data: Data, source: String, limit: Int) throws(DataError) -> Data? {
        try CompressedInput.decompressed(data, source: source, limit: limit)
    }

    /// Screens the first bytes as ``LocalFile`` does (``ContentScreen``), as a prefix and as the whole input.
    ///
    /// - Throws: ``DataError`` for content no reader can read.
    public static func screen(_ data: Data, source: String) throws(DataError) {
        try ContentScreen.check(data, isWhole: false, source: source)
        try ContentScreen.check(data, source: source)
    }

    /// Opens CSV as the parsers do (delimiter, header, decimal mark) and reads every field of
    /// every row as text, as a number and as a date or time.
    ///
    /// - Returns: the number of rows under the header.
    /// - Throws: ``DataError`` as ``SeriesReader`` would for unreadable CSV.
    public static func csv(_ data: Data, source: String) throws(DataError) -> Int {
        let table = try CSVTable(SourceText(data, source: source))
        let style = try table.numberStyle(columns: Array(0..<table.header.count))
        var scanner = table.scanner
        var rows = 0
        var timeColumn = TimeColumn()
        var tokens: [TimeToken] = []
        while let row = try scanner.next() {
            rows += 1
            _ = table.widthProblem(row)
            for field in row.fields {
                _ = scanner.string(field)
                _ = scanner.trimmedString(field)
                _ = scanner.number(field, style: style)
                _ = scanner.plainNumber(field)
                let token = scanner.time(field)
                timeColumn.observe(token, position: row.line)
                if tokens.count < 1_000 { tokens.append(token) }
            }
        }
        if let settled = try? timeColumn.settle(source: source, describe: { ("\($0)", "line \($0)") }) {
            for token in tokens { _ = settled.seconds(token) }
        }
        return rows
    }
}
