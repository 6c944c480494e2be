import Foundation
import Testing
import WidgetData

@Suite("SeriesFormat")
struct SeriesFormatTests {
    static let fixtures: [(String, SeriesFormat)] = [
        ("ohlc/backtesting-0.6.6_GOOG_daily.csv", .pandas), ("ohlc/backtesting-0.6.6_BTCUSD_monthly.csv", .pandas),
        ("ohlc/backtesting-0.6.6_EURUSD_hourly_last400.csv", .pandas),
        ("ohlc/yahoo_BTC-USD_daily_2022-08_2023-08.csv", .yahoo),
        ("ohlc/binance_api-v3-klines_1m_USDT-pair_2024-11-16.json", .binance),
        ("ohlc/kraken_0-public-OHLC_BCHAUD_60m_2021-01.json", .kraken),
        ("covid/nyt_us_2021.csv", .nyt), ("covid/nyt_us-states_2021-12.csv", .nyt),
        ("covid/jhu_time_series_covid19_confirmed_global_2020-01-22_2022-03-31_subset.csv", .jhu),
        ("covid/jhu_confirmed_global_excel-resaved_2020-09-21_subset.csv", .jhu),
        ("covid/owid-covid-data_2020-06-28_SRB_WRL_International.csv", .owid),
        ("covid/diseasesh_v2_historical_India_lastdays30.json", .diseaseShHistorical),
        ("covid/diseasesh_v2_historical_all_lastdays30.json", .diseaseShHistorical),
        ("covid/diseasesh_v2_historical_allcountries_subset.json", .diseaseShHistorical),
        ("covid/diseasesh_v2_countries_India.json", .diseaseShCountries),
        ("covid/diseasesh_v2_countries_all.json", .diseaseShCountries),
        ("covid/diseasesh_v2_all.json", .diseaseShCountries),
    ]

    @Test("every sample file is detected as its format", arguments: fixtures)
    func detectsSamples(file: String, format: SeriesFormat) throws {
        #expect(try SeriesFormat.detect(in: try fixture(file), source: file) == format)
    }

    @Test(
        "documented shapes without sample files are detected",
        arguments: [
            (CoinbaseCandlesParserTests.newestFirst, SeriesFormat.coinbase),
            (CryptowatchOHLCParserTests.example, .cryptowatch),
            (#"{"code":-1121,"msg":"Invalid symbol."}"#, .binance),
            (#"{"error":["EQuery:Unknown asset pair"]}"#, .kraken),
            (#"{"message":"NotFound"}"#, .coinbase), (#"{"error":"Instrument not found"}"#, .cryptowatch),
            (#"[[1731748020000,"0.7","0.8","0.6","0.75","1"]]"#, .binance),
            (#"[[1638748800,"48000.1","50000","49000","49500","12.5"]]"#, .coinbase),
            ("[[1638748800,48000.1,50000,49000,49500,12.5]]", .coinbase),
            ("Date,Open,High,Low,Close,Volume,Adj Close\n2013-01-02,1,2,0.5,1.5,10,1.4\n", .yahoo),
            ("time,price\n2024-01-02T09:30:00Z,187.15\n", .csv), ("date;close\n2021-01-01;1,5\n", .csv),
            ("date,state,fips,cases,deaths\n", .nyt), ("date,county,state,fips,cases,deaths\n", .nyt),
            ("Province_State,Country_Region,1/22/20\n", .jhu), ("iso_code,location,date,total_cases\n", .owid),
        ] as [(String, SeriesFormat)])
    func detectsShapes(text: String, format: SeriesFormat) throws {
        #expect(try SeriesFormat.detect(in: Data(text.utf8), source: "x") == format)
    }

    @Test(
        "unknown content says what was seen and lists every format",
        arguments: [
            ("<!DOCTYPE html><html><body>Rate limited</body></html>\n", "<!DOCTYPE html>"),
            (#"{"foo": 1, "bar": [2]}"#, #"a JSON object with keys "foo", "bar""#),
            (#"["a", "b"]"#, #""a" elements"#), ("name,colour\nx,red\n", "name,colour"), ("42", "42"),
            ("{\"a\": null}", "a JSON object"),
        ])
    func unrecognized(text: String, seen: String) {
        let error = dataError { _ = try SeriesFormat.detect(in: Data(text.utf8), source: "odd.txt") }
        guard case .unrecognized(let source, let reported, let formats)? = error else {
            Issue.record("expected unrecognized, got \(String(describing: error))")
            return
        }
        #expect(source == "odd.txt")
        #expect(reported.contains(seen), "\(reported)")
        #expect(formats == SeriesFormat.allCases.map(\.name))
        #expect(error?.description.contains("Known formats: cryptowatch, binance, coinbase, kraken") == true)
    }

    @Test("empty content is empty, not unrecognized", arguments: ["", "  \n\t", "\u{FEFF}", "[]", "[ ]"])
    func empty(text: String) {
        guard case .empty(let source, _)? = dataError({ _ = try SeriesFormat.detect(in: Data(text.utf8), source: "e") })
        else {
            Issue.record("expected empty")
            return
        }
        #expect(source == "e")
    }

    @Test("names are unique, stable and found ignoring case and punctuation; examples are one line")
    func names() {
        let names = SeriesFormat.allCases.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(
            names == [
                "cryptowatch", "binance", "coinbase", "kraken", "yahoo", "pandas", "csv", "diseasesh-countries",
                "diseasesh-historical", "jhu", "nyt", "owid", "generic",
            ])
        #expect(SeriesFormat(name: "Kraken") == .kraken)
        #expect(SeriesFormat(name: "disease.sh-historical") == .diseaseShHistorical)
        #expect(SeriesFormat(name: "DISEASESH_COUNTRIES") == .diseaseShCountries)
        #expect(SeriesFormat(name: "excel") == nil)
        for format in SeriesFormat.allCases {
            #expect(!format.summary.isEmpty && !format.summary.contains("\n"))
            #expect(!format.example.isEmpty && !format.example.contains("\n"))
        }
        #expect(SeriesFormat.allCases.filter { $0.kind == .ohlc }.count == 8)
        #expect(SeriesFormat.generic.kinds == [.ohlc, .cases])
        #expect(SeriesFormat.allCases.filter { $0.kind == .cases }.count == 4)
    }
}
