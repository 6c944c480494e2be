import Foundation
import Testing

@testable import WidgetData

@Suite("JSONDocument")
struct JSONDocumentTests {
    func parse(_ text: String) throws(DataError) -> JSONDocument {
        try JSONDocument(SourceText(Data(text.utf8), source: "t.json"))
    }

    func failure(_ text: String) -> (location: String, reason: String)? {
        guard case .malformed(_, let location, let reason)? = dataError({ _ = try parse(text) }) else { return nil }
        return (location, reason)
    }

    @Test("values, nesting and positions")
    func values() throws {
        let document = try parse(#"{"a": [1, -2.5e3, "x\n\u00e9\ud83d\ude00", true, false, null], "b": {}}"#)
        let root = document.root
        let a = try #require(root["a"]?.elements)
        #expect(a.count == 6)
        #expect(a[0].number == .value(1))
        #expect(a[1].number == .value(-2500))
        #expect(a[2].string == "x\né😀")
        #expect(a.map(\.kind) == [.number, .number, .string, .true, .false, .null])
        #expect(root["b"]?.count == 0)
        #expect(root["missing"] == nil)
        #expect(a[1].location == "1:11")
        #expect(root.keys == ["a", "b"])
    }

    @Test(
        "syntax errors give line:column and what was expected",
        arguments: [
            ("[1, 2,]", "1:7", "trailing comma"),
            ("{\"a\" 1}", "1:6", "expected ':'"),
            ("[01]", "1:2", "leading zeros"),
            ("[1 2]", "1:4", "expected ',' or ']'"),
            ("[\"a\nb\"]", "1:4", "line break"),
            (#"["\x"]"#, "1:3", "is not a JSON escape"),
            (#"["\ud800"]"#, "1:3", "surrogate"),
            ("[1]\n]", "2:1", "after the end of the JSON value"),
            ("[nul]", "1:2", "expected a value"),
            ("{\n  \"a\": [1,\n  2", "3:4", "ends inside an array that opens at 2:8"),
            ("\"abc", "1:5", "ends inside a string"),
        ])
    func syntaxErrors(text: String, location: String, reason: String) throws {
        let found = try #require(failure(text))
        #expect(found.location == location)
        #expect(found.reason.contains(reason), "\(found.reason)")
        #expect(found.reason.hasPrefix("invalid JSON: "))
    }

    @Test("100 000 nested brackets fail cleanly at the nesting limit, with no stack overflow")
    func deepNesting() throws {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let found = try #require(failure(text))
        #expect(found.location == "1:513")
        #expect(found.reason.contains("nested deeper than 512 levels"))
        // 512 levels are fine.
        let document = try parse(String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
        #expect(document.root.kind == .array)
    }

    @Test("NaN, Infinity and -Infinity tokens parse as non-finite numbers")
    func nonFiniteTokens() throws {
        let values = try #require(try parse("[NaN, Infinity, -Infinity, 1e400, 1.7976931348623157e308]").root.elements)
        #expect(values[0].number == .notFinite)
        #expect(values[1].number == .notFinite)
        #expect(values[2].number == .notFinite)
        #expect(values[3].number == .outOfRange)
        #expect(values[4].number == .value(.greatestFiniteMagnitude))
    }

    @Test("empty input is empty, not malformed")
    func emptyInput() {
        #expect(dataError { _ = try parse(" \n ") } == .empty(source: "t.json", reason: "empty file"))
    }

    @Test("numbers in strings are read strictly")
    func numericStrings() throws {
        let values = try #require(try parse(#"["0.72270000", " 12 ", "0x10", "1,5", "NaN", ""]"#).root.elements)
        #expect(values[0].number == .value(0.7227))
        #expect(values[1].number == .value(12))
        #expect(values.dropFirst(2).map(\.number).allSatisfy { if case .value = $0 { false } else { true } })
    }
}
