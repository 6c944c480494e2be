import Foundation
import PropertyBased
import Testing
import WidgetData

/// CSV written by the rules of RFC 4180 reads back field for field, whatever the fields hold:
/// commas, quotes, line breaks of every kind, spaces and non-ASCII text.
@Suite("CSV: properties")
struct CSVPropertyTests {
    /// Characters that stress quoting.
    static let characters = Gen<Character?>.element(of: Array("ab1 ,\"\n\r\t;é€😀-.") as [Character]).map { $0 ?? "a" }
    static let field = characters.string(of: 0...8)

    /// One field as a writer quotes it: in quotes, with quotes doubled, when it needs them.
    static func encode(_ field: String) -> String {
        // By scalars: "\r\n" is one Character, which `contains("\n")` would not find.
        guard field.unicodeScalars.contains(where: { ",\"\n\r".unicodeScalars.contains($0) }) || field.isEmpty
        else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// CRLF, a lone CR and a lone LF each count as one, by scalars.
    static func lineBreaks(in text: String) -> Int {
        let scalars = Array(text.unicodeScalars)
        var count = 0
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\n" || (scalar == "\r" && (index + 1 == scalars.count || scalars[index + 1] != "\n")) {
                count += 1
            }
        }
        return count
    }

    @Test("write then read gives the same records, with line numbers counting every line break")
    func roundTrip() async {
        await propertyCheck(count: 300, input: Self.field.array(of: 3).array(of: 1...6)) { rows in
            let text = rows.map { $0.map(Self.encode).joined(separator: ",") + "\n" }.joined()
            let records = try? CSVReader.records(in: text, source: "p.csv")
            #expect(records?.map(\.fields) == rows, "\(text.debugDescription)")
            // A record starts on the line after all the line breaks before it.
            var line = 1
            for (index, row) in rows.enumerated() {
                #expect(records?[safe: index]?.line == line)
                let encoded = row.map(Self.encode).joined(separator: ",")
                line += Self.lineBreaks(in: encoded) + 1
            }
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
