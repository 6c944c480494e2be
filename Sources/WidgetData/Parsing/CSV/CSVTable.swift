import Foundation

/// A CSV file opened for a format parser: its delimiter, its header and a scanner positioned
/// at the first data row.
///
/// - The delimiter is whichever of `,`, `;`, tab and `|` splits the header line most often
///   (outside quotes), preferring one that splits the first rows into as many fields as the
///   header; `,` when there is a tie or none.
/// - Column names are matched ignoring case, surrounding spaces and runs of spaces.
/// - Numbers: in a `,` file the decimal mark is `.` and `,` may only group thousands inside a
///   quoted field (`"20,172,049"`). In a `;`, tab or `|` file the value cells decide: `1,5` or
///   `1.234,5` make `,` the decimal mark; `2.5` or `1,234.5` make it `.`; both kinds in one
///   file are an error. Grouping is only accepted in groups of three digits.
struct CSVTable {
    let text: SourceText
    let delimiter: UInt8
    let header: CSVScanner.Row
    /// The header names as written (unquoted, trimmed).
    let names: [String]
    /// The header names normalized for matching.
    let keys: [String]
    /// Positioned after the header.
    var scanner: CSVScanner
    /// Lines before the header that are not part of the table (a download's note such as
    /// `Timestamps are UTC timezone,https://…`): how many, and the first, for a note.
    let preamble: (lines: Int, first: String)?
    /// Whether the first line is data, not names (every field a number or a date): the columns
    /// are then named `column 1`, `column 2`, … and the first line is read as a row.
    let isHeaderless: Bool

    var source: String { text.source }

    /// Opens `text`.
    ///
    /// - Throws: ``DataError/empty(source:reason:)`` when there is no header line;
    ///   ``DataError/malformed(source:location:reason:)`` for a quote never closed.
    init(_ text: SourceText) throws(DataError) {
        self.text = text
        let (delimiter, preambleLines) = Self.layout(in: text.bytes)
        self.delimiter = delimiter
        var scanner = CSVScanner(text, delimiter: delimiter)
        var preamble: (lines: Int, first: String)?
        for _ in 0..<preambleLines {
            guard let row = try scanner.next() else { break }
            let first =
                preamble?.first ?? text.excerpt(from: row.fields.first?.start ?? 0, to: row.fields.last?.end ?? 0)
            preamble = ((preamble?.lines ?? 0) + 1, first)
        }
        self.preamble = preamble
        let beforeHeader = scanner
        guard let header = try scanner.next() else { throw .empty(source: text.source, reason: "empty file") }
        self.header = header
        isHeaderless = Self.isData(header, scanner)
        if isHeaderless {
            names = (1...header.count).map { "column \($0)" }
            scanner = beforeHeader
        } else {
            names = header.fields.map { scanner.string($0).trimmingCharacters(in: .whitespaces) }
        }
        keys = names.map { Self.key($0) }
        self.scanner = scanner
    }

    /// Whether a first line is a row of data rather than names: two or more fields, each a
    /// number or a date (or empty), at least one a number.
    private static func isData(_ row: CSVScanner.Row, _ scanner: CSVScanner) -> Bool {
        guard row.count >= 2 else { return false }
        var numbers = 0
        for field in row.fields where !scanner.isBlank(field) {
            if case .value = scanner.number(field, style: .decimalPoint) {
                numbers += 1
                continue
            }
            if case .invalid = scanner.time(field) { return false }
        }
        return numbers > 0
    }

    /// A header name as matched: lowercased, with spaces trimmed and runs of spaces made one.
    static func key(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// The first column whose key is one of `aliases` (already normalized).
    func column(_ aliases: [String]) -> Int? {
        for alias in aliases {
            if let index = keys.firstIndex(of: alias) { return index }
        }
        return nil
    }

    /// The columns whose key is `key`, to report duplicates.
    func columns(named key: String) -> [Int] {
        keys.indices.filter { keys[$0] == key }
    }

    /// The header, quoted for messages.
    var headerText: String {
        text.excerpt(
            from: header.fields.first?.start ?? 0, to: header.fields.last?.end ?? 0, limit: 120)
    }

    /// Whether ``widthProblem(_:)`` has something to say, without building the text.
    func hasWidthProblem(_ row: CSVScanner.Row) -> Bool {
        row.count < header.count
            || (row.count > header.count && row.fields[header.count...].contains(where: { !scanner.isBlank($0) }))
    }

    /// Why a row's width differs from the header's, or `nil` when it is fine. Extra fields are
    /// accepted only when they are all empty (a trailing delimiter).
    func widthProblem(_ row: CSVScanner.Row) -> String? {
        if row.count < header.count {
            return "has \(row.count) fields, the header has \(header.count) (a missing or truncated field?)"
        }
        if row.count > header.count, row.fields[header.count...].contains(where: { !scanner.isBlank($0) }) {
            return
                "has \(row.count) fields, the header has \(header.count) (an unquoted delimiter, such as a decimal comma, in a value?)"
        }
        return nil
    }

    /// The number style for the value `columns`, reading the data rows once when the delimiter
    /// is not a comma.
    ///
    /// - Throws: ``DataError/malformed(source:location:reason:)`` when cells disagree on the decimal mark.
    func numberStyle(columns: [Int]) throws(DataError) -> NumberParser.Style {
        guard delimiter != 0x2C else { return .decimalPoint }
        var probe = scanner
        var comma: (line: Int, text: String)?
        var point: (line: Int, text: String)?
        while let row = try probe.next() {
            for column in columns where column < row.count {
                let bytes = probe.unquoted(row.fields[column])
                switch Self.decimalMark(in: bytes) {
                case 0x2C: if comma == nil { comma = (row.line, String(decoding: bytes, as: UTF8.self)) }
                case 0x2E: if point == nil { point = (row.line, String(decoding: bytes, as: UTF8.self)) }
                default: break
                }
            }
            if comma != nil, point != nil { break }
        }
        switch (comma, point) {
        case (let comma?, let point?):
            throw .malformed(
                source: source, location: "\(max(comma.line, point.line))",
                reason:
                    "numbers disagree on the decimal mark: \(MessageText.quote(comma.text)) (line \(comma.line)) uses a comma, \(MessageText.quote(point.text)) (line \(point.line)) a point"
            )
        case (.some, nil): return .decimalComma
        default: return .decimalPoint
        }
    }

    /// The decimal mark a number cell shows unambiguously, if any: the last of `.`/`,` when both
    /// appear, or the only one when it is not followed by exactly three digits (so it cannot be
    /// a thousands separator).
    private static func decimalMark(in bytes: [UInt8]) -> UInt8? {
        let point: UInt8 = 0x2E
        let comma: UInt8 = 0x2C
        guard bytes.contains(where: { $0 >= 0x30 && $0 <= 0x39 }),
            bytes.allSatisfy({
                ($0 >= 0x30 && $0 <= 0x39) || $0 == point || $0 == comma || $0 == 0x2D || $0 == 0x2B || $0 == 0x20
            })
        else { return nil }
        let lastPoint = bytes.lastIndex(of: point)
        let lastComma = bytes.lastIndex(of: comma)
        switch (lastPoint, lastComma) {
        case (let p?, let c?): return p > c ? point : comma
        case (let p?, nil):
            // Several points can only group thousands; one followed by three digits could do either.
            if bytes.filter({ $0 == point }).count > 1 { return comma }
            return bytes.count - p - 1 == 3 ? nil : point
        case (nil, let c?):
            if bytes.filter({ $0 == comma }).count > 1 { return point }
            return bytes.count - c - 1 == 3 ? nil : comma
        case (nil, nil): return nil
        }
    }

    /// The delimiters a file may use, in the order that breaks ties: `,` `;` tab `|`.
    static let delimiters: [UInt8] = [0x2C, 0x3B, 0x09, 0x7C]

    /// `,`, `;`, tab or `|`, sniffed from the header line and the first rows (outside quotes):
    /// the one that splits the header most often among those that split every sampled row into
    /// as many fields as the header (a `;` file whose values have decimal commas, a tab file
    /// whose names hold commas); failing that, the one that splits the header most often; `,`
    /// when none does or on a tie.
    ///
    /// A preamble of up to ``maximumPreambleLines`` lines is skipped when no delimiter splits
    /// the first line as it splits the rows below, and one does once those lines are left out
    /// (a header of three or more fields and at least two rows like it), each of them split into
    /// at most half as many fields as the header.
    private static func layout(in bytes: UnsafeBufferPointer<UInt8>) -> (delimiter: UInt8, preamble: Int) {
        let lines = delimiterCounts(in: bytes, lines: 8, byteLimit: 1 << 16)
        let plain = delimiter(lines[...])
        guard !plain.consistent, lines.count >= 3 else { return (plain.delimiter, 0) }
        for skip in 1...maximumPreambleLines where lines.count - skip >= 3 {
            let found = delimiter(lines[skip...])
            guard found.consistent, let slot = delimiters.firstIndex(of: found.delimiter) else { continue }
            let header = lines[skip][slot]
            // Non-tabular lines: at most half as many fields as the header, which has three or more.
            if header >= 2, lines[..<skip].allSatisfy({ $0[slot] * 2 < header }) { return (found.delimiter, skip) }
        }
        return (plain.delimiter, 0)
    }

    /// The most lines before a header that are skipped as a preamble.
    static var maximumPreambleLines: Int { 3 }

    /// The delimiter for lines whose first is the header, and whether it splits every row alike.
    private static func delimiter(_ lines: ArraySlice<[Int]>) -> (delimiter: UInt8, consistent: Bool) {
        guard let header = lines.first else { return (0x2C, false) }
        let rows = lines.dropFirst()
        var best: (delimiter: UInt8, count: Int, consistent: Bool)?
        for (slot, delimiter) in delimiters.enumerated() {
            let count = header[slot]
            guard count > 0 else { continue }
            // A trailing delimiter adds one field that is empty; it still counts as the same width.
            let consistent = rows.allSatisfy { $0[slot] == count || $0[slot] == count + 1 }
            if let current = best, (current.consistent ? 1 : 0, current.count) >= (consistent ? 1 : 0, count) {
                continue
            }
            best = (delimiter, count, consistent)
        }
        return (best?.delimiter ?? 0x2C, best?.consistent ?? false)
    }

    /// For each of the first `lines` non-blank lines, how often each of ``delimiters`` occurs
    /// outside quotes; lines after the first are read only within `byteLimit` bytes.
    private static func delimiterCounts(in bytes: UnsafeBufferPointer<UInt8>, lines: Int, byteLimit: Int) -> [[Int]] {
        var result: [[Int]] = []
        var counts = [0, 0, 0, 0]
        var sawText = false
        var inQuotes = false
        var index = 0
        var limit = bytes.count
        while index < limit {
            let byte = bytes[index]
            index += 1
            if byte == 0x22 {
                inQuotes.toggle()
                sawText = true
            } else if !inQuotes, byte == 0x0A || byte == 0x0D {
                guard sawText else { continue }
                result.append(counts)
                if result.count == lines { return result }
                if result.count == 1 { limit = min(bytes.count, index + byteLimit) }
                counts = [0, 0, 0, 0]
                sawText = false
            } else if !inQuotes, let slot = delimiters.firstIndex(of: byte) {
                counts[slot] += 1
                sawText = true
            } else if byte != 0x20 {
                sawText = true
            }
        }
        // The last line counts only when it was read to its end.
        if sawText, index == bytes.count { result.append(counts) }
        return result
    }
}
