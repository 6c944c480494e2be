import Foundation
import Testing
import WidgetData

@Suite("OHLCCSVParser")
struct OHLCCSVParserTests {
    let parser = OHLCCSVParser()

    func parse(_ csv: String, column: String? = nil, layout: OHLCCSVParser.Layout? = nil) throws -> ParseResult<
        OHLCSeries
    > {
        try OHLCCSVParser(layout: layout, valueColumn: column).parse(Data(csv.utf8), source: "p.csv")
    }

    // MARK: Real files

    struct Facts: Sendable, CustomTestStringConvertible {
        var file: String
        var format: SeriesFormat
        var points: Int
        var lastClose: Double
        var minLow: Double
        var minLowAt: String
        var maxHigh: Double
        var maxHighAt: String
        var testDescription: String { file }
    }

    /// The key facts of the data README.
    static let facts = [
        Facts(
            file: "ohlc/backtesting-0.6.6_GOOG_daily.csv", format: .pandas, points: 2148, lastClose: 806.19,
            minLow: 95.96,
            minLowAt: "2004-08-19", maxHigh: 808.97, maxHighAt: "2013-02-20"),
        Facts(
            file: "ohlc/backtesting-0.6.6_BTCUSD_monthly.csv", format: .pandas, points: 156, lastClose: 93381.0,
            minLow: 3.8,
            minLowAt: "2012-01-31", maxHigh: 108_364.0, maxHighAt: "2024-12-31"),
        Facts(
            file: "ohlc/backtesting-0.6.6_EURUSD_hourly_last400.csv", format: .pandas, points: 400, lastClose: 1.22904,
            minLow: 1.21653, minLowAt: "2018-01-17T23:00:00Z", maxHigh: 1.25374, maxHighAt: "2018-01-25T14:00:00Z"),
        Facts(
            file: "ohlc/yahoo_BTC-USD_daily_2022-08_2023-08.csv", format: .yahoo, points: 363, lastClose: 29039.011719,
            minLow: 15599.046875, minLowAt: "2022-11-21", maxHigh: 31814.515625, maxHighAt: "2023-07-13"),
    ]

    @Test("real files give the README's key facts", arguments: facts)
    func realFiles(facts: Facts) throws {
        let result = try parser.parse(try fixture(facts.file), source: facts.file)
        let bars = result.value.bars
        #expect(result.format == facts.format)
        #expect(bars.count == facts.points)
        #expect(bars.last?.close == facts.lastClose)
        let low = try #require(bars.min { $0.low < $1.low })
        let high = try #require(bars.max { $0.high < $1.high })
        #expect(low.low == facts.minLow)
        #expect(low.time == (try utcInstant(facts.minLowAt)))
        #expect(high.high == facts.maxHigh)
        #expect(high.time == (try utcInstant(facts.maxHighAt)))
        expectWellFormed(result.value)
    }

    @Test("Yahoo's null rows are skipped with one warning each; pandas files have none")
    func nullRows() throws {
        let yahoo = try parser.parse(try fixture("ohlc/yahoo_BTC-USD_daily_2022-08_2023-08.csv"), source: "y.csv")
        #expect(yahoo.warnings.map(\.location) == ["364", "365", "366"])
        #expect(yahoo.warnings.allSatisfy { $0.message == "skipped: no prices (null)" })
        let btc = try parser.parse(try fixture("ohlc/backtesting-0.6.6_BTCUSD_monthly.csv"), source: "b.csv")
        #expect(btc.warnings.isEmpty)
        #expect(btc.value.bars.first?.volume == 2012.25343589)
    }

    // MARK: Column layouts

    @Test("Yahoo's legacy order (Adj Close last) reads the same, and Adj Close is never the close")
    func legacyOrder() throws {
        let csv =
            "Date,Open,High,Low,Close,Volume,Adj Close\n2013-01-02,10,12,9,11,1000,5.5\n2013-01-03,11,13,10,12,1200,6\n"
        let result = try parse(csv)
        #expect(result.format == .yahoo)
        #expect(result.value.bars.map(\.close) == [11, 12])
        #expect(result.value.bars.map(\.volume) == [1000, 1200])
    }

    @Test("a generic CSV with one value column charts it; with several, --column picks one")
    func valueColumn() throws {
        let single = try parse("time,price\n2024-01-02T09:30:00Z,187.15\n2024-01-02T09:31:00Z,187.3\n")
        #expect(single.format == .csv)
        #expect(single.value.bars.map(\.close) == [187.15, 187.3])
        #expect(single.value.bars.allSatisfy { $0.open == $0.close && $0.high == $0.low })

        let several = "date,price,market_cap,volume\n2024-01-02,10,1000,5\n2024-01-03,11,1100,6\n"
        #expect(
            dataError { _ = try parse(several) }
                == .selectionRequired(source: "p.csv", kind: "value column", choices: ["price", "market_cap"]))
        let chosen = try parse(several, column: "Market_Cap")
        #expect(chosen.value.bars.map(\.close) == [1000, 1100])
        #expect(chosen.value.bars.map(\.volume) == [5, 6])
        guard
            case .notFound(_, let kind, let name, let suggestions)? = dataError({
                _ = try parse(several, column: "prise")
            })
        else {
            Issue.record("expected notFound")
            return
        }
        #expect(kind == "column")
        #expect(name == "prise")
        #expect(suggestions.first == "price")
    }

    @Test("a generic CSV with a close column uses it, with full bars when open, high and low exist")
    func namedClose() throws {
        let full = try parse("timestamp,open,high,low,close,vol\n1700000000,1,3,0.5,2,10\n1700000060,2,4,1.5,3,11\n")
        #expect(full.value.bars.map(\.high) == [3, 4])
        #expect(full.value.bars.first?.time == Date(timeIntervalSince1970: 1_700_000_000))
        let closeOnly = try parse("date,close\n2024-01-02,2\n")
        #expect(closeOnly.value.bars.first.map { [$0.open, $0.high, $0.low, $0.close] } == [2, 2, 2, 2])
    }

    /// Before: a file without a Low column was read as close-only bars, and the large widget
    /// showed Open, High and Low equal to the close.
    @Test(
        "a CSV with some but not all of open, high and low is an error, unless one series is chosen",
        arguments: [
            ("date,open,close\n2024-01-02,1,2\n", "'high' and 'low'"),
            ("Date,Open,High,Close\n2024-01-02,1,2,1.5\n", "'low'"),
            ("time,high,low,close\n2024-01-02,2,1,1.5\n", "'open'"),
        ])
    func partialOHLC(csv: String, missing: String) throws {
        let error = dataError { _ = try parse(csv) }
        #expect(error?.kind == .badData)
        #expect(
            error?.description.hasPrefix("p.csv:1: the header has price columns but no \(missing) column") == true,
            "\(String(describing: error))")
        let chosen = try parse(csv, column: "close")
        #expect(chosen.value.bars.count == 1)
        #expect(try readOHLC(bytes(csv), options: SeriesOptions(column: "close")).value.bars.count == 1)
    }

    @Test("headers without the needed columns are errors naming the header line")
    func missingColumns() {
        #expect(
            dataError { _ = try parse("foo,bar\n1,2\n") }?.description.hasPrefix("p.csv:1: no date or time column")
                == true)
        #expect(
            dataError { _ = try parse("date,label\n2024-01-01,x\n") }?.description.contains(
                "no 'close' column and no other column of numbers") == true)
        #expect(
            dataError { _ = try parse("Date,Open,High,Low,Close,Close\n2024-01-01,1,2,0.5,1,1\n", layout: .yahoo) }?
                .description.contains("2 'close' columns") == true)
    }

    // MARK: Separators and numbers

    @Test("';' files with decimal commas and thousands points")
    func semicolonDecimalComma() throws {
        let csv =
            "date;open;high;low;close\n2021-03-01;1.234,05;1.240,10;1.200,00;1.235,07\n2021-03-02;1,05;1,10;1,00;1,07\n"
        let bars = try parse(csv).value.bars
        #expect(bars.map(\.close) == [1235.07, 1.07])
        #expect(bars.first?.open == 1234.05)
    }

    @Test("';' files with decimal points read as points")
    func semicolonDecimalPoint() throws {
        let bars = try parse("date;close\n2021-03-01;1.05\n2021-03-02;1.5\n").value.bars
        #expect(bars.map(\.close) == [1.05, 1.5])
    }

    @Test("tab-separated files work")
    func tabs() throws {
        let bars = try parse("Date\tOpen\tHigh\tLow\tClose\n2021-03-01\t1\t2\t0.5\t1.5\n").value.bars
        #expect(bars.map(\.close) == [1.5])
    }

    @Test("a ';' file whose numbers disagree on the decimal mark is an error")
    func mixedDecimalMarks() {
        let error = dataError { _ = try parse("date;close\n2021-03-01;1,5\n2021-03-02;2.5\n") }
        guard case .malformed(_, let location, let reason)? = error else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(location == "3")
        #expect(reason.contains("decimal mark"))
    }

    @Test("in a ',' file, quoted thousands read as thousands and a quoted decimal comma is refused, never misread")
    func commaFileNumbers() throws {
        let csv = "date,close\n2021-01-01,\"20,172,049\"\n2021-01-02,\"1,05\"\n2021-01-03,\"1,234.5\"\n"
        let result = try parse(csv)
        #expect(result.value.bars.map(\.close) == [20_172_049, 1234.5])
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.location == "3")
        #expect(result.warnings.first?.message.contains("decimal commas need a ';'-separated file") == true)
    }

    @Test("an unquoted decimal comma in a ',' file shifts the columns: the row is skipped, not misread")
    func unquotedDecimalComma() throws {
        let result = try parse("date,open,high,low,close\n2021-01-01,1,05,2,0,5,1,5\n2021-01-02,1,2,0.5,1.5\n")
        #expect(result.value.bars.map(\.close) == [1.5])
        #expect(result.warnings.first?.location == "2")
        #expect(result.warnings.first?.message.contains("has 8 fields, the header has 5") == true)
    }

    @Test("quoted fields may hold commas, doubled quotes and line breaks; warnings keep the right line")
    func quotedFields() throws {
        let csv = "date,note,close\n2021-01-01,\"a, \"\"quoted\"\"\nnote\",1.5\n2021-01-02,plain,x\n"
        let result = try parse(csv, column: "close")
        #expect(result.value.bars.map(\.close) == [1.5])
        #expect(result.warnings.map(\.location) == ["4"])
    }

    // MARK: Dates

    @Test("UTC offsets that change inside the file (DST) are each applied")
    func changingOffsets() throws {
        let csv = "time,close\n2021-03-27T23:00:00+01:00,1\n2021-03-28T23:00:00+02:00,2\n2021-03-29T12:00:00Z,3\n"
        let times = try parse(csv).value.bars.map(\.time)
        #expect(
            times == [
                try utcInstant("2021-03-27T22:00:00Z"), try utcInstant("2021-03-28T21:00:00Z"),
                try utcInstant("2021-03-29T12:00:00Z"),
            ])
    }

    @Test("dates before 1970 and after 2038 are kept")
    func farDates() throws {
        let times = try parse("date,close\n1965-05-03,1\n2040-02-29,2\n2100-12-31,3\n").value.bars.map(\.time)
        #expect(times == [try utcInstant("1965-05-03"), try utcInstant("2040-02-29"), try utcInstant("2100-12-31")])
    }

    @Test("m/d/yyyy or d/m/yyyy: one date above 12 settles the column")
    func dayMonthOrder() throws {
        let dayFirst = try parse("date,close\n03/04/2021,1\n13/04/2021,2\n").value.bars.map(\.time)
        #expect(dayFirst == [try utcInstant("2021-04-03"), try utcInstant("2021-04-13")])
        let monthFirst = try parse("date,close\n03/04/2021,1\n04/13/2021,2\n").value.bars.map(\.time)
        #expect(monthFirst == [try utcInstant("2021-03-04"), try utcInstant("2021-04-13")])
    }

    @Test("dates that cannot be settled, or contradict each other, are errors")
    func ambiguousDates() {
        let ambiguous = dataError { _ = try parse("date,close\n03/04/2021,1\n05/06/2021,2\n") }
        #expect(ambiguous?.description.contains("could be day/month or month/day") == true)
        let contradictory = dataError { _ = try parse("date,close\n13/02/2021,1\n02/14/2021,2\n") }
        #expect(contradictory?.description.contains("disagree on the order of day and month") == true)
    }

    @Test("Unix seconds and milliseconds: the majority unit wins, the others are skipped")
    func mixedEpochUnits() throws {
        let csv = "time,close\n1700000000,1\n1700000060,2\n1700000120000,3\n1700000180,4\n"
        let result = try parse(csv)
        #expect(result.value.bars.map(\.close) == [1, 2, 4])
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.location == "4")
        #expect(result.warnings.first?.message.contains("looks like milliseconds") == true)
        let ms = try parse("time,close\n1700000000000,1\n1700000060000,2\n").value.bars.map(\.time)
        #expect(ms == [Date(timeIntervalSince1970: 1_700_000_000), Date(timeIntervalSince1970: 1_700_000_060)])
    }

    @Test(
        "impossible dates are skipped, never rolled over",
        arguments: ["2021-02-29", "2021-04-31", "2021-13-01", "2021-01-01 24:00", "02/30/2021"])
    func impossibleDates(date: String) throws {
        let result = try parse("date,close\n2021-01-05,1\n\(date),2\n")
        #expect(result.value.bars.map(\.close) == [1])
        #expect(result.warnings.map(\.location) == ["3"])
    }
}
