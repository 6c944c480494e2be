import Foundation
import Testing
import WidgetDates

@Suite struct DateParsingTests {
    static let nineUTC = Date(timeIntervalSince1970: 1_767_258_000)  // 2026-01-01T09:00:00Z

    @Test(arguments: [
        "2026-01-01T09:00:00Z", "2026-01-01T09:00Z", "2026-01-01 09:00:00Z", "2026-01-01T18:00:00+09:00",
        "2026-01-01T18:00+0900", "2026-01-01T09:00:00.250Z", "2026-01-01T04:00:00-05:00",
    ])
    func datesWithAnOffset(text: String) {
        #expect(DateParsing.date(text) == Self.nineUTC)
    }

    @Test func aDateWithoutAnOffsetIsReadInTheTimeZone() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        #expect(DateParsing.date("2026-01-01T18:00", timeZone: tokyo) == Self.nineUTC)
        #expect(DateParsing.date("2026-01-01T09:00") == Self.nineUTC)
        #expect(DateParsing.date("2026-01-01") == Self.nineUTC.addingTimeInterval(-9 * 3600))
        // New York's winter offset, not its summer one.
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(DateParsing.date("2026-01-01T04:00", timeZone: newYork) == Self.nineUTC)
    }

    @Test(arguments: [
        "2023-02-29", "2023-13-01", "2023-1-01", "2023-01-01T24:00", "2023-01-01T12:60", "2023-01-01T12",
        "2023-01-01X12:00", "2023-01-01T12:00:00+25:00", "yesterday", "", "2023-01-01T12:00:00.Z", "20230101",
    ])
    func anythingElseIsRefused(text: String) {
        #expect(DateParsing.date(text) == nil)
    }

    @Test func durations() {
        #expect(DateParsing.duration("15m") == 900)
        #expect(DateParsing.duration("1h30m") == 5400)
        #expect(DateParsing.duration("1d12h") == 129_600)
        #expect(DateParsing.duration("2w") == 1_209_600)
        #expect(DateParsing.duration("90s") == 90)
        for bad in ["", "15", "m", "1m1h", "1h1h", "0m", "-5m", "1.5h", "9999999999h", "101y", "1x"] {
            #expect(DateParsing.duration(bad) == nil, "\(bad)")
        }
        #expect(DateParsing.format(duration: 5400) == "1h30m")
        #expect(DateParsing.format(duration: .infinity) == "0s")
    }

    @Test func aDurationAfterABase() {
        #expect(DateParsing.date("+4h", after: Self.nineUTC) == Self.nineUTC.addingTimeInterval(4 * 3600))
        #expect(
            DateParsing.date("2026-01-01T13:00:00Z", after: Self.nineUTC) == Self.nineUTC.addingTimeInterval(4 * 3600))
        #expect(DateParsing.date("+soon", after: Self.nineUTC) == nil)
    }
}
