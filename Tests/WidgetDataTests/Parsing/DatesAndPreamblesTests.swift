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
}
