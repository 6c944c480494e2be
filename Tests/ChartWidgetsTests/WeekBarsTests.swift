import Foundation
import Testing
import WidgetCore
import WidgetRender

@testable import ChartWidgets

/// A year of daily counts: no bar narrower than 2 pixels on any device. Where a day's bar would
/// be, the chart draws each week's mean a week wide, and its caption says so.
@Suite("Week bars")
struct WeekBarsTests {
    /// 400 days of cumulative counts (a weekly rhythm over a slow wave), as a CSV of real bytes.
    static let file: URL = {
        var lines = ["date,confirmed"]
        var total = 0
        let start = Date(timeIntervalSince1970: 1_609_459_200)  // 2021-01-01
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        for day in 0..<400 {
            total += 1000 + Int(800 * sin(Double(day) / 20)) + (day % 7 < 5 ? 300 : 0)
            lines.append("\(formatter.string(from: start.addingTimeInterval(Double(day) * 86_400))),\(total)")
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("year-\(UUID().uuidString).csv")
        try? Data(lines.joined(separator: "\n").utf8).write(to: url)
        return url
    }()

    struct Case: Sendable, CustomStringConvertible {
        var device: String
        var family: WidgetFamily
        var description: String { "\(device) \(family.shortName)" }
    }

    static let cases: [Case] =
        ["iphone-375x667", "iphone-430x932"].flatMap { device in
            [WidgetFamily.systemSmall, .systemMedium, .systemLarge].map { Case(device: device, family: $0) }
        } + [Case(device: "ipad-1024x1366", family: .systemLarge)]

    @Test(arguments: cases)
    func noBarIsNarrowerThanTwoPixels(_ item: Case) async throws {
        let engine = try RenderEngine(bundle: BuiltInWidgets())
        var request = RenderRequest(
            kind: "covid-global", family: item.family, askedAt: Date(timeIntervalSince1970: 1_644_051_600))
        request.device = try DeviceProfile.named(item.device)
        request.parameters = ["range": "1y"]
        request.providerValues.chartData = ChartDataOptions(source: Self.file.path)
        let widget = try await engine.render(request, as: nil)
        let scale = Double(widget.metrics.scale)
        var widths: [Double] = []
        var captions: [String] = []
        for drawn in widget.displayList.content {
            if case .text(let text) = drawn { captions.append(text.text.string) }
            guard case .drawing(let steps, _, _, _) = drawn else { continue }
            for step in steps {
                // The bars: the chart's rectangles (four corners).
                if case .fill(let path, _) = step, path.elements.count <= 6 { widths.append(path.boundingRect.width) }
            }
        }
        let bars = try #require(widths.min(), "the chart draws bars")
        #expect(bars * scale >= 2, "\(item): the narrowest bar is \(bars * scale) px (\(widths.count) bars)")
        let weekly = widths.count < 300
        if weekly {
            #expect(widths.count >= 52 && widths.count <= 54, "a year of weeks: \(widths.count) bars")
            if item.family != .systemSmall {
                #expect(captions.contains { $0.contains("weekly means") }, "\(item): \(captions)")
            }
        } else {
            #expect(widths.count >= 364, "a year of days")
            #expect(!captions.contains { $0.contains("weekly means") })
        }
    }
}
