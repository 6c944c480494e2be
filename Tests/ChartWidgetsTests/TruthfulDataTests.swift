import Foundation
import Testing
import WidgetData
import WidgetRender

@testable import ChartWidgets

/// The chart widgets' providers on real third-party files (Tests/WidgetDataTests/Fixtures, sources
/// in its README): what they choose to show, and that it is true to the data.
@Suite("Chart widgets tell the truth about their data")
struct TruthfulDataTests {
    static let now = Date(timeIntervalSince1970: 2_000_000_000)

    /// A fixture's path.
    static func fixture(_ path: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("WidgetDataTests/Fixtures/\(path)").path
    }

    /// A context that reads `path`, with `parameters` checked against the widget's.
    static func context(
        _ widget: AnyWidget, family: WidgetFamily = .systemMedium, data path: String?, column: String? = nil,
        parameters: [String: String] = [:], diagnostics: Diagnostics = Diagnostics()
    ) throws -> TimelineProviderContext {
        var values = ProviderValues()
        if let path { values.chartData = ChartDataOptions(source: fixture(path), column: column) }
        return TimelineProviderContext(
            family: family, displaySize: Size(width: 364, height: 170),
            parameters: try WidgetParameters.resolve(parameters, against: widget.parameters), now: now,
            diagnostics: diagnostics, values: values)
    }

    static func widget(_ kind: String) throws -> AnyWidget {
        try #require(try BuiltInWidgets().resolvedWidgets().first { $0.kind == kind })
    }

    // MARK: Case counts

    @Test func aRevisionIsCountedAndDrawnAsZero() async throws {
        let context = try Self.context(
            try Self.widget("covid-global"), data: "covid/nyt_us_2021.csv", parameters: ["range": "all"])
        let entries = try await GlobalStatsProvider().timeline(in: context).entries
        let last = try #require(entries.last)
        // NYT's us.csv for 2021 has a day whose cumulative count fell.
        #expect(last.revisions >= 1)
        #expect(last.dailyNewCases.contains { $0.value < 0 })
        #expect(last.chartPoints.allSatisfy { $0.y >= 0 })
        #expect(last.averagePoints.allSatisfy { $0.y >= 0 })
        #expect(last.dataSummary?.revisions == last.revisions)
    }

    @Test("a file of daily counts only: the chart is those counts, the total their sum, said in a warning")
    func dailyCountsOnly() async throws {
        let diagnostics = Diagnostics()
        let path = "shapes/count-only_daily-cases.csv"
        let context = try Self.context(
            try Self.widget("covid-global"), data: path, parameters: ["range": "all"], diagnostics: diagnostics)
        let entry = try #require(try await GlobalStatsProvider().timeline(in: context).entries.last)
        let text = try String(contentsOfFile: Self.fixture(path), encoding: .utf8)
        let values = text.split(separator: "\n").dropFirst().compactMap { $0.split(separator: ",").last }
            .compactMap { Double($0) }
        #expect(entry.dailyNewCases.map(\.value) == values)
        #expect(entry.newCases == values.last)
        #expect(entry.cases == values.reduce(0, +))
        #expect(
            diagnostics.drain().contains {
                $0.hasPrefix("\(Self.fixture(path)): daily new cases only, no running total")
            })
    }

    @Test("a case file without counts is refused naming the file, never an empty timeline")
    func noCountsNamesTheFile() async throws {
        let path = "refusals/no-case-counts.csv"
        let context = try Self.context(try Self.widget("covid-global"), data: path)
        do {
            _ = try await GlobalStatsProvider().timeline(in: context)
            Issue.record("expected an error")
        } catch let error as ProviderError {
            #expect(error.reason == .badData)
            #expect(error.message.hasPrefix("\(Self.fixture(path)): no case counts"), "\(error)")
        }
    }

    @Test func theSevenDayAverageSmoothsTheDailyCounts() async throws {
        let context = try Self.context(try Self.widget("covid-global"), data: "covid/nyt_us_2021.csv")
        let entry = try #require(try await GlobalStatsProvider().timeline(in: context).entries.last)
        let raw = entry.chartPoints.map(\.y)
        let average = entry.averagePoints.map(\.y)
        #expect(raw.count == average.count)
        // The average of a week varies less from day to day than the raw counts do.
        func wiggle(_ values: [Double]) -> Double {
            zip(values, values.dropFirst()).map { abs($1 - $0) }.reduce(0, +)
        }
        #expect(wiggle(average) < wiggle(raw) / 2)
    }

    @Test func theColumnChartedNamesTheTitle() async throws {
        let context = try Self.context(
            try Self.widget("covid-global"), data: "covid/nyt_us_2021.csv", column: "deaths")
        let entry = try #require(try await GlobalStatsProvider().timeline(in: context).entries.last)
        #expect(entry.seriesName == "deaths")
        #expect(GlobalStatsWidgetView.seriesKind("deaths") == .deaths)
        // The deaths are the main figure: not repeated beside it, and no "active" from them.
        #expect(entry.sideDeaths == nil)
        #expect(entry.active == nil)
        // Charting cases, the same file shows deaths beside them.
        let cases = try Self.context(try Self.widget("covid-global"), data: "covid/nyt_us_2021.csv")
        let casesEntry = try #require(try await GlobalStatsProvider().timeline(in: cases).entries.last)
        #expect(casesEntry.sideDeaths == entry.cases)
    }

    @Test func diseaseShWorldwideStatusIsReadByTheGlobalWidget() async throws {
        let context = try Self.context(try Self.widget("covid-global"), data: "covid/diseasesh_v2_all.json")
        let timeline = try await GlobalStatsProvider().timeline(in: context)
        let entry = try #require(timeline.entries.first)
        #expect(timeline.entries.count == 1)
        #expect(entry.cases == 2_144_719)
        #expect(entry.newCases == 58_288)
        #expect(entry.deaths == 143_278)
        #expect(entry.recovered == 543_079)
        #expect(entry.dailyNewCases.isEmpty)
        #expect(entry.showsWorld)
    }

    @Test func aSingleCountryFileNeedsNoCountryNamed() async throws {
        let context = try Self.context(
            try Self.widget("covid-country"), data: "covid/diseasesh_v2_countries_India.json")
        let entry = try #require(try await CountryStatusProvider().timeline(in: context).entries.first)
        #expect(entry.iso3 == "IND")
        #expect(entry.status.cases == 12_759)
    }

    @Test func aCountryNamedThatTheFileLacksIsStillAnError() async throws {
        let context = try Self.context(
            try Self.widget("covid-country"), data: "covid/diseasesh_v2_countries_India.json",
            parameters: ["country": "USA"])
        await #expect(throws: ProviderError.self) { try await CountryStatusProvider().timeline(in: context) }
    }

    @Test func withoutACountryAManyCountryFileShowsJapan() async throws {
        let context = try Self.context(
            try Self.widget("covid-country"), data: "covid/diseasesh_v2_countries_all.json")
        let entry = try #require(try await CountryStatusProvider().timeline(in: context).entries.first)
        #expect(entry.iso3 == "JPN")
    }

    // MARK: Prices

    @Test func weekendGapsAreGapsInTimeAndNoLineCrossesThem() async throws {
        let context = try Self.context(
            try Self.widget("price"), data: "ohlc/backtesting-0.6.6_EURUSD_hourly_last400.csv",
            parameters: ["range": "all"])
        let entry = try #require(try await PriceProvider().timeline(in: context).entries.last)
        // The hourly FX file stops for weekends: in time the gaps are days long.
        let times = entry.bars.map(\.time.timeIntervalSince1970)
        let longestGap = zip(times, times.dropFirst()).map { $1 - $0 }.max() ?? 0
        #expect(longestGap > 86_400)
        // The chart's x is the bars' time, so a weekend takes its two days of width...
        #expect(entry.chartPoints.map(\.x) == times)
        // ...and the line stops before it and starts after it: each run steps an hour or so.
        let runs = WidgetCharts.runs(entry.chartPoints)
        #expect(runs.count > 1)
        for run in runs {
            #expect(zip(run, run.dropFirst()).allSatisfy { $1.x - $0.x <= 7 * 3_600 })
        }
        #expect(entry.isIntraday)
    }

    @Test func aLineBreaksOnlyAtAStepOverSevenUsualOnes() {
        func points(_ steps: [Double]) -> [ChartPoint] {
            var x = 0.0
            return [ChartPoint(x: 0, y: 1)]
                + steps.map { step in
                    x += step
                    return ChartPoint(x: x, y: 1)
                }
        }
        // Daily closes with a long weekend: one run.
        #expect(WidgetCharts.runs(points([1, 1, 1, 1, 4, 1, 1, 1, 1, 3])).count == 1)
        // A step of eight days among daily ones: two runs.
        #expect(WidgetCharts.runs(points([1, 1, 1, 8, 1, 1])).map(\.count) == [4, 3])
        // The shortest step is not the usual one: fifty over a usual ten stays one run.
        #expect(WidgetCharts.runs(points([0.1, 10, 10, 10, 10, 50])).count == 1)
        #expect(WidgetCharts.runs(points([0.1, 10, 10, 10, 10, 71])).count == 2)
        #expect(WidgetCharts.runs([]).isEmpty)
    }

    @Test func minuteDataIsIntradayAndSaysSo() async throws {
        let context = try Self.context(
            try Self.widget("price"), data: "ohlc/binance_api-v3-klines_1m_USDT-pair_2024-11-16.json")
        let entry = try #require(try await PriceProvider().timeline(in: context).entries.last)
        #expect(entry.isIntraday)
        // The window is the file's span, stated in its own unit, not "90D".
        let label = entry.span.label(in: Locale(identifier: "en"))
        #expect(label.hasSuffix("m") || label.hasSuffix("H"), "\(label)")
        #expect(
            entry.span.label(in: Locale(identifier: "ko")).hasSuffix("분")
                || entry.span.label(in: Locale(identifier: "ko")).hasSuffix("시간"))
    }

    @Test func dailyDataIsNotIntraday() async throws {
        let context = try Self.context(
            try Self.widget("price"), data: "ohlc/yahoo_BTC-USD_daily_2022-08_2023-08.csv")
        let entry = try #require(try await PriceProvider().timeline(in: context).entries.last)
        #expect(!entry.isIntraday)
        #expect(entry.span.label(in: Locale(identifier: "ja")) == "90日間")
    }

    @Test func theLineIsColouredByTheWindowsChangeAndTheMarketsConvention() {
        let green = TrendPalette(Locale(identifier: "en")).color(.up)
        let red = TrendPalette(Locale(identifier: "en")).color(.down)
        #expect(green != red)
        // In Korea red is up and blue is down.
        #expect(TrendPalette(Locale(identifier: "ko")).color(.up) == red)
        #expect(TrendPalette(Locale(identifier: "ko")).color(.down) != green)
        #expect(TrendPalette(Locale(identifier: "ja")).color(.up) == green)
    }
}
