import Foundation
import Testing

@testable import WidgetData

@Suite("CSVTable")
struct CSVTableTests {
    func table(_ text: String) throws -> CSVTable {
        try CSVTable(SourceText(Data(text.utf8), source: "t.csv"))
    }

    @Test(
        "the delimiter is the most frequent of , ; and tab in the header",
        arguments: [
            ("a,b,c\n1,2,3\n", 0x2C), ("a;b;c\n1,5;2;3\n", 0x3B), ("a\tb\n1\t2\n", 0x09), ("\"x;y\",b\n", 0x2C),
            ("single\n1\n", 0x2C),
            ("\n\nDate;Close\n", 0x3B),
        ] as [(String, UInt8)])
    func delimiter(text: String, expected: UInt8) throws {
        #expect(try table(text).delimiter == expected)
    }

    @Test("header names are trimmed and matched ignoring case and spacing")
    func headerKeys() throws {
        let header = try table("  Date , Adj   Close,\"Close\"\n")
        #expect(header.names == ["Date", "Adj   Close", "Close"])
        #expect(header.keys == ["date", "adj close", "close"])
        #expect(header.column(["close"]) == 2)
    }

    @Test("a ;-file's decimal mark comes from its cells")
    func decimalMark() throws {
        #expect(try table("d;v\nx;1,5\n").numberStyle(columns: [1]) == .decimalComma)
        #expect(try table("d;v\nx;1.234,5\n").numberStyle(columns: [1]) == .decimalComma)
        #expect(try table("d;v\nx;1.2.345\n").numberStyle(columns: [1]) == .decimalComma)
        #expect(try table("d;v\nx;2.5\n").numberStyle(columns: [1]) == .decimalPoint)
        #expect(try table("d;v\nx;1,234.5\n").numberStyle(columns: [1]) == .decimalPoint)
        #expect(try table("d;v\nx;1.050\n").numberStyle(columns: [1]) == .decimalPoint)
        #expect(try table("d,v\nx,\"1,5\"\n").numberStyle(columns: [1]) == .decimalPoint)
    }

    @Test("rows narrower than the header, or wider with text, are flagged; trailing empty fields are fine")
    func width() throws {
        var csv = try table("a,b,c\n1,2\n1,2,3,\n1,2,3,4\n")
        var problems: [String?] = []
        while let row = try csv.scanner.next() { problems.append(csv.widthProblem(row)) }
        #expect(problems.count == 3)
        #expect(problems[0]?.contains("has 2 fields, the header has 3") == true)
        #expect(problems[1] == nil)
        #expect(problems[2]?.contains("has 4 fields") == true)
    }

    @Test("an empty file has no header")
    func empty() {
        #expect(dataError { _ = try table("") } == .empty(source: "t.csv", reason: "empty file"))
    }
}
