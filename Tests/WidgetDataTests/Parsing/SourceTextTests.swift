import Foundation
import Testing
import WidgetData

/// Encoding rules, seen through the public entry point.
@Suite("Text encoding")
struct SourceTextTests {
    @Test("invalid UTF-8 is an error naming line, column and byte offset")
    func invalidUTF8() {
        var data = Data("Date,Close\n2021-01-01,1\n2021-01-02,".utf8)
        data.append(contentsOf: [0xE9, 0x32, 0x0A])
        let error = dataError { _ = try readOHLC(data, source: "latin1.csv") }
        #expect(
            error
                == .malformed(
                    source: "latin1.csv", location: "3:12",
                    reason: "not UTF-8 text: byte 0xE9 at offset 35 is not valid UTF-8; save the file as UTF-8"))
    }

    @Test(
        "overlong forms and surrogates are not UTF-8",
        arguments: [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] as [[UInt8]])
    func badSequences(bytes: [UInt8]) {
        var data = Data("date,close\n2021-01-01,1\n".utf8)
        data.append(contentsOf: bytes)
        guard case .malformed(_, let location, _)? = dataError({ _ = try readOHLC(data) }) else {
            Issue.record("expected malformed")
            return
        }
        #expect(location == "3:1")
    }

    @Test("a UTF-8 byte order mark is removed; UTF-16 is refused")
    func byteOrderMarks() throws {
        let csv = Data([0xEF, 0xBB, 0xBF]) + Data("Date,Close\n2021-01-01,1\n".utf8)
        #expect(try readOHLC(csv).value.bars.count == 1)
        let json = Data([0xEF, 0xBB, 0xBF]) + Data("[[1700000000,1,2,1.2,1.5,3]]".utf8)
        #expect(try readOHLC(json).format == .coinbase)
        let utf16 = Data([0xFF, 0xFE]) + Data("D\0a\0".utf8)
        #expect(dataError { _ = try readOHLC(utf16) }?.description.contains("UTF-16") == true)
    }

    @Test("multi-byte text keeps columns in characters")
    func columns() {
        let json = Data("{\"pays\": \"Côte d'Ivoire\", x}".utf8)
        guard case .malformed(_, let location, _)? = dataError({ _ = try readCases(json) }) else {
            Issue.record("expected malformed")
            return
        }
        #expect(location == "1:27")
    }
}
