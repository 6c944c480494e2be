import Foundation

/// Tells formats apart and keeps the parsed form for the parser, so nothing is read twice.
enum FormatDetector {
    enum Parsed {
        case json(JSONDocument)
        case csv(CSVTable)
    }

    static func isJSON(_ text: SourceText) -> Bool {
        guard let first = text.bytes.first(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) else {
            return false
        }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// Parses `text` as JSON or CSV, as `format` needs.
    static func parse(_ text: SourceText, as format: SeriesFormat) throws(DataError) -> Parsed {
        if text.isBlank { throw .empty(source: text.source, reason: "empty file") }
        switch format {
        case .cryptowatch, .binance, .coinbase, .kraken, .diseaseShCountries, .diseaseShHistorical:
            return .json(try JSONDocument(text))
        case .yahoo, .pandas, .csv, .jhu, .nyt, .owid:
            return .csv(try CSVTable(text))
        case .generic:
            return isJSON(text) ? .json(try JSONDocument(text)) : .csv(try CSVTable(text))
        }
    }

    static func detect(_ text: SourceText) throws(DataError) -> (format: SeriesFormat, parsed: Parsed) {
        if text.isBlank { throw .empty(source: text.source, reason: "empty file") }
        if isJSON(text) {
            let document = try JSONDocument(text)
            return (try format(of: document), .json(document))
        }
        let table = try CSVTable(text)
        return (try format(of: table), .csv(table))
    }

    private static func unrecognized(_ source: String, _ seen: String) -> DataError {
        .unrecognized(source: source, seen: seen, formats: SeriesFormat.allCases.map(\.name))
    }

    /// A named format, else ``SeriesFormat/generic`` when the document holds a table of dated values.
    static func format(of document: JSONDocument) throws(DataError) -> SeriesFormat {
        do {
            return try namedFormat(of: document)
        } catch {
            guard case .unrecognized = error, GenericTableParser.hasTable(document) else { throw error }
            return .generic
        }
    }

    private static func namedFormat(of document: JSONDocument) throws(DataError) -> SeriesFormat {
        let root = document.root
        let source = document.source
        switch root.kind {
        case .object:
            if root.has("code"), root.has("msg") { return .binance }
            if let error = root["error"] {
                if error.kind == .array { return .kraken }
                if error.kind == .string { return .cryptowatch }
            }
            if let result = root["result"], let keys = result.members?.compactMap({ $0.key.string }) {
                if !keys.isEmpty, keys.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) {
                    return .cryptowatch
                }
                if keys.contains("last") { return .kraken }
            }
            if root.has("timeline") { return .diseaseShHistorical }
            // `/all` has a count of cases; a table of columns (`{"date": […], "cases": […]}`) is not disease.sh.
            if let cases = root["cases"], cases.kind != .array {
                return cases.kind == .object ? .diseaseShHistorical : .diseaseShCountries
            }
            if root.has("message"), root.count <= 2 { return .coinbase }
            throw unrecognized(source, "a JSON object with keys \(JSONCandles.keyList(root))")
        case .array:
            guard let first = root.elementSequence.first(where: { _ in true }) else {
                throw .empty(source: source, reason: "no records (the JSON array is empty)")
            }
            // Judge by the first few elements, so one odd record does not decide.
            for element in root.elementSequence.prefix(5) {
                if element.kind == .array, element.count >= 5 {
                    let fields = Array(element.elementSequence.prefix(5))
                    // Binance: 12 fields, millisecond times. Coinbase: 6 fields, seconds.
                    if element.count >= 12 { return .binance }
                    let time: Double? = if case .value(let value) = fields[0].number { value } else { nil }
                    let unit = time.flatMap { EpochUnit(magnitudeOf: $0) }
                    if unit == .milliseconds { return .binance }
                    if unit == .seconds, element.count == 6 { return .coinbase }
                    if fields[1...4].contains(where: { $0.kind == .string }) { return .binance }
                    if element.count == 6 { return .coinbase }
                }
                if element.kind == .object {
                    if element.has("timeline") { return .diseaseShHistorical }
                    // A record with a date and cases is a generic table, not a country's status.
                    if element.has("country") || (element.has("cases") && element.has("updated")) {
                        return .diseaseShCountries
                    }
                }
            }
            let what = first.kind == .array ? "arrays of \(first.count) elements" : "\(first.summary) elements"
            throw unrecognized(source, "a JSON array of \(what)")
        default:
            throw unrecognized(source, "the JSON value \(root.summary)")
        }
    }

    /// A named CSV format by its header, checked against the content where the header alone
    /// could mislead (a pandas file whose first column is a row number, `Last` as the close,
    /// several columns of values and no close), else ``SeriesFormat/generic`` when a column
    /// holds dates.
    static func format(of table: CSVTable) throws(DataError) -> SeriesFormat {
        let keys = Set(table.keys)
        let hasDateHeaders = table.names.contains { name in
            if case .dayMonth = TimestampParser.token(name) { return true }
            return false
        }
        if keys.contains("country/region") || keys.contains("country_region"), hasDateHeaders { return .jhu }
        if keys.contains("date"), keys.contains("iso_code") || keys.contains("location") { return .owid }
        if keys.contains("date"), keys.contains("cases") || keys.contains("deaths") { return .nyt }
        let (times, numeric) = GenericTableParser.survey(table)
        /// Whether the column the header names as the date is the one the content dates rows by.
        func agrees(_ column: Int?) -> Bool {
            guard let column else { return false }
            if case .found(let found) = times { return found == column }
            return true
        }
        switch OHLCCSVParser.layout(forKeys: table.keys) {
        case .pandas:
            if agrees(0) { return .pandas }
        case .yahoo:
            if agrees(table.column(["date"])) { return .yahoo }
        case .named:
            // A close, or one column of values: what the named layout reads without asking.
            let date = table.column(OHLCCSVParser.dateAliases) ?? (table.keys.first == "" ? 0 : nil)
            let volume = table.column(OHLCCSVParser.volumeAliases)
            let values = numeric.filter { $0 != date && $0 != volume }
            let bars = ["open", "high", "low"].contains(where: table.keys.contains)
            if agrees(date), table.keys.contains("close") || (!bars && values.count == 1) { return .csv }
        }
        if case .none = times { throw unrecognized(table.source, "\"\(table.headerText)\"") }
        return .generic
    }
}
