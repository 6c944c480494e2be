import Foundation
import Testing
import WidgetData

@testable import ChartWidgets

/// The price change is over the window drawn, not the day: its period is stated next to it
/// wherever there is room, and what gives way first where there is not.
@Suite("Price change states its period")
struct PriceChangePeriodTests {
    static func entry(from first: Double, to last: Double, span: ChartSpan = ChartSpan(count: 30, unit: .days))
        -> PriceEntry
    {
        let day = Date(timeIntervalSince1970: 1_690_848_000)
        let bars = [first, last].enumerated().map { index, close in
            OHLCBar(
                time: day.addingTimeInterval(Double(index) * 86_400), open: close, high: close, low: close,
                close: close)
        }
        return PriceEntry(
            date: bars[1].time, symbol: "BTC-USD", bars: bars, previousClose: nil, span: span, source: "test")
    }

    @Test func theChangeNamesItsPeriodInTheLanguage() {
        let entry = Self.entry(from: 30_293, to: 29_039.01)
        #expect(PriceWidgetView.changeText(entry, Locale(identifier: "en"), size: 12) == "▼ -4.14% · 30D")
        #expect(PriceWidgetView.changeText(entry, Locale(identifier: "ja"), size: 12) == "▼ -4.14% · 30日間")
        let year = Self.entry(from: 100, to: 125.3, span: ChartSpan(count: 1, unit: .years))
        #expect(PriceWidgetView.changeText(year, Locale(identifier: "ko"), size: 13) == "▲ +25.30% · 1년")
    }

    @Test func whereRoomIsShortTheArrowGoesBeforeThePeriod() {
        let entry = Self.entry(from: 100, to: 250.5)
        let full = PriceWidgetView.changeText(entry, Locale(identifier: "en"), size: 12)
        let narrow = Formatting.estimatedWidth(full, size: 12) - 1
        #expect(
            PriceWidgetView.changeText(entry, Locale(identifier: "en"), size: 12, width: narrow) == "+150.50% · 30D")
        #expect(PriceWidgetView.changeText(entry, Locale(identifier: "en"), size: 12, width: 40) == "+150.50%")
    }

    @Test func theInlineLineKeepsThePeriodOnEveryLockScreen() {
        let entry = Self.entry(from: 30_293, to: 29_039.01)
        // 225 pt is the narrowest inline widget (iPhone SE, 8).
        for language in ["en", "ja", "ko"] {
            let line = PriceWidgetView.inlineText(entry, Locale(identifier: language), width: 225)
            #expect(line.hasPrefix("BTC 29,039.01 -4.14% 30"), "\(line)")
        }
        // With no room, the period goes before the name is cut.
        let room = Formatting.estimatedWidth("BTC 29,039.01 -4.14%", size: 14) + 1
        #expect(PriceWidgetView.inlineText(entry, Locale(identifier: "en"), width: room) == "BTC 29,039.01 -4.14%")
    }

    @Test func aLargePriceIsCompactedBeforeTheNameIsCut() {
        // A volume-sized figure (6,555,800,064.00) on the narrowest inline widget.
        let entry = Self.entry(from: 6_000_000_000, to: 6_555_800_064)
        let line = PriceWidgetView.inlineText(entry, Locale(identifier: "en"), width: 225)
        #expect(line.hasPrefix("BTC 6.56B +9.26%"), "\(line)")
        #expect(!line.contains("…"))
    }
}
