import Foundation
import Testing
import WidgetCore
import WidgetLayout

@testable import Charts

/// Chart modifiers written on the chart (kept by the chart) and on a view around it (written to
/// the environment) set the same thing, and the one nearest the chart wins, as in SwiftUI.
@Suite("Chart modifiers")
struct ChartModifierTests {
    private func layout(_ view: ViewNode) -> [DisplayItem] {
        LayoutEngine(measurer: FixedMeasurer()).layout(
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

    @Test func labelsThatWouldTouchAreThinnedEvenly() {
        // Eight ticks, three hours apart, 30 points apart: labels 30 points wide cannot all be shown.
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let chart = Chart {
            for hour in 0..<24 {
                BarMark(x: .value("Hour", start.addingTimeInterval(Double(hour) * 3_600)), y: .value("Value", 1.0))
            }
        }
        .chartXAxis {
            AxisMarks(values: .stride(by: .hour, count: 3)) { _ in
                AxisGridLine()
                AxisValueLabel(format: .dateTime.hour())
            }
        }
        .chartYAxis(.hidden)
        var environment = EnvironmentValues()
        environment.timeZone = TimeZone(identifier: "UTC") ?? .current
        let items = LayoutEngine(measurer: FixedMeasurer()).layout(
            chart, in: Rect(x: 0, y: 0, width: 240, height: 120), environment: environment)
        let lefts = items.compactMap { item -> Double? in
            guard case .text(let text) = item else { return nil }
            return text.frame.minX
        }
        #expect(lefts.count >= 3)
        let gaps = zip(lefts, lefts.dropFirst()).map { $1 - $0 }
        // Evenly spaced, none touching the next.
        #expect(gaps.allSatisfy { abs($0 - gaps[0]) < 0.5 && $0 >= 30 + 4 }, "\(lefts)")
    }

    @Test func theLegendShowsEachCategorysSymbol() {
        let chart = Chart {
            for (x, kind) in [(1.0, "Moths"), (2, "Beetles"), (3, "Bees"), (4, "Moths")] {
                PointMark(x: .value("X", x), y: .value("Y", x))
                    .foregroundStyle(by: .value("Kind", kind)).symbol(by: .value("Kind", kind))
            }
            LineMark(x: .value("X", 1.0), y: .value("Y", 2.0)).foregroundStyle(by: .value("Kind", "Line"))
        }
        let categories = ChartPlot.legendCategories(chart.marks)
        #expect(categories == ["Moths", "Beetles", "Bees", "Line"])
        #expect(ChartPlot.legendSymbols(chart.marks, categories: categories) == [.circle, .square, .triangle, nil])
    }

    /// Bars of each category's fill, in the order drawn: the alphas of their colours.
    private func barAlphas(_ items: [DisplayItem], scheme: ColorScheme = .light) -> [Double] {
        items.flatMap { item -> [Double] in
            guard case .drawing(let steps, _, _, _) = item else { return [] }
            return steps.compactMap { step in
                guard case .fill(_, let style) = step, case .color(let colour) = style.kind else { return nil }
                return colour.resolved(in: scheme).alpha
            }
        }
    }

    @Test func accentedChartsTellCategoriesApartByOpacity() {
        let chart = Chart {
            for (kind, fuel, value) in [("Sedan", "Petrol", 28.0), ("Sedan", "Electric", 42), ("SUV", "Petrol", 36)] {
                BarMark(x: .value("Kind", kind), y: .value("Sales", value)).foregroundStyle(by: .value("Fuel", fuel))
                    .position(by: .value("Fuel", fuel))
            }
        }
        .chartLegend(.hidden).chartXAxis(.hidden).chartYAxis(.hidden).node
        var accented = EnvironmentValues()
        accented.widgetRenderingMode = .accented
        let full = barAlphas(layout(chart))
        let tinted = barAlphas(
            LayoutEngine(measurer: FixedMeasurer()).layout(
                chart, in: Rect(x: 0, y: 0, width: 240, height: 120), environment: accented))
        // Full colour: blue and green, both opaque; accented: the second category at 60 %.
        #expect(full == [1, 1, 1])
        #expect(tinted == [1, 0.6, 1])
    }
}
