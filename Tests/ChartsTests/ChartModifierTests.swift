import Foundation
import Testing
import WidgetCore
import WidgetLayout

@testable import Charts

/// A measurer for layout without fonts: 6 points a character, 12 a line.
private struct FixedWidths: TextMeasuring {
    func measure(_ text: String, font: Font, maxWidth: Double?, lineLimit: Int?) -> Size {
        Size(width: Double(text.count) * 6, height: 12)
    }
}

/// Chart modifiers written on the chart (kept by the chart) and on a view around it (written to
/// the environment) set the same thing, and the one nearest the chart wins, as in SwiftUI.
@Suite("Chart modifiers")
struct ChartModifierTests {
    private func layout(_ view: ViewNode) -> [DisplayItem] {
        LayoutEngine(measurer: FixedWidths()).layout(
            view, in: Rect(x: 0, y: 0, width: 240, height: 120), environment: EnvironmentValues())
    }

    private var chart: Chart {
        Chart {
            for (x, y) in [(1.0, 3.0), (2, 5), (3, 4), (4, 8)] {
                LineMark(x: .value("X", x), y: .value("Y", y))
            }
        }
    }

    @Test func aModifierOnTheChartDrawsAsOneAroundIt() {
        let direct = layout(chart.chartXScale(domain: 0...10).chartYAxis(.hidden).node)
        let around = layout(VStack { chart }.chartXScale(domain: 0...10).chartYAxis(.hidden).node)
        #expect(direct == around)
        // And the modifiers change the drawing.
        #expect(direct != layout(chart.node))
    }

    @Test func theModifierNearestTheChartWins() {
        let inner = layout(chart.chartXScale(domain: 0...10).node)
        #expect(layout(chart.chartXScale(domain: 0...10).chartXScale(domain: 0...40).node) == inner)
        #expect(layout(VStack { chart.chartXScale(domain: 0...10) }.chartXScale(domain: 0...40).node) == inner)
        #expect(layout(VStack { chart }.chartXScale(domain: 0...40).node) != inner)
        // Axis marks too.
        let hidden = layout(chart.chartXAxis(.hidden).node)
        #expect(layout(chart.chartXAxis(.hidden).chartXAxis(.visible).node) == hidden)
        #expect(layout(VStack { chart.chartXAxis(.hidden) }.chartXAxis(.visible).node) == hidden)
    }
}
