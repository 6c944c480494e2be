import Foundation
import Testing

@testable import ChartWidgets

/// The last bar's row (Open, High, Low, Day) keeps its statistics at least 10 pt apart by
/// shrinking the figures together, never under 11 pt, then dropping the open (#4).
@Suite("Price statistics row fits")
struct PriceStatRowTests {
    static let labels = ["Open", "High", "Low", "Day"]
    static let korean = ["시가", "고가", "저가", "전일 대비"]
    static let values = ["29,086.49", "29,202.34", "28,989.67", "+0.62%"]

    static func needed(_ fit: (dropped: Int, size: Double), labels: [String], values: [String]) -> Double {
        let columns = zip(labels, values).dropFirst(fit.dropped).map {
            max(Formatting.estimatedWidth($0, size: 11), Formatting.estimatedWidth($1, size: fit.size))
        }
        return columns.reduce(0, +) + PriceWidgetView.statGap * Double(columns.count - 1)
    }

    @Test func aWideRowKeepsAllFourAt13Points() {
        let fit = PriceWidgetView.statRowFit(labels: Self.labels, values: Self.values, width: 500)
        #expect(fit.dropped == 0)
        #expect(fit.size == 13)
    }

    @Test(arguments: [288.0, 300, 320, 343, 360])
    func everyWidthKeepsTheGapAndTheSmallestText(width: Double) {
        for labels in [Self.labels, Self.korean] {
            let fit = PriceWidgetView.statRowFit(labels: labels, values: Self.values, width: width)
            #expect(fit.size >= 11)
            #expect(fit.size <= 13)
            #expect(Self.needed(fit, labels: labels, values: Self.values) <= width, "\(labels) at \(width) pt")
        }
    }

    @Test func theOpenGoesFirstWhenEven11PointsIsTooWide() {
        let width = Self.needed((0, 11), labels: Self.labels, values: Self.values) - 1
        let fit = PriceWidgetView.statRowFit(labels: Self.labels, values: Self.values, width: width)
        #expect(fit.dropped == 1)
    }

    @Test func theStatisticsAreAtLeastTenPointsApart() {
        #expect(PriceWidgetView.statGap >= 10)
    }
}
