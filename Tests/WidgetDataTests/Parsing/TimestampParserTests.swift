import Foundation
import Testing

@testable import WidgetData

@Suite("TimestampParser and TimeColumn")
struct TimestampParserTests {
    func seconds(_ text: String) -> Double? {
        if case .instant(let value) = TimestampParser.token(text) { return value }
        return nil
    }

    @Test(
        "ISO dates and times, with and without offsets",
        arguments: [
            ("2021-03-04", "2021-03-04T00:00:00Z"), ("2021-03-04 09:30", "2021-03-04T09:30:00Z"),
            ("2021-03-04T09:30:15Z", "2021-03-04T09:30:15Z"), ("2021-03-04T09:30:15+01:00", "2021-03-04T08:30:15Z"),
            ("2021-03-04 09:30:15 -0500", "2021-03-04T14:30:15Z"), ("2021-03-04T23:30+02", "2021-03-04T21:30:00Z"),
            ("2021/03/04", "2021-03-04T00:00:00Z"), ("20210304", "2021-03-04T00:00:00Z"),
            ("1969-07-20 20:17", "1969-07-20T20:17:00Z"),
            ("2040-02-29", "2040-02-29T00:00:00Z"),
        ])
    func iso(text: String, expected: String) throws {
        #expect(seconds(text) == (try utcInstant(expected)).timeIntervalSince1970)
    }

    @Test("year 1 is proleptic Gregorian, as ISO 8601 says (Foundation switches to Julian before 1582)")
    func yearOne() {
        #expect(seconds("0001-01-01") == -62_135_596_800)
        #expect(seconds("9999-12-31") == 253_402_214_400)
    }

    @Test("fractional seconds")
    func fractions() throws {
        #expect(
            seconds("2021-03-04T09:30:15.250Z") == (try utcInstant("2021-03-04T09:30:15Z")).timeIntervalSince1970 + 0.25
        )
    }

    @Test(
        "impossible dates and times are invalid, never rolled over",
        arguments: [
            "2021-02-29", "2021-04-31", "2021-00-10", "2021-13-01", "2021-01-01 24:00", "2021-01-01 12:60",
            "2021-01-01 12:00:60",
            "2021-01-01T12:00+25:00", "20210229", "2021-01-01 noon", "tomorrow", "", "12345", "2021-01", "44197",
        ])
    func invalid(text: String) {
        if case .invalid = TimestampParser.token(text) {
        } else {
            Issue.record("\(text) → \(TimestampParser.token(text))")
        }
    }

    @Test("Unix times: the unit follows the magnitude")
    func epochs() {
        #expect(TimestampParser.token("1700000000") == .epoch(1_700_000_000, .seconds))
        #expect(TimestampParser.token("1700000000000") == .epoch(1_700_000_000_000, .milliseconds))
        #expect(TimestampParser.token("1700000000.5") == .epoch(1_700_000_000.5, .seconds))
        if case .invalid = TimestampParser.token("17000000000") {} else { Issue.record("11 digits are neither unit") }
    }

    @Test("a column settles day/month order per separator")
    func columnOrder() throws {
        var column = TimeColumn()
        let cells = ["3/4/2021", "13/4/2021", "3.4.2021", "3.14.2021"]
        let tokens = cells.map { TimestampParser.token($0) }
        for (index, token) in tokens.enumerated() { column.observe(token, position: index + 2) }
        let settled = try column.settle(source: "t") { ("\($0)", "line \($0)") }
        let values = tokens.map { try? settled.seconds($0).get() }
        #expect(values[0] == (try utcInstant("2021-04-03")).timeIntervalSince1970)
        #expect(values[2] == (try utcInstant("2021-03-04")).timeIntervalSince1970)
    }

    @Test("a column with a fallback order reads ambiguous dates with it")
    func fallbackOrder() throws {
        var column = TimeColumn(fallbackOrder: .monthFirst)
        let token = TimestampParser.token("3/4/20")
        column.observe(token, position: 1)
        let settled = try column.settle(source: "t") { ("\($0)", "line \($0)") }
        #expect(try settled.seconds(token).get() == (try utcInstant("2020-03-04")).timeIntervalSince1970)
    }

    @Test("two-digit years pivot at 70")
    func twoDigitYears() {
        #expect(StrictDate.usShort("1/1/69") == StrictDate.date(year: 2069, month: 1, day: 1))
        #expect(StrictDate.usShort("1/1/70") == StrictDate.date(year: 1970, month: 1, day: 1))
        #expect(StrictDate.usShort("12/31/99") == StrictDate.date(year: 1999, month: 12, day: 31))
    }

    @Test("messages print dates in ISO form")
    func text() {
        #expect(StrictDate.text(seconds: 0) == "1970-01-01")
        #expect(StrictDate.text(seconds: 1_613_901_600) == "2021-02-21T10:00:00Z")
        #expect(StrictDate.text(seconds: -86_400) == "1969-12-31")
    }
}
