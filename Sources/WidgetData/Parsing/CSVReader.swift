/// Splits CSV text into records (RFC 4180: quoted fields may hold commas,
/// doubled quotes and newlines), remembering the line each record starts on.
public struct CSVReader {
    /// One record and the 1-based line it starts on.
    public struct Record: Sendable, Hashable {
        public var line: Int
        public var fields: [String]
    }

    /// Parses the whole text.
    ///
    /// - Throws: ``DataError/malformed(source:location:reason:)`` for a quote left open at the end.
    public static func records(in text: String, source: String) throws(DataError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var line = 1
        var recordLine = 1
        var quoteLine = 1
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        var fieldStarted = false

        func next() -> Unicode.Scalar? {
            if let scalar = pending {
                pending = nil
                return scalar
            }
            return iterator.next()
        }
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
            field = ""
            fieldStarted = false
        }

        while let scalar = next() {
            if inQuotes {
                if scalar == "\"" {
                    if let following = next() {
                        if following == "\"" {
                            field.unicodeScalars.append("\"")
                        } else {
                            inQuotes = false
                            pending = following
                        }
                    } else {
                        inQuotes = false
                    }
                } else {
                    // Count CRLF, lone CR and lone LF each as one line break, as outside quotes.
                    if scalar == "\r" || (scalar == "\n" && field.unicodeScalars.last != "\r") { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where !fieldStarted || field.isEmpty:
                inQuotes = true
                fieldStarted = true
                quoteLine = line
            case ",":
                fields.append(field)
                field = ""
                fieldStarted = false
            case "\r":
                // CRLF or a lone CR ends the record.
                if let following = next(), following != "\n" { pending = following }
                endRecord()
                line += 1
                recordLine = line
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            default:
                field.unicodeScalars.append(scalar)
                fieldStarted = true
            }
        }
        if inQuotes {
            throw .malformed(source: source, location: "\(quoteLine)", reason: "quoted field is never closed")
        }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
    }
}
