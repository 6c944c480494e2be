import Foundation
import Testing
import WidgetData

@Suite("YahooCSVParser")
struct YahooCSVParserTests {
    let parser = YahooCSVParser()

    // MARK: The embedded AAPL sample

    /// Known facts about Assets/samples/aapl-daily.csv (Quandl WIKI, public domain): one header
    /// line, 251 trading days from 2012-03-01 to 2013-03-01, no weekends or holidays.
    @Test("the AAPL sample gives 251 bars and no warnings")
    func sampleCounts() throws {
        let source = "aapl-daily.csv"
        let (series, warnings) = try parser.parse(
            try sampleData("samples/aapl-daily.csv"), source: source, symbol: "AAPL")
        #expect(series.bars.count == 251)
        #expect(series.symbol == "AAPL")
        #expect(series.source == source)
        #expect(warnings.isEmpty)
    }

    /// Yahoo writes `null` for days it has no prices; the sample's real bytes with three of its
    /// rows written that way.
    @Test("null rows are skipped with a warning at their own lines")
    func nullRowsWarnAtTheirLines() throws {
        var lines = try #require(String(data: try sampleData("samples/aapl-daily.csv"), encoding: .utf8))
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in [247, 248, 249] {  // 2013-02-25 ... 2013-02-27, file lines 248–250
            let date = try #require(lines[index].split(separator: ",").first)
            lines[index] = "\(date),null,null,null,null,null,null"
        }
        let data = Data(lines.joined(separator: "\n").utf8)
        let (series, warnings) = try parser.parse(data, source: "aapl", symbol: "AAPL")
        #expect(warnings.map(\.location) == ["248", "249", "250"])
        #expect(warnings.allSatisfy { $0.source == "aapl" && $0.description.hasPrefix("aapl:") })
        // Every non-empty line but the header is either a bar or a warning.
        let dataLines = lines.dropFirst().filter { !$0.isEmpty }.count
        #expect(series.bars.count + warnings.count == dataLines)
        #expect(series.bars.count == 248)
        // The null days are not in the series; the bar before the gap is the Friday before.
        #expect(!series.bars.contains { $0.time == (try? utcDay("2013-02-26")) })
        #expect(series.bars[series.bars.count - 3].time == (try utcDay("2013-02-22")))
    }

    @Test("the AAPL sample's last bar closes at 430.47 on 2013-03-01")
    func sampleLastBar() throws {
        let (series, _) = try parser.parse(
            try sampleData("samples/aapl-daily.csv"), source: "aapl", symbol: "AAPL")
        let last = try #require(series.bars.last)
        #expect(last.time == (try utcDay("2013-03-01")))
        #expect(last.close == 430.47)
        #expect(last.open == 438.0)
        #expect(last.high == 438.1799)
        #expect(last.volume == 19_730_300)
        // A weekend is a gap of three days, not a missing bar.
        let friday = series.bars[series.bars.count - 6]
        #expect(friday.time == (try utcDay("2013-02-22")))
        #expect(series.bars[series.bars.count - 5].time == (try utcDay("2013-02-25")))
    }

    @Test("the AAPL sample starts on 2012-03-01, is in date order, lowest low 429.98, highest high 705.07")
    func sampleRange() throws {
        let (series, _) = try parser.parse(
            try sampleData("samples/aapl-daily.csv"), source: "aapl", symbol: "AAPL")
        #expect(series.bars.first?.time == (try utcDay("2012-03-01")))
        #expect(series.bars.map(\.low).min() == 429.98)
        #expect(series.bars.map(\.high).max() == 705.07)
        #expect(zip(series.bars, series.bars.dropFirst()).allSatisfy { $0.time < $1.time })
        for bar in series.bars {
            #expect(bar.low <= min(bar.open, bar.close) && max(bar.open, bar.close) <= bar.high, "\(bar.time)")
        }
    }

    // MARK: Headers and columns

    @Test("a header without a Close column is an error naming the header line")
    func missingClose() throws {
        let csv = "Date,Open,High,Low,Adj Close,Volume\n2023-01-01,1,2,0.5,1.5,100\n"
        let error = #expect(throws: DataError.self) {
            try parser.parse(bytes(csv), source: "no-close.csv", symbol: "X")
        }
        guard case .malformed(let source, let location, let reason)? = error else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(source == "no-close.csv")
        #expect(location == "1")
        #expect(reason.contains("close"))
        #expect(try #require(error).description.hasPrefix("no-close.csv:1:"))
    }

    @Test("the header line is counted after leading blank lines")
    func headerAfterBlankLines() throws {
        let csv = "\n\nDate,Open,High,Low\n2023-01-01,1,2,0.5\n"
        let error = #expect(throws: DataError.self) { try parser.parse(bytes(csv), source: "s", symbol: "X") }
        guard case .malformed(_, let location, _)? = error else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(location == "3")
    }

    @Test("a header without a date column is an error")
    func missingDate() {
        let csv = "Day,Open,High,Low,Close\n2023-01-01,1,2,0.5,1.5\n"
        #expect(throws: DataError.self) { try parser.parse(bytes(csv), source: "s", symbol: "X") }
    }

    @Test("columns are matched by name, in any order and any case")
    func columnsByName() throws {
        let csv = "volume,CLOSE,low,Date,High,Open\n100,1.5,0.5,2023-01-02,2,1\n"
        let (series, warnings) = try parser.parse(bytes(csv), source: "s", symbol: "X")
        #expect(warnings.isEmpty)
        let bar = try #require(series.bars.first)
        #expect(bar.time == (try utcDay("2023-01-02")))
        #expect(bar.open == 1)
        #expect(bar.high == 2)
        #expect(bar.low == 0.5)
        #expect(bar.close == 1.5)
        #expect(bar.volume == 100)
    }

    @Test("the pandas export's unnamed first column is the date")
    func pandasUnnamedDate() throws {
        let csv = ",Open,High,Low,Close\n2023-01-01,1,2,0.5,1.5\n2023-01-02,1.5,3,1,2.5\n"
        let (series, _) = try parser.parse(bytes(csv), source: "s", symbol: "X")
        #expect(series.bars.map(\.close) == [1.5, 2.5])
        #expect(series.bars.last?.time == (try utcDay("2023-01-02")))
        #expect(series.bars.first?.volume == nil)
    }

    @Test("rows out of date order are sorted")
    func rowsSorted() throws {
        let csv = "Date,Open,High,Low,Close\n2023-01-03,3,3,3,3\n2023-01-01,1,1,1,1\n2023-01-02,2,2,2,2\n"
        let (series, _) = try parser.parse(bytes(csv), source: "s", symbol: "X")
        #expect(series.bars.map(\.close) == [1, 2, 3])
    }

    // MARK: Skipped rows

    @Test("rows with an impossible date or non-numeric prices are skipped with a warning naming their line")
    func skippedRows() throws {
        let csv = """
            Date,Open,High,Low,Close
            2023-02-28,1,2,0.5,1.5
            2023-02-29,1,2,0.5,1.5
            2023-03-01,1,abc,0.5,1.5
            2023-03-02,1,2,0.5
            2023-03-03,1,2,0.5,1.5
            """
        let (series, warnings) = try parser.parse(bytes(csv), source: "rows.csv", symbol: "X")
        #expect(series.bars.count == 2)
        #expect(warnings.map(\.location) == ["3", "4", "5"])
        #expect(warnings[0].message.contains("date"))
        #expect(warnings[1].message.contains("prices"))
    }

    // MARK: Encoding and quoting

    @Test("a quote that is never closed is an error naming the line it opened on")
    func unclosedQuote() throws {
        let csv = "Date,Open,High,Low,Close\n2023-01-01,1,2,0.5,1.5\n2023-01-02,\"1,2,0.5,1.5\n2023-01-03,1,2,0.5,1.5\n"
        let error = #expect(throws: DataError.self) { try parser.parse(bytes(csv), source: "quote.csv", symbol: "X") }
        guard case .malformed(let source, let location, let reason)? = error else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(source == "quote.csv")
        #expect(location == "3")
        #expect(reason.contains("quote"))
        #expect(try #require(error).description.contains("quote.csv:3"))
    }

    @Test("a UTF-8 byte order mark is accepted")
    func byteOrderMark() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + bytes("Date,Open,High,Low,Close\n2023-01-01,1,2,0.5,1.5\n")
        let (series, warnings) = try parser.parse(data, source: "bom.csv", symbol: "X")
        #expect(series.bars.count == 1)
        #expect(warnings.isEmpty)
    }

    @Test("CRLF line endings are accepted")
    func crlf() throws {
        let csv = "Date,Open,High,Low,Close\r\n2023-01-01,1,2,0.5,1.5\r\n2023-01-02,x,2,0.5,1.5\r\n"
        let (series, warnings) = try parser.parse(bytes(csv), source: "s", symbol: "X")
        #expect(series.bars.count == 1)
        #expect(warnings.map(\.location) == ["3"])
    }

    @Test("bytes that are not UTF-8 are rejected")
    func notUTF8() throws {
        var data = bytes("Date,Open,High,Low,Close\n2023-01-01,1,2,0.5,1.5\n")
        data.append(contentsOf: [0xFF, 0xFE, 0xC3, 0x28])
        let error = #expect(throws: DataError.self) { try parser.parse(data, source: "latin.csv", symbol: "X") }
        guard case .malformed(let source, _, let reason)? = error else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(source == "latin.csv")
        #expect(reason.contains("UTF-8"))
    }

    // MARK: Empty input

    @Test("an empty file is DataError.empty")
    func emptyFile() {
        #expect(throws: DataError.empty(source: "empty.csv", reason: "empty file")) {
            try parser.parse(Data(), source: "empty.csv", symbol: "X")
        }
    }

    @Test("a file of blank lines or only a BOM is empty")
    func blankFile() {
        for data in [bytes("\n\n\r\n"), Data([0xEF, 0xBB, 0xBF])] {
            let error = #expect(throws: DataError.self) { try parser.parse(data, source: "blank.csv", symbol: "X") }
            guard case .empty(let source, _)? = error else {
                Issue.record("expected empty, got \(String(describing: error))")
                continue
            }
            #expect(source == "blank.csv")
        }
    }

    @Test("a header with no usable rows is DataError.empty")
    func headerOnly() {
        for csv in ["Date,Open,High,Low,Close\n", "Date,Open,High,Low,Close\n2023-01-01,null,null,null,null\n"] {
            let error = #expect(throws: DataError.self) { try parser.parse(bytes(csv), source: "h.csv", symbol: "X") }
            guard case .empty(let source, _)? = error else {
                Issue.record("expected empty, got \(String(describing: error))")
                continue
            }
            #expect(source == "h.csv")
        }
    }
}
