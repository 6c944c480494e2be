import Foundation
import Testing
import WidgetData

/// The rules of `Sources/WidgetData/DATA-RULES.md`, one test per group, across formats.
@Suite("Bad-input rules")
struct DataRulesTests {
    /// Reads anything; the outcome is a result or a DataError, and a result is checked for the
    /// "never" rules (no NaN or infinity, no empty series, times strictly increasing).
    @discardableResult
    func outcome(
        _ data: Data, _ options: SeriesOptions = SeriesOptions(), sourceLocation: SourceLocation = #_sourceLocation
    )
        -> Result<ParseResult<SeriesData>, DataError>
    {
        do {
            let result = try SeriesReader(options).read(data, source: "in")
            switch result.value {
            case .ohlc(let series): expectWellFormed(series, sourceLocation: sourceLocation)
            case .cases(let series): expectWellFormed(series, sourceLocation: sourceLocation)
            case .countries(let countries): #expect(!countries.isEmpty, sourceLocation: sourceLocation)
            }
            return .success(result)
        } catch {
            return .failure(error)
        }
    }

    func bars(_ text: String, _ options: SeriesOptions = SeriesOptions()) throws -> ParseResult<OHLCSeries> {
        try SeriesReader(options).readOHLC(Data(text.utf8), source: "in")
    }

    // MARK: Error

    @Test(
        "empty file, empty array, header only, nothing usable: an error, never an empty series",
        arguments: [
            "", " \n", "\u{FEFF}", "[]", "Date,Open,High,Low,Close\n", "date,cases,deaths\n",
            ",Open,High,Low,Close,Volume\n",
            #"{"error":[],"result":{"P":[],"last":0}}"#, #"{"result":{"60":[]}}"#,
            "Date,Open,High,Low,Close\n2021-01-01,null,null,null,null\n",
            #"[[1731748020000,"NaN","NaN","NaN","NaN","0"]]"#, #"{"cases":{},"deaths":{}}"#,
            "Province/State,Country/Region,Lat,Long,1/22/20\n",
        ])
    func emptyInputs(text: String) {
        guard case .failure(let error) = outcome(Data(text.utf8)) else {
            Issue.record("accepted")
            return
        }
        guard case .empty = error else {
            Issue.record("expected empty, got \(error)")
            return
        }
    }

    @Test("when every record is skipped the error counts them and quotes the first")
    func allSkipped() {
        let error = dataError { _ = try bars("Date,Open,High,Low,Close\n2021-01-01,1,x,0,1\n2021-01-02,1,2,3,1\n") }
        #expect(
            error
                == .empty(
                    source: "in",
                    reason:
                        "no usable rows: all 2 were skipped (first, line 2: bad prices: High \"x\" has an unexpected 'x')"
                ))
    }

    @Test("truncated JSON names where the text ends and where the open value began")
    func truncatedJSON() throws {
        let data = try fixture("ohlc/kraken_0-public-OHLC_BCHAUD_60m_2021-01.json")
        guard case .failure(.malformed(_, let location, let reason)) = outcome(data.prefix(5000)) else {
            Issue.record("expected malformed")
            return
        }
        #expect(location.split(separator: ":").count == 2)
        #expect(reason.contains("the text ends inside"))
        #expect(reason.contains("opens at"))
    }

    @Test("a CSV cut in the middle of its last row: that row is skipped with a warning naming its line")
    func truncatedCSV() throws {
        let data = try fixture("ohlc/yahoo_BTC-USD_daily_2022-08_2023-08.csv")
        let cut = data.prefix(data.count - 30)  // inside 2023-08-06's row
        let result = try SeriesReader().readOHLC(cut, source: "cut.csv")
        #expect(result.value.bars.count == 362)
        #expect(result.warnings.last?.location == "367")
        #expect(result.warnings.last?.message.contains("fields, the header has 7") == true)
        // Cut inside a quoted field, the quote is never closed: an error naming the line it opened on.
        let quoted = Data("date,close\n2021-01-01,1\n2021-01-02,\"2".utf8)
        #expect(
            dataError { _ = try SeriesReader().readOHLC(quoted, source: "q.csv") }
                == .malformed(source: "q.csv", location: "3", reason: "quoted field is never closed"))
    }

    @Test("100 000 '[' fail quickly and cleanly")
    func deepNesting() {
        guard case .failure(.malformed(_, _, let reason)) = outcome(Data(String(repeating: "[", count: 100_000).utf8))
        else {
            Issue.record("expected malformed")
            return
        }
        #expect(reason.contains("nested deeper than 512 levels"))
    }

    @Test(
        "exchange error answers are reported with the exchange's message",
        arguments: [
            (#"{"code":-1121,"msg":"Invalid symbol."}"#, "Binance", "Invalid symbol. (code -1121)"),
            (#"{"error":["EQuery:Unknown asset pair"]}"#, "Kraken", "EQuery:Unknown asset pair"),
            (
                #"{"error":["EGeneral:Invalid arguments","EQuery:Unknown asset pair"],"result":{}}"#, "Kraken",
                "EGeneral:Invalid arguments; EQuery:Unknown asset pair"
            ),
            (#"{"message":"NotFound"}"#, "Coinbase", "NotFound"),
            (#"{"error":"Instrument not found"}"#, "Cryptowatch", "Instrument not found"),
        ])
    func exchangeErrors(body: String, service: String, message: String) {
        guard case .failure(let error) = outcome(Data(body.utf8)) else {
            Issue.record("accepted")
            return
        }
        #expect(error == .service(source: "in", service: service, message: message))
    }

    // MARK: Warn and skip

    @Test(
        "NaN and Infinity, as strings or bare JSON tokens, are skipped with a warning",
        arguments: [
            "Date,Open,High,Low,Close\n2021-01-01,1,2,0.5,1.5\n2021-01-02,1,NaN,0.5,1.5\n",
            "Date,Open,High,Low,Close\n2021-01-01,1,2,0.5,1.5\n2021-01-02,1,2,0.5,Infinity\n",
            #"[[1731748020000,"1","2","0.5","1.5","1"],[1731748080000,"1","NaN","0.5","1.5","1"]]"#,
            #"[[1731748020000,"1","2","0.5","1.5","1"],[1731748080000,"1","Infinity","0.5","1.5","1"]]"#,
            "[[1700006400,1,2,1.5,1.6,1],[1700002800,NaN,2,1.5,1.6,1]]",
            "[[1700006400,1,2,1.5,1.6,1],[1700002800,1,Infinity,1.5,1.6,1]]",
            "[[1700006400,1,2,1.5,1.6,1],[1700002800,1,2,-Infinity,1.6,1]]",
            #"{"error":[],"result":{"P":[[1611313200,"1","2","0.5","1.5","0","1",1],[1611316800,"1","2","0.5","NaN","0","1",1]],"last":0}}"#,
        ])
    func notFinite(text: String) throws {
        guard case .success(let result) = outcome(Data(text.utf8)) else {
            Issue.record("refused")
            return
        }
        guard case .ohlc(let series) = result.value else { return }
        #expect(series.bars.count == 1)
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.message.contains("not a finite number") == true)
    }

    @Test("values near the largest Double are kept; overflow is skipped, never infinity")
    func extremes() throws {
        let big = "1.7976931348623157e308"
        let result = try bars(
            "date,close\n2021-01-01,\(big)\n2021-01-02,-\(big)\n2021-01-03,1e400\n2021-01-04,-1e999\n")
        #expect(result.value.bars.map(\.close) == [.greatestFiniteMagnitude, -.greatestFiniteMagnitude])
        #expect(result.warnings.map(\.location) == ["4", "5"])
        #expect(result.warnings.allSatisfy { $0.message.contains("too large") })
        let json = try bars("[[1700006400,1,2,1,1e400,1],[1700010000,1,2,1,1.5,1]]")
        #expect(json.value.bars.map(\.close) == [1.5])
    }

    /// Before: a bar with open or close outside low…high was kept and drawn (a close above the high).
    @Test("high below low, and open or close outside low…high, are skipped; negative prices are kept")
    func consistency() throws {
        let result = try bars(
            "date,open,high,low,close\n2020-04-17,18.3,19.0,17.0,18.2\n2020-04-20,17.7,17.9,-40.3,-37.6\n2020-04-21,10,5,8,9\n2020-04-22,-14,14.1,-10,13\n2020-04-23,12,14,11,15\n2020-04-24,12,14,11,10.5\n2020-04-27,14.5,14,11,12\n"
        )
        #expect(result.value.bars.map(\.close) == [18.2, -37.6])
        #expect(
            result.warnings.map(\.message) == [
                "skipped: high 5 is below low 8", "skipped: open -14 is below low -10",
                "skipped: close 15 is above high 14", "skipped: close 10.5 is below low 11",
                "skipped: open 14.5 is above high 14",
            ])
        #expect(result.warnings.map(\.location) == ["4", "5", "6", "7", "8"])
        // The same rule in an exchange format, where the skipped candle is named by its index.
        let json = try bars(
            #"[[1700006400000,"1","2","1","2.5","0",0,"0",0,"0","0","0"],[1700006460000,"1","2","1","1.5","0",0,"0",0,"0","0","0"]]"#
        )
        #expect(json.value.bars.map(\.close) == [1.5])
        #expect(json.warnings.map(\.message) == ["skipped [0]: close 2.5 is above high 2"])
    }

    @Test("a single point and a constant series are accepted")
    func tinySeries() throws {
        #expect(try bars("date,close\n2021-01-01,5\n").value.bars.count == 1)
        #expect(try bars("[[1700006400,1,1,1,1,0]]").value.bars.count == 1)
        let constant = try bars("date,close\n2021-01-01,5\n2021-01-02,5\n2021-01-03,5\n")
        #expect(constant.value.bars.map(\.close) == [5, 5, 5])
        #expect(constant.warnings.isEmpty)
        let cases = try SeriesReader().readCases(Data("date,cases,deaths\n2021-01-01,7,0\n".utf8), source: "in")
        #expect(cases.value.cases.count == 1)
    }

    @Test(
        "unsorted or newest-first rows are sorted with one warning; duplicates keep the later record",
        arguments: [
            ("date,close\n2021-01-03,3\n2021-01-02,2\n2021-01-01,1\n", [1.0, 2, 3], ["newest first"]),
            ("date,close\n2021-01-01,1\n2021-01-03,3\n2021-01-02,2\n", [1, 2, 3], ["not in time order"]),
            ("date,close\n2021-01-01,1\n2021-01-02,2\n2021-01-02,9\n", [1, 9], ["duplicate time 2021-01-02"]),
            (#"[[1731748080000,"2","2","2","2","1"],[1731748020000,"1","1","1","1","1"]]"#, [1, 2], ["newest first"]),
            ("[[1700006400,1,1,1,1,0],[1700006400,2,2,2,2,0]]", [2], ["duplicate time"]),
        ] as [(String, [Double], [String])])
    func ordering(text: String, closes: [Double], messages: [String]) throws {
        let result = try bars(text)
        #expect(result.value.bars.map(\.close) == closes)
        #expect(result.warnings.count == messages.count)
        for (warning, message) in zip(result.warnings, messages) {
            #expect(warning.message.contains(message), "\(warning.message)")
        }
    }

    @Test("ragged rows (missing or extra fields) are skipped with a warning naming the line")
    func raggedRows() throws {
        let result = try bars(
            "Date,Open,High,Low,Close\n2021-01-01,1,2,0.5,1.5\n2021-01-02,1,2\n2021-01-03,1,2,0.5,1.5,9\n2021-01-04,1,2,0.5,1.5,\n"
        )
        #expect(result.value.bars.count == 2)
        #expect(result.warnings.map(\.location) == ["3", "4"])
    }

    @Test("impossible dates are skipped in rows and JSON keys, and refused in a JHU header")
    func impossibleDates() throws {
        let csv = try bars("date,close\n2021-02-28,1\n2021-02-29,2\n2021-03-01,3\n")
        #expect(csv.value.bars.map(\.time) == [try utcInstant("2021-02-28"), try utcInstant("2021-03-01")])
        let json = try SeriesReader().readCases(
            Data(#"{"cases":{"2/28/21":1,"2/29/21":2},"deaths":{"2/28/21":0}}"#.utf8), source: "in")
        #expect(json.value.cases.count == 1)
        #expect(json.warnings.count == 1)
        let jhu = "Province/State,Country/Region,Lat,Long,2/29/21\n,X,0,0,1\n"
        guard case .failure(.malformed) = outcome(Data(jhu.utf8)) else {
            Issue.record("expected malformed")
            return
        }
    }

    @Test("seconds mixed with milliseconds are never misplaced")
    func mixedUnits() throws {
        let csv = try bars("time,close\n1700000000000,1\n1700000060,2\n1700000120000,3\n")
        #expect(csv.value.bars.map(\.close) == [1, 3])
        let binance = try bars(#"[[1731748020000,"1","1","1","1","1"],[1731748080,"2","2","2","2","1"]]"#)
        #expect(binance.value.bars.map(\.close) == [1])
        #expect(binance.warnings.first?.message.contains("looks like seconds") == true)
    }

    // MARK: Accept

    @Test("dates before 1970 and after 2038, in text and in JSON")
    func farDates() throws {
        let csv = try bars("date,close\n1929-10-29,1\n2038-01-19T03:14:08Z,2\n2100-03-01,3\n")
        #expect(
            csv.value.bars.map(\.time) == [
                try utcInstant("1929-10-29"), try utcInstant("2038-01-19T03:14:08Z"), try utcInstant("2100-03-01"),
            ])
        let json = try bars("[[2500000000,1,1,1,1,0]]")
        #expect(json.value.bars.first?.time == Date(timeIntervalSince1970: 2_500_000_000))
    }

    @Test("UTC offsets changing inside a series are each applied")
    func offsets() throws {
        let result = try bars(
            "time,close\n2021-10-31T01:30:00+02:00,1\n2021-10-31T02:30:00+02:00,2\n2021-10-31T02:30:00+01:00,3\n")
        #expect(result.value.bars.map(\.close) == [1, 2, 3])
        #expect(result.warnings.isEmpty)
        #expect(
            result.value.bars.map(\.time) == [
                try utcInstant("2021-10-30T23:30:00Z"), try utcInstant("2021-10-31T00:30:00Z"),
                try utcInstant("2021-10-31T01:30:00Z"),
            ])
    }

    @Test("mixed date shapes in one column are each read; ambiguous ones are an error")
    func mixedDates() throws {
        let result = try bars("date,close\n2021-01-05,1\n01/06/2021,2\n2021-01-07 12:00,3\n20210108,4\n01/13/2021,5\n")
        #expect(
            result.value.bars.map(\.time) == [
                try utcInstant("2021-01-05"), try utcInstant("2021-01-06"), try utcInstant("2021-01-07T12:00:00Z"),
                try utcInstant("2021-01-08"), try utcInstant("2021-01-13"),
            ])
        #expect(
            dataError { _ = try bars("date,close\n01/02/2021,1\n01/03/2021,2\n") }?.description.contains("YYYY-MM-DD")
                == true)
    }

    @Test("separators, decimal commas and thousands: never misread 1,05 or \"20,172,049\"")
    func separators() throws {
        #expect(try bars("date;close\n2021-01-01;1,05\n").value.bars.first?.close == 1.05)
        #expect(try bars("date,close\n2021-01-01,\"20,172,049\"\n").value.bars.first?.close == 20_172_049)
        #expect(try bars("date;close\n2021-01-01;20.172.049\n").value.bars.first?.close == 20_172_049)
        let refused = try bars("date,close\n2021-01-01,1\n2021-01-02,\"1,05\"\n")
        #expect(refused.value.bars.map(\.close) == [1])
        #expect(refused.warnings.count == 1)
        let cases = try SeriesReader().readCases(
            Data("date,cases,deaths\n2021-01-01,\"20,172,049\",\"347,970\"\n".utf8), source: "in")
        #expect(cases.value.cases.first?.value == 20_172_049)
        #expect(cases.value.deaths.first?.value == 347_970)
    }

    @Test("CR, LF and CRLF line ends, a BOM, blank lines and no final newline")
    func lineEnds() throws {
        for text in [
            "\u{FEFF}date,close\r\n2021-01-01,1\r\n\r\n2021-01-02,2", "date,close\r2021-01-01,1\r2021-01-02,2\r",
            "\n\ndate,close\n2021-01-01,1\n2021-01-02,2\n",
        ] {
            #expect(try bars(text).value.bars.map(\.close) == [1, 2])
        }
        let warned = try bars("date,close\r\n2021-01-01,1\r\n\r\n2021-01-02,x\r\n")
        #expect(warned.warnings.map(\.location) == ["4"])
    }

    // MARK: Never

    /// Deterministic pseudo-random numbers (SplitMix64), so failures reproduce.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let robustnessFiles = [
        "ohlc/binance_api-v3-klines_1m_USDT-pair_2024-11-16.json", "ohlc/kraken_0-public-OHLC_BCHAUD_60m_2021-01.json",
        "ohlc/yahoo_BTC-USD_daily_2022-08_2023-08.csv", "ohlc/backtesting-0.6.6_EURUSD_hourly_last400.csv",
        "covid/nyt_us_2021.csv", "covid/jhu_confirmed_global_excel-resaved_2020-09-21_subset.csv",
        "covid/diseasesh_v2_historical_allcountries_subset.json",
        "covid/owid-covid-data_2020-06-28_SRB_WRL_International.csv",
        "covid/diseasesh_v2_countries_all.json",
    ]

    @Test(
        "real files cut anywhere give a result or a DataError, never a crash or a bad value", arguments: robustnessFiles
    )
    func truncatedAnywhere(file: String) throws {
        let data = try fixture(file)
        var random = SplitMix(state: UInt64(file.utf8.count))
        let cuts =
            [1, 2, data.count / 2, data.count - 1]
            + (0..<12).map { _ in Int.random(in: 1..<data.count, using: &random) }
        let options = SeriesOptions(
            region: file.contains("jhu")
                ? "Italy" : (file.contains("owid") ? "World" : (file.contains("allcountries") ? "China" : nil)))
        for cut in cuts {
            outcome(data.prefix(cut), options)
        }
    }

    @Test(
        "real files with random bytes changed give a result or a DataError, never a crash or a bad value",
        arguments: robustnessFiles)
    func mutatedBytes(file: String) throws {
        let original = try fixture(file)
        var random = SplitMix(state: 0x5EED ^ UInt64(original.count))
        let alphabet = Array("0123456789.,;-+eE\"[]{}: \nNaIfnul/\u{7}".utf8) + [0xFF, 0xC3]
        let options = SeriesOptions(
            region: file.contains("jhu")
                ? "Italy" : (file.contains("owid") ? "World" : (file.contains("allcountries") ? "China" : nil)))
        for _ in 0..<15 {
            var data = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = data.index(data.startIndex, offsetBy: Int.random(in: 0..<data.count, using: &random))
                data[index] = alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
            }
            outcome(data, options)
        }
    }
}

/// Rules added for the "nothing breaks it" issue, each against the formats it concerns.
@Suite("Bad-input rules: totals and exchange times")
struct TotalsAndTimesRulesTests {
    /// Before: a cumulative count of −5 was kept and drawn as "Confirmed -5" and "-33,312,817 new".
    @Test("a negative cumulative count is skipped with a warning; a fall and negative daily counts stay")
    func negativeTotals() throws {
        let nyt = try readCases(bytes("date,cases,deaths\n2021-01-01,5,1\n2021-01-02,-5,1\n2021-01-03,4,2\n"))
        #expect(nyt.value.cases.map(\.value) == [5, 4])  // the fall from 5 to 4 is kept
        #expect(nyt.value.deaths.map(\.value) == [1, 1, 2])  // the row's other column stays
        #expect(
            nyt.warnings.map(\.description) == [
                "test:3: skipped: cases on 2021-01-02 is -5, negative; a cumulative count cannot be (a fall is kept, a negative total is not)"
            ])
        let owid = try readCases(
            bytes(
                "iso_code,location,date,total_cases,new_cases\nSRB,Serbia,2020-03-06,3,3\nSRB,Serbia,2020-03-07,-1,-9\n"
            ))
        #expect(owid.value.values(named: "new_cases")?.map(\.value) == [3, -9])
        #expect(owid.value.values(named: "total_cases")?.map(\.value) == [3])
        let jhu = try readCases(bytes("Province/State,Country/Region,Lat,Long,1/22/20,1/23/20\n,Chad,1,2,4,-2\n"))
        #expect(jhu.value.cases.map(\.value) == [4])
        #expect(jhu.warnings.count == 1)
        let historical =
            #"{"country":"Chad","timeline":{"cases":{"1/22/20":4,"1/23/20":-2},"deaths":{"1/22/20":0,"1/23/20":0}}}"#
        #expect(try readCases(bytes(historical)).value.cases.map(\.value) == [4])
        // The strict timeline the global widget reads refuses it.
        #expect(throws: DataError.self) { try DiseaseShParser().timeline(bytes(historical), source: "h.json") }
    }

    @Test("disease.sh /countries: a country with a negative total is left out (reader) or refused (strict)")
    func negativeCountry() throws {
        func country(_ name: String, cases: Int) -> String {
            #"{"updated":1587059879764,"country":"\#(name)","cases":\#(cases),"todayCases":1,"deaths":1,"todayDeaths":0,"recovered":1,"active":1,"critical":0}"#
        }
        let json = bytes("[\(country("Chad", cases: 5)),\(country("Mali", cases: -5))]")
        let result = try SeriesReader().readCountries(json, source: "c.json")
        #expect(result.value.map(\.country) == ["Chad"])
        #expect(result.warnings.first?.message.contains(#"skipped "Mali": [1].cases: -5 is negative"#) == true)
        #expect(throws: DataError.self) { try DiseaseShParser().countries(json, source: "c.json") }
    }

    /// Before: a Binance kline with a negative open time was accepted (an x-axis from 1919).
    @Test("exchange times before 1970 are skipped with a warning naming the candle")
    func timesBefore1970() throws {
        let binance = try readOHLC(
            bytes(
                #"[[-1577836800000,"1","2","1","1.5","0",0,"0",0,"0","0","0"],[1700000000000,"1","2","1","1.5","0",0,"0",0,"0","0","0"]]"#
            ))
        #expect(binance.value.bars.count == 1)
        #expect(
            binance.warnings.map(\.message) == [
                "skipped [0]: time -1577836800000 is before 1970; Binance times are Unix times in milliseconds"
            ])
        let coinbase = try CoinbaseCandlesParser().parse(
            bytes("[[1700000000,1,2,1.2,1.5,3],[-1700000000,1,2,1.2,1.5,3]]"), source: "c.json")
        #expect(coinbase.value.bars.count == 1)
        #expect(coinbase.warnings.first?.message.contains("before 1970") == true)
        // Cryptowatch stamps a candle with close time − period; a period longer than the time is refused too.
        let cryptowatch = dataError {
            _ = try CryptowatchOHLCParser().parse(
                bytes(#"{"result":{"999999999999":[[1700000000,1,2,1,1.5,3,4]],"60":[[1700000000,1,2,1,1.5,3,4]]}}"#),
                source: "w.json", period: "999999999999")
        }
        #expect(cryptowatch?.description.contains("less the period (999999999999 s) is before 1970") == true)
    }
}
