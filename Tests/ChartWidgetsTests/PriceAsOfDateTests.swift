import Foundation
import Testing
import WidgetData

@testable import ChartWidgets

/// A price widget whose data has fallen behind the screen says how old it is (#14); the
/// manifest's `stale` stays about where the data came from.
@Suite("Price data behind the screen")
struct PriceAsOfDateTests {
    static func entry(every interval: TimeInterval, count: Int = 5) -> PriceEntry {
        let start = Date(timeIntervalSince1970: 1_690_848_000)
        let bars = (0..<count).map { index in
            OHLCBar(time: start.addingTimeInterval(Double(index) * interval), open: 1, high: 1, low: 1, close: 1)
        }
        return PriceEntry(
            date: bars[count - 1].time, symbol: "BTC-USD", bars: bars, previousClose: nil,
            span: ChartSpan(count: 30, unit: .days), source: "test")
    }

    @Test func dailyDataIsBehindAfterMoreThanADay() {
        let entry = Self.entry(every: 86_400)
        #expect(!entry.isBehind(at: entry.last.time))
        #expect(!entry.isBehind(at: entry.last.time.addingTimeInterval(86_400)))
        #expect(entry.isBehind(at: entry.last.time.addingTimeInterval(86_400 + 3_600)))
        #expect(entry.isBehind(at: entry.last.time.addingTimeInterval(2 * 365 * 86_400)))
    }

    @Test func intradayDataIsBehindAfterMoreThanABar() {
        let entry = Self.entry(every: 300)
        #expect(!entry.isBehind(at: entry.last.time.addingTimeInterval(299)))
        #expect(entry.isBehind(at: entry.last.time.addingTimeInterval(301)))
    }

    @Test func ageDoesNotMakeDataStale() {
        // `stale` is the data's origin (cache, sample after a failed fetch), not its age.
        let entry = Self.entry(every: 86_400)
        #expect(entry.isBehind(at: entry.last.time.addingTimeInterval(30 * 86_400)))
        #expect(!entry.stale)
        #expect(entry.dataSummary?.stale == false)
    }
}
