import Foundation
import Testing
import WidgetData

@Suite("StrictDate")
struct StrictDateTests {
    @Test("2021-02-29 does not exist; 2020-02-29 does")
    func leapDays() throws {
        #expect(StrictDate.iso("2021-02-29") == nil)
        #expect(StrictDate.iso("2020-02-29") == (try utcDay("2020-02-29")))
    }

    @Test(
        "century leap-year rules",
        arguments: [("1900-02-29", false), ("2000-02-29", true), ("2100-02-29", false), ("2024-02-29", true)])
    func centuries(text: String, valid: Bool) {
        #expect((StrictDate.iso(text) != nil) == valid)
    }

    @Test(
        "impossible or badly shaped ISO dates are rejected",
        arguments: [
            "2023-13-01", "2023-00-10", "2023-04-31", "2023-01-00", "2023-1-01", "2023-01-1", "23-01-01", "2023/01/01",
            "", "2023-01-01 25:00:00", "2023-01-01T12:60", "2023-01-01 12:00:60", "2023-01-01 noon", "null",
        ])
    func isoRejected(text: String) {
        #expect(StrictDate.iso(text) == nil)
    }

    // Known bug: fields are read with Int(_:), which accepts a leading '+' or '-'.
    @Test(
        "signed numbers are not ISO date fields",
        arguments: ["2023-+1-01", "2023-01-+1", "+202-01-01", "2023-01-01 +1:00"])
    func isoSignsRejected(text: String) {
        #expect(StrictDate.iso(text) == nil)
    }

    // Known bug: as above; "3/17/-1" even becomes 1999-03-17 (2000 + -1).
    @Test("signed numbers are not m/d/yy fields", arguments: ["3/17/-1", "+3/17/20", "3/+7/20"])
    func usShortSignsRejected(text: String) {
        #expect(StrictDate.usShort(text) == nil)
    }

    @Test("ISO dates with a time are taken as UTC")
    func isoWithTime() throws {
        let day = try utcDay("2023-08-06")
        #expect(StrictDate.iso("2023-08-06 12:34:56") == day.addingTimeInterval(12 * 3600 + 34 * 60 + 56))
        #expect(StrictDate.iso("2023-08-06T23:59") == day.addingTimeInterval(23 * 3600 + 59 * 60))
        #expect(StrictDate.iso("2023-12-31") == (try utcDay("2023-12-31")))
    }

    @Test("US short dates: 3/17/20 is 2020-03-17")
    func usShort() throws {
        #expect(StrictDate.usShort("3/17/20") == (try utcDay("2020-03-17")))
        #expect(StrictDate.usShort("12/31/20") == (try utcDay("2020-12-31")))
        #expect(StrictDate.usShort("04/05/21") == (try utcDay("2021-04-05")))
        #expect(StrictDate.usShort("2/29/2020") == (try utcDay("2020-02-29")))
    }

    @Test(
        "impossible or badly shaped US dates are rejected",
        arguments: ["2/29/21", "13/1/20", "0/1/20", "3/32/20", "3/17", "3/17/020", "17/3/20", "3-17-20", ""])
    func usShortRejected(text: String) {
        #expect(StrictDate.usShort(text) == nil)
    }

    @Test("date(year:month:day:) checks month lengths")
    func components() throws {
        #expect(StrictDate.date(year: 2023, month: 4, day: 30) == (try utcDay("2023-04-30")))
        #expect(StrictDate.date(year: 2023, month: 4, day: 31) == nil)
        #expect(StrictDate.date(year: 2023, month: 12, day: 31) == (try utcDay("2023-12-31")))
        #expect(StrictDate.date(year: 2023, month: 0, day: 1) == nil)
    }
}

/// Dates before the Gregorian reform are never shifted to the Julian calendar.
///
/// Before: WidgetData had no way to turn a date back into text without Foundation's
/// `Calendar(identifier: .gregorian)`, which switches to Julian before 1582-10-15, so text,
/// manifest and file names of such dates were ten or more days off.
@Suite("StrictDate: proleptic Gregorian")
struct StrictDateProlepticTests {
    @Test(
        "dates across the 1582 reform read and print as written",
        arguments: [
            "0001-01-01", "1200-05-17", "1500-03-01", "1582-10-04", "1582-10-05", "1582-10-14", "1582-10-15",
            "1600-02-29", "1900-03-01", "1969-12-31", "2000-02-29", "9999-12-31",
        ])
    func roundTrip(text: String) throws {
        let date = try #require(StrictDate.iso(text))
        #expect(StrictDate.isoText(date) == text)
    }

    @Test("the day count matches a plain count of days, across the reform")
    func dayCount() throws {
        // 1582-10-04 and 1582-10-15 are 11 days apart in the proleptic calendar (1 in the Julian switch).
        let before = try #require(StrictDate.date(year: 1582, month: 10, day: 4))
        let after = try #require(StrictDate.date(year: 1582, month: 10, day: 15))
        #expect(after.timeIntervalSince(before) == 11 * 86_400)
        // Foundation's Gregorian calendar switches to Julian before the reform: the reason for civil(_:).
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = TimeZone(identifier: "UTC") ?? .current
        #expect(gregorian.component(.day, from: before) != 4)
        // 1970-01-01 back to 0001-01-01: 719,162 days (a known constant of the proleptic calendar).
        let first = try #require(StrictDate.date(year: 1, month: 1, day: 1))
        #expect(first.timeIntervalSince1970 == -719_162 * 86_400)
    }

    @Test("civil(_:) gives the fields, with the time of day")
    func civilFields() throws {
        let noon = try #require(StrictDate.iso("1400-07-04 12:34:56"))
        let fields = try #require(StrictDate.civil(noon))
        let values: [Int] = [fields.year, fields.month, fields.day, fields.hour, fields.minute, fields.second]
        #expect(values == [1400, 7, 4, 12, 34, 56])
        #expect(StrictDate.isoText(noon) == "1400-07-04T12:34:56Z")
        #expect(StrictDate.civil(Date(timeIntervalSince1970: .infinity)).map { _ in true } == nil)
        #expect(StrictDate.civil(Date(timeIntervalSince1970: 1e300)).map { _ in true } == nil)
    }
}
