/// Splits CSV bytes into records one at a time, without copying fields until asked.
///
/// RFC 4180 quoting: a field that starts with `"` may hold the delimiter, doubled quotes and
/// line breaks. LF, CR and CRLF each end a line, inside quotes too, so line numbers match
/// what an editor shows. Blank lines are skipped but counted. A quote inside an unquoted field
/// is an ordinary character, and text after a closing quote is kept, as most readers do.
///
/// Memory stays proportional to one record, so a 50 MB file streams through.
struct CSVScanner {
    /// One field: where its bytes are, and whether they need unquoting.
    struct Field {
        /// The raw bytes, quotes included.
        var start: Int
        var end: Int
        /// Where the value is when it can be read straight from the bytes
        /// (unquoted, or quoted without doubled quotes or trailing text).
        var contentStart: Int
        var contentEnd: Int
        /// The value must be rebuilt: doubled quotes, or text after the closing quote.
        var needsUnquoting: Bool
    }

    /// One record and the 1-based line it starts on.
    struct Row {
        var line: Int
        var fields: [Field]

        var count: Int { fields.count }
    }

    let text: SourceText
    let delimiter: UInt8
    private(set) var position: Int
    private(set) var line: Int
    /// The last record's field count, to size the next one.
    private var width = 8

    init(_ text: SourceText, delimiter: UInt8) {
        self.text = text
        self.delimiter = delimiter
        position = 0
        line = 1
    }

    /// The next record, or `nil` at the end.
    ///
    /// - Throws: ``DataError/malformed(source:location:reason:)`` for a quote never closed,
    ///   naming the line it opened on.
    mutating func next() throws(DataError) -> Row? {
        let bytes = text.bytes
        let count = bytes.count
        let delimiter = self.delimiter
        while position < count {
            // Blank lines are skipped before a record is made: 50 MB of them cost a scan, not
            // an array per line.
            let first = bytes[position]
            if first == 0x0A || first == 0x0D {
                position += first == 0x0D && position + 1 < count && bytes[position + 1] == 0x0A ? 2 : 1
                line += 1
                continue
            }
            var fields: [Field] = []
            fields.reserveCapacity(width)
            let recordLine = line
            var index = position
            while true {
                let fieldStart = index
                if index < count, bytes[index] == 0x22 {
                    fields.append(try quotedField(from: index, end: &index))
                } else {
                    // An unquoted field; a quote inside it is an ordinary character.
                    while index < count {
                        let byte = bytes[index]
                        if byte == delimiter || byte == 0x0A || byte == 0x0D { break }
                        index += 1
                    }
                    fields.append(
                        Field(
                            start: fieldStart, end: index, contentStart: fieldStart, contentEnd: index,
                            needsUnquoting: false))
                }
                guard index < count else { break }
                let byte = bytes[index]
                index += 1
                if byte == delimiter {
                    if index == count {
                        // A delimiter at the very end leaves one more, empty field.
                        fields.append(
                            Field(
                                start: index, end: index, contentStart: index, contentEnd: index, needsUnquoting: false)
                        )
                        break
                    }
                    continue
                }
                // LF, CR or CRLF ends the record.
                if byte == 0x0D, index < count, bytes[index] == 0x0A { index += 1 }
                line += 1
                break
            }
            position = index
            width = fields.count
            // A blank line is one empty field: skip it.
            if fields.count == 1, fields[0].contentStart == fields[0].contentEnd, !fields[0].needsUnquoting { continue }
            return Row(line: recordLine, fields: fields)
        }
        return nil
    }

    /// A field that starts with a quote, read up to the delimiter or line break that ends it.
    private mutating func quotedField(from start: Int, end: inout Int) throws(DataError) -> Field {
        let bytes = text.bytes
        let count = bytes.count
        var index = start + 1
        var inQuotes = true
        var quoteLine = line
        var contentEnd = index
        var closed = false
        var hasContent = false
        var needsUnquoting = false
        while index < count {
            let byte = bytes[index]
            if inQuotes {
                if byte == 0x22 {
                    if index + 1 < count, bytes[index + 1] == 0x22 {
                        needsUnquoting = true
                        hasContent = true
                        index += 2
                        continue
                    }
                    inQuotes = false
                    closed = true
                    contentEnd = index
                } else {
                    // CRLF, a lone CR and a lone LF each count as one line, as outside quotes.
                    if byte == 0x0D || (byte == 0x0A && bytes[index - 1] != 0x0D) { line += 1 }
                    hasContent = true
                }
                index += 1
                continue
            }
            if byte == delimiter || byte == 0x0A || byte == 0x0D { break }
            if byte == 0x22, !hasContent {
                inQuotes = true
                closed = false
                quoteLine = line
            } else {
                hasContent = true
            }
            // Text after the closing quote is kept, so the value must be rebuilt.
            needsUnquoting = true
            index += 1
        }
        if inQuotes {
            throw .malformed(source: text.source, location: "\(quoteLine)", reason: "quoted field is never closed")
        }
        end = index
        return Field(
            start: start, end: index, contentStart: start + 1, contentEnd: closed ? contentEnd : index,
            needsUnquoting: needsUnquoting)
    }

    /// A field's value as text.
    func string(_ field: Field) -> String {
        guard field.needsUnquoting else {
            return String(decoding: text.bytes[field.contentStart..<field.contentEnd], as: UTF8.self)
        }
        return String(decoding: unquoted(field), as: UTF8.self)
    }

    /// A field's value as text without surrounding spaces and tabs.
    func trimmedString(_ field: Field) -> String {
        guard !field.needsUnquoting else {
            let bytes = unquoted(field)
            var first = 0
            var last = bytes.count
            while first < last, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
            while last > first, bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09 { last -= 1 }
            return String(decoding: bytes[first..<last], as: UTF8.self)
        }
        let bytes = text.bytes
        var first = field.contentStart
        var last = field.contentEnd
        while first < last, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
        while last > first, bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09 { last -= 1 }
        return String(decoding: bytes[first..<last], as: UTF8.self)
    }

    /// A field's value as bytes, rebuilt when quoting requires it.
    func unquoted(_ field: Field) -> [UInt8] {
        let bytes = text.bytes
        guard field.needsUnquoting else { return Array(bytes[field.contentStart..<field.contentEnd]) }
        var result: [UInt8] = []
        var index = field.start
        var inQuotes = false
        let quote: UInt8 = 0x22
        while index < field.end {
            let byte = bytes[index]
            if inQuotes {
                if byte == quote {
                    if index + 1 < field.end, bytes[index + 1] == quote {
                        result.append(quote)
                        index += 2
                        continue
                    }
                    inQuotes = false
                } else {
                    result.append(byte)
                }
            } else if byte == quote, result.isEmpty {
                inQuotes = true
            } else {
                result.append(byte)
            }
            index += 1
        }
        return result
    }

    /// A plain decimal (`-12.5`) read quickly, or `nil` when ``number(_:style:)`` must decide.
    func plainNumber(_ field: Field) -> Double? {
        field.needsUnquoting
            ? nil : NumberParser.plainDecimal(text.bytes, from: field.contentStart, to: field.contentEnd)
    }

    /// A plain ISO date or date-time read quickly, or `nil` when ``time(_:)`` must decide.
    func plainTime(_ field: Field) -> Double? {
        field.needsUnquoting
            ? nil : TimestampParser.plainISO(text.bytes, from: field.contentStart, to: field.contentEnd)
    }

    /// Reads a field as a number.
    func number(_ field: Field, style: NumberParser.Style) -> NumberParser.Result {
        guard field.needsUnquoting else {
            return NumberParser.parse(text.bytes, from: field.contentStart, to: field.contentEnd, style: style)
        }
        return NumberParser.parse(unquoted(field), style: style)
    }

    /// Reads a field as a date or time.
    func time(_ field: Field) -> TimeToken {
        guard field.needsUnquoting else {
            return TimestampParser.token(text.bytes, from: field.contentStart, to: field.contentEnd)
        }
        return TimestampParser.token(unquoted(field))
    }

    /// Whether a field is empty after trimming spaces.
    func isBlank(_ field: Field) -> Bool {
        var index = field.contentStart
        while index < field.contentEnd {
            let byte = text.bytes[index]
            if byte != 0x20, byte != 0x09 { return false }
            index += 1
        }
        return true
    }
}
