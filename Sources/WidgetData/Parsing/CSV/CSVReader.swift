import Foundation

/// Splits CSV text into records (RFC 4180: quoted fields may hold commas,
/// doubled quotes and newlines), remembering the line each record starts on.
///
/// The format parsers stream records with an internal byte scanner; this type gives the
/// same records as strings, for callers that want a whole small file at once.
///
/// ```swift
/// let records = try CSVReader.records(in: "a,b\n\"x, y\",2\n", source: "t.csv")
/// // [Record(line: 1, fields: ["a", "b"]), Record(line: 2, fields: ["x, y", "2"])]
/// ```
public struct CSVReader {
    /// One record and the 1-based line it starts on.
    public struct Record: Sendable, Hashable {
        /// The line the record starts on (1-based; LF, CR and CRLF each end a line).
        public var line: Int
        /// The fields, unquoted.
        public var fields: [String]
    }

    /// Parses the whole text, with `,` between fields.
    ///
    /// - Parameters:
    ///   - text: the CSV text.
    ///   - source: the path or URL, for messages.
    /// - Returns: the records; blank lines are skipped.
    /// - Throws: ``DataError/malformed(source:location:reason:)`` for a quote left open at the end.
    public static func records(in text: String, source: String) throws(DataError) -> [Record] {
        let input = try SourceText(Data(text.utf8), source: source)
        var scanner = CSVScanner(input, delimiter: UInt8(ascii: ","))
        var records: [Record] = []
        while let row = try scanner.next() {
            records.append(Record(line: row.line, fields: row.fields.map { scanner.string($0) }))
        }
        return records
    }
}
