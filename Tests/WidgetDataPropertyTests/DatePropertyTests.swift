import Foundation
import PropertyBased
import Testing
import WidgetData

/// Dates agree with a reference: Foundation's ISO 8601 parser where its calendar is the
/// Gregorian one (from 1583 on), and a plain count of days everywhere, years 1 to 9999.
@Suite("Dates: properties")
struct DatePropertyTests {
    static func text(_ year: Int, _ month: Int, _ day: Int) -> String {
        func pad(_ value: Int, _ width: Int) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    static func daysIn(_ month: Int, _ year: Int) -> Int {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    @Test("from 1583 on, StrictDate agrees with Foundation's ISO 8601 parser")
    func agreesWithFoundation() async {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        await propertyCheck(
            count: 400, input: Gen.int(in: 1583...9999), Gen.int(in: 1...12), Gen.int(in: 1...31)
        ) { year, month, rawDay in
            let day = min(rawDay, Self.daysIn(month, year))
            let text = Self.text(year, month, day)
            #expect(StrictDate.iso(text) == formatter.date(from: "\(text)T00:00:00Z"), "\(text)")
        }
    }

    @Test("any valid date, before 1582 too, prints back as written, one day after the day before")
    func roundTripAndCount() async {
        await propertyCheck(count: 400, input: Gen.int(in: 1...9999), Gen.int(in: 1...12), Gen.int(in: 1...31)) {
            year, month, rawDay in
            let day = min(rawDay, Self.daysIn(month, year))
            let text = Self.text(year, month, day)
            guard let date = StrictDate.iso(text) else {
                Issue.record("\(text) was refused")
                return
            }
            #expect(StrictDate.isoText(date) == text)
            // The day before, counted by hand, is 86,400 s earlier.
            let (py, pm, pd) =
                day > 1
                ? (year, month, day - 1)
                : (month > 1 ? (year, month - 1, Self.daysIn(month - 1, year)) : (year - 1, 12, 31))
            if py >= 1, let previous = StrictDate.date(year: py, month: pm, day: pd) {
                #expect(date.timeIntervalSince(previous) == 86_400, "\(text)")
            }
        }
    }

    @Test("a day that does not exist is refused, never rolled over")
    func impossibleDays() async {
        await propertyCheck(count: 200, input: Gen.int(in: 1...9999), Gen.int(in: 1...12)) { year, month in
            let text = Self.text(year, month, Self.daysIn(month, year) + 1)
            #expect(StrictDate.iso(text) == nil, "\(text)")
        }
    }
}
