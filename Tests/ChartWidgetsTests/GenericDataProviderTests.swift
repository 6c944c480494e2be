import Foundation
import Testing
import WidgetData
import WidgetRender

@testable import ChartWidgets

/// The price widget's provider on each shape the generic reader reads (Tests/WidgetDataTests/Fixtures/generic,
/// sources in its README): what the widget shows, through `ChartDataOptions(source:)` as `--data` sets it.
@Suite("Providers read the shapes the generic reader knows")
struct GenericDataProviderTests {
    /// The price provider's last entry for a fixture.
    func lastEntry(_ name: String, column: String? = nil) async throws -> PriceEntry {
        let context = try TruthfulDataTests.context(
            try TruthfulDataTests.widget("price"), data: "generic/\(name)", column: column,
            parameters: ["range": "all"])
        let timeline = try await PriceProvider().timeline(in: context)
        #expect(timeline.entries.count == PriceProvider.entryCount)
        return try #require(timeline.entries.last)
    }

    @Test(
        "each shape renders its last bar",
        arguments: [
            ("mplfinance_jpyusd_barchartdotcom_first30.csv", 0.009582, "2020-03-11T00:00:00Z", 30),
            ("pandas-reset-index_GOOG_daily_first20.csv", 113.97, "2004-09-16T00:00:00Z", 20),
            ("excel-tab-delimited_GOOG_daily_first20.csv", 113.97, "2004-09-16T00:00:00Z", 20),
            ("german-semicolon-decimal-point_EURUSD_hourly_first48.csv", 1.21803, "2018-01-17T23:00:00Z", 48),
            ("dukascopy-gmt-time_EURUSD_hourly_first48.csv", 1.21803, "2018-01-17T23:00:00Z", 48),
            ("pandas-records-epoch-ms_BTCUSD_monthly_last24.json", 93381, "2024-12-31T00:00:00Z", 24),
            ("pandas-columns-orient_BTCUSD_monthly_last24.json", 93381, "2024-12-31T00:00:00Z", 24),
            ("object-of-arrays_GOOG_daily_first20.json", 113.97, "2004-09-16T00:00:00Z", 20),
            ("yahoo-v8-chart-shape_BTC-USD_daily_last8.json", 29039.011719, "2023-08-06T00:00:00Z", 5),
            ("alphavantage-time-series-daily-shape_GOOG_first10.json", 100.25, "2004-09-01T00:00:00Z", 10),
        ] as [(String, Double, String, Int)])
    func shapes(name: String, close: Double, date: String, bars: Int) async throws {
        let entry = try await lastEntry(name)
        #expect(entry.last.close == close)
        #expect(entry.date == ISO8601DateFormatter().date(from: date))
        #expect(entry.bars.count == bars)
        #expect(entry.stale == false)
        #expect(entry.dataSummary?.lastValue == close)
    }

    @Test("the ambiguous file is a bad-data error naming the columns and --column; with it, it renders")
    func ambiguous() async throws {
        let name = "yfinance-two-tickers-close_ambiguous.csv"
        do {
            _ = try await lastEntry(name)
            Issue.record("expected an error")
        } catch let error as ProviderError {
            #expect(error.reason == .badData)
            #expect(error.message.contains(#""BTC-USD" (column 2) and "ETH-USD" (column 3)"#), "\(error)")
            #expect(error.message.contains("choose the column to chart by its name, e.g. BTC-USD"))
        }
        let chosen = try await lastEntry(name, column: "BTC-USD")
        #expect(chosen.last.close == 21600.904297)
    }

    @Test("pomber's covid19 records: the global widget charts India's confirmed cases, titled India")
    func counts() async throws {
        let context = try TruthfulDataTests.context(
            try TruthfulDataTests.widget("covid-global"),
            data: "generic/pomber-covid19-timeseries-shape_India_30days.json",
            parameters: ["range": "all"])
        let entry = try #require(try await GlobalStatsProvider().timeline(in: context).entries.last)
        #expect(entry.cases == 12_322)
        #expect(entry.deaths == 405)
        #expect(entry.recovered == 1432)
        #expect(entry.regionName == "India")
    }
}
