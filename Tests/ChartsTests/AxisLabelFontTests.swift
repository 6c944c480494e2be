import Foundation
import Testing
import WidgetCore
import WidgetLayout

@testable import Charts

/// Axis labels in a font of their own (`AxisValueLabel().font(…)`, as Swift Charts writes it):
/// drawn in it, with room made under and beside the plot for them and their ticks, so none
/// runs out of the chart (an e-ink dashboard's 16 pt labels).
@Suite("Axis labels in a font of their own")
struct AxisLabelFontTests {
    /// Text as wide and tall as its font: half an em a character, 1.25 em a line.
    struct ScaledMeasurer: TextMeasuring {
        func measure(_ text: String, font: Font, maxWidth: Double?, lineLimit: Int?) -> Size {
            Size(width: Double(text.count) * font.size / 2, height: font.size * 1.25)
        }
    }

    static let rect = Rect(x: 0, y: 0, width: 300, height: 160)

    private func layout(labelFont: Font?) -> [DisplayText] {
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let chart = Chart {
            for day in 0..<30 {
                LineMark(
                    x: .value("Day", start.addingTimeInterval(Double(day) * 86_400)),
                    y: .value("Value", Double(day % 7) * 10))
            }
        }
        .chartXAxis {
            AxisMarks(values: .automatic(desiredCount: 4)) { _ in
                AxisTick(length: 6, stroke: StrokeStyle(lineWidth: 2))
                if let labelFont { AxisValueLabel().font(labelFont) } else { AxisValueLabel() }
            }
        }
        .chartYAxis {
            AxisMarks(values: [0.0, 30, 60]) { _ in
                AxisTick(length: 6, stroke: StrokeStyle(lineWidth: 2))
                if let labelFont { AxisValueLabel().font(labelFont) } else { AxisValueLabel() }
            }
        }
        var environment = EnvironmentValues()
        environment.timeZone = TimeZone(identifier: "UTC") ?? .current
        return LayoutEngine(measurer: ScaledMeasurer()).layout(chart, in: Self.rect, environment: environment)
            .compactMap { item in
                guard case .text(let text) = item else { return nil }
                return text
            }
    }

    @Test func labelsAreDrawnInTheirFontInsideTheChart() {
        let labels = layout(labelFont: Font(size: 16, weight: .semibold))
        // Three values and at least one date.
        #expect(labels.count >= 4)
        for label in labels {
            #expect(label.font.size == 16 && label.font.weight == .semibold, "\(label.string)")
            #expect(
                label.frame.minX >= Self.rect.minX - 0.01 && label.frame.maxX <= Self.rect.maxX + 0.01
                    && label.frame.minY >= Self.rect.minY - 0.01 && label.frame.maxY <= Self.rect.maxY + 0.01,
                "'\(label.string)' at \(label.frame) runs out of the chart")
        }
    }

    @Test func withoutAFontTheLabelsAreTheCharts() {
        let labels = layout(labelFont: nil)
        #expect(!labels.isEmpty)
        #expect(labels.allSatisfy { $0.font == Font.caption2 })
    }

    @Test func aColourAndAFontApplyToEveryMarkOfAList() {
        let list = AxisValueLabel().font(Font(size: 20)).foregroundStyle(.primary)
        #expect(list.elements.count == 1)
        #expect(list.elements[0].font == Font(size: 20) && list.elements[0].color == .primary)
        // A tick keeps no font.
        #expect(AxisTick().font(Font(size: 20)).elements[0].font == nil)
    }
}
