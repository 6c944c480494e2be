import Foundation
import Testing
import WidgetData

@Suite("SeriesReader")
struct SeriesReaderTests {
    @Test("read() gives the kind of data the file holds")
    func kinds() throws {
        let prices = try SeriesReader().read(
            try fixture("ohlc/yahoo_BTC-USD_daily_2022-08_2023-08.csv"), source: "y.csv")
        #expect(prices.value.kind == .ohlc)
        let cases = try SeriesReader().read(try fixture("covid/nyt_us_2021.csv"), source: "us.csv")
        #expect(cases.value.kind == .cases)
        let countries = try SeriesReader().read(try fixture("covid/diseasesh_v2_countries_all.json"), source: "c.json")
        #expect(countries.value.kind == .countryStatus)
    }

    @Test("options pass through: region, column, symbol, and a Cryptowatch period through column")
    func options() throws {
        let states = try readCases(
            try fixture("covid/nyt_us-states_2021-12.csv"), options: SeriesOptions(region: "Texas"))
        #expect(states.value.region == "Texas")
        let prices = try readOHLC(
            Data("date,a,b\n2021-01-01,1,2\n".utf8), options: SeriesOptions(column: "b", symbol: "B"))
        #expect(prices.value.bars.first?.close == 2)
        #expect(prices.value.symbol == "B")
        let json = #"{"result":{"60":[[1474736460,1,2,0.5,1.5,3,4]],"3600":[[1474736400,1,2,0.5,1.7,3,4]]}}"#
        #expect(try readOHLC(Data(json.utf8), options: SeriesOptions(column: "3600")).value.bars.first?.close == 1.7)
        let india = try SeriesReader(SeriesOptions(region: "IND")).readCountries(
            try fixture("covid/diseasesh_v2_countries_all.json"), source: "c.json")
        #expect(india.value.map(\.country) == ["India"])
    }

    @Test("an explicit format overrides detection")
    func explicitFormat() throws {
        let yahoo = Data("Date,Open,High,Low,Close\n2021-01-01,1,2,0.5,1.5\n".utf8)
        #expect(try readOHLC(yahoo).format == .yahoo)
        #expect(try readOHLC(yahoo, options: SeriesOptions(format: .csv)).format == .csv)
        // A pandas file read as Yahoo lacks Yahoo's Date column.
        let pandas = try fixture("ohlc/backtesting-0.6.6_GOOG_daily.csv")
        #expect(
            dataError { _ = try readOHLC(pandas, source: "g.csv", options: SeriesOptions(format: .yahoo)) }?.description
                .contains("no 'Date' column") == true)
        // A CSV read as JSON is invalid JSON at 1:1.
        guard
            case .malformed(_, let location, _)? = dataError({
                _ = try readOHLC(yahoo, options: SeriesOptions(format: .binance))
            })
        else {
            Issue.record("expected malformed")
            return
        }
        #expect(location == "1:1")
    }

    @Test("asking for prices from a case-count file, or the reverse, names both kinds")
    func wrongKind() {
        let error = dataError { _ = try readOHLC(try fixture("covid/nyt_us_2021.csv"), source: "us.csv") }
        #expect(
            error
                == .malformed(
                    source: "us.csv", location: "1", reason: "holds COVID-19 case counts (format nyt), not OHLC prices")
        )
        let reverse = dataError {
            _ = try readCases(try fixture("ohlc/yahoo_BTC-USD_daily_2022-08_2023-08.csv"), source: "y.csv")
        }
        #expect(reverse?.description.contains("holds OHLC prices (format yahoo), not COVID-19 case counts") == true)
    }

    @Test("every sample file reads into a well-formed series, with a region where one is needed")
    func everySample() throws {
        let regions = [
            "covid/nyt_us-states_2021-12.csv": "New York",
            "covid/owid-covid-data_2020-06-28_SRB_WRL_International.csv": "World",
            "covid/jhu_time_series_covid19_confirmed_global_2020-01-22_2022-03-31_subset.csv": "China",
            "covid/jhu_confirmed_global_excel-resaved_2020-09-21_subset.csv": "Italy",
            "covid/diseasesh_v2_historical_allcountries_subset.json": "UK",
        ]
        for (file, _) in SeriesFormatTests.fixtures {
            let result = try SeriesReader(SeriesOptions(region: regions[file])).read(try fixture(file), source: file)
            switch result.value {
            case .ohlc(let series): expectWellFormed(series)
            case .cases(let series): expectWellFormed(series)
            case .countries(let countries): #expect(!countries.isEmpty)
            }
        }
    }
}
