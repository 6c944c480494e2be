import Foundation
import Testing
import WidgetCore
import WidgetLayout
import WidgetDrawing
@testable import ChartWidgets
import WidgetRender

/// The chart of daily counts (covid-global medium and large) laid out with the real fonts on
/// every device and in every language: its axis labels sit beside the plot, never over the bars,
/// the plot keeps a readable height, and its colour is the colour of the column it charts.
@Suite("Count charts keep their labels off the data")
struct CountChartLayoutTests {
    /// The least height of a chart of daily counts, in points: lower, the trend reads as a strip.
    static let smallestChart = 40.0

    /// Every laid-out display list of covid-global in `family`, per device, for `locale`.
    static func layouts(
        family: WidgetFamily, locale: Locale, values: ProviderValues = ProviderValues()
    ) async throws -> [(device: String, items: [DisplayItem])] {
        let widget = try Fixtures.widget("covid-global")
        var result: [(device: String, items: [DisplayItem])] = []
        for device in DeviceProfile.all where device.size(of: family) != nil {
            let metrics = try WidgetMetrics(family: family, device: device)
            let context = TimelineProviderContext(
                family: family, displaySize: metrics.size,
                parameters: try WidgetParameters.resolve([:], against: widget.parameters),
                now: Fixtures.now, values: values)
            let entries = try await widget.timeline(in: context).entries
            try Fixtures.withSession { session in
                for entry in entries {
                    let lists = try session.renderer.layout(
                        entry.view, metrics: metrics,
                        context: ViewContext(
                            family: family, displaySize: metrics.size, locale: locale, date: entry.date))
                    result.append((device.id, lists.content))
                }
            }
        }
        return result
    }

    static let scenes: [(WidgetFamily, String)] = [WidgetFamily.systemMedium, .systemLarge].flatMap { family in
        ["en", "ja", "ko"].map { (family, $0) }
    }

    @Test(arguments: scenes)
    func axisLabelsSitBesideTheBarsAndThePlotStaysTall(_ family: WidgetFamily, _ language: String) async throws {
        var problems: [String] = []
        for (device, items) in try await Self.layouts(family: family, locale: Locale(identifier: language)) {
            // Each chart's marks (bars, line, level line): their bounds, inside the chart's
            // rectangle, which also holds the axes' labels.
            let charts = items.compactMap { item -> Rect? in
                guard case .drawing(let steps, _, _, true) = item else { return nil }
                let bounds = steps.compactMap { step -> Rect? in
                    switch step {
                    case .fill(let path, _), .stroke(let path, _, _): path.boundingRect
                    case .text: nil
                    }
                }
                guard let first = bounds.first else { return nil }
                return bounds.dropFirst().reduce(first) { union, next in
                    let minX = min(union.minX, next.minX)
                    let minY = min(union.minY, next.minY)
                    return Rect(
                        x: minX, y: minY, width: max(union.maxX, next.maxX) - minX,
                        height: max(union.maxY, next.maxY) - minY)
                }
            }
            if charts.isEmpty { problems.append("\(device): no chart") }
            for plot in charts {
                if plot.height < Self.smallestChart - 0.5 {
                    problems.append("\(device): the chart is \(plot.height) pt high, under \(Self.smallestChart)")
                }
                for case .text(let text) in items where text.frame.intersects(plot, by: 0.5) {
                    problems.append("\(device): '\(text.string)' at \(text.frame) covers the chart at \(plot)")
                }
            }
        }
        #expect(problems.isEmpty, Comment(rawValue: problems.joined(separator: "\n")))
    }

    @Test(arguments: [
        ("covid/nyt_us_2021.csv", "deaths", CaseColors.deaths),
        ("covid/diseasesh_v2_historical_all_lastdays30.json", "recovered", CaseColors.recovered),
    ])
    func theChartAndTheHeadlineTakeTheColumnsColour(_ file: String, _ column: String, _ color: Color) async throws {
        var values = ProviderValues()
        values.chartData = ChartDataOptions(source: GoldenTests.fixture(file), column: column)
        let layouts = try await Self.layouts(family: .systemMedium, locale: Locale(identifier: "en"), values: values)
        let first = try #require(layouts.first)
        // The chart's line (its strokes) in the column's colour.
        let charts = first.items.flatMap { item -> [Color] in
            guard case .drawing(let steps, _, _, true) = item else { return [] }
            return steps.compactMap { step in
                if case .stroke(_, let style, _) = step, case .color(let color) = style.kind, color.light.alpha == 1 {
                    return color
                }
                return nil
            }
        }
        #expect(!charts.isEmpty)
        #expect(charts.allSatisfy { $0 == color }, "the chart of \(column) is \(charts), not \(color)")
        let headline = first.items.compactMap { item -> DisplayText? in
            guard case .text(let text) = item, text.string.hasSuffix(" new") else { return nil }
            return text
        }
        #expect(headline.count == 1)
        #expect(headline.allSatisfy { $0.color == color }, "the new \(column) are not in the column's colour")
    }

    @Test func aDayWithoutNewCasesSaysSoInWords() async throws {
        // Cumulative counts whose last day adds none: "No new cases", not "+0 new".
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("flat.csv")
        var csv = "date,cases,deaths\n"
        for day in 1...20 { csv += "2021-01-\(String(format: "%02d", day)),\(1_000 + 50 * min(day, 19)),10\n" }
        try Data(csv.utf8).write(to: file)
        var values = ProviderValues()
        values.chartData = ChartDataOptions(source: file.path, column: "cases")
        for (language, words) in [("en", "No new cases"), ("ja", "新規なし"), ("ko", "신규 없음")] {
            let layouts = try await Self.layouts(
                family: .systemMedium, locale: Locale(identifier: language), values: values)
            // Each entry's words (the timeline's entries are the data's last days): the last
            // day's says so, and none writes "+0".
            let texts = layouts.map { layout in
                layout.items.compactMap { item -> String? in
                    guard case .text(let text) = item else { return nil }
                    return text.string
                }
            }
            #expect(texts.contains { $0.contains(words) }, "\(language): \(texts.last ?? [])")
            #expect(!texts.contains { $0.contains { $0.contains("+0") } }, "\(language)")
        }
    }

    @Test func theCasesHaveOneNameOnEveryDevice() async throws {
        // "Cases" as in covid-country; it was "Confirmed" on larger phones and "Cases" on the smallest.
        for family in [WidgetFamily.systemSmall, .systemMedium, .systemLarge] {
            for (device, items) in try await Self.layouts(family: family, locale: Locale(identifier: "en")) {
                let words = items.compactMap { item -> String? in
                    guard case .text(let text) = item else { return nil }
                    return text.string
                }
                #expect(words.contains("Cases"), "\(device) \(family.shortName): \(words)")
                #expect(!words.contains("Confirmed"), "\(device) \(family.shortName): \(words)")
            }
        }
    }
}

extension Rect {
    /// Whether the two overlap by more than `tolerance` points both ways.
    fileprivate func intersects(_ other: Rect, by tolerance: Double) -> Bool {
        min(maxX, other.maxX) - max(minX, other.minX) > tolerance
            && min(maxY, other.maxY) - max(minY, other.minY) > tolerance
    }
}
