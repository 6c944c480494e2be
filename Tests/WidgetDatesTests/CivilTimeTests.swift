import Foundation
import Testing
import WidgetDates

/// The proleptic Gregorian arithmetic, checked against Python's `datetime` (also proleptic).
@Suite struct CivilTimeTests {
    @Test(arguments: [
        (1582, 10, 4, -141_438, 2), (1582, 10, 15, -141_427, 6), (1500, 3, 1, -171_605, 5), (1, 1, 1, -719_162, 2),
        (2000, 2, 29, 11_016, 3), (2038, 1, 19, 24_855, 3), (9999, 12, 31, 2_932_896, 6), (1969, 12, 31, -1, 4),
    ])
    func daysAndWeekdays(year: Int, month: Int, day: Int, days: Int, weekday: Int) throws {
        #expect(CivilTime.days(fromCivilYear: year, month: month, day: day) == days)
        let back = CivilTime.civil(fromDays: days)
        #expect(back.year == year && back.month == month && back.day == day)
        let date = try #require(CivilTime(year: year, month: month, day: day).date)
        #expect(date.timeIntervalSince1970 == Double(days) * 86_400)
        #expect(CivilTime(date)?.weekday == weekday)
    }

    @Test func beforeTheGregorianReformNothingShifts() throws {
        // Foundation's Gregorian calendar switches to Julian before 1582-10-15 and would call this 1582-10-04
        // something else; the proleptic calendar keeps the day as written.
        let date = try #require(CivilTime(year: 1582, month: 10, day: 4, hour: 12).date)
        let civil = try #require(CivilTime(date))
        #expect((civil.year, civil.month, civil.day, civil.hour) == (1582, 10, 4, 12))
        #expect(DateText.stamp(date) == "15821004T120000Z")
    }

    @Test func offsetsMoveTheWallClock() throws {
        let date = Date(timeIntervalSince1970: 1_767_258_000)  // 2026-01-01 09:00 UTC
        let zone = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let tokyo = try #require(CivilTime(date, in: zone))
        #expect((tokyo.day, tokyo.hour, tokyo.offset) == (1, 18, 9 * 3600))
        let honolulu = try #require(CivilTime(date, offset: -10 * 3600))
        #expect((honolulu.year, honolulu.month, honolulu.day, honolulu.hour) == (2025, 12, 31, 23))
        #expect(honolulu.description == "2025-12-31T23:00:00-10:00")
    }

    @Test func impossibleFieldsAndInstantsAreRefusedNotRolledOver() {
        #expect(CivilTime(year: 2023, month: 2, day: 29).date == nil)
        #expect(CivilTime(year: 2024, month: 2, day: 29).date != nil)
        #expect(CivilTime(year: 2023, month: 13, day: 1).date == nil)
        #expect(CivilTime(year: 2023, month: 1, day: 1, hour: 24).date == nil)
        #expect(CivilTime(Date(timeIntervalSince1970: .infinity)) == nil)
        #expect(CivilTime(Date(timeIntervalSince1970: .nan)) == nil)
        #expect(CivilTime(Date(timeIntervalSince1970: 1e300)) == nil)
        #expect(CivilTime(Date.distantFuture) != nil)
    }
}
