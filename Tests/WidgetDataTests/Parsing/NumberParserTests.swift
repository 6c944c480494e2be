import Testing

@testable import WidgetData

@Suite("NumberParser")
struct NumberParserTests {
    @Test(
        "plain decimals, signs and exponents",
        arguments: [
            ("0", 0.0), ("42", 42), ("-3.25", -3.25), ("+7", 7), (".5", 0.5), ("5.", 5), ("1e3", 1000),
            ("2.5E-2", 0.025),
            ("  12.5  ", 12.5), ("0.000000000000000000001", 1e-21), ("123456789012345678901234", 1.2345678901234568e23),
            ("1.7976931348623157e308", .greatestFiniteMagnitude),
            ("-1.7976931348623157e308", -.greatestFiniteMagnitude),
            ("4.9e-324", Double.leastNonzeroMagnitude), ("0.1", 0.1), ("29039.011719", 29039.011719),
        ])
    func plain(text: String, value: Double) {
        #expect(NumberParser.parse(text) == .value(value))
    }

    @Test(
        "NaN and infinity spellings are not finite",
        arguments: ["NaN", "nan", "-nan", "inf", "-Inf", "Infinity", "+infinity"])
    func notFinite(text: String) {
        #expect(NumberParser.parse(text) == .notFinite)
    }

    @Test("missing-value markers", arguments: ["", "   ", "null", "NULL", "NA", "N/A", "#N/A", "None", "-"])
    func missing(text: String) {
        #expect(NumberParser.parse(text) == .missing)
    }

    @Test("overflow is out of range, never infinity", arguments: ["1e400", "-1e400", "1e99999999999", "2e308"])
    func overflow(text: String) {
        #expect(NumberParser.parse(text) == .outOfRange)
    }

    @Test("not numbers", arguments: ["abc", "12x", "0x10", "1..2", "1e", "e5", "--1", "1 2", "½", "1,5", "١٢"])
    func invalid(text: String) {
        if case .invalid = NumberParser.parse(text) {} else { Issue.record("\(text) was \(NumberParser.parse(text))") }
    }

    @Test("thousands separators only in groups of three")
    func grouping() {
        #expect(NumberParser.parse("20,172,049", style: .decimalPoint) == .value(20_172_049))
        #expect(NumberParser.parse("-1,234.5", style: .decimalPoint) == .value(-1234.5))
        #expect(NumberParser.parse("1.234,5", style: .decimalComma) == .value(1234.5))
        #expect(NumberParser.parse("1,05", style: .decimalComma) == .value(1.05))
        for text in ["1,05", "12,34,567", ",123", "1,2345", "1,234,56.7"] {
            if case .invalid = NumberParser.parse(text, style: .decimalPoint) {
            } else {
                Issue.record("\(text) accepted")
            }
        }
        if case .invalid(let reason) = NumberParser.parse("1,05", style: .decimalPoint) {
            #expect(reason.contains("decimal commas need a ';'-separated file"))
        }
    }

    @Test("the fast path agrees with the full parser")
    func fastPathAgrees() {
        for text in ["0.7227", "-12.5", "100", "3.14159265358979", "0.1", "1.22904", "999999999999999"] {
            let bytes = Array(text.utf8)
            let fast = bytes.withUnsafeBufferPointer { NumberParser.plainDecimal($0, from: 0, to: $0.count) }
            #expect(fast == Double(text), "\(text)")
        }
        #expect(
            [UInt8]("1234567890123456".utf8).withUnsafeBufferPointer {
                NumberParser.plainDecimal($0, from: 0, to: $0.count)
            } == nil)
    }
}
