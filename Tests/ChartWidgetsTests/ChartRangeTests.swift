import Foundation
import Testing

@testable import ChartWidgets

@Suite("Chart range windows")
struct ChartRangeTests {
    static let day = 86_400.0
    static let origin = Date(timeIntervalSince1970: 1_600_000_000)

    /// `count` instants `step` seconds apart.
    static func times(_ count: Int, step: Double = day) -> [Date] {
        (0..<count).map { origin.addingTimeInterval(Double($0) * step) }
    }

    @Test func dailyDataFillingTheWindowKeepsTheRangeLabel() {
        let window = ChartRange.days30.window(Self.times(100), time: { $0 })
        #expect(window.items.count == 30)
        #expect(window.label == "30D")
    }

    @Test func monthlyDataWidensToTheMinimumNumberOfPoints() {
        let months = Self.times(24, step: 30 * Self.day)
        let window = ChartRange.days30.window(months, time: { $0 })
        #expect(window.items.count == ChartRange.minimumPoints)
        #expect(window.items.last == months.last)
        #expect(window.label == "5M")
    }

    @Test func widensToAllWhenThereAreFewerPointsThanTheMinimum() {
        let months = Self.times(3, step: 30 * Self.day)
        let window = ChartRange.days7.window(months, time: { $0 })
        #expect(Array(window.items) == months)
        #expect(window.label == "2M")
    }

    @Test func dataShorterThanTheWindowIsLabelledWithItsSpan() {
        let window = ChartRange.year.window(Self.times(16), time: { $0 })
        #expect(window.items.count == 16)
        #expect(window.label == "16D")
    }

    @Test func intradayDataIsLabelledInHoursOrMinutes() {
        #expect(ChartRange.days30.window(Self.times(480, step: 60), time: { $0 }).label == "8H")
        #expect(ChartRange.days30.window(Self.times(30, step: 60), time: { $0 }).label == "29m")
    }

    @Test func allKeepsEverythingAndSaysAll() {
        let window = ChartRange.all.window(Self.times(16), time: { $0 })
        #expect(window.items.count == 16)
        #expect(window.label == "All")
    }

    @Test func spanLabels() {
        #expect(ChartRange.spanLabel([]) == "0D")
        #expect(ChartRange.spanLabel(Self.times(2)) == "2D")
        // 39 hours of hourly bars: hours, not "3D".
        #expect(ChartRange.spanLabel(Self.times(40, step: 3_600)) == "39H")
        #expect(ChartRange.spanLabel(Self.times(2, step: 800 * Self.day)) == "2Y")
        #expect(ChartRange.spanLabel(Self.times(2, step: 400 * Self.day)) == "13M")
        #expect(ChartRange.spanLabel(Self.times(2, step: 358 * Self.day)) == "1Y")
    }
}
