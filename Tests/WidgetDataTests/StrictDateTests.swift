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
