import Foundation
import Testing
import WidgetData

/// Issue 27, item 2: dates as users' files write them and a preamble before the header, each
/// from a fixture in `Fixtures/shapes/`, checked against the file read independently.
@Suite("Dates and preambles")
struct DatesAndPreamblesTests {
    func rows(_ data: Data, separator: Character = ",", skip: Int = 1) -> [[String]] {
        String(decoding: data, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).dropFirst(skip)
            .map { $0.split(separator: separator).map(String.init) }
    }

    @Test("a CryptoDataDownload-style file: the URL line skipped with a warning, hours as 05-PM, newest first")
    func preambleAndTwelveHourClock() throws {
        let data = try fixture("shapes/preamble_hourly-am-pm_newest-first.csv")
        let result = try readOHLC(data, source: "Bitstamp_BTCUSD_1h.csv")
        #expect(
            result.warnings.first?.description
                == #"Bitstamp_BTCUSD_1h.csv:1: skipped line before the header, not part of the table: "https://www.CryptoDataDownload.com""#
        )
        let table = rows(data, skip: 2).reversed()
        // The Date column dates each row (named as a date, text before Unix times); it agrees with the Unix column.
        let unix = table.compactMap { Double($0[0]) }.map { $0 / 1000 }
        #expect(result.value.bars.map(\.time.timeIntervalSince1970) == unix)
        #expect(result.value.bars.map(\.close) == table.compactMap { Double($0[6]) })
        #expect(result.value.bars.map(\.volume) == table.map { Double($0[7]) })
    }

    @Test("19-Sep-03: a day, a month's name and a two-digit year")
    func dayMonthNameTwoDigitYear() throws {
        let data = try fixture("shapes/day-monthname-2digit-year_daily.csv")
        let result = try readOHLC(data)
        #expect(result.warnings.isEmpty)
        #expect(result.value.bars.count == rows(data).count)
        #expect(result.value.bars.first?.time == (try utcInstant("2003-09-19")))
        #expect(result.value.bars.last?.time == (try utcInstant("2003-10-18")))
        #expect(result.value.bars.map(\.open) == rows(data).compactMap { Double($0[1]) })
    }

    @Test("19. Sept. 2003 in a German semicolon file with decimal commas")
    func germanMonthNames() throws {
        let data = try fixture("shapes/german-month-names_semicolon.csv")
        let result = try readOHLC(data)
        let closes = rows(data, separator: ";").compactMap { Double($0[4].replacingOccurrences(of: ",", with: ".")) }
        #expect(result.value.bars.map(\.close) == closes)
        #expect(result.value.bars.first?.time == (try utcInstant("2003-09-19")))
    }

    @Test("Excel serial days under a Date header: 45107 is 2023-06-30, 45120.5 noon on 2023-07-13")
    func excelSerialDays() throws {
        let data = try fixture("shapes/excel-serial-days_Date.csv")
        let result = try readOHLC(data, source: "export.csv")
        let table = rows(data)
        // Serial day 25,569 is 1970-01-01: each day is 86,400 s, read independently of the parser.
        let expected = table.compactMap { Double($0[0]) }.map { ($0 - 25_569) * 86_400 }
        #expect(result.value.bars.map(\.time.timeIntervalSince1970) == expected)
        #expect(result.value.bars.first?.time == (try utcInstant("2023-06-30")))
        #expect(result.value.bars.last?.time == (try utcInstant("2023-07-13T12:00:00Z")))
        #expect(result.value.bars.map(\.close) == table.compactMap { Double($0[4]) })
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test("serial days are read only under a date header and only from 20,000 to 80,000")
    func excelSerialDayLimits() throws {
        // The same numbers under `time` are no times (a Unix time starts at 9 digits).
        let timeNamed = dataError { _ = try readOHLC(Data("time,close\n45107,1\n45108,2\n".utf8)) }
        #expect(
            timeNamed?.description.contains(#"time "45107" is not a date, nor a Unix time"#) == true,
            "\(String(describing: timeNamed))")
        // 19,999 and 80,000 are outside the window; 20,000 and 79,999 inside.
        let result = try readOHLC(Data("Date,close\n19999,1\n20000,2\n79999,3\n80000,4\n".utf8))
        #expect(result.value.bars.map(\.close) == [2, 3])
        #expect(result.value.bars.first?.time == (try utcInstant("1954-10-03")))
        #expect(result.value.bars.last?.time == (try utcInstant("2119-01-10")))
        #expect(result.warnings.count == 2)
        // An 8-digit date stays YYYYMMDD and a 10-digit number a Unix time under a Date header.
        let other = try readOHLC(Data("Date,close\n20240102,1\n20240103,2\n".utf8))
        #expect(other.value.bars.first?.time == (try utcInstant("2024-01-02")))
        let unix = try readOHLC(Data("Date,close\n1704153600,1\n1704240000,2\n".utf8))
        #expect(unix.value.bars.first?.time == (try utcInstant("2024-01-02")))
    }

    @Test("a negative Unix time says why it is not read")
    func negativeUnixTime() throws {
        let result = try readOHLC(Data("time,close\n1704067200,1\n-1577836800,2\n1704153600,3\n".utf8), source: "t.csv")
        #expect(result.value.bars.map(\.close) == [1, 3])
        #expect(
            result.warnings.first?.description
                == #"t.csv:3: skipped: time "-1577836800" is a negative Unix time (before 1970), which is not read: bare numbers are times only from 1973 to 2286, where their magnitude tells the unit (s, ms, µs, ns); write earlier dates as YYYY-MM-DD"#
        )
    }
}
