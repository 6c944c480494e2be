/// One record at a time from a table of named columns, whatever its shape: CSV rows, JSON
/// records, JSON columns. The price-CSV parser and the generic reader read only through it.
///
/// A cursor is a value: a copy reads the same records again, which is how the generic reader
/// probes the first records before it reads them all.
protocol TableCursor {
    /// The path or URL, for messages.
    var source: String { get }
    /// The columns' names as written (`""` for an unnamed one, such as pandas' index).
    var names: [String] { get }
    /// What a record is called in messages: `row` or `record`.
    var noun: String { get }
    /// Where the column names are, for an error about them: the header line (`1`), or the
    /// `line:column` of the first record.
    var headerLocation: String { get }
    /// The current record's position: its line (CSV) or its index (JSON).
    var position: Int { get }
    /// The order the records promise: oldest first for rows, none for the keys of a JSON object.
    var documentedOrder: TimeOrdering.DocumentedOrder { get }

    /// Moves to the next record.
    ///
    /// - Returns: `false` after the last one.
    /// - Throws: ``DataError/malformed(source:location:reason:)`` for a CSV quote never closed.
    mutating func next() throws(DataError) -> Bool

    /// Why the current record cannot be read at all (a CSV row of the wrong width), or `nil`.
    var shapeProblem: String? { get }
    /// At most how many records follow, when that is cheap to know (a CSV file's lines), so a
    /// reader can make room for them at once.
    var recordCountBound: Int? { get }
    /// A cell of the current record as a date or time.
    func time(_ column: Int) -> TimeToken
    /// A cell of the current record as a number.
    func number(_ column: Int, style: NumberParser.Style) -> NumberParser.Result
    /// A cell of the current record as text, for messages.
    func text(_ column: Int) -> String

    /// How warnings locate and name a position, and whether they name the record.
    func locator() -> TableLocator
    /// The number style of the value cells in `columns`: decimal comma or point.
    ///
    /// - Throws: ``DataError/malformed(source:location:reason:)`` when cells disagree.
    func numberStyle(columns: [Int]) throws(DataError) -> NumberParser.Style
}

/// How a table's warnings place a record: `12` and `line 12` for CSV, `3:14` and `[2]` for JSON.
struct TableLocator {
    /// A position's location in a warning.
    var locate: (Int) -> String
    /// A position's name in a message.
    var name: (Int) -> String
    /// Whether warnings name the record (JSON: `skipped [12]: …`); a CSV line already does.
    var labelled: Bool
}

extension TableCursor {
    /// Not known.
    var recordCountBound: Int? { nil }

    /// A column's name for messages: escaped and cut, or `column 3` when it has none.
    func displayName(_ column: Int) -> String {
        let name = column < names.count ? names[column] : ""
        return name.isEmpty ? "column \(column + 1)" : MessageText.name(name)
    }
}

/// A ``CSVTable`` as a ``TableCursor``, reading the common cells (`2024-01-31`, `187.15`) on
/// fast paths straight from the bytes.
struct CSVTableCursor: TableCursor {
    let table: CSVTable
    private var scanner: CSVScanner
    private var row: CSVScanner.Row?
    /// Columns whose name says date, where a serial day (``ExcelSerialDay``) is read.
    private let dateNamed: [Bool]

    init(_ table: CSVTable) {
        self.table = table
        scanner = table.scanner
        dateNamed = table.names.map(ExcelSerialDay.isDateName)
    }

    var source: String { table.source }
    var names: [String] { table.names }
    var noun: String { "row" }
    var documentedOrder: TimeOrdering.DocumentedOrder { .oldestFirst }
    var headerLocation: String { "\(table.header.line)" }
    var position: Int { row?.line ?? table.header.line }
    var recordCountBound: Int? {
        table.text.bytes.reduce(into: 1) { count, byte in if byte == 0x0A { count += 1 } }
    }

    mutating func next() throws(DataError) -> Bool {
        row = try scanner.next()
        return row != nil
    }

    var shapeProblem: String? {
        guard let row, table.hasWidthProblem(row) else { return nil }
        return table.widthProblem(row)
    }

    private func field(_ column: Int) -> CSVScanner.Field? {
        guard let row, column < row.count else { return nil }
        return row.fields[column]
    }

    func time(_ column: Int) -> TimeToken {
        guard let field = field(column) else { return .invalid("no date") }
        if let seconds = scanner.plainTime(field) { return .instant(seconds) }
        return ExcelSerialDay.reading(scanner.time(field), isDateColumn: dateNamed[column]) {
            scanner.number(field, style: .plain)
        }
    }

    func number(_ column: Int, style: NumberParser.Style) -> NumberParser.Result {
        guard let field = field(column) else { return .missing }
        if style.decimalMark == 0x2E, let value = scanner.plainNumber(field) { return .value(value) }
        return scanner.number(field, style: style)
    }

    func text(_ column: Int) -> String {
        field(column).map(scanner.string) ?? ""
    }

    func locator() -> TableLocator {
        TableLocator(locate: { "\($0)" }, name: { "line \($0)" }, labelled: false)
    }

    func numberStyle(columns: [Int]) throws(DataError) -> NumberParser.Style {
        try table.numberStyle(columns: columns)
    }
}
