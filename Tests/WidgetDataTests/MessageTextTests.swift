import Foundation
import Testing
import WidgetData

/// Before: cell values were echoed raw in warnings (terminal escapes included) and never cut:
/// one warning was a 62.9-million-character line.
@Suite("Messages: one safe line")
struct MessageTextTests {
    @Test("a huge cell with a terminal escape is quoted escaped, cut short, with its length")
    func hugeEscapedCell() throws {
        let cell = "\u{1B}[31m" + String(repeating: "A", count: 62_914_560 - 5)
        let csv = "date,close\n2024-01-01,1\n2024-01-02,\(cell)\n"
        let result = try SeriesReader().readOHLC(Data(csv.utf8), source: "evil.csv")
        let warning = try #require(result.warnings.first)
        #expect(
            warning.description
                == #"evil.csv:3: skipped: bad prices: close "\u{1B}[31mAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…" (62,914,560 characters) has an unexpected character"#
        )
    }

    @Test("errors quote what the user asked for the same way")
    func errorQuotes() {
        let name = String(repeating: "x", count: 100) + "\n"
        let error = DataError.notFound(source: "a.csv", kind: "column", name: name, suggestions: ["\u{7}bell"])
        #expect(
            error.description
                == #"a.csv: no column "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…" (101 characters); close matches: "\u{7}bell""#
        )
        let choices = DataError.selectionRequired(source: "a.csv", kind: "pair", choices: ["A\r", "B"])
        #expect(choices.description == #"a.csv: holds 2 pairs; choose one, e.g. "A\r", "B""#)
    }

    @Test("a warning's source and message are escaped too")
    func warningEscapes() {
        let warning = DataWarning(source: "a\nb.csv", location: "3", message: "tab\there\u{9B}")
        #expect(warning.description == #"a\nb.csv:3: tab\there\u{9B}"#)
    }
}
