import Foundation
import Testing
import WidgetCore
@testable import ChartWidgets
import WidgetRender

/// The charts of the large families (price large, extraLarge and todayExpanded, covid-global
/// large) date their time axis on every device, in the widget's language, with the labels
/// under the chart and left to right in time; the smaller families keep their charts bare.
@Suite("Time axes on the large families")
struct TimeAxisTests {
    /// The fixtures' windows: a year of AAPL to Mar 1, 2013 (large, extraLarge), its last 90 days
    /// (todayExpanded), and the world's counts from Mar 17 to Apr 15, 2020.
    static let scenes: [(kind: String, family: WidgetFamily, labels: [String: [String]])] = [
        // A January inside the axis names its year.
        (
            "price", .systemLarge,
            ["en": ["Jul", "Oct", "2013"], "ja": ["7月", "10月", "2013年"], "ko": ["7월", "10월", "2013년"]]
        ),
        ("price", .systemExtraLarge, ["en": ["Jul", "Oct", "2013"], "ja": ["7月", "10月", "2013年"]]),
        ("price", .todayExpanded, ["en": ["2013", "Feb"], "ja": ["2013年", "2月"], "ko": ["2013년", "2월"]]),
        ("covid-global", .systemLarge, ["en": ["Mar 22", "Mar 29", "Apr 5"], "ja": ["3月22日", "3月29日", "4月5日"]]),
    ]

    @Test(arguments: scenes.indices)
    func theLargeFamiliesDateTheirCharts(_ index: Int) async throws {
        let scene = Self.scenes[index]
        for (language, labels) in scene.labels {
            try await PriceWidgetLayoutTests.texts(
                kind: scene.kind, family: scene.family, locale: Locale(identifier: language)
            ) { device, texts, _ in
                let found = labels.compactMap { label in texts.first { $0.string == label } }
                #expect(
                    found.count == labels.count,
                    "\(device.id) \(scene.kind) \(scene.family.shortName) \(language): \(texts.map(\.string))")
                // One row, in order of time, none touching the next.
                #expect(Set(found.map { ($0.frame.minY * 2).rounded() }).count <= 1, "\(device.id): not one row")
                for (left, right) in zip(found, found.dropFirst()) {
                    #expect(
                        left.frame.maxX + 4 <= right.frame.minX + 0.01,
                        "\(device.id): \(left.string) touches \(right.string)")
                }
            }
        }
    }

    @Test(arguments: [("price", WidgetFamily.systemMedium), ("price", .systemSmall), ("covid-global", .systemMedium)])
    func theSmallerFamiliesHaveNoTimeAxis(_ kind: String, _ family: WidgetFamily) async throws {
        try await PriceWidgetLayoutTests.texts(kind: kind, family: family, locale: Locale(identifier: "en")) {
            device, texts, _ in
            let dates = texts.filter { ["Jul", "Oct", "2013", "Mar 22", "Apr 5"].contains($0.string) }
            #expect(dates.isEmpty, "\(device.id) \(kind) \(family.shortName): \(dates.map(\.string))")
        }
    }
}
