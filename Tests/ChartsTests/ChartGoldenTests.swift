import Charts
import Foundation
import Testing
import WidgetSnapshotTesting

/// Golden PNGs of charts written as Swift Charts' documentation writes them, in a medium widget
/// at @2x, light and dark: each checks the real pixels of marks, axes and legends.
@Suite("Chart goldens")
struct ChartGoldenTests {
    static let day = 86_400.0
    static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01 00:00 UTC

    private func check(_ chart: ViewNode, _ name: String = #function) {
        for scheme in [ColorScheme.light, .dark] {
            assertSnapshot(
                of: chart.padding(12).node, as: .image(family: .systemMedium, scale: 2, colorScheme: scheme),
                named: scheme.rawValue, testName: name)
        }
    }

    struct Close: Identifiable {
        var id: Int
        var date: Date
        var value: Double
    }

    /// Closes over three weeks with a weekend gap each week.
    static let closes: [Close] = (0..<21).filter { $0 % 7 < 5 }.enumerated().map { index, day in
        Close(
            id: day, date: start.addingTimeInterval(Double(day) * Self.day),
            value: 100 + 8 * sin(Double(day) / 3) + Double(day) * 0.6)
    }

    /// A line with a gradient area under it, a dashed baseline and the high point annotated
    /// (the price widget's chart, as Swift Charts writes it).
    @Test func lineAreaRuleAndAnnotation() {
        let high = Self.closes.max { $0.value < $1.value }!
        check(
            Chart {
                ForEach(Self.closes) { close in
                    AreaMark(
                        x: .value("Day", close.date), yStart: .value("Low", 90), yEnd: .value("Close", close.value)
                    )
                    .foregroundStyle(
                        .linearGradient(
                            [Color.blue.opacity(0.35), Color.blue.opacity(0)], start: Point(x: 0.5, y: 0),
                            end: Point(x: 0.5, y: 1)))
                    LineMark(x: .value("Day", close.date), y: .value("Close", close.value))
                        .interpolationMethod(.monotone)
                }
                RuleMark(y: .value("Open", 104)).foregroundStyle(.gray)
                    .lineStyle(StrokeStyle(lineWidth: 1, dash: [3, 3]))
                PointMark(x: .value("Day", high.date), y: .value("Close", high.value))
                    .annotation(position: .top) { Text("High").font(.caption2).foregroundStyle(.secondary) }
            }
            .chartYScale(domain: 90...120))
    }

    /// Bars stacked by category with a legend (Swift Charts' "bar chart with stacking").
    @Test func stackedBars() {
        let sales: [(String, String, Double)] = [
            ("Mon", "Tea", 4), ("Mon", "Coffee", 7), ("Tue", "Tea", 3), ("Tue", "Coffee", 9), ("Wed", "Tea", 5),
            ("Wed", "Coffee", 6), ("Thu", "Tea", 6), ("Thu", "Coffee", 8), ("Fri", "Tea", 2), ("Fri", "Coffee", 11),
        ]
        check(
            Chart(sales, id: \.self.0) { sale in
                BarMark(x: .value("Day", sale.0), y: .value("Cups", sale.2))
                    .foregroundStyle(by: .value("Drink", sale.1))
            }.node)
    }

    /// Two series of points and a line each (a multi-series line with symbols), coloured by
    /// series from the palette.
    @Test func multiSeriesLines() {
        check(
            Chart {
                ForEach(0..<12) { month in
                    LineMark(x: .value("Month", month), y: .value("Rain", 40 + 30 * sin(Double(month) / 2)))
                        .foregroundStyle(by: .value("City", "Cupertino")).symbol(.circle)
                    LineMark(x: .value("Month", month), y: .value("Rain", 60 + 25 * cos(Double(month) / 2)))
                        .foregroundStyle(by: .value("City", "London")).symbol(.square)
                        .interpolationMethod(.catmullRom)
                }
            }
            .chartXScale(domain: 0...11))
    }

    /// Candles: a rule for each day's low to high, a bar for open to close, green when it
    /// closed up (the candlestick sample).
    @Test func candlesticks() {
        let candles: [(Double, Double, Double, Double)] = [
            (100, 104, 98, 103), (103, 105, 101, 102), (102, 103, 96, 97), (97, 101, 95, 100), (100, 108, 99, 107),
            (107, 109, 103, 104), (104, 106, 100, 105),
        ]
        check(
            Chart {
                ForEach(0..<candles.count) { index in
                    let (open, high, low, close) = candles[index]
                    let date = Self.start.addingTimeInterval(Double(index) * Self.day)
                    RuleMark(x: .value("Day", date), yStart: .value("Low", low), yEnd: .value("High", high))
                        .foregroundStyle(close >= open ? Color.green : Color.red)
                    BarMark(
                        x: .value("Day", date), yStart: .value("Open", open), yEnd: .value("Close", close), width: 10
                    )
                    .foregroundStyle(close >= open ? Color.green : Color.red)
                }
            }
            .chartYScale(domain: .automatic(includesZero: false)))
    }

    /// A heat map of rectangles over two categories, and horizontal bars (a pyramid's side).
    @Test func heatMapAndHorizontalBars() {
        let days = ["Mon", "Tue", "Wed", "Thu", "Fri"]
        let hours = ["9", "12", "15", "18"]
        check(
            HStack(spacing: 16) {
                Chart {
                    ForEach(0..<20) { index in
                        RectangleMark(x: .value("Day", days[index % 5]), y: .value("Hour", hours[index / 5]))
                            .foregroundStyle(Color.orange.opacity(0.2 + 0.8 * Double((index * 7) % 10) / 10))
                    }
                }
                .chartLegend(.hidden)
                Chart {
                    ForEach(Array(["0–19", "20–39", "40–59", "60+"].enumerated()), id: \.offset) { index, band in
                        BarMark(x: .value("People", [12.0, 18, 15, 9][index]), y: .value("Age", band))
                            .foregroundStyle(Color.purple)
                    }
                }
            }.node)
    }
}
