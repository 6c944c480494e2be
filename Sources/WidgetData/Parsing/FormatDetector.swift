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
            // Binance's error answer; OKX's `{"code":"0","msg":"","data":[…]}` is a table under `data`.
            if let code = root["code"], code.kind == .number, root.has("msg"), !root.has("data") { return .binance }
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
            // Exchange arrays whose prices are not in the named format's order (Coinbase's low,
            // high, open, close with millisecond times; Bitfinex's open, close, high, low) are
            // read by their content (the generic reader, `CandleColumns`).
            if let order = candleOrder(root), order != .binance, order != .coinbase { return .generic }
            // Judge by the first few elements, so one odd record does not decide.
            for element in root.elementSequence.prefix(5) {
                if element.kind == .array, element.count >= 5 {
                    let fields = Array(element.elementSequence.prefix(5))
                    // Binance: 12 fields, millisecond times. Coinbase: 6 fields, seconds.
                    if element.count >= 12 { return .binance }
                    let time: Double? = if case .value(let value) = fields[0].number { value } else { nil }
                    let unit = time.flatMap { EpochUnit(magnitudeOf: $0) }
                    let order = candleOrder(root)
                    if unit == .milliseconds { return order == .coinbase ? .generic : .binance }
                    if unit == .seconds, element.count == 6 { return order == .binance ? .generic : .coinbase }
                    if fields[1...4].contains(where: { $0.kind == .string }) {
                        return order == .coinbase || unit == .seconds ? .generic : .binance
                    }
                    if element.count == 6 { return order == .binance ? .generic : .coinbase }
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

    /// The order of the prices in the first arrays of `root`, from the inequalities low ≤
    /// open, close ≤ high on all but one in twenty (at least one) of up to 64 elements, with no
    /// later field that makes a candle half as wide as a bound on as many (the real high, where
    /// a volume was read as the high), and the open following the previous close better than
    /// the close the previous open, the two crossing (``CandleColumns``), judged from 10
    /// elements on:
    /// `.binance` for
    /// `[time, open, high, low, close, …]`, `.coinbase` for `[time, low, high, open, close, …]`,
    /// `.generic` for neither, or when the elements do not start with Unix times in order; `nil`
    /// when the elements are not such arrays or both orders fit.
    static func candleOrder(_ root: JSONValue) -> SeriesFormat? {
        var rows = 0
        var binance = 0
        var coinbase = 0
        // Per field after the close: rows where it lies between the low and the high of each
        // order. A field that nearly always does (the real high, where a volume was read as
        // the high) shows the order is wrong, however well its inequalities hold.
        var insideBinance: [Int: (rows: Int, ratio: Double)] = [:]
        var insideCoinbase: [Int: (rows: Int, ratio: Double)] = [:]
        var times: [Double] = []
        // Time and fields 1, 3 and 4: Binance's open and close are 1 and 4, Coinbase's 3 and 4.
        var candles: [(time: Double, first: Double, third: Double, fourth: Double)] = []
        for element in root.elementSequence.prefix(64) {
            guard element.kind == .array, element.count >= 5 else { return nil }
            var values: [Double?] = []
            // Every exchange format puts a Unix time first; an array that does not is read by content.
            guard let first = element.elementSequence.first(where: { _ in true }),
                case .value(let time) = first.number, EpochUnit(magnitudeOf: time) != nil
            else { return .generic }
            times.append(time)
            for field in element.elementSequence.prefix(12).dropFirst() {
                if case .value(let value) = field.number { values.append(value) } else { values.append(nil) }
            }
            guard let o = values[0], let h = values[1], let l = values[2], let c = values[3] else { continue }
            rows += 1
            candles.append((time, o, l, c))
            // Binance: open, high, low, close. Coinbase: low, high, open, close.
            if l <= o, l <= c, o <= h, c <= h { binance += 1 }
            if o <= l, o <= c, l <= h, c <= h { coinbase += 1 }
            for (index, value) in values.enumerated().dropFirst(4) {
                guard let value else { continue }
                // Binance's low and high are fields 3 and 2, its open and close 1 and 4; Coinbase's 1, 2, 3, 4.
                if let tighter = Self.tighterBound(value, low: l, high: h, open: o, close: c) {
                    insideBinance[index, default: (0, 0)].rows += 1
                    insideBinance[index, default: (0, 0)].ratio += tighter
                }
                if let tighter = Self.tighterBound(value, low: o, high: h, open: l, close: c) {
                    insideCoinbase[index, default: (0, 0)].rows += 1
                    insideCoinbase[index, default: (0, 0)].ratio += tighter
                }
            }
        }
        guard rows > 0 else { return nil }
        // …and those times run in order, oldest or newest first (a volume can look like a Unix time).
        let steps = zip(times, times.dropFirst())
        if !(steps.allSatisfy { $0 <= $1 } || steps.allSatisfy { $0 >= $1 }) { return .generic }
        // One candle may be bad (the parser skips it with a warning), in a short answer too.
        let needed = rows - max(1, CandleColumns.allowedExceptions(rows))
        // These two checks need a few rows: a short answer is judged by its shape, as before.
        let judged = rows >= 10
        func tighter(_ inside: [Int: (rows: Int, ratio: Double)]) -> Bool {
            inside.values.contains { $0.rows >= needed && $0.ratio <= 0.5 * Double($0.rows) }
        }
        if judged, tighter(insideBinance) { binance = 0 }
        if judged, tighter(insideCoinbase) { coinbase = 0 }
        // A bar opens where the one before closed: an order whose open and close follow each
        // other worse than the same two fields swapped has them the wrong way round.
        let ordered = candles.sorted { $0.time < $1.time }
        func swapped(_ open: KeyPath<(time: Double, first: Double, third: Double, fourth: Double), Double>) -> Bool {
            var named = 0.0
            var other = 0.0
            for (before, after) in zip(ordered, ordered.dropFirst()) {
                named += abs(after[keyPath: open] - before.fourth)
                other += abs(after.fourth - before[keyPath: open])
            }
            return named.isFinite && other.isFinite && named > 0 && other <= CandleColumns.continuityRatio * named
        }
        // …and an open and a close cross: some bars rise, some fall (a high never falls below a close).
        func cross(_ open: KeyPath<(time: Double, first: Double, third: Double, fourth: Double), Double>) -> Bool {
            let allowed = CandleColumns.allowedExceptions(rows)
            return candles.filter { $0[keyPath: open] < $0.fourth }.count > allowed
                && candles.filter { $0[keyPath: open] > $0.fourth }.count > allowed
        }
        if judged, swapped(\.first) || !cross(\.first) { binance = 0 }
        if judged, swapped(\.third) || !cross(\.third) { coinbase = 0 }
        switch (binance >= needed, coinbase >= needed) {
        case (true, false): return .binance
        case (false, true): return .coinbase
        case (true, true): return nil
        case (false, false): return .generic
        }
    }

    /// How much tighter a candle `value` makes as its high (between the higher of open and
    /// close and the high) or its low (between the low and the lower of the two): the new
    /// spread over the old, or `nil` when it is neither.
    private static func tighterBound(_ value: Double, low: Double, high: Double, open: Double, close: Double)
        -> Double?
    {
        let spread = high - low
        guard spread > 0, spread.isFinite else { return nil }
        if max(open, close) <= value, value <= high { return (value - low) / spread }
        if low <= value, value <= min(open, close) { return (high - value) / spread }
        return nil
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
        // JHU's daily reports stacked into one long file: a row per province, country and date.
        if LongCaseCSVParser.isKeyedByCountry(table), !hasDateHeaders { return .jhu }
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
            // A count (`newCasesBySpecimenDate`) is no price: the generic reader reads counts.
            let counts = values.contains { ColumnNames.role(table.names[$0])?.role == .count }
            if agrees(date), table.keys.contains("close") || (!bars && !counts && values.count == 1) { return .csv }
        }
        if case .none = times { throw unrecognized(table.source, "\"\(table.headerText)\"") }
        return .generic
    }
}
