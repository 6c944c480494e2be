import Foundation
@_spi(Fuzzing) import WidgetData

/// What each fuzz target runs on one input: a parser, then the checks of ``Invariants`` on
/// whatever it returned or threw. A broken rule stops the process (`fatalError`), which
/// libFuzzer reports as a crash and saves the input for.
///
/// The same functions run plainly in the replay mode of each target (see ``Replay``), so a
/// saved crash can be re-run under the debugger without the fuzzer.
public enum FuzzTargets {
    /// The source name every target passes, so messages can be checked for it.
    static var source: String { "fuzz.input" }

    /// Binance klines.
    public static func binance(_ data: Data) {
        Invariants.ohlc(exchange: true) { () throws(DataError) in try BinanceKlinesParser().parse(data, source: source)
        }
    }

    /// Coinbase candles.
    public static func coinbase(_ data: Data) {
        Invariants.ohlc(exchange: true) { () throws(DataError) in
            try CoinbaseCandlesParser().parse(data, source: source)
        }
    }

    /// Kraken OHLC, with and without a pair chosen.
    public static func kraken(_ data: Data) {
        Invariants.ohlc(exchange: true) { () throws(DataError) in try KrakenOHLCParser().parse(data, source: source) }
        Invariants.ohlc(exchange: true) { () throws(DataError) in
            try KrakenOHLCParser().parse(data, source: source, pair: "XXBTZUSD")
        }
    }

    /// Cryptowatch OHLC, with and without a period chosen.
    public static func cryptowatch(_ data: Data) {
        Invariants.ohlc(exchange: true) { () throws(DataError) in
            try CryptowatchOHLCParser().parse(data, source: source)
        }
        Invariants.ohlc(exchange: true) { () throws(DataError) in
            try CryptowatchOHLCParser().parse(data, source: source, period: "3600")
        }
    }

    /// Price CSV in its three layouts, decided by the header or forced.
    public static func ohlcCSV(_ data: Data) {
        Invariants.ohlc(exchange: false) { () throws(DataError) in try OHLCCSVParser().parse(data, source: source) }
        Invariants.ohlc(exchange: false) { () throws(DataError) in
            try OHLCCSVParser(layout: .named, valueColumn: "close").parse(data, source: source)
        }
        Invariants.ohlc(exchange: false) { () throws(DataError) in
            let (series, warnings) = try YahooCSVParser().parse(data, source: source, symbol: "X")
            return ParseResult(value: series, format: .yahoo, warnings: warnings)
        }
    }

    /// disease.sh: countries, historical, and the strict timeline.
    public static func diseaseSh(_ data: Data) {
        Invariants.cases { () throws(DataError) in try DiseaseShParser().historical(data, source: source) }
        Invariants.cases { () throws(DataError) in
            try DiseaseShParser().historical(data, source: source, country: "India")
        }
        Invariants.countries { () throws(DataError) in try DiseaseShParser().countries(data, source: source) }
        Invariants.cases { () throws(DataError) in
            let timeline = try DiseaseShParser().timeline(data, source: source)
            let series = CaseSeries(
                region: timeline.region,
                columns: [
                    .init(name: "cases", values: timeline.cases), .init(name: "deaths", values: timeline.deaths),
                    .init(name: "recovered", values: timeline.recovered),
                ].filter { !$0.values.isEmpty }, source: timeline.source)
            return ParseResult(value: series, format: .diseaseShHistorical, warnings: [])
        }
    }

    /// JHU wide time series, whole file and one region.
    public static func jhu(_ data: Data) {
        Invariants.cases { () throws(DataError) in try JHUTimeSeriesParser().parse(data, source: source) }
        Invariants.cases { () throws(DataError) in
            try JHUTimeSeriesParser().parse(data, source: source, region: "Canada")
        }
    }

    /// NYT and OWID long CSV.
    public static func longCSV(_ data: Data) {
        Invariants.cases { () throws(DataError) in try LongCaseCSVParser().parse(data, source: source) }
        Invariants.cases { () throws(DataError) in
            try LongCaseCSVParser(layout: .nyt).parse(data, source: source, region: "New York")
        }
        Invariants.cases { () throws(DataError) in
            try LongCaseCSVParser(layout: .owid).parse(data, source: source, region: "SRB")
        }
    }

    /// Format detection and the reader every provider uses, with and without options.
    public static func seriesReader(_ data: Data) {
        Invariants.any { () throws(DataError) in try SeriesReader().read(data, source: source) }
        Invariants.any { () throws(DataError) in
            try SeriesReader(SeriesOptions(region: "US", column: "close")).read(data, source: source)
        }
        Invariants.error { () throws(DataError) in _ = try SeriesFormat.detect(in: data, source: source) }
    }

    /// The generic reader (CSV of any delimiter, JSON tables): on its own, with a value column
    /// and a region chosen, and through ``SeriesReader`` forced to `generic` for each kind.
    public static func generic(_ data: Data) {
        Invariants.any { () throws(DataError) in try GenericTableParser().parse(data, source: source) }
        Invariants.any { () throws(DataError) in
            try GenericTableParser(valueColumn: "close").parse(data, source: source, symbol: "X", region: "India")
        }
        Invariants.ohlc(exchange: false) { () throws(DataError) in
            try SeriesReader(SeriesOptions(format: .generic)).readOHLC(data, source: source)
        }
        Invariants.cases { () throws(DataError) in
            try SeriesReader(SeriesOptions(format: .generic, column: "column 2")).readCases(data, source: source)
        }
    }

    /// Inference by content: the candle search on a CSV table's first rows (distinct columns,
    /// within the table, a found candle has at least four), the content screen, and the reader
    /// that uses both, for prices and for counts.
    public static func candles(_ data: Data) {
        Invariants.error { () throws(DataError) in
            let (columns, found, width) = try ReaderProbe.candles(data, source: source)
            Invariants.require(Set(columns).count == columns.count || !found, "a column found twice: \(columns)")
            Invariants.require(columns.allSatisfy { $0 >= 0 && $0 < width }, "a column outside the table: \(columns)")
            Invariants.require(!found || columns.count >= 4, "a candle of fewer than four columns: \(columns)")
        }
        Invariants.error { () throws(DataError) in try ReaderProbe.screen(data, source: source) }
        Invariants.ohlc(exchange: false) { () throws(DataError) in try SeriesReader().readOHLC(data, source: source) }
        Invariants.cases { () throws(DataError) in
            try SeriesReader(SeriesOptions(region: "Italy")).readCases(data, source: source)
        }
    }

    /// Compressed input: the fuzzer's bytes opened as an archive (a mutated gzip or zip), under
    /// a limit that must hold exactly; and the bytes wrapped in a gzip and a zip of their own,
    /// which ``SeriesReader`` must read exactly as it reads them plain.
    public static func compressed(_ data: Data) {
        let limit = 1 << 20
        Invariants.error { () throws(DataError) in
            guard let inside = try ReaderProbe.decompressed(data, source: source, limit: limit) else { return }
            Invariants.require(inside.count <= limit, "\(inside.count) bytes inside, over the \(limit) limit")
            // The same bytes at exactly their size; one byte less is refused as too large.
            let again = try ReaderProbe.decompressed(data, source: source, limit: inside.count)
            Invariants.require(again == inside, "the archive read differently twice")
            if !inside.isEmpty {
                do throws(DataError) {
                    _ = try ReaderProbe.decompressed(data, source: source, limit: inside.count - 1)
                    Invariants.require(false, "\(inside.count) bytes inside were read under a limit of one less")
                } catch {
                    Invariants.require(
                        error == .decompressedTooLarge(source: source, limit: inside.count - 1),
                        "one byte over the limit gave another error: \(error)")
                }
            }
        }
        Invariants.any { () throws(DataError) in try SeriesReader().read(data, source: source) }
        // An archive inside an archive is read one level deep only: the comparison is for plain text.
        guard !data.starts(with: [0x1F, 0x8B]), !data.starts(with: [0x50, 0x4B]) else { return }
        let plain = outcome { () throws(DataError) in try SeriesReader().read(data, source: source) }
        for wrapped in [Archive.gzipStored(data), Archive.zipStored(data, name: "inside.csv")] {
            let read = outcome { () throws(DataError) in try SeriesReader().read(wrapped, source: source) }
            Invariants.require(read == plain, "an archive read otherwise than its text: \(read) vs \(plain)")
        }
    }

    /// A read's result or error message, to compare two reads.
    private static func outcome(_ read: () throws(DataError) -> ParseResult<SeriesData>) -> String {
        do {
            let result = try read()
            return "\(result.format) \(result.value.hashValue) \(result.warnings.map(\.description))"
        } catch {
            return error.description
        }
    }

    /// The CSV reader alone: records, header, delimiter, every field as a number and a time.
    public static func csv(_ data: Data) {
        Invariants.error { () throws(DataError) in _ = try ReaderProbe.csv(data, source: source) }
        Invariants.error { () throws(DataError) in
            _ = try CSVReader.records(in: String(decoding: data, as: UTF8.self), source: source)
        }
    }

    /// The JSON reader alone: every value read as a number, a string and a summary.
    public static func json(_ data: Data) {
        Invariants.error { () throws(DataError) in _ = try ReaderProbe.json(data, source: source) }
    }
}
