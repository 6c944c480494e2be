import Foundation
import Testing
import WidgetCore
import WidgetLayout

@testable import Charts

/// The scales and the plot, checked by numbers: where values land, which ticks an axis labels,
/// what extreme values do.
@Suite("Chart scales")
struct ScaleTests {
    static let day = 86_400.0
    static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01 00:00 UTC

    /// The display list of a chart 300 × 150 points.
    private func layout(_ chart: ViewNode) -> [DisplayItem] {
        var environment = EnvironmentValues()
        environment.displayScale = 2
        return LayoutEngine(measurer: FixedMeasurer()).layout(
            chart, in: Rect(x: 0, y: 0, width: 300, height: 150), environment: environment)
    }

    /// The points of a chart's first stroked path.
    private func linePoints(_ items: [DisplayItem]) throws -> [Point] {
        for item in items {
            guard case .drawing(let steps, _, _, _) = item else { continue }
            for step in steps {
                if case .stroke(let path, _, _) = step {
                    return path.elements.compactMap { element in
                        switch element {
                        case .move(let p), .line(let p): p
                        default: nil
                        }
                    }
                }
            }
        }
        Issue.record("no line in \(items)")
        return []
    }

    @Test("a 7-day window with a 4-day gap: points are placed by time, and the gap spans 4/7 of the plot")
    func timeSpacing() throws {
        // Closes on days 0, 1, 2 and 6, 7: the last two after a gap of four days.
        let days = [0.0, 1, 2, 6, 7]
        let items = layout(
            Chart(days, id: \.self) { day in
                LineMark(
                    x: .value("Day", Self.start.addingTimeInterval(day * Self.day)), y: .value("Close", 100 + day))
            }.chartYScale(domain: .automatic(includesZero: false)))
        let points = try linePoints(items)
        try #require(points.count == 5)
        let width = points[4].x - points[0].x
        // The plot spans day 0 to day 7 exactly, so the gap (day 2 to day 6) is 4/7 of it.
        #expect(abs((points[3].x - points[2].x) - width * 4 / 7) <= 2)
        #expect(abs((points[1].x - points[0].x) - width / 7) <= 2)
    }

    @Test("a quantity's domain reaches zero unless told; it is widened to whole steps")
    func quantityDomain() {
        let scale = Scale(
            values: [.number(23), .number(87)], includesZero: true, domain: nil, desiredTicks: 4)
        #expect(scale.lower == 0)
        #expect(scale.upper == 100)
        let tight = Scale(
            values: [.number(23), .number(87)], includesZero: true, domain: .automatic(includesZero: false),
            desiredTicks: 4)
        #expect(tight.lower == 20)
        #expect(tight.upper == 100)
        #expect(tight.ticks(count: 4, calendar: Calendar(identifier: .gregorian)).count >= 3)
    }

    @Test("±1e308 stays on the plot: every position is finite and inside it")
    func extremes() throws {
        let items = layout(
            Chart {
                LineMark(x: .value("i", 0), y: .value("v", -1e308))
                LineMark(x: .value("i", 1), y: .value("v", 1e308))
                LineMark(x: .value("i", 2), y: .value("v", Double.nan))
                LineMark(x: .value("i", 3), y: .value("v", 5))
            }.node)
        let points = try linePoints(items)
        #expect(points.count == 3)
        for point in points {
            #expect(point.x.isFinite && point.y.isFinite)
            #expect(point.y >= -0.5 && point.y <= 150.5, "\(point)")
        }
    }

    @Test("categories are bands in the order first seen; stacked bars sum per category")
    func categoriesAndStacking() throws {
        let items = layout(
            Chart {
                BarMark(x: .value("Day", "Mon"), y: .value("Cups", 2)).foregroundStyle(by: .value("Drink", "Tea"))
                BarMark(x: .value("Day", "Mon"), y: .value("Cups", 3)).foregroundStyle(by: .value("Drink", "Coffee"))
                BarMark(x: .value("Day", "Tue"), y: .value("Cups", 1)).foregroundStyle(by: .value("Drink", "Tea"))
            }.node)
        var boxes: [Rect] = []
        for case .drawing(let steps, _, _, _) in items {
            for case .fill(let path, _) in steps { boxes.append(path.boundingRect) }
        }
        try #require(boxes.count == 3)
        // Monday's coffee sits on its tea; Tuesday is to the right of Monday.
        #expect(abs(boxes[1].maxY - boxes[0].minY) < 1e-9)
        #expect(boxes[2].minX > boxes[0].maxX)
        // Three cups over two: the stack is 2.5 times Tuesday's one cup.
        let cup = boxes[2].height
        #expect(abs(boxes[0].height - 2 * cup) < 1e-6 && abs(boxes[1].height - 3 * cup) < 1e-6)
        // A legend names both drinks.
        let texts = items.compactMap { item -> String? in
            if case .text(let text) = item { return text.string }
            return nil
        }
        #expect(texts.contains("Tea") && texts.contains("Coffee"))
    }

    @Test("hourly data over 39 hours is labelled in hours; a year of days in months")
    func dateTicks() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = Self.start.timeIntervalSince1970
        let hours = DateTicks.ticks(from: start, to: start + 39 * 3_600, count: 4, calendar: calendar)
        #expect(hours.allSatisfy { $0.unit == .hour })
        #expect(hours.count >= 2 && hours.count <= 4)
        let year = DateTicks.ticks(from: start, to: start + 365 * Self.day, count: 5, calendar: calendar)
        #expect(year.allSatisfy { $0.unit == .month })
        // Whole months, starting on the 1st.
        #expect(year.allSatisfy { calendar.component(.day, from: $0.date) == 1 })
    }
}

@Suite("Chart units")
struct UnitTests {
    @Test("a bar over a day's unit spans the day, less a gap; a point in it sits at noon")
    func dayUnits() throws {
        var environment = EnvironmentValues()
        environment.timeZone = TimeZone(identifier: "UTC")!
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let node = Chart {
            ForEach(0..<4) { day in
                BarMark(
                    x: .value("Day", start.addingTimeInterval(Double(day) * 86_400 + 3_600), unit: .day),
                    y: .value("Sales", 10))
            }
        }.chartYAxis(.hidden).chartXAxis(.hidden)
        let items = LayoutEngine(measurer: FixedMeasurer()).layout(
            node, in: Rect(x: 0, y: 0, width: 400, height: 100), environment: environment)
        var boxes: [Rect] = []
        for case .drawing(let steps, _, _, _) in items {
            for case .fill(let path, _) in steps { boxes.append(path.boundingRect) }
        }
        try #require(boxes.count == 4)
        // Four days across 400 points: 100 a day, each bar 100 less a sixth.
        for (index, box) in boxes.enumerated() {
            #expect(abs(box.minX - (Double(index) * 100 + 100.0 / 12)) < 1e-6, "\(box)")
            #expect(abs(box.width - 100 * 5 / 6) < 1e-6)
            // From zero (the plot's bottom) to the value (10 of a 0–10 domain: the top), whole:
            // the gap between days is taken across, never off the bar's height.
            #expect(abs(box.maxY - 100) < 1e-6 && abs(box.minY) < 1e-6, "\(box)")
        }
    }
}
