import Foundation
import Testing
import WidgetData

@testable import ChartWidgets

/// "Day" compares with the previous calendar day's close; a longer step is named by its period.
@Suite("Day change")
struct DayChangeTests {
    static let start = Date(timeIntervalSince1970: 1_609_718_400)  // Monday 2021-01-04 00:00 UTC

    static func bars(_ offsets: [Double], closes: [Double]? = nil) -> PriceBars {
        PriceBars(
            offsets.enumerated().map { index, offset in
                let close = closes?[index] ?? Double(100 + index)
                return OHLCBar(
                    time: start.addingTimeInterval(offset), open: close, high: close, low: close, close: close)
            })
    }

    @Test func dailyBarsCompareWithTheDayBeforeAndAcrossAWeekend() throws {
        let day = 86_400.0
        // Thursday, Friday, then Monday: Monday's change is against Friday, a "Day".
        let bars = Self.bars([3 * day, 4 * day, 7 * day])
        let monday = try #require(PriceEntry.previousDayClose(bars, at: 2))
        #expect(monday.close == 101)
        #expect(monday.period == nil)
    }

    @Test func intradayBarsCompareWithThePreviousDaysLastClose() throws {
        let hour = 3_600.0
        // 22:00 and 23:00 on Monday, then 01:00 and 02:00 on Tuesday.
        let bars = Self.bars([22 * hour, 23 * hour, 25 * hour, 26 * hour], closes: [10, 11, 12, 13])
        let last = try #require(PriceEntry.previousDayClose(bars, at: 3))
        #expect(last.close == 11, "Monday's last close, not the bar before (12)")
        #expect(last.period == nil)
        #expect(PriceEntry.previousDayClose(bars, at: 1) == nil, "no earlier day")
    }

    @Test func aLongerStepIsNamed() throws {
        let day = 86_400.0
        let gap = try #require(PriceEntry.previousDayClose(Self.bars([0, 8 * day]), at: 1))
        #expect(gap.period == ChartSpan(count: 8, unit: .days))
        // Monthly bars: January 1 and February 1.
        let monthly = Self.bars([-3 * day, 28 * day])
        let month = try #require(PriceEntry.previousDayClose(monthly, at: 1))
        #expect(month.period == ChartSpan(count: 1, unit: .months))
        #expect(month.period?.label(in: Locale(identifier: "ja")) == "1か月")
    }
}
