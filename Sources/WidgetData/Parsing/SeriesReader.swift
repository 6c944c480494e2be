import Foundation

/// Reads any supported data file: detects its format (or uses the one given), parses it, and
/// picks the region, value column or pair the options ask for.
///
/// This is the one entry point the providers and the command line use; the per-format parsers
/// (``BinanceKlinesParser``, ``JHUTimeSeriesParser``, …) are there for callers that know the format.
///
/// ```swift
/// let reader = SeriesReader(SeriesOptions(region: "New York"))
/// let result = try reader.readCases(try DataLoader().load(path), source: path)
/// for warning in result.warnings { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }
/// let newYork = result.value   // CaseSeries, format in result.format
/// ```
///
/// A gzip file or a zip archive of one file, told by its first bytes, is read as the text it
/// holds, under ``sizeLimit`` (``CompressedInput``).
///
/// Every method throws ``DataError`` (the command exits 65 for it): the message names the file
/// and a line (CSV) or `line:column` (JSON). Records that cannot be read are skipped, each with a
/// ``DataWarning``; a result is never empty. See `Sources/WidgetData/DATA-RULES.md`.
public struct SeriesReader: Sendable {
    /// The format, region, column and symbol choices.
    public var options: SeriesOptions
    /// The most bytes a gzip file or zip archive may hold, decompressed (64 MiB, as
    /// ``DataLoader/sizeLimit``): inflating stops there with ``DataError/decompressedTooLarge(source:limit:)``.
    public var sizeLimit: Int

    /// A reader.
    ///
    /// - Parameters:
    ///   - options: what to read; by default everything is detected.
    ///   - sizeLimit: the most bytes a compressed input may hold.
    public init(_ options: SeriesOptions = SeriesOptions(), sizeLimit: Int = DataLoader.defaultSizeLimit) {
        self.options = options
        self.sizeLimit = sizeLimit
    }

    /// Reads `data` as whatever it is.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - source: the path or URL, for messages.
    /// - Returns: the data, its format and the warnings.
    /// - Throws: ``DataError``: `unrecognized`, `malformed`, `empty`, `service`, `notFound`, `selectionRequired`.
    public func read(_ data: Data, source: String) throws(DataError) -> ParseResult<SeriesData> {
        try read(data, source: source, wanted: nil)
    }

    /// Reads `data`; `wanted` is the kind the caller reads, which decides a generic table whose
    /// one value column is named neither as a price nor as a count.
    private func read(_ data: Data, source: String, wanted: SeriesKind?) throws(DataError) -> ParseResult<SeriesData> {
        let result = try readFormat(data, source: source, wanted: wanted)
        guard let column = options.column else { return result }
        // A column that is not applied or not there is an error, never silently ignored.
        switch (result.format, result.value) {
        case (.cryptowatch, _), (.yahoo, _), (.pandas, _), (.csv, _), (.generic, _):
            return result  // the parsers chose the column (or period) and reported a missing one
        case (_, .cases(let series)):
            guard series.values(named: column) != nil else {
                throw .notFound(
                    source: source, kind: "column", name: column,
                    suggestions: NameMatcher.closeMatches(
                        for: column, in: series.columns.map { NameMatcher.Candidate($0.name) }))
            }
            return result
        default:
            throw .unsupported(
                source: source,
                reason:
                    "a column (\(column)) was chosen, but \(result.format.name) data has one series; a column is chosen in a CSV file (or a Cryptowatch period)"
            )
        }
    }

    private func readFormat(_ data: Data, source: String, wanted: SeriesKind?) throws(DataError) -> ParseResult<
        SeriesData
    > {
        // A `.gz` or a zip of one file (told by its first bytes) is read as the text it holds.
        let data = try CompressedInput.decompressed(data, source: source, limit: sizeLimit) ?? data
        try ContentScreen.check(data, source: source)
        let text = try SourceText(data, source: source)
        let (format, parsed): (SeriesFormat, FormatDetector.Parsed)
        if options.columns != nil {
            // Columns given role by role are read as a table, never by a named format's layout.
            if let chosen = options.format, chosen != .generic {
                throw .unsupported(
                    source: source,
                    reason:
                        "each column's role was given, but the format \(chosen.name) reads its own columns; give the roles with the format generic, or leave the format out"
                )
            }
            if options.column != nil {
                throw .unsupported(
                    source: source, reason: "a column to chart and each column's role were both given; give one")
            }
            (format, parsed) = (.generic, try FormatDetector.parse(text, as: .generic))
        } else if let chosen = options.format {
            (format, parsed) = (chosen, try FormatDetector.parse(text, as: chosen))
        } else {
            (format, parsed) = try FormatDetector.detect(text)
        }
        var result = try parse(format, parsed, source: source, wanted: wanted)
        if case .csv(let table) = parsed, let preamble = table.preamble {
            let lines = preamble.lines == 1 ? "line" : "\(preamble.lines) lines"
            result.warnings.insert(
                DataWarning(
                    source: source, location: "1",
                    message:
                        "skipped \(lines) before the header, not part of the table: \(MessageText.quote(preamble.first))"
                ), at: 0)
        }
        return result
    }

    private func parse(_ format: SeriesFormat, _ parsed: FormatDetector.Parsed, source: String, wanted: SeriesKind?)
        throws(DataError) -> ParseResult<SeriesData>
    {
        switch (format, parsed) {
        case (.cryptowatch, .json(let document)):
            var result = try CryptowatchOHLCParser().parse(
                document, symbol: options.symbol ?? "", period: options.column
            ).map(SeriesData.ohlc)
            result.columns = .format(["time", "open", "high", "low", "close", "volume"])
            return result
        case (.binance, .json(let document)):
            var result = try BinanceKlinesParser().parse(document, symbol: options.symbol ?? "").map(SeriesData.ohlc)
            result.columns = .format(["time", "open", "high", "low", "close", "volume"])
            return result
        case (.coinbase, .json(let document)):
            var result = try CoinbaseCandlesParser().parse(document, symbol: options.symbol ?? "").map(SeriesData.ohlc)
            result.columns = .format(["time", "low", "high", "open", "close", "volume"])
            return result
        case (.kraken, .json(let document)):
            var result = try KrakenOHLCParser().parse(document, pair: options.symbol).map(SeriesData.ohlc)
            result.columns = .format(["time", "open", "high", "low", "close", "", "volume"])
            return result
        case (.yahoo, .csv(let table)), (.pandas, .csv(let table)), (.csv, .csv(let table)):
            let layout: OHLCCSVParser.Layout = format == .yahoo ? .yahoo : (format == .pandas ? .pandas : .named)
            return try OHLCCSVParser(layout: layout, valueColumn: options.column).parse(
                table, symbol: options.symbol ?? ""
            )
            .map(SeriesData.ohlc)
        case (.diseaseShCountries, .json(let document)):
            var (countries, warnings) = try DiseaseShParser().countries(document, strict: false)
            if let region = options.region {
                countries = [try CountryStatus.select(region, from: countries, source: source)]
            }
            return ParseResult(value: .countries(countries), format: format, warnings: warnings)
        case (.diseaseShHistorical, .json(let document)):
            return try DiseaseShParser().historical(
                document, country: options.region, fallbackName: "World", strict: false
            )
            .map(SeriesData.cases)
        case (.jhu, .csv(let table)) where LongCaseCSVParser.isKeyedByCountry(table):
            return try LongCaseCSVParser().parseByCountry(table, region: options.region, format: .jhu)
                .map(SeriesData.cases)
        case (.jhu, .csv(let table)):
            return try JHUTimeSeriesParser().parse(table, region: options.region).map(SeriesData.cases)
        case (.nyt, .csv(let table)):
            return try LongCaseCSVParser(layout: .nyt).parse(table, region: options.region).map(SeriesData.cases)
        case (.owid, .csv(let table)):
            return try LongCaseCSVParser(layout: .owid).parse(table, region: options.region).map(SeriesData.cases)
        case (.generic, _):
            return try GenericTableParser(valueColumn: options.column, columns: options.columns).parse(
                parsed, wanted: wanted, symbol: options.symbol ?? "", region: options.region)
        default:
            throw .malformed(source: source, location: "1", reason: "cannot read the content as \(format.name)")
        }
    }

    /// Reads a price series.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - source: the path or URL, for messages.
    /// - Returns: the series, its format and the warnings.
    /// - Throws: ``DataError``, also when the file holds another kind of data.
    public func readOHLC(_ data: Data, source: String) throws(DataError) -> ParseResult<OHLCSeries> {
        let result = try read(data, source: source, wanted: .ohlc)
        guard case .ohlc(let series) = result.value else { throw wrongKind(result, source: source, wanted: .ohlc) }
        return result.map { _ in series }
    }

    /// Reads a case-count series for one region (``SeriesOptions/region``).
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - source: the path or URL, for messages.
    /// - Returns: the series, its format and the warnings.
    /// - Throws: ``DataError``, also when the file holds another kind of data.
    public func readCases(_ data: Data, source: String) throws(DataError) -> ParseResult<CaseSeries> {
        let result = try read(data, source: source, wanted: .cases)
        guard case .cases(let series) = result.value else { throw wrongKind(result, source: source, wanted: .cases) }
        return result.map { _ in series }
    }

    /// Reads a disease.sh `/countries` snapshot; with ``SeriesOptions/region`` set, only that country.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - source: the path or URL, for messages.
    /// - Returns: the countries, the format and the warnings.
    /// - Throws: ``DataError``, also when the file holds another kind of data.
    public func readCountries(_ data: Data, source: String) throws(DataError) -> ParseResult<[CountryStatus]> {
        let result = try read(data, source: source)
        guard case .countries(let countries) = result.value else {
            throw wrongKind(result, source: source, wanted: .countryStatus)
        }
        return result.map { _ in countries }
    }

    private func wrongKind(_ result: ParseResult<SeriesData>, source: String, wanted: SeriesKind) -> DataError {
        .malformed(
            source: source, location: "1",
            reason: "holds \(result.value.kind.description) (format \(result.format.name)), not \(wanted.description)")
    }
}
