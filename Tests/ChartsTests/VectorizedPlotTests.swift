import Foundation
import Testing
import WidgetCore
import WidgetLayout

@testable import Charts

/// `LinePlot` and `AreaPlot` (Swift Charts' vectorized plots) draw what the same marks written
/// one by one draw, as one mark each.
@Suite("Vectorized plots")
struct VectorizedPlotTests {
    struct Sample: Sendable {
        var day: Date
        var low: Double
        var close: Double
    }

    static let samples: [Sample] = (0..<40).map { index in
        let value = 100 + 20 * sin(Double(index) / 4)
        return Sample(day: Date(timeIntervalSince1970: 1_767_225_600 + Double(index) * 86_400), low: 60, close: value)
    }

    private func layout(_ chart: ViewNode) -> [DisplayItem] {
        var environment = EnvironmentValues()
        environment.displayScale = 2
        return LayoutEngine(measurer: FixedMeasurer()).layout(
            chart, in: Rect(x: 0, y: 0, width: 300, height: 150), environment: environment)
    }

    /// A sample with a computed property and a property that is not trivially copyable.
    struct Labelled {
        var name: String
        var close: Double
        var doubled: Double { close * 2 }
    }

    @Test func projectionsReadStoredPropertiesFromMemoryAsTheirKeyPathsWould() {
        // Stored trivial properties of an array (read from memory), and of a collection without
        // contiguous storage (read through the key path): the same values either way.
        let days = PlottableProjection<Sample, Date>.value("Day", \.day)
        let closes = PlottableProjection<Sample, Double>.value("Close", \.close)
        let expectedDays = Self.samples.map { PlotValue.date($0.day) }
        let expectedCloses = Self.samples.map { PlotValue.number($0.close) }
        #expect(days.values(of: Self.samples) == expectedDays)
        #expect(closes.values(of: Self.samples) == expectedCloses)
        #expect(closes.values(of: Self.samples.lazy.map { $0 }) == expectedCloses)
        #expect(closes.values(of: Self.samples[3..<9]) == Array(expectedCloses[3..<9]))
        // A computed property, and an element that holds a String, through the key path.
        let labelled = [Labelled(name: "a", close: 1.5), Labelled(name: "b", close: -2)]
        #expect(
            PlottableProjection<Labelled, Double>.value("Twice", \.doubled).values(of: labelled) == [
                .number(3), .number(-4),
            ])
        #expect(
            PlottableProjection<Labelled, Double>.value("Close", \.close).values(of: labelled) == [
                .number(1.5), .number(-2),
            ])
        // A class's property, which has no offset: through the key path.
        final class Box {
            let close: Double
            init(_ close: Double) { self.close = close }
        }
        #expect(
            PlottableProjection<Box, Double>.value("Close", \.close).values(of: [Box(7), Box(-1)]) == [
                .number(7), .number(-1),
            ])
        #expect(
            PlottableProjection<Labelled, String>.value("Name", \.name).values(of: labelled) == [
                .category("a"), .category("b"),
            ])
    }

    @Test func aLinePlotDrawsTheLineItsMarksDraw() {
        let marks = Chart(Self.samples, id: \.day) { sample in
            AreaMark(
                x: .value("Day", sample.day), yStart: .value("Low", sample.low), yEnd: .value("Close", sample.close)
            )
            .foregroundStyle(.orange.opacity(0.3))
            LineMark(x: .value("Day", sample.day), y: .value("Close", sample.close)).foregroundStyle(.orange)
        }
        let plots = Chart {
            AreaPlot(
                Self.samples, x: .value("Day", \.day), yStart: .value("Low", \.low), yEnd: .value("Close", \.close)
            )
            .foregroundStyle(.orange.opacity(0.3))
            LinePlot(Self.samples, x: .value("Day", \.day), y: .value("Close", \.close)).foregroundStyle(.orange)
        }
        #expect(plots.marks.count == 2, "one mark per plot")
        #expect(marks.marks.count == 80)
        let drawnByMarks = layout(marks.node)
        #expect(!drawnByMarks.isEmpty)
        #expect(layout(plots.node) == drawnByMarks, "the same axes, area and line")
    }

    @Test func twoLinePlotsAreTwoLines() throws {
        let first = Array(Self.samples.prefix(10))
        let second = Array(Self.samples.suffix(10))
        let chart = Chart {
            LinePlot(first, x: .value("Day", \.day), y: .value("Close", \.close))
            LinePlot(second, x: .value("Day", \.day), y: .value("Close", \.close))
        }
        var strokes = 0
        for item in layout(chart.node) {
            guard case .drawing(let steps, _, _, _) = item else { continue }
            for step in steps {
                if case .stroke(let path, _, _) = step, path.elements.count == 10 { strokes += 1 }
            }
        }
        #expect(strokes == 2, "no segment joins the two plots across the gap")
    }
}

/// Bars a week wide, as the case-count widget draws a year of daily counts: each as tall as its value.
@Suite("Week bars")
struct WeekBarTests {
    @Test(arguments: [120.0, 300.0])
    func eachWeeksBarIsAsTallAsItsValue(width: Double) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = Date(timeIntervalSince1970: 1_609_459_200)  // 2021-01-01
        let weeks = (0..<53).map { week -> (Date, Double) in
            let day = start.addingTimeInterval(Double(week) * 7 * 86_400)
            return (calendar.dateInterval(of: .weekOfYear, for: day)!.start, 1000 + 900 * sin(Double(week) / 3))
        }
        let chart = Chart {
            ForEach(weeks.indices, id: \.self) { index in
                BarMark(x: .value("Week", weeks[index].0, unit: .weekOfYear), y: .value("Mean", weeks[index].1))
            }
        }
        .chartXAxis(.hidden).chartYAxis(.hidden).chartYScale(domain: 0...2500)
        var environment = EnvironmentValues()
        environment.displayScale = 2
        let items = LayoutEngine(measurer: FixedMeasurer()).layout(
            chart, in: Rect(x: 0, y: 0, width: width, height: 100), environment: environment)
        var heights: [Double] = []
        for item in items {
            guard case .drawing(let steps, _, _, _) = item else { continue }
            for step in steps {
                if case .fill(let path, _) = step { heights.append(path.boundingRect.height) }
            }
        }
        #expect(heights.count == 53)
        let expected = weeks.map { $0.1 / 2500 * 100 }
        for (got, want) in zip(heights, expected) { #expect(abs(got - want) < 0.01, "\(got) vs \(want)") }
    }
}
