import Foundation
import Testing
import WidgetData

/// The folder of real sample files, found from this source file (no Package.swift resources).
let fixturesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

/// The bytes of a fixture, e.g. `ohlc/backtesting-0.6.6_GOOG_daily.csv`.
func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: fixturesFolder.appendingPathComponent(name))
}

/// Midnight UTC or a time, parsed by Foundation's ISO 8601 parser (independent of the code under test).
func utcInstant(_ iso: String) throws -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    let text = iso.count == 10 ? "\(iso)T00:00:00Z" : iso
    return try #require(formatter.date(from: text), "bad test date \(iso)")
}

/// Reads with detection and the given options.
func readOHLC(_ data: Data, source: String = "test", options: SeriesOptions = SeriesOptions()) throws
    -> ParseResult<OHLCSeries>
{
    try SeriesReader(options).readOHLC(data, source: source)
}

/// Reads case counts with detection and the given options.
func readCases(_ data: Data, source: String = "test", options: SeriesOptions = SeriesOptions()) throws
    -> ParseResult<CaseSeries>
{
    try SeriesReader(options).readCases(data, source: source)
}

/// The error a throwing expression raised, as a DataError, or a recorded issue.
func dataError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> DataError? {
    do {
        try body()
        Issue.record("expected a DataError, but nothing was thrown", sourceLocation: sourceLocation)
        return nil
    } catch let error as DataError {
        return error
    } catch {
        Issue.record("expected a DataError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Every value in the series is finite and high ≥ low: the "never NaN or infinity" rule.
func expectWellFormed(_ series: OHLCSeries, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!series.bars.isEmpty, "an empty series was returned", sourceLocation: sourceLocation)
    for bar in series.bars {
        let values = [bar.open, bar.high, bar.low, bar.close] + (bar.volume.map { [$0] } ?? [])
        #expect(values.allSatisfy { $0.isFinite }, "non-finite value at \(bar.time)", sourceLocation: sourceLocation)
        #expect(bar.high >= bar.low, "high below low at \(bar.time)", sourceLocation: sourceLocation)
    }
    let times = series.bars.map(\.time)
    #expect(
        zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "times not strictly increasing",
        sourceLocation: sourceLocation)
}

/// Every column is non-empty, finite, strictly increasing in date.
func expectWellFormed(_ series: CaseSeries, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!series.columns.isEmpty, "an empty series was returned", sourceLocation: sourceLocation)
    for column in series.columns {
        #expect(!column.values.isEmpty, "empty column \(column.name)", sourceLocation: sourceLocation)
        #expect(
            column.values.allSatisfy { $0.value.isFinite }, "non-finite value in \(column.name)",
            sourceLocation: sourceLocation)
        let dates = column.values.map(\.date)
        #expect(
            zip(dates, dates.dropFirst()).allSatisfy { $0 < $1 }, "\(column.name) dates not increasing",
            sourceLocation: sourceLocation)
    }
}

/// The UTC hour and minute of a date, as `HH:MM`.
func utcClock(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded()) % 86_400
    let hours = seconds / 3600
    let minutes = seconds / 60 % 60
    return "\(hours < 10 ? "0" : "")\(hours):\(minutes < 10 ? "0" : "")\(minutes)"
}
