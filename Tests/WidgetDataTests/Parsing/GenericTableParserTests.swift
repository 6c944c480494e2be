import Foundation
import Testing
import WidgetData

/// The generic reader on files in the shapes published packages write (Fixtures/generic, sources in
/// its README): each shape is detected as `generic` (or its named format), and read with its facts.
@Suite("GenericTableParser")
struct GenericTableParserTests {
    /// Reads a fixture with the generic reader itself.
    func parse(_ name: String, column: String? = nil) throws -> ParseResult<SeriesData> {
        try GenericTableParser(valueColumn: column).parse(try fixture("generic/\(name)"), source: name)
    }

    /// The price series of a generic read.
    func bars(_ result: ParseResult<SeriesData>) throws -> [OHLCBar] {
        guard case .ohlc(let series) = result.value else {
            Issue.record("expected prices, got \(result.value.kind)")
            return []
        }
        expectWellFormed(series)
        return Array(series.bars)
    }

    func text(_ csv: String, column: String? = nil, source: String = "t.csv") throws -> ParseResult<SeriesData> {
        try GenericTableParser(valueColumn: column).parse(Data(csv.utf8), source: source)
    }

    // MARK: Shapes from published packages

    @Test("mplfinance's barchart.com CSV: 'Time' dates, 'Last' as the close, newest first")
    func barchart() throws {
        let name = "mplfinance_jpyusd_barchartdotcom_first30.csv"
        // Refused before: a 'time' column, open/high/low, and no column named close.
        #expect(try SeriesFormat.detect(in: try fixture("generic/\(name)"), source: name) == .generic)
        let result = try parse(name)
        let bars = try bars(result)
        #expect(bars.count == 30)
        #expect(bars.first?.time == (try utcInstant("2020-01-30")))
        #expect(bars.last?.time == (try utcInstant("2020-03-11")))
        #expect(
            bars.last.map { [$0.open, $0.high, $0.low, $0.close, $0.volume ?? 0] } == [
                0.009469, 0.009596, 0.009467, 0.009582, 1769,
            ])
        #expect(result.warnings.map(\.message) == ["rows are newest first; read them oldest first"])
        #expect(result.format == .generic)
    }

    @Test("pandas df.reset_index().to_csv(): a row-number column before the dates")
    func pandasRangeIndex() throws {
        let name = "pandas-reset-index_GOOG_daily_first20.csv"
        // The header looks like pandas' unnamed date index, but column 1 holds 0, 1, 2…
        #expect(try SeriesFormat.detect(in: try fixture("generic/\(name)"), source: name) == .generic)
        let result = try parse(name)
        let bars = try bars(result)
        #expect(bars.count == 20)
        #expect(bars.first?.time == (try utcInstant("2004-08-19")))
        #expect(bars.first.map { [$0.open, $0.high, $0.low, $0.close] } == [100, 104.06, 95.96, 100.34])
        #expect(result.warnings.isEmpty)
    }

    @Test("Excel's tab-delimited text with CRLF: Yahoo's columns, detected as yahoo, read alike by the generic reader")
    func tabDelimited() throws {
        let name = "excel-tab-delimited_GOOG_daily_first20.csv"
        #expect(try SeriesFormat.detect(in: try fixture("generic/\(name)"), source: name) == .yahoo)
        let generic = try bars(try parse(name))
        let named = Array(try readOHLC(try fixture("generic/\(name)"), source: name).value.bars)
        #expect(generic == named)
        #expect(generic.count == 20)
        #expect(generic.last?.close == 113.97)
    }

    @Test("a German broker's ';' file: Datum, Eröffnung, Hoch, Tief, Schluss; dd.mm.yyyy times; decimal points")
    func germanSemicolon() throws {
        let name = "german-semicolon-decimal-point_EURUSD_hourly_first48.csv"
        #expect(try SeriesFormat.detect(in: try fixture("generic/\(name)"), source: name) == .generic)
        let result = try parse(name)
        let bars = try bars(result)
        #expect(bars.count == 48)
        #expect(bars.first?.time == (try utcInstant("2018-01-16T00:00:00Z")))
        #expect(bars.last?.time == (try utcInstant("2018-01-17T23:00:00Z")))
        #expect(
            bars.first.map { [$0.open, $0.high, $0.low, $0.close, $0.volume ?? 0] } == [
                1.2267, 1.22698, 1.22604, 1.2262, 1375,
            ])
        #expect(result.warnings.isEmpty)
    }

    @Test("Dukascopy's export: 'Gmt time' as dd.mm.yyyy HH:MM:SS.000, fractional volumes, CRLF")
    func dukascopy() throws {
        let name = "dukascopy-gmt-time_EURUSD_hourly_first48.csv"
        #expect(try SeriesFormat.detect(in: try fixture("generic/\(name)"), source: name) == .generic)
        let german = try bars(try parse("german-semicolon-decimal-point_EURUSD_hourly_first48.csv"))
        let bars = try bars(try parse(name))
        #expect(bars == german)
    }

    @Test("pandas df.reset_index().to_json(orient='records'): epoch milliseconds under 'index'")
    func pandasRecords() throws {
        let name = "pandas-records-epoch-ms_BTCUSD_monthly_last24.json"
        #expect(try SeriesFormat.detect(in: try fixture("generic/\(name)"), source: name) == .generic)
        let bars = try bars(try parse(name))
        #expect(bars.count == 24)
        #expect(bars.first?.time == (try utcInstant("2023-01-31")))
        // Data README: backtesting BTCUSD's last close is 93381.0.
        #expect(bars.last.map { [$0.open, $0.high, $0.low, $0.close] } == [96515, 108364, 92092, 93381])
        #expect(bars.last?.volume == 25342.80228337)
    }

    @Test("pandas df.to_json() (orient='columns'): columns keyed by epoch milliseconds read as the records do")
    func pandasColumns() throws {
        let name = "pandas-columns-orient_BTCUSD_monthly_last24.json"
        #expect(try SeriesFormat.detect(in: try fixture("generic/\(name)"), source: name) == .generic)
        let result = try parse(name)
        #expect(try bars(result) == bars(try parse("pandas-records-epoch-ms_BTCUSD_monthly_last24.json")))
        #expect(result.warnings.isEmpty)
    }

    @Test("a JSON object of arrays (df.to_dict('list'), R's jsonlite): read as the CSV is")
    func objectOfArrays() throws {
        let name = "object-of-arrays_GOOG_daily_first20.json"
        #expect(try SeriesFormat.detect(in: try fixture("generic/\(name)"), source: name) == .generic)
        let bars = try bars(try parse(name))
        #expect(bars == (try self.bars(try parse("pandas-reset-index_GOOG_daily_first20.csv"))))
    }

    @Test("Yahoo's v8 chart answer: timestamp beside indicators.quote[0]; null days skipped with a warning each")
    func yahooChart() throws {
        let name = "yahoo-v8-chart-shape_BTC-USD_daily_last8.json"
        #expect(try SeriesFormat.detect(in: try fixture("generic/\(name)"), source: name) == .generic)
        let result = try parse(name)
        let bars = try bars(result)
        #expect(bars.count == 5)
        #expect(bars.last?.time == (try utcInstant("2023-08-06")))
        #expect(bars.last?.close == 29039.011719)
        #expect(result.warnings.count == 3)
        #expect(result.warnings.allSatisfy { $0.message.contains("no prices (null)") }, "\(result.warnings)")
    }

    @Test("Alpha Vantage's daily series: records keyed by date, newest first, '1. open' names; sorted silently")
    func alphaVantage() throws {
        let name = "alphavantage-time-series-daily-shape_GOOG_first10.json"
        #expect(try SeriesFormat.detect(in: try fixture("generic/\(name)"), source: name) == .generic)
        let result = try parse(name)
        let bars = try bars(result)
        #expect(bars.count == 10)
        #expect(bars.first?.time == (try utcInstant("2004-08-19")))
        #expect(
            bars.last.map { [$0.open, $0.high, $0.low, $0.close, $0.volume ?? 0] } == [
                102.7, 102.97, 99.67, 100.25, 4_573_700,
            ])
        #expect(result.warnings.isEmpty)
    }

    @Test("pomber/covid19's timeseries.json: a country's records of confirmed, deaths and recovered")
    func pomberCounts() throws {
        let name = "pomber-covid19-timeseries-shape_India_30days.json"
        let result = try readCases(try fixture("generic/\(name)"), source: name)
        #expect(result.format == .generic)
        let series = result.value
        expectWellFormed(series)
        #expect(series.region == "India")
        // The same counts as disease.sh's /historical/India (Fixtures README).
        #expect(series.cases.first?.value == 142)
        #expect(series.cases.last?.value == 12_322)
        #expect(series.deaths.last?.value == 405)
        #expect(series.recovered.last?.value == 1432)
        #expect(series.cases.last?.date == (try utcInstant("2020-04-15")))
        let other = dataError {
            _ = try readCases(try fixture("generic/\(name)"), source: name, options: SeriesOptions(region: "Italy"))
        }
        #expect(other == .notFound(source: name, kind: "region", name: "Italy", suggestions: ["India"]))
        // Counts are not prices: the price reader says what the file holds.
        let prices = dataError { _ = try readOHLC(try fixture("generic/\(name)"), source: name) }
        #expect(prices?.description.contains("holds COVID-19 case counts (format generic), not OHLC prices") == true)
    }

    @Test(
        "what a named format reads, the generic reader reads the same (pandas' unnamed date index, Yahoo's columns)",
        arguments: ["ohlc/backtesting-0.6.6_GOOG_daily.csv", "ohlc/yahoo_BTC-USD_daily_2022-08_2023-08.csv"])
    func sameAsNamed(file: String) throws {
        let data = try fixture(file)
        let named = try readOHLC(data, source: file)
        let generic = try readOHLC(data, source: file, options: SeriesOptions(format: .generic))
        #expect(named.format != .generic)
        #expect(generic.format == .generic)
        #expect(generic.value.bars == named.value.bars)
        #expect(generic.warnings.map(\.message) == named.warnings.map(\.message))
    }

    // MARK: Ambiguity

    @Test("two unnamed series (yfinance's Close of two tickers): an error naming both and --column")
    func ambiguous() throws {
        let name = "yfinance-two-tickers-close_ambiguous.csv"
        #expect(try SeriesFormat.detect(in: try fixture("generic/\(name)"), source: name) == .generic)
        let error = dataError { _ = try parse(name) }
        #expect(error?.kind == .badData)
        #expect(
            error?.description
                == #"yfinance-two-tickers-close_ambiguous.csv:1: cannot tell which column to chart: 2 columns hold numbers ("BTC-USD" (column 2) and "ETH-USD" (column 3)) and none is named as a price (close, price, value) or a count (cases, deaths); choose the column to chart by its name, e.g. BTC-USD"#
        )
        let chosen = try bars(try parse(name, column: "eth-usd"))
        #expect(chosen.count == 20)
        #expect(chosen.first?.close == 1732.7)
        #expect(
            dataError { _ = try parse(name, column: "ETH") }.map { "\($0)" }?.contains(#"close matches: "ETH-USD""#)
                == true)
    }

    @Test(
        "ambiguous columns are errors at the header, never a positional guess",
        arguments: [
            ("date,open,close\n2024-01-02,1,2\n", "no 'high' and 'low' column"),
            ("when,a,b\n2024-01-02,1,2\n2024-01-03,1,2\n", "cannot tell which column to chart"),
            ("Date,Close,close\n2024-01-02,1,2\n", "2 columns are named as the same thing"),
            ("day,min,max\n2024-01-02,1,2\n", "open, high or low prices but no close"),
            ("a,b\n2024-01-02,2024-01-02\n2024-01-03,2024-01-03\n", "both hold times in order"),
            ("when,label\n2024-01-02,x\n", "no column of numbers to chart"),
            ("x,y\n1,2\n3,4\n", "no column holds dates or times"),
        ])
    func ambiguities(csv: String, message: String) {
        let error = dataError { _ = try text(csv) }
        #expect(error?.kind == .badData)
        #expect(error?.description.hasPrefix("t.csv:1: ") == true, "\(String(describing: error))")
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test("a long table of several series (rows share dates, a text column differs) is refused")
    func severalSeries() {
        let csv = "date,ticker,close\n2024-01-02,AAPL,185.6\n2024-01-02,MSFT,370.9\n2024-01-03,AAPL,184.2\n"
        let error = dataError { _ = try text(csv) }
        #expect(
            error?.description.contains(#"differ in ticker ("AAPL" and "MSFT")"#) == true,
            "\(String(describing: error))")
    }

    // MARK: The date column, by content

    @Test(
        "the date column is found whatever its name or place",
        arguments: [
            "ts,value\n1704067200,1.5\n1704153600,1.6\n", "value,Unnamed: 0\n1.5,2024-01-01\n1.6,2024-01-02\n",
            "price,\n1.5,2024-01-01\n1.6,2024-01-02\n",
            "close|Datetime\n1.5|2024-01-01 00:00:00+00:00\n1.6|2024-01-02 00:00:00+00:00\n",
            "value\tt\n1.5\t1704067200000\n1.6\t1704153600000\n",
        ])
    func timeByContent(csv: String) throws {
        let bars = try bars(try text(csv))
        #expect(bars.map(\.close) == [1.5, 1.6])
        #expect(bars.first?.time == (try utcInstant("2024-01-01")))
    }

    @Test("a volume that looks like Unix times is a volume; a row number is not a date")
    func notTimes() throws {
        let csv = "n,time,close,volume\n0,2024-01-01,1.5,1704067200\n1,2024-01-02,1.6,1690000000\n"
        let bars = try bars(try text(csv))
        #expect(bars.map(\.volume) == [1_704_067_200, 1_690_000_000])
    }

    @Test("dotted dates no day settles are read day first; slashed ones must be settled")
    func dottedDates() throws {
        let dotted = try bars(try text("Gmt time,Close\n01.02.2024 00:00:00.000,1\n02.02.2024 00:00:00.000,2\n"))
        #expect(dotted.first?.time == (try utcInstant("2024-02-01")))
        let slashed = dataError { _ = try text("when,close\n01/02/2024,1\n02/02/2024,2\n") }
        #expect(slashed?.description.contains("could be day/month or month/day") == true)
    }

    @Test("a negative Unix time is before 1970, never 1920: the row is skipped")
    func negativeEpoch() throws {
        let result = try text("time,close\n1704067200,1\n-1577836800,2\n1704153600,3\n")
        #expect(try bars(result).map(\.close) == [1, 3])
        #expect(result.warnings.first?.message.contains("negative Unix time") == true, "\(result.warnings)")
    }

    // MARK: More shapes

    @Test("pipe-delimited, quoted fields with the delimiter inside")
    func pipes() throws {
        let bars = try bars(try text("\"Date\"|\"Close|Last\"\n2024-01-01|1.5\n2024-01-02|1.6\n"))
        #expect(bars.map(\.close) == [1.5, 1.6])
    }

    @Test(
        "JSON shapes: [[t, v]] pairs, pandas split, nested records, a wrapper key",
        arguments: [
            "[[1704067200000,1.5],[1704153600000,1.6]]",
            #"{"columns":["Close"],"index":[1704067200000,1704153600000],"data":[[1.5],[1.6]]}"#,
            #"[{"t":"2024-01-01T00:00:00Z","price":{"o":1.5,"h":1.5,"l":1.5,"c":1.5}},{"t":"2024-01-02T00:00:00Z","price":{"o":1.6,"h":1.6,"l":1.6,"c":1.6}}]"#,
            #"{"status":"OK","data":[{"date":"2024-01-01","value":1.5},{"date":"2024-01-02","value":1.6}]}"#,
        ])
    func jsonShapes(json: String) throws {
        let result = try text(json, source: "t.json")
        #expect(try bars(result).map(\.close) == [1.5, 1.6])
        #expect(try bars(result).first?.time == (try utcInstant("2024-01-01")))
    }

    @Test("tables under region keys: one is chosen by name, or all are listed")
    func regions() throws {
        let json =
            #"{"India":[{"date":"2020-3-17","confirmed":142}],"Italy":[{"date":"2020-3-17","confirmed":31506}]}"#
        let data = Data(json.utf8)
        let italy = try readCases(data, source: "c.json", options: SeriesOptions(region: "italy"))
        #expect(italy.value.region == "Italy")
        #expect(italy.value.cases.map(\.value) == [31506])
        #expect(
            dataError { _ = try readCases(data, source: "c.json") }
                == .selectionRequired(source: "c.json", kind: "region", choices: ["India", "Italy"]))
    }

    @Test("JSON without a table of dates is no known format")
    func noTable() {
        for json in [#"{"a": [1, 2], "b": [3, 4]}"#, #"[{"name": "x", "size": 2}]"#] {
            guard case .unrecognized? = dataError({ _ = try SeriesFormat.detect(in: Data(json.utf8), source: "j") })
            else {
                Issue.record("expected unrecognized for \(json)")
                continue
            }
        }
    }

    @Test("bad records are warnings naming the place, capped at the limit")
    func badRecords() throws {
        let json =
            #"[{"date":"2024-01-01","close":1.5},{"date":"2024-02-30","close":1.6},{"date":"2024-01-03","close":"abc"}]"#
        let result = try text(json, source: "t.json")
        #expect(try bars(result).count == 1)
        #expect(
            result.warnings.map(\.description) == [
                #"t.json:1:36: skipped [1]: date "2024-02-30" is not a real date"#,
                #"t.json:1:70: skipped [2]: bad prices: close "abc" has an unexpected 'a'"#,
            ])
        let rows = (0..<5_000).map { "\(1_704_240_000 + $0 * 60),x" }.joined(separator: "\n")
        let capped = try text("date,value\n1704067200,1\n1704153600,2\n" + rows)
        #expect(capped.warnings.count == DataWarning.maximumPerParse + 1)
    }
}
