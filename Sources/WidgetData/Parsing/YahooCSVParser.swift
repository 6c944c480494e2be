import Foundation

/// Reads Yahoo-Finance-style CSV (`Date,Open,High,Low,Close,Adj Close,Volume`),
/// matching columns by name, so the legacy order and the pandas export with an
/// unnamed first column both work.
///
/// Rows whose prices are `null` (Yahoo's missing days) or not numbers are
/// skipped with a warning naming the line; a file with no usable row is an error.
/// This is ``OHLCCSVParser`` limited to its Yahoo and pandas layouts; ``SeriesReader``
/// reads these files and every other format.
///
/// ```swift
/// let (series, warnings) = try YahooCSVParser().parse(data, source: "BTC-USD.csv", symbol: "BTC-USD")
/// ```
public struct YahooCSVParser {
    /// A parser.
    public init() {}

    /// Parses CSV bytes.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - source: the path or URL, for messages.
    ///   - symbol: what is priced, for the series.
    /// - Returns: the series and the warnings for skipped rows.
    /// - Throws: ``DataError`` naming the file and line.
    public func parse(_ data: Data, source: String, symbol: String) throws(DataError) -> (
        series: OHLCSeries, warnings: [DataWarning]
    ) {
        let table = try CSVTable(SourceText(data, source: source))
        let layout: OHLCCSVParser.Layout = OHLCCSVParser.layout(forKeys: table.keys) == .pandas ? .pandas : .yahoo
        let result = try OHLCCSVParser(layout: layout).parse(table, symbol: symbol)
        return (result.value, result.warnings)
    }
}
