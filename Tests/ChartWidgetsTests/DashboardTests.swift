import Foundation
import Testing
import WidgetRender

@testable import ChartWidgets

/// The dashboard families' pieces: strokes held to 2 device pixels, arrows for direction, and
/// round ticks on a price axis written with as few decimals as they need.
@Suite("Dashboard design")
struct DashboardTests {
    @Test func strokesAreNeverUnderTwoDevicePixels() {
        #expect(Dashboard.stroke(3, scale: 1) == 3)
        #expect(Dashboard.stroke(1, scale: 1) == 2)
        #expect(Dashboard.stroke(1, scale: 2) == 1)
        #expect(Dashboard.stroke(0.5, scale: 2) == 1)
        // A scale under one is not a screen's; taken as one.
        #expect(Dashboard.stroke(1, scale: 0) == 2)
    }

    @Test func aChangeSaysItsDirectionWithoutColour() {
        #expect(Dashboard.arrow(.up) == "▲ ")
        #expect(Dashboard.arrow(.down) == "▼ ")
        #expect(Dashboard.arrow(.flat) == "")
    }

    @Test(arguments: [
        (429.0...474.0, 4, [430.0, 440, 450, 460, 470]),
        (429.0...474.0, 3, [440.0, 460]),
        (0.7412...0.7561, 3, [0.745, 0.75, 0.755]),
        (28_100.0...31_900.0, 4, [29_000.0, 30_000, 31_000]),
    ])
    func roundTicks(_ range: ClosedRange<Double>, _ count: Int, _ expected: [Double]) {
        let ticks = WidgetCharts.roundTicks(in: range, count: count).ticks
        #expect(ticks.count == expected.count)
        for (tick, value) in zip(ticks, expected) { #expect(abs(tick - value) < 1e-9) }
    }

    @Test func roundTicksOfNothingAreTheValue() {
        #expect(WidgetCharts.roundTicks(in: 5...5, count: 3).ticks == [5])
        #expect(WidgetCharts.roundTicks(in: 0...Double.infinity, count: 3).ticks == [0])
    }

    @Test func tickLabelsHaveTheDecimalsTheyNeed() {
        let en = Locale(identifier: "en")
        #expect(Formatting.tickLabels([440, 460], locale: en) == ["440", "460"])
        #expect(Formatting.tickLabels([0.745, 0.75, 0.755], locale: en) == ["0.745", "0.750", "0.755"])
        #expect(Formatting.tickLabels([2.5, 5], locale: en) == ["2.5", "5.0"])
        #expect(Formatting.tickLabels([29_000, 30_000, 31_000], locale: en) == ["29K", "30K", "31K"])
        #expect(Formatting.tickLabels([1_000, 2_000], locale: Locale(identifier: "de")) == ["1.000", "2.000"])
        #expect(Formatting.tickLabels([440, 460], locale: Locale(identifier: "ar-EG")) == ["٤٤٠", "٤٦٠"])
    }
}
