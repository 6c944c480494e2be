import Foundation

extension SeriesFormat {
    /// The format of `data`, told from its content: JSON by its shape, CSV by its header.
    ///
    /// JSON: Binance klines are arrays of ≥ 6-element arrays with millisecond times or string
    /// prices (or the `{"code","msg"}` error); Coinbase candles are arrays of 6 numbers with
    /// times in seconds (or `{"message"}`); Kraken answers have `error` as an array; Cryptowatch
    /// answers have `result` keyed by periods in seconds (or `error` as a string); disease.sh
    /// answers have `timeline`/`cases` objects (historical) or `country` and `cases` numbers.
    /// CSV: JHU has `Country/Region` and date headers; OWID has `iso_code` or `location`; NYT has
    /// `date` and `cases`; pandas has an empty first header cell holding dates; Yahoo has exactly
    /// its columns; `csv` has a date/time column named so and a `close` (or one column of values).
    /// Anything else, CSV or JSON, with a column of dates in order is ``generic`` (read by
    /// ``GenericTableParser``). A gzip file or a zip archive of one file is told by what it holds.
    ///
    /// ```swift
    /// try SeriesFormat.detect(in: Data("date,cases,deaths\n2021-01-01,1,0\n".utf8), source: "us.csv")   // .nyt
    /// ```
    ///
    /// - Parameters:
    ///   - data: the bytes.
    ///   - source: the path or URL, for messages.
    /// - Returns: the format.
    /// - Throws: ``DataError/unrecognized(source:seen:formats:)`` saying what was seen and listing
    ///   the formats; ``DataError/empty(source:reason:)`` for an empty file or array;
    ///   ``DataError/malformed(source:location:reason:)`` for text that is not UTF-8 or invalid JSON.
    public static func detect(in data: Data, source: String) throws(DataError) -> SeriesFormat {
        let data = try CompressedInput.decompressed(data, source: source, limit: DataLoader.defaultSizeLimit) ?? data
        try ContentScreen.check(data, source: source)
        return try FormatDetector.detect(SourceText(data, source: source)).format
    }
}
