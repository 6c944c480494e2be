/// A table in a JSON document (found by ``JSONTableFinder``), read one record at a time.
///
/// Five shapes, as pandas, R, spreadsheets and web APIs write them:
///
/// | layout | example | columns |
/// |---|---|---|
/// | records | `[{"date": …, "close": …}, …]` (pandas `orient="records"`) | the keys; `price.open` for a nested object |
/// | rows | `{"columns": ["a", "b"], "index": […], "data": [[1, 2], …]}` (pandas `split`), `[[t, v], …]` | the names given, else `column 1`, `column 2` |
/// | columns | `{"date": […], "close": […]}` (pandas `to_dict("list")`, R, Yahoo's chart) | the keys |
/// | keyed records | `{"2024-01-31": {"open": …}, …}` (pandas `index`, Alpha Vantage) | the key, then the record's keys |
/// | keyed columns | `{"Open": {"1706659200000": …}, …}` (pandas `to_json()`'s default) | the keys of the first column, then the column names |
struct JSONTableCursor: TableCursor {
    enum Layout {
        /// An array of objects.
        case records(JSONValue, RecordKeys)
        /// An array of arrays, with the index array of pandas' `split` if there is one.
        case rows(JSONValue, index: JSONValue?, width: Int)
        /// Arrays read side by side.
        case columns([JSONValue])
        /// An object of records keyed by their time; column 0 is the key.
        case keyedRecords(JSONValue, RecordKeys)
        /// Objects keyed by time, one per column; column 0 is the first one's key.
        case keyedColumns([JSONValue])
    }

    /// The keys of records: each top-level key is a column, or an object whose keys are.
    struct RecordKeys {
        var keys: [[UInt8]] = []
        var columns: [Int?] = []
        var nested: [[(key: [UInt8], column: Int)]] = []
        var names: [String] = []

        /// The most columns kept, so a record of a million keys costs no more than this.
        static var maximumColumns: Int { 256 }

        /// The keys of the first `sample` records of `records` (their values, for a keyed table),
        /// in the order first seen; `offset` columns come before them.
        init<Records: Sequence>(_ records: Records, offset: Int, sample: Int = 50) where Records.Element == JSONValue {
            for record in records.prefix(sample) where record.kind == .object {
                for (key, value) in record.memberSequence {
                    guard offset + names.count < Self.maximumColumns, let name = key.string else { break }
                    let bytes = Array(name.utf8)
                    let slot: Int
                    if let existing = keys.firstIndex(of: bytes) {
                        slot = existing
                    } else {
                        keys.append(bytes)
                        columns.append(nil)
                        nested.append([])
                        slot = keys.count - 1
                    }
                    if value.kind == .object {
                        for (subKey, subValue) in value.memberSequence where subValue.isScalar {
                            guard offset + names.count < Self.maximumColumns, let subName = subKey.string else { break }
                            let subBytes = Array(subName.utf8)
                            guard !nested[slot].contains(where: { $0.key == subBytes }), columns[slot] == nil else {
                                continue
                            }
                            nested[slot].append((subBytes, offset + names.count))
                            names.append("\(name).\(subName)")
                        }
                    } else if value.isScalar, columns[slot] == nil, nested[slot].isEmpty {
                        columns[slot] = offset + names.count
                        names.append(name)
                    }
                }
            }
        }

        /// Puts the cells of `record` in `cells`.
        func fill(_ cells: inout [JSONValue?], from record: JSONValue) {
            var position = 0
            for (key, value) in record.memberSequence {
                defer { position += 1 }
                let slot =
                    position < keys.count && key.stringEquals(keys[position])
                    ? position : keys.firstIndex { key.stringEquals($0) }
                guard let slot else { continue }
                if let column = columns[slot] {
                    cells[column] = value
                } else if value.kind == .object {
                    let inner = nested[slot]
                    var subPosition = 0
                    for (subKey, subValue) in value.memberSequence {
                        defer { subPosition += 1 }
                        let match =
                            subPosition < inner.count && subKey.stringEquals(inner[subPosition].key)
                            ? subPosition : inner.firstIndex { subKey.stringEquals($0.key) }
                        if let match { cells[inner[match].column] = subValue }
                    }
                }
            }
        }
    }

    let document: JSONDocument
    let layout: Layout
    let names: [String]
    /// Where the table is in the document: the keys and `[0]`s leading to it.
    let path: [String]
    /// How many records there are.
    let count: Int
    /// The byte offset of each record (4 bytes each), for the locations of warnings.
    private let offsets: [UInt32]
    private let tableOffset: Int

    private var index = -1
    private var cells: [JSONValue?]
    /// Columns whose name says date, where a serial day (``ExcelSerialDay``) is read.
    private let dateNamed: [Bool]
    private var recordIterator: JSONValue.ElementSequence?
    private var indexIterator: JSONValue.ElementSequence?
    private var memberIterator: JSONValue.MemberSequence?
    private var columnIterators: [JSONValue.ElementSequence] = []
    private var keyedIterators: [JSONValue.MemberSequence] = []
    /// Per keyed column, its members by key once its keys are found out of step with column 0's.
    private var keyedLookups: [[String: JSONValue]?] = []

    /// A cursor before the first record of `layout`, whose table starts at `table`.
    init(_ layout: Layout, table: JSONValue, names: [String], path: [String]) {
        document = table.document
        self.layout = layout
        self.names = names
        dateNamed = names.map(ExcelSerialDay.isDateName)
        self.path = path
        tableOffset = table.offset
        cells = Array(repeating: nil, count: names.count)
        var offsets: [UInt32] = []
        switch layout {
        case .records(let array, _), .rows(let array, _, _):
            offsets.reserveCapacity(array.count)
            for element in array.elementSequence { offsets.append(element.tapeOffset) }
            recordIterator = array.elementSequence
            if case .rows(_, let index?, _) = layout { indexIterator = index.elementSequence }
        case .columns(let arrays):
            let longest = arrays.max { $0.count < $1.count }
            for element in longest?.elementSequence ?? table.elementSequence { offsets.append(element.tapeOffset) }
            columnIterators = arrays.map(\.elementSequence)
        case .keyedRecords(let object, _):
            for (key, _) in object.memberSequence { offsets.append(key.tapeOffset) }
            memberIterator = object.memberSequence
        case .keyedColumns(let objects):
            for (key, _) in objects.first?.memberSequence ?? table.memberSequence { offsets.append(key.tapeOffset) }
            keyedIterators = objects.map(\.memberSequence)
            keyedLookups = Array(repeating: nil, count: objects.count)
        }
        self.offsets = offsets
        count = offsets.count
    }

    var source: String { document.source }

    var noun: String {
        switch layout {
        case .records, .keyedRecords: "record"
        case .rows, .columns, .keyedColumns: "row"
        }
    }

    /// Object keys promise no order (pandas and Alpha Vantage write them newest first): sorted
    /// without a warning, as disease.sh's are.
    var documentedOrder: TimeOrdering.DocumentedOrder {
        switch layout {
        case .keyedRecords, .keyedColumns: .unordered
        case .records, .rows, .columns: .oldestFirst
        }
    }

    var headerLocation: String {
        document.text.location(at: offsets.isEmpty ? tableOffset : Int(offsets[0]))
    }

    var position: Int { max(index, 0) }

    mutating func next() throws(DataError) -> Bool {
        guard index + 1 < count else {
            index = count
            return false
        }
        index += 1
        for column in cells.indices { cells[column] = nil }
        switch layout {
        case .records(_, let keys):
            if let record = recordIterator?.next(), record.kind == .object { keys.fill(&cells, from: record) }
        case .rows(_, _, let width):
            let indexValue = indexIterator?.next()
            let first = indexValue == nil ? 0 : 1
            if let indexValue { cells[0] = indexValue }
            if let row = recordIterator?.next(), row.kind == .array {
                for (offset, cell) in row.elementSequence.prefix(width).enumerated() where first + offset < cells.count
                {
                    cells[first + offset] = cell
                }
            }
        case .columns:
            for column in columnIterators.indices { cells[column] = columnIterators[column].next() }
        case .keyedRecords(_, let keys):
            if let (key, record) = memberIterator?.next() {
                cells[0] = key
                if record.kind == .object { keys.fill(&cells, from: record) }
            }
        case .keyedColumns(let objects):
            var key: (text: String, bytes: [UInt8])?
            for column in keyedIterators.indices {
                let member = keyedIterators[column].next()
                if column == 0 {
                    guard let (memberKey, value) = member else { break }
                    cells[0] = memberKey
                    cells[1] = value
                    key = memberKey.string.map { ($0, Array($0.utf8)) }
                    continue
                }
                guard let key else { break }
                if keyedLookups[column] == nil, let (memberKey, value) = member, memberKey.stringEquals(key.bytes) {
                    cells[column + 1] = value
                    continue
                }
                // Out of step with the first column: find the key in this one, indexed once.
                if keyedLookups[column] == nil {
                    var lookup: [String: JSONValue] = [:]
                    for (name, value) in objects[column].memberSequence {
                        if let name = name.string { lookup[name] = value }
                    }
                    keyedLookups[column] = lookup
                }
                cells[column + 1] = keyedLookups[column]?[key.text]
            }
        }
        return true
    }

    var shapeProblem: String? { nil }

    func time(_ column: Int) -> TimeToken {
        guard column < cells.count, let cell = cells[column] else { return .invalid("no date") }
        return ExcelSerialDay.reading(cell.time, isDateColumn: dateNamed[column]) { cell.number }
    }

    func number(_ column: Int, style: NumberParser.Style) -> NumberParser.Result {
        guard column < cells.count, let cell = cells[column] else { return .missing }
        return cell.number
    }

    func text(_ column: Int) -> String {
        guard column < cells.count, let cell = cells[column] else { return "" }
        return cell.string ?? cell.summary
    }

    /// The path as messages show it: `data`, `chart.result[0]`.
    var pathText: String {
        path.reduce("") { text, component in
            component.hasPrefix("[") || text.isEmpty ? text + component : "\(text).\(component)"
        }
    }

    /// The key the table is under, when it is under a key (`India` in `{"India": […]}`).
    var key: String? {
        path.last.flatMap { $0.hasPrefix("[") ? nil : $0 }
    }

    func locator() -> TableLocator {
        let document = document
        let offsets = offsets
        let path = pathText
        return TableLocator(
            locate: { position in
                position < offsets.count ? document.text.location(at: Int(offsets[position])) : ""
            }, name: { "\(path)[\($0)]" }, labelled: true)
    }

    func numberStyle(columns: [Int]) throws(DataError) -> NumberParser.Style { .plain }
}

extension JSONValue {
    /// Whether the value is a number, a string, `true`, `false` or `null`.
    var isScalar: Bool { kind != .array && kind != .object }
}
