import Foundation
import Testing
import WidgetCore
import WidgetLayout
import WidgetDrawing
@testable import ChartWidgets
import WidgetRender

/// The price widget laid out with the real fonts on every device, in en, ja and ko: the
/// statistics row keeps its gaps (#4), and a small widget whose data is behind the screen
/// shows its date, whole (#14). The country circular names the country in ja and ko (#9).
@Suite("Price and country layout on every device")
struct PriceWidgetLayoutTests {
    static let locales = ["en", "ja", "ko"].map(Locale.init(identifier:))

    /// The texts of every device's entry on screen at `shown`, with a measurer for the locale.
    static func texts(
        kind: String, family: WidgetFamily, locale: Locale, shown: Date? = nil, parameters: [String: String] = [:],
        _ check: (DeviceProfile, [DisplayText], PangoText) throws -> Void
    ) async throws {
        let widget = try Fixtures.widget(kind)
        for device in DeviceProfile.all where device.size(of: family) != nil {
            let metrics = try WidgetMetrics(family: family, device: device)
            let context = TimelineProviderContext(
                family: family, displaySize: metrics.size,
                parameters: try WidgetParameters.resolve(parameters, against: widget.parameters), now: Fixtures.now)
            guard let entry = try await widget.timeline(in: context).entry(at: Fixtures.now) else { continue }
            try Fixtures.withSession { session in
                let measurer = try session.renderer.text(for: locale)
                let lists = try session.renderer.layout(
                    entry.view, metrics: metrics,
                    context: ViewContext(
                        family: family, displaySize: metrics.size, locale: locale, date: shown ?? entry.date))
                var texts: [DisplayText] = []
                for case .text(let text) in lists.content { texts.append(text) }
                try check(device, texts, measurer)
            }
        }
    }

    @Test(arguments: [WidgetFamily.systemLarge, .todayExpanded])
    func statisticsAreAtLeastTenPointsApart(_ family: WidgetFamily) async throws {
        for locale in Self.locales {
            let labels = [
                locale.pick(en: "Open", ja: "始値", ko: "시가"), locale.pick(en: "High", ja: "高値", ko: "고가"),
                locale.pick(en: "Low", ja: "安値", ko: "저가"), locale.pick(en: "Day", ja: "前日比", ko: "전일 대비"),
            ]
            try await Self.texts(kind: "price", family: family, locale: locale) { device, texts, measurer in
                func width(_ text: DisplayText) -> Double {
                    measurer.measure(text.string, font: text.font, maxWidth: nil, lineLimit: nil).width
                }
                // A column: its label and the figure right under it.
                let columns = texts.filter { labels.contains($0.string) }.map { label -> (minX: Double, maxX: Double) in
                    let figure = texts.first {
                        abs($0.frame.minX - label.frame.minX) < 0.5 && $0.frame.minY >= label.frame.maxY - 0.5
                            && $0.frame.minY < label.frame.maxY + 6
                    }
                    let right = max(width(label), figure.map(width) ?? 0)
                    return (label.frame.minX, label.frame.minX + right)
                }
                .sorted { $0.minX < $1.minX }
                #expect(columns.count >= 3, "\(device.id) \(locale.identifier): \(columns.count) statistics")
                for (left, right) in zip(columns, columns.dropFirst()) {
                    let gap = right.minX - left.maxX
                    #expect(
                        gap >= 10 - 0.05,
                        "\(device.id) \(family.shortName) \(locale.identifier): a \(String(format: "%.1f", gap)) pt gap"
                    )
                }
            }
        }
    }

    @Test func aSmallWidgetBehindTheScreenShowsItsDate() async throws {
        for locale in Self.locales {
            // The sample ends on 1 Mar 2013; the screen shows November 2023.
            let date = Formatting.longDate(
                Date(timeIntervalSince1970: 1_362_096_000), locale: locale, timeZone: .utc)
            // The shortest small widgets write it in figures beside the name (`3/1/13`), so the
            // chart keeps its height.
            let figures = Formatting.shortDate(
                Date(timeIntervalSince1970: 1_362_096_000), shownAt: Fixtures.now, numeric: true, locale: locale,
                timeZone: .utc)
            try await Self.texts(kind: "price", family: .systemSmall, locale: locale, shown: Fixtures.now) {
                device, texts, measurer in
                let short = (device.size(of: .systemSmall)?.height ?? 0) < PriceWidgetView.roomySmallHeight
                let date = short ? figures : date
                let shown = texts.first { $0.string == date }
                #expect(shown != nil, "\(device.id) \(locale.identifier): no '\(date)' in \(texts.map(\.string))")
                if let shown {
                    let natural = measurer.measure(shown.string, font: shown.font, maxWidth: nil, lineLimit: nil)
                    #expect(natural.width <= shown.layoutWidth + 0.01, "\(device.id): '\(date)' is cut")
                }
            }
            // On the day of its last bar it is live, and says no date.
            try await Self.texts(kind: "price", family: .systemSmall, locale: locale) { device, texts, _ in
                #expect(!texts.contains { $0.string == date }, "\(device.id) \(locale.identifier)")
            }
        }
    }

    @Test func theCountryCircularNamesJapanInItsLanguage() async throws {
        for (language, name) in [("en", "JPN"), ("ja", "日本"), ("ko", "일본")] {
            let locale = Locale(identifier: language)
            try await Self.texts(
                kind: "covid-country", family: .accessoryCircular, locale: locale, parameters: ["country": "JPN"]
            ) { device, texts, _ in
                #expect(texts.first?.string == name, "\(device.id) \(language): \(texts.map(\.string))")
            }
        }
    }
}
