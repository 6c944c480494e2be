import Foundation
import Testing
import WidgetData

/// `--columns`: each column's role given by the user (``ColumnLayout``), read by
/// ``SeriesReader`` through the generic reader, and the mapping every price read reports
/// (``ColumnMapping``), inferred or given.
@Suite("Columns given role by role, and the mapping read")
struct ColumnLayoutTests {
    func layout(_ text: String) throws -> ColumnLayout { try ColumnLayout(parsing: text) }

    @Test(
        "a list that is not a layout is a usage error naming the item",
        arguments: [
            ("time,lwo,high", #""lwo" (column 2) is not a role"#),
            ("time,open,close", "open without high and low"),
            ("time,open,high,close", "open and high without low"),
            ("open,high,low,close", "no time column"),
            ("time,open", "no close column"),
            ("time,close,volume,close", "close is given twice (columns 2 and 4)"),
            ("", "no time column"),
        ])
    func badLayouts(_ text: String, _ words: String) throws {
        let error = dataError { _ = try layout(text) }
        #expect(error?.kind == .usage)
        #expect(error?.description.hasPrefix("\"\(text)\": ") == true, "\(String(describing: error))")
        #expect(error?.description.contains(words) == true, "\(String(describing: error))")
    }

    @Test("roles, synonyms and skipped columns")
    func parsing() throws {
        #expect(try layout("time,low,high,open,close,volume").description == "time,low,high,open,close,volume")
        #expect(try layout(" Date , - ,C,-,-").description == "time,-,close")
        #expect(try layout("t,o,h,l,c,v").roles == [.time, .open, .high, .low, .close, .volume])
        #expect(try layout("time,-,close").column(of: .close) == 2)
    }

    @Test("Coinbase's order given for arrays in milliseconds: the same bars as by content, basis given")
    func coinbaseArrays() throws {
        let data = try fixture("shapes/coinbase-order_ms_newest-first.json")
        let inferred = try readOHLC(data, source: "candles.json")
        let options = SeriesOptions(columns: try layout("time,low,high,open,close,volume"))
        let given = try readOHLC(data, source: "candles.json", options: options)
        #expect(given.value.bars.map(\.close) == inferred.value.bars.map(\.close))
        #expect(given.value.bars.map(\.open) == inferred.value.bars.map(\.open))
        #expect(given.value.bars.map(\.volume) != inferred.value.bars.map(\.volume))  // the volume is given
        #expect(
            given.columns
                == ColumnMapping(
                    roles: [
                        "time": "column 1", "low": "column 2", "high": "column 3", "open": "column 4",
                        "close": "column 5", "volume": "column 6",
                    ], basis: .given))
        #expect(inferred.columns?.basis == .content)
        #expect(inferred.columns?.isInferred == true)
        #expect(given.columns?.isInferred == false)
        // Binance's order given for the same arrays: every candle is broken, and the error says so, naming the file.
        let wrong = dataError {
            _ = try readOHLC(
                data, source: "candles.json", options: SeriesOptions(columns: try layout("time,open,high,low,close")))
        }
        #expect(wrong?.description.hasPrefix("candles.json: no usable rows: all 48 were skipped") == true)
    }

    @Test("a header-less zip of Binance klines read with the columns given: close only, then the candle")
    func headerlessZip() throws {
        let path = fixturesFolder.appendingPathComponent("compressed/BTCUSDT-1m-2022-12-09.zip").path
        let data = try DataLoader().load(path)
        let rows = String(decoding: try fixture("shapes/binance-vision-klines_headerless_1m.csv"), as: UTF8.self)
            .split(separator: "\n").map { $0.split(separator: ",") }
        let closeOnly = try readOHLC(
            data, source: path, options: SeriesOptions(columns: try layout("time,-,-,-,close")))
        #expect(closeOnly.value.bars.map(\.close) == rows.compactMap { Double($0[4]) })
        #expect(closeOnly.value.bars.allSatisfy { $0.open == $0.close && $0.high == $0.close })
        #expect(closeOnly.columns?.roles == ["time": "column 1", "close": "column 5"])
        // The close time (column 7) as the time: a minute less a millisecond later.
        let full = try readOHLC(
            data, source: path, options: SeriesOptions(columns: try layout("-,open,high,low,close,volume,time")))
        #expect(full.value.bars.map(\.high) == rows.compactMap { Double($0[2]) })
        #expect(full.value.bars.first?.time.timeIntervalSince1970 == 1_670_608_859.999)
    }

    @Test("a named header read with the columns given: the names are only for messages")
    func namedHeader() throws {
        let csv = Data("Date,trade_price,opening,x,y\n2024-01-02,11,10,12,9\n2024-01-03,12,11,13,10\n".utf8)
        let result = try readOHLC(
            csv, source: "p.csv", options: SeriesOptions(columns: try layout("date,close,open,high,low")))
        #expect(result.value.bars.map(\.high) == [12, 13])
        #expect(result.columns?.roles["high"] == "x")
        #expect(result.columns?.basis == .given)
    }

    @Test(
        "a layout the table contradicts is refused at the header, naming the column and what it holds",
        arguments: [
            (
                "time,-,-,-,close",
                #"p.csv:1: columns given as time,-,-,-,close: column 5 ("note"), given as close, does not hold numbers in its first 2 rows, e.g. "a""#
            ),
            (
                "time,open,high,low,close,volume",
                #"p.csv:1: columns given as time,open,high,low,close,volume: 6 columns are given, and the rows have 5: column 1 ("Date")"#
            ),
            (
                "time,close,-,-,volume",
                #"p.csv:1: columns given as time,close,-,-,volume: column 5 ("note"), given as volume, does not hold numbers in its first 2 rows, e.g. "a""#
            ),
            (
                "-,time,close",
                #"p.csv:1: columns given as -,time,close: column 2 ("price"), given as time, does not hold dates or times in its first 2 rows"#
            ),
        ])
    func contradicted(_ text: String, _ message: String) throws {
        let csv = Data("Date,price,volume,open,note\n2024-01-02,11,10,12,a\n2024-01-03,12,11,13,b\n".utf8)
        let error = dataError {
            _ = try readOHLC(csv, source: "p.csv", options: SeriesOptions(columns: try layout(text)))
        }
        #expect(error?.description.hasPrefix(message) == true, "\(String(describing: error))")
    }

    @Test("columns with a named format or with --column are a usage error")
    func conflicts() throws {
        let csv = Data("Date,Open,High,Low,Close\n2024-01-02,1,2,0.5,1.5\n".utf8)
        let columns = try layout("time,open,high,low,close")
        let named = dataError {
            _ = try readOHLC(csv, source: "y.csv", options: SeriesOptions(format: .yahoo, columns: columns))
        }
        #expect(named?.kind == .usage)
        #expect(named?.description.contains("the format yahoo reads its own columns") == true)
        let both = dataError {
            _ = try readOHLC(csv, source: "y.csv", options: SeriesOptions(column: "Close", columns: columns))
        }
        #expect(both?.kind == .usage)
        // The generic format with columns is the same as no format.
        let generic = try readOHLC(csv, source: "y.csv", options: SeriesOptions(format: .generic, columns: columns))
        #expect(generic.value.bars.first?.low == 0.5)
    }

    @Test("the mapping of reads by name, by the values and by an exchange's format")
    func mappings() throws {
        let yahoo = try readOHLC(try fixture("ohlc/backtesting-0.6.6_GOOG_daily.csv"), source: "g.csv")
        #expect(yahoo.columns?.basis == .names)
        #expect(yahoo.columns?.roles["close"] == "Close")
        let binance = try readOHLC(try fixture("shapes/binance-vision-klines_headerless_1m.csv"), source: "b.csv")
        #expect(binance.columns?.basis == .content)
        #expect(binance.columns?.roles["open"] == "column 2")
        let coinbase = try readOHLC(
            Data("[[1700000000,9,12,10,11,5],[1700003600,10,13,11,12,6]]".utf8), source: "c.json",
            options: SeriesOptions(format: .coinbase))
        #expect(
            coinbase.columns
                == ColumnMapping(
                    roles: [
                        "time": "element 1", "low": "element 2", "high": "element 3", "open": "element 4",
                        "close": "element 5", "volume": "element 6",
                    ], basis: .format))
    }
}
