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

    @Test("two-digit years pivot at 69, as POSIX strptime's %y (was 70: 69 read as 2069)")
    func twoDigitYears() {
        #expect(StrictDate.usShort("1/1/68") == StrictDate.date(year: 2068, month: 1, day: 1))
        #expect(StrictDate.usShort("1/1/69") == StrictDate.date(year: 1969, month: 1, day: 1))
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

@Suite("Dates with month names, 12-hour clocks and two-digit years")
struct NamedMonthDateTests {
    func seconds(_ text: String) -> Double? {
        if case .instant(let value) = TimestampParser.token(text) { return value }
        return nil
    }

    @Test(
        "a day and a month's name in six languages, and the US order",
        arguments: [
            ("19-Sep-03", "2003-09-19"), ("19-SEP-2003", "2003-09-19"), ("19 Sep 2003", "2003-09-19"),
            ("19-sept.-2003", "2003-09-19"), ("19. Sept. 2003", "2003-09-19"), ("3 März 2021", "2021-03-03"),
            ("3-Mrz-21", "2021-03-03"), ("1 févr. 2020", "2020-02-01"), ("15-août-19", "2019-08-15"),
            ("2-ene-2024", "2024-01-02"), ("31 dic 2023", "2023-12-31"), ("7 out 2022", "2022-10-07"),
            ("7-set-22", "2022-09-07"), ("11 giu 2021", "2021-06-11"), ("1 ott 2021", "2021-10-01"),
            ("30-Dez-20", "2020-12-30"), ("Sep 19, 2003", "2003-09-19"), ("December 31 1999", "1999-12-31"),
            ("19-Sep-03 14:30", "2003-09-19T14:30:00Z"),
        ])
    func monthNames(text: String, expected: String) throws {
        #expect(seconds(text) == (try utcInstant(expected)).timeIntervalSince1970, "\(text)")
    }

    @Test(
        "not dates: a month that does not exist, a word that is no month, the 30th of February",
        arguments: ["19-Foo-03", "30-Feb-2021", "19-Sep-3", "19 BTC 2003", "Sep 31, 2003", "set 5"])
    func notMonthNames(text: String) {
        #expect(seconds(text) == nil, "\(text)")
    }

    @Test(
        "hours of a 12-hour clock: 09-AM, 9 PM, 12:05 AM",
        arguments: [
            ("2019-10-17 09-AM", "2019-10-17T09:00:00Z"), ("2019-10-17 12-AM", "2019-10-17T00:00:00Z"),
            ("2019-10-17 12-PM", "2019-10-17T12:00:00Z"), ("2019-10-17 01-PM", "2019-10-17T13:00:00Z"),
            ("2019-10-17 9 pm", "2019-10-17T21:00:00Z"), ("2019-10-17 09:30 PM", "2019-10-17T21:30:00Z"),
            ("2019-10-17 12:05:09 a.m.", "2019-10-17T00:05:09Z"),
        ])
    func twelveHourClock(text: String, expected: String) throws {
        #expect(seconds(text) == (try utcInstant(expected)).timeIntervalSince1970, "\(text)")
    }

    @Test(
        "13-PM and 00-AM are not times of day",
        arguments: ["2019-10-17 13-PM", "2019-10-17 00-AM", "2019-10-17 09-AMX"])
    func notTwelveHour(text: String) {
        #expect(seconds(text) == nil, "\(text)")
    }

    @Test("two-digit years by the POSIX pivot: 69–99 → 19xx, 00–68 → 20xx")
    func posixPivot() throws {
        #expect(StrictDate.expandTwoDigitYear(68) == 2068)
        #expect(StrictDate.expandTwoDigitYear(69) == 1969)
        #expect(StrictDate.expandTwoDigitYear(0) == 2000)
        #expect(StrictDate.expandTwoDigitYear(99) == 1999)
        #expect(seconds("20-Jul-69") == (try utcInstant("1969-07-20")).timeIntervalSince1970)
        #expect(seconds("1-Jan-68") == (try utcInstant("2068-01-01")).timeIntervalSince1970)
    }
}

@Suite("Unix times in microseconds and nanoseconds")
struct FineEpochTests {
    @Test("16-digit microseconds and 19-digit nanoseconds read by magnitude; the window is 1973–2286")
    func fineUnits() throws {
        let instant = (try utcInstant("2025-01-01T00:00:00Z")).timeIntervalSince1970
        #expect(TimestampParser.token("1735689600000000") == .instant(instant))
        #expect(TimestampParser.token("1735689600000000000") == .instant(instant))
        #expect(TimestampParser.token("-1735689600000000") == .invalid(TimestampParser.negativeUnixTime))
        // 14 and 17 digits lie between the units' windows: neither.
        guard case .invalid = TimestampParser.token("17356896000000"),
            case .invalid = TimestampParser.token("17356896000000000")
        else {
            Issue.record("a magnitude between the windows was read as a time")
            return
        }
    }

    @Test("Binance's klines CSV of 2025, in microseconds, reads with the open time dating each bar")
    func binanceMicroseconds() throws {
        var text = ""
        var price = 94_000.0
        for minute in 0..<30 {
            let open = price
            let close = price + (minute % 3 == 0 ? -12.5 : 9.25)
            let time = 1_735_689_600_000_000 + minute * 60_000_000
            text +=
                "\(time),\(open),\(max(open, close) + 3),\(min(open, close) - 4),\(close),1.5,\(time + 59_999_999),141000.0,120,0.7,65800.0,0\n"
            price = close
        }
        let result = try readOHLC(Data(text.utf8))
        #expect(result.value.bars.count == 30)
        #expect(result.value.bars.first?.time == (try utcInstant("2025-01-01T00:00:00Z")))
        #expect(result.value.bars.first?.close == 93_987.5)
    }
}
