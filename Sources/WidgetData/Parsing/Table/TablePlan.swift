import Foundation

/// Which columns of a table the generic reader reads, and as what: decided from the names and
/// the first records (``TableProbe``), never from the columns' positions.
struct TablePlan {
    enum Series {
        /// Bars: open, high, low, close (or one value), and the volume.
        case prices(PriceColumns)
        /// Named counts, each column kept under its own name.
        case counts(time: Int, timeName: String, columns: [Int])
    }

    var series: Series
    /// A region named by a column that holds one text on every row (`country: Italy`).
    var region: String?
    /// How the columns were chosen when their names did not say (read by content), for a note
    /// to the user; `nil` when the names said.
    var inferred: String?

    /// The plan for `cursor`'s table.
    ///
    /// - Parameters:
    ///   - cursor: the table, before its first record.
    ///   - probe: its first records.
    ///   - time: its column of times (``findTime(_:probe:)``).
    ///   - wanted: the kind of data the caller reads, when it says; it decides a table whose
    ///     one value column is named neither as a price nor as a count.
    ///   - chosen: the value column asked for (`--column`).
    ///   - asset: the symbol asked for, which picks one asset's columns in a table of several
    ///     (`BTC:close`, `ETH:close`).
    /// - Throws: ``DataError/malformed(source:location:reason:)`` at the header when no column
    ///   holds times, when two do equally well, when the value columns are ambiguous or some
    ///   but not all of open, high and low are there; ``DataError/notFound(source:kind:name:suggestions:)``
    ///   for a chosen column the table lacks.
    init<Cursor: TableCursor>(
        _ cursor: Cursor, probe: TableProbe, time: Int, wanted: SeriesKind?, chosen: String?, asset: String? = nil
    ) throws(DataError) {
        let names = cursor.names
        var roles = names.map(ColumnNames.role)
        let assets = names.map(ColumnNames.asset)
        try Self.checkOneSeries(cursor, probe: probe, time: time)
        let timeName = cursor.names[time].isEmpty ? "date" : cursor.displayName(time)
        let others = names.indices.filter { $0 != time }
        func fail(_ reason: String) -> DataError {
            .malformed(source: cursor.source, location: cursor.headerLocation, reason: reason)
        }
        func quoted(_ columns: [Int]) -> String {
            columns.prefix(8).map { "\(MessageText.quote(names[$0])) (column \($0 + 1))" }.joined(separator: ", ")
                + (columns.count > 8 ? ", …" : "")
        }

        // Several assets side by side (`BTC:close`, `ETH:close`): one is read, chosen by the
        // column or the symbol asked for; the others' columns are left out.
        let priced = others.filter { column in
            switch roles[column]?.role {
            case .open?, .high?, .low?, .close?, .adjustedClose?, .value?: return assets[column] != nil
            default: return false
            }
        }
        var tags: [String] = []
        for column in priced where !tags.contains(assets[column] ?? "") { tags.append(assets[column] ?? "") }
        if tags.count > 1 {
            let chosenColumn = chosen.flatMap { try? Self.find($0, in: cursor, excluding: time) }
            let focus =
                chosenColumn.flatMap { assets[$0] }
                ?? asset.flatMap { symbol in
                    tags.first { tag in
                        let (a, b) = (CSVTable.key(tag), CSVTable.key(symbol))
                        return a == b || b.hasPrefix(a + "-") || b.hasPrefix(a + "/") || b.hasPrefix(a + ":")
                    }
                }
            guard let focus else {
                let example = names[priced.first { roles[$0]?.role == .close } ?? priced[0]]
                throw fail(
                    "the columns hold the prices of \(tags.count) assets (\(tags.prefix(8).map(MessageText.quote).joined(separator: ", "))\(tags.count > 8 ? ", …" : "")); choose one by the name of its close column, e.g. \(MessageText.cut(example))"
                )
            }
            for column in priced where assets[column] != focus { roles[column] = nil }
        }

        // The best-ranked column of each role; two of the same rank are ambiguous.
        func best(_ role: ColumnRole) throws(DataError) -> Int? {
            let matches = others.compactMap { column -> (column: Int, rank: Int)? in
                guard let found = roles[column], found.role == role else { return nil }
                return (column, found.rank)
            }
            guard let top = matches.min(by: { $0.rank < $1.rank }) else { return nil }
            let tied = matches.filter { $0.rank == top.rank }.map(\.column)
            // Several volumes (`Volume BTC`, `Volume USDT`): the first, the base asset's as exchanges write it.
            if role == .volume, let first = tied.first { return first }
            guard tied.count == 1 else {
                throw fail(
                    "\(tied.count) columns are named as the same thing: \(quoted(tied)); choose the column to chart by its name"
                )
            }
            return top.column
        }
        let numeric = others.filter { probe.columns[$0].isNumeric }
        let volume = try best(.volume).flatMap { probe.columns[$0].isNumeric ? $0 : nil }
        let counts = others.filter { roles[$0]?.role == .count }
        region = Self.constantText(probe, columns: others.filter { !probe.columns[$0].isNumeric })

        if let chosen {
            let column = try Self.find(chosen, in: cursor, excluding: time)
            let kind = wanted ?? (roles[column]?.role == .count ? .cases : .ohlc)
            if kind == .cases {
                series = .counts(time: time, timeName: timeName, columns: Array(Set(numeric + [column])).sorted())
                return
            }
            if roles[column]?.role == .close, let o = try best(.open), let h = try best(.high), let l = try best(.low) {
                series = .prices(
                    PriceColumns(time: time, timeName: timeName, prices: [o, h, l, column], volume: volume))
            } else {
                series = .prices(PriceColumns(time: time, timeName: timeName, prices: [column], volume: volume))
            }
            return
        }

        let open = try best(.open)
        let high = try best(.high)
        let low = try best(.low)
        let values = others.filter { roles[$0]?.role == .value }
        var close = try best(.close)
        if close == nil { close = try best(.adjustedClose) }

        // When the names do not give the whole candle, its values may: see ``CandleColumns``.
        if wanted != .cases, counts.isEmpty, open == nil || high == nil || low == nil || close == nil,
            let candle = try Self.candleByContent(
                cursor, probe: probe, time: time, roles: roles,
                columns: numeric.filter { column in
                    guard column != volume else { return false }
                    switch roles[column]?.role {
                    case nil, .open?, .high?, .low?, .close?, .adjustedClose?, .value?: return true
                    default: return false
                    }
                }, named: (open, high, low, close), fail: fail)
        {
            series = .prices(PriceColumns(time: time, timeName: timeName, prices: candle.prices, volume: volume))
            inferred = candle.note
            return
        }
        // investing.com's `Price` beside Open, High and Low is the close.
        if close == nil, open != nil || high != nil || low != nil, values.count == 1 { close = values[0] }
        if let close {
            if let open, let high, let low {
                series = .prices(
                    PriceColumns(time: time, timeName: timeName, prices: [open, high, low, close], volume: volume))
                return
            }
            let missing = zip(["open", "high", "low"], [open, high, low]).filter { $0.1 == nil }.map { "'\($0.0)'" }
            if missing.count < 3 {
                throw fail(
                    "the header has price columns but no \(missing.joined(separator: " and ")) column: \(quoted(names.indices.map { $0 })); give open, high, low and close, or choose one series to chart (the column \(names[close]))"
                )
            }
            series = .prices(PriceColumns(time: time, timeName: timeName, prices: [close], volume: volume))
            return
        }
        if open != nil || high != nil || low != nil {
            throw fail(
                "the columns have open, high or low prices but no close: \(quoted(others)); name the close 'close', or choose one series to chart by its column's name"
            )
        }
        if values.count == 1 {
            series = .prices(PriceColumns(time: time, timeName: timeName, prices: values, volume: volume))
            return
        }
        if values.count > 1 {
            throw Self.ambiguous(values, names: names, fail: fail)
        }
        // Counts are counts whatever the caller wanted: a price reader then says so (the wrong kind).
        if !counts.isEmpty {
            series = .counts(time: time, timeName: timeName, columns: Array(Set(numeric + counts)).sorted())
            return
        }
        // Nothing is named: one column of numbers (besides a volume) is the series; several are ambiguous.
        let candidates = numeric.filter { $0 != volume && roles[$0] == nil }
        switch candidates.count {
        case 0:
            throw fail(
                "no column of numbers to chart besides the \(timeName) column: \(quoted(others.isEmpty ? [time] : others))"
            )
        case 1:
            series =
                wanted == .cases
                ? .counts(time: time, timeName: timeName, columns: candidates)
                : .prices(PriceColumns(time: time, timeName: timeName, prices: candidates, volume: volume))
        default:
            throw Self.ambiguous(candidates, names: names, fail: fail)
        }
    }

    /// The candle found among `columns` by their values, when it agrees with the columns the
    /// names give (`named`: open, high, low, close); `nil` when no four columns hold one or
    /// the names say otherwise (the names then decide, as before).
    ///
    /// - Throws: ``DataError/malformed(source:location:reason:)`` when several sets of columns
    ///   hold candles, or when the open and close cannot be told apart, naming the choices.
    private static func candleByContent<Cursor: TableCursor>(
        _ cursor: Cursor, probe: TableProbe, time: Int, roles: [(role: ColumnRole, rank: Int)?], columns: [Int],
        named: (open: Int?, high: Int?, low: Int?, close: Int?), fail: (String) -> DataError
    ) throws(DataError) -> (prices: [Int], note: String)? {
        func shown(_ column: Int) -> String { "\(MessageText.quote(cursor.displayName(column)))" }
        let found: (low: Int, high: Int, middles: [Int])
        switch CandleColumns.search(probe, columns: columns) {
        case .none:
            return nil
        case .ambiguous(let pairs):
            let list = pairs.prefix(6).map { "\(shown($0.low))…\(shown($0.high))" }.joined(separator: ", ")
            throw fail(
                "\(pairs.count) sets of columns hold candles (a low and a high with an open and a close between them): \(list); name the columns open, high, low and close, or choose one series by its column's name"
            )
        case .found(let low, let high, let middles):
            found = (low, high, middles)
        }
        var middles = found.middles
        if middles.count > 2 {
            // Names pick the open and the close among more than two (an `Adj Close` beside `Close`).
            let open = middles.first { roles[$0]?.role == .open }
            let close =
                middles.first { roles[$0]?.role == .close } ?? middles.first { roles[$0]?.role == .adjustedClose }
            guard let open, let close else {
                throw fail(
                    "\(middles.count) columns lie between the low \(shown(found.low)) and the high \(shown(found.high)) on every row: \(middles.prefix(8).map(shown).joined(separator: ", ")); name the open and the close, or choose one series by its column's name"
                )
            }
            middles = [open, close]
        }
        let (a, b) = (middles[0], middles[1])
        let openFirst: Bool
        if roles[a]?.role == .open || roles[b]?.role == .close || roles[b]?.role == .adjustedClose {
            openFirst = true
        } else if roles[b]?.role == .open || roles[a]?.role == .close || roles[a]?.role == .adjustedClose {
            openFirst = false
        } else if let byTime = CandleColumns.isOpenFirst(probe, time: time, a, b) {
            openFirst = byTime
        } else {
            throw fail(
                "\(shown(a)) and \(shown(b)) hold the open and the close (between the low \(shown(found.low)) and the high \(shown(found.high))), but the rows do not tell which is which; name them open and close"
            )
        }
        let (open, close) = openFirst ? (a, b) : (b, a)
        // Names that say otherwise win, as before: the values only fill in what they leave out.
        for (name, column) in [
            (named.open, open), (named.high, found.high), (named.low, found.low), (named.close, close),
        ]
        where name != nil && name != column {
            return nil
        }
        let note =
            "read the candle by its values (low ≤ open, close ≤ high on the first \(probe.records) rows; one in twenty may differ): open \(shown(open)), high \(shown(found.high)), low \(shown(found.low)), close \(shown(close)); name the columns if this is wrong"
        return ([open, found.high, found.low, close], note)
    }

    /// The error for several columns that could each be the series.
    private static func ambiguous(_ columns: [Int], names: [String], fail: (String) -> DataError) -> DataError {
        let shown = columns.prefix(8).map { "\(MessageText.quote(names[$0])) (column \($0 + 1))" }
        let list = shown.count == 2 ? shown.joined(separator: " and ") : shown.joined(separator: ", ")
        let example = names[columns[0]].contains(" ") ? "\"\(names[columns[0]])\"" : names[columns[0]]
        return fail(
            "cannot tell which column to chart: \(columns.count) columns hold numbers (\(list)\(columns.count > 8 ? ", …" : "")) and none is named as a price (close, price, value) or a count (cases, deaths); choose the column to chart by its name, e.g. \(MessageText.cut(example))"
        )
    }

    /// The column `name` asked for: by its name as written (ignoring case and spacing), then as
    /// the reader matches names, then `column 3` for a column without a name.
    private static func find<Cursor: TableCursor>(_ name: String, in cursor: Cursor, excluding time: Int)
        throws(DataError) -> Int
    {
        let names = cursor.names
        let wanted = CSVTable.key(name)
        if let column = names.indices.first(where: { CSVTable.key(names[$0]) == wanted }) { return column }
        let key = ColumnNames.key(name)
        if !key.isEmpty, let column = names.indices.first(where: { ColumnNames.key(names[$0]) == key }) {
            return column
        }
        let words = wanted.split(separator: " ")
        // checked: Int(String) parses text and is nil for anything out of range.
        if words.count == 2, words[0] == "column", let number = Int(words[1]), (1...names.count).contains(number) {
            return number - 1
        }
        let candidates = names.indices.filter { $0 != time }.map { NameMatcher.Candidate(names[$0]) }
        throw .notFound(
            source: cursor.source, kind: "column", name: name,
            suggestions: NameMatcher.closeMatches(for: name, in: candidates))
    }

    /// What the search for the column of times found.
    enum TimeSearch {
        case found(Int)
        /// No column holds times in order; the error says so.
        case none(DataError)
        /// Two or more do equally well; the error names them.
        case ambiguous(DataError)
    }

    /// The column of dates or times: most of its first cells read as times, in order (rising or
    /// falling), and it is not named as a value. A column named as a date (`date`, `Gmt time`,
    /// `timestamp`) goes first, then text dates before Unix times, then strictly ordered times;
    /// of columns still tied, one that each other lies a constant span after (an open time
    /// beside a close time).
    static func findTime<Cursor: TableCursor>(_ cursor: Cursor, probe: TableProbe) -> TimeSearch {
        let roles = cursor.names.map(ColumnNames.role)
        var scored: [(column: Int, score: Int)] = []
        for column in probe.columns.indices where probe.columns[column].isTimes {
            var named = false
            switch roles[column]?.role {
            case .time(let primary)?: named = primary
            case nil: break
            default: continue  // `close`, `volume`: a value, whatever it looks like
            }
            let order = probe.order(column)
            guard order.monotonic, order.varies || probe.records == 1 else { continue }
            let score = (named ? 4 : 0) + (probe.columns[column].epochs == 0 ? 2 : 0) + (order.strict ? 1 : 0)
            scored.append((column, score))
        }
        let quotedNames = cursor.names.indices.prefix(8).map {
            cursor.names[$0].isEmpty ? "column \($0 + 1)" : MessageText.quote(cursor.names[$0])
        }
        guard let top = scored.max(by: { $0.score < $1.score }) else {
            return .none(
                .malformed(
                    source: cursor.source, location: cursor.headerLocation,
                    reason:
                        "no column holds dates or times in order (looked at \(quotedNames.joined(separator: ", "))\(cursor.names.count > 8 ? ", …" : "")): dates such as 2024-01-31, 01/31/2024 or 31.01.2024 09:30, or Unix times in seconds or milliseconds between 1973 and 2286"
                ))
        }
        let tied = scored.filter { $0.score == top.score }.map(\.column)
        if tied.count > 1, let start = startOfPeriod(probe, tied) { return .found(start) }
        guard tied.count == 1 else {
            let list = tied.map { cursor.names[$0].isEmpty ? "column \($0 + 1)" : MessageText.quote(cursor.names[$0]) }
            return .ambiguous(
                .malformed(
                    source: cursor.source, location: cursor.headerLocation,
                    reason:
                        "\(list.joined(separator: " and ")) both hold times in order; name the one that dates each row 'date' (or remove the other)"
                ))
        }
        return .found(top.column)
    }

    /// Of columns of times that each lie a constant span after one of them on every sampled row
    /// (Binance's open time and close time, 59.999 s apart), that one: a bar is dated by when
    /// its period starts. `nil` when the spans are not constant (to 1 %) or not positive.
    private static func startOfPeriod(_ probe: TableProbe, _ columns: [Int]) -> Int? {
        let times = columns.map { probe.seconds($0, monthFirst: true) }
        guard
            let earliest = times.indices.min(by: {
                (times[$0].compactMap { $0 }.first ?? .infinity) < (times[$1].compactMap { $0 }.first ?? .infinity)
            })
        else { return nil }
        for other in times.indices where other != earliest {
            let spans = zip(times[earliest], times[other]).compactMap { pair -> Double? in
                guard let start = pair.0, let end = pair.1 else { return nil }
                return end - start
            }
            guard let low = spans.min(), let high = spans.max(), low > 0, high - low <= 0.01 * high else { return nil }
        }
        return columns[earliest]
    }

    /// Refuses a long table (several series, told apart by a text column such as `ticker`),
    /// which read as one series would zigzag between them: two sampled rows with one time
    /// whose texts differ.
    private static func checkOneSeries<Cursor: TableCursor>(_ cursor: Cursor, probe: TableProbe, time: Int)
        throws(DataError)
    {
        let textColumns = probe.columns.indices.filter { $0 != time && !probe.columns[$0].isNumeric }
        guard !textColumns.isEmpty else { return }
        var first: [Double: Int] = [:]
        for (row, seconds) in probe.seconds(time, monthFirst: true).enumerated() {
            guard let seconds else { continue }
            guard let earlier = first[seconds] else {
                first[seconds] = row
                continue
            }
            for column in textColumns {
                guard let a = probe.columns[column].texts[earlier], let b = probe.columns[column].texts[row], a != b
                else { continue }
                throw .malformed(
                    source: cursor.source, location: cursor.headerLocation,
                    reason:
                        "rows share a time and differ in \(cursor.displayName(column)) (\(MessageText.quote(a)) and \(MessageText.quote(b))): the table holds several series, and one is read at a time; keep the rows of one (or use a format that picks a region: nyt, owid)"
                )
            }
        }
    }

    /// The text a column holds on every sampled row, when one text column does: the region.
    private static func constantText(_ probe: TableProbe, columns: [Int]) -> String? {
        let constant = columns.compactMap { column -> String? in
            let texts = Set(
                probe.columns[column].texts.compactMap { $0 }.map { $0.trimmingCharacters(in: .whitespaces) })
            guard texts.count == 1, let only = texts.first, !only.isEmpty,
                probe.columns[column].texts.compactMap({ $0 }).count == probe.records
            else { return nil }
            return only
        }
        return constant.count == 1 ? constant[0] : nil
    }
}
