import Foundation
import Testing
import WidgetData
import WidgetRender

@testable import ChartWidgets

/// Words and figures that never mislead: the year of data from another year, no change from
/// zero, tiny prices, and shares that do not add up.
@Suite("Words and figures that never mislead")
struct WordsThatDoNotMisleadTests {
    static let utc = TimeZone.utc
    static let en = Locale(identifier: "en")

    static func date(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    @Test func aDayOfAnotherYearSaysItsYear() throws {
        let day = try Self.date("2020-04-17T12:00:00Z")
        let sameYear = try Self.date("2020-11-01T00:00:00Z")
        let later = try Self.date("2026-11-27T00:00:00Z")
        #expect(Formatting.shortDate(day, shownAt: sameYear, locale: Self.en, timeZone: Self.utc) == "Apr 17")
        #expect(Formatting.shortDate(day, shownAt: later, locale: Self.en, timeZone: Self.utc) == "Apr 17, 2020")
        #expect(
            Formatting.shortDate(day, shownAt: later, numeric: true, locale: Self.en, timeZone: Self.utc) == "4/17/20")
        #expect(
            Formatting.shortDate(day, shownAt: sameYear, numeric: true, locale: Self.en, timeZone: Self.utc) == "Apr 17"
        )
        #expect(
            Formatting.shortDate(
                day, shownAt: later, numeric: true, locale: Locale(identifier: "ja"), timeZone: Self.utc) == "20/4/17"
        )
        #expect(
            Formatting.shortDate(day, shownAt: later, locale: Locale(identifier: "ja"), timeZone: Self.utc)
                == "2020年4月17日")
        #expect(
            Formatting.shortDate(day, shownAt: later, locale: Locale(identifier: "ko"), timeZone: Self.utc)
                == "2020년 4월 17일")
        // The year is the calendar's in the time zone shown: New Year's Eve in New York is
        // already the next year in Tokyo.
        let eve = try Self.date("2020-12-31T20:00:00Z")
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let newYear = try Self.date("2021-01-01T03:00:00Z")
        #expect(Formatting.shortDate(eve, shownAt: newYear, locale: Self.en, timeZone: tokyo) == "Jan 1")
        #expect(Formatting.shortDate(eve, shownAt: newYear, locale: Self.en, timeZone: Self.utc) == "Dec 31, 2020")
    }

    @Test func aChangeFromZeroIsADash() throws {
        let start = try Self.date("2026-01-01T00:00:00Z")
        let bars = [0.0, 5, 7].enumerated().map { index, close in
            OHLCBar(
                time: start.addingTimeInterval(Double(index) * 86_400), open: close, high: close, low: close,
                close: close)
        }
        let entry = PriceEntry(
            date: start, symbol: "NEW", bars: bars, previousClose: nil, span: ChartSpan(count: 3, unit: .days),
            source: "test")
        #expect(entry.windowChangePercent.isNaN)
        #expect(Formatting.percent(entry.windowChangePercent) == "—")
        let text = PriceWidgetView.changeText(entry, Self.en, size: 12)
        #expect(text.hasPrefix("—"), "\(text)")
        #expect(!text.contains("0.00"))
        #expect(ChangeTrend(percent: entry.windowChangePercent) == .flat)
    }

    @Test(arguments: [
        (1.2345e-9, "1.235e-9"), (5e-7, "5.000e-7"), (-3.2e-8, "-3.200e-8"), (1e-300, "1.000e-300"),
        (0.000_012_34, "0.00001234"), (0.5, "0.5000"), (0, "0.00"),
    ])
    func tinyPricesKeepTheirDigits(_ value: Double, _ written: String) {
        #expect(Formatting.price(value) == written)
    }

    static func status(cases: Double, active: Double, recovered: Double, deaths: Double) -> CountryStatus {
        CountryStatus(
            country: "Japan", iso2: "JP", iso3: "JPN", updated: Date(timeIntervalSince1970: 1_587_059_879),
            cases: cases, todayCases: 0, deaths: deaths, todayDeaths: 0, recovered: recovered, active: active,
            critical: nil, tests: nil)
    }

    @Test func sharesThatDoNotAddUpAreNotABar() {
        #expect(CountryStatusWidgetView.sharesAddUp(Self.status(cases: 100, active: 60, recovered: 30, deaths: 10)))
        // Rounding and parts updated at different times: within 1 %.
        #expect(CountryStatusWidgetView.sharesAddUp(Self.status(cases: 1000, active: 605, recovered: 300, deaths: 100)))
        // Recoveries counted in the active too: 250 %.
        #expect(!CountryStatusWidgetView.sharesAddUp(Self.status(cases: 100, active: 90, recovered: 150, deaths: 10)))
        #expect(!CountryStatusWidgetView.sharesAddUp(Self.status(cases: 100, active: -5, recovered: 95, deaths: 10)))
        #expect(!CountryStatusWidgetView.sharesAddUp(Self.status(cases: 0, active: 0, recovered: 0, deaths: 0)))
    }

    @Test func aFileWhosePartsExceedTheTotalWarnsAndDrawsNoBar() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shares-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("japan.json")
        try Data(
            #"""
            {"country":"Japan","countryInfo":{"iso2":"JP","iso3":"JPN"},"updated":1587059879764,"cases":9787,"todayCases":0,"deaths":190,"todayDeaths":0,"recovered":9000,"active":9000}
            """#.utf8
        ).write(to: file)
        let widget = try #require(try BuiltInWidgets().resolvedWidgets().first { $0.kind == "covid-country" })
        var values = ProviderValues()
        values.chartData = ChartDataOptions(source: file.path)
        let diagnostics = Diagnostics()
        let context = TimelineProviderContext(
            family: .systemMedium, displaySize: Size(width: 364, height: 170),
            parameters: try WidgetParameters.resolve([:], against: widget.parameters),
            now: Date(timeIntervalSince1970: 2_000_000_000), diagnostics: diagnostics, values: values)
        let entry = try #require(try await CountryStatusProvider().timeline(in: context).entries.first)
        let warnings = diagnostics.drain()
        #expect(
            warnings.contains { $0.contains("japan.json") && $0.contains("do not add up") && $0.contains("9,787") },
            "\(warnings)")
        #expect(!CountryStatusWidgetView.sharesAddUp(entry.status))
    }

    /// Three significant figures in every language: a rounding never claims a milestone the
    /// figure has not reached (the world's 1,976,191 cases read "2M" a day early).
    @Test func aCompactFigureKeepsThreeSignificantFigures() {
        #expect(Formatting.compact(1_976_191, locale: Self.en) == "1.98M")
        #expect(Formatting.compact(2_000_000, locale: Self.en) == "2M")
        #expect(Formatting.compact(31_800, locale: Self.en) == "31.8K")
        #expect(Formatting.compact(440_897, locale: Self.en) == "441K")
        #expect(Formatting.compact(1_976_191, locale: Locale(identifier: "ja")) == "198万")
    }

    @Test func compactSiblingsShareOnePrecision() {
        let ja = Locale(identifier: "ja")
        #expect(Formatting.compact(34_700, locale: ja) == "3.47万")
        #expect(Formatting.compact(58_000, locale: ja) == "5.8万")
        #expect(Formatting.compact([34_700, 58_000], locale: ja) == ["3.47万", "5.80万"])
        // Zeros every figure has are dropped.
        #expect(Formatting.compact([30_000, 50_000], locale: ja) == ["3万", "5万"])
        #expect(Formatting.compact([1_340_000, 3_000_000], locale: Self.en) == ["1.34M", "3.00M"])
        // A figure in another unit keeps its own three figures: not 134.18K beside 1.42M.
        #expect(Formatting.compact([134_180, 502_050, 1_420_000], locale: Self.en) == ["134K", "502K", "1.42M"])
        // Below the first unit a figure is whole whatever its siblings.
        #expect(Formatting.compact([999, 1_340], locale: Self.en) == ["999", "1.34K"])
        let style = FigureStyle(size: 15, compact: true, siblings: [34_700, 58_000])
        #expect(style.text(58_000, ja) == "5.80万")
    }

    @Test func sharePercentsAddUpToAHundred() {
        // Japan, 2020-04-17: 8,662 active, 935 recovered, 190 deaths of 9,787 (89 + 10 + 2 rounded alone).
        #expect(CountryStatusWidgetView.wholePercents([8_662, 935, 190]) == [88, 10, 2])
        #expect(CountryStatusWidgetView.wholePercents([1, 1, 1]) == [34, 33, 33])
        #expect(CountryStatusWidgetView.wholePercents([0, 0, 0]) == [0, 0, 0])
        #expect(CountryStatusWidgetView.wholePercents([5, 0, 0]) == [100, 0, 0])
    }

    /// `--column Volume`: the widget is named by the column and writes counts whole; a price
    /// column keeps its decimals.
    @Test func aColumnOfCountsNamesTheWidgetAndIsWrittenWhole() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("counts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("daily.csv")
        var csv = "Date,Open,High,Low,Close,Volume\n"
        for day in 1...30 {
            let close = 100 + Double(day) / 4
            csv +=
                "2026-01-\(day < 10 ? "0" : "")\(day),\(close),\(close + 1),\(close - 1),\(close),\(6_555_800_000 + day)\n"
        }
        try Data(csv.utf8).write(to: file)
        let widget = try #require(try BuiltInWidgets().resolvedWidgets().first { $0.kind == "price" })
        func entry(column: String) async throws -> PriceEntry {
            var values = ProviderValues()
            values.chartData = ChartDataOptions(source: file.path, column: column)
            let context = TimelineProviderContext(
                family: .systemMedium, displaySize: Size(width: 364, height: 170),
                parameters: try WidgetParameters.resolve([:], against: widget.parameters),
                now: try Self.date("2026-02-01T00:00:00Z"), values: values)
            return try #require(try await PriceProvider().timeline(in: context).entries.last)
        }
        let volume = try await entry(column: "Volume")
        #expect(volume.symbol == "Volume")
        #expect(volume.wholeNumbers)
        #expect(volume.written(volume.last.close) == "6,555,800,030")
        let line = PriceWidgetView.inlineText(volume, Self.en, width: 400)
        #expect(line.hasPrefix("Volume 6,555,800,030 "), "\(line)")
        #expect(!line.contains("030.00"), "\(line)")
        let close = try await entry(column: "Close")
        #expect(close.symbol == "Price")
        #expect(!close.wholeNumbers)
        #expect(close.written(close.last.close) == "107.50")
        #expect(!PriceProvider.chartsCounts(column: "Adj Close", bars: close.bars.map { $0 }))
    }
}
