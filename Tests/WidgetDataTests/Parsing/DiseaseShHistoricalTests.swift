import Foundation
import Testing
import WidgetData

@Suite("DiseaseShParser historical")
struct DiseaseShHistoricalTests {
    static let india = "covid/diseasesh_v2_historical_India_lastdays30.json"
    static let all = "covid/diseasesh_v2_historical_all_lastdays30.json"
    static let countries = "covid/diseasesh_v2_historical_allcountries_subset.json"
    let parser = DiseaseShParser()

    @Test("historical/India: cases 142 → 12,322, deaths 3 → 405, and the one fall in deaths kept")
    func india() throws {
        let result = try parser.historical(try fixture(Self.india), source: Self.india)
        let series = result.value
        #expect(result.format == .diseaseShHistorical)
        #expect(result.warnings.isEmpty)
        #expect(series.region == "India")
        #expect(series.cases.count == 30)
        #expect(series.cases.first == DatedValue(date: try utcInstant("2020-03-17"), value: 142))
        #expect(series.cases.last == DatedValue(date: try utcInstant("2020-04-15"), value: 12_322))
        #expect(series.deaths.first?.value == 3)
        #expect(series.deaths.last?.value == 405)
        let falls = zip(series.deaths, series.deaths.dropFirst()).filter { $1.value < $0.value }
        #expect(falls.map(\.1.date) == [try utcInstant("2020-03-21")])
        expectWellFormed(series)
    }

    @Test("historical/all is the World")
    func world() throws {
        let series = try parser.historical(try fixture(Self.all), source: Self.all).value
        #expect(series.region == "World")
        #expect(series.columns.map(\.name) == ["cases", "deaths", "recovered"])
        #expect(try parser.historical(try fixture(Self.all), source: Self.all, country: "global").value == series)
    }

    @Test("the all-countries array: China's 33 provinces summed; a province alone; close matches for S. Korea")
    func countriesArray() throws {
        let data = try fixture(Self.countries)
        let china = try parser.historical(data, source: Self.countries, country: "China").value
        #expect(china.cases.count == 30)
        let hubei = try parser.historical(data, source: Self.countries, country: "China/Hubei").value
        #expect(hubei.region == "hubei, China")
        #expect((hubei.cases.last?.value ?? 0) < (china.cases.last?.value ?? 0))
        #expect(try parser.historical(data, source: Self.countries, country: "s. korea").value.region == "S. Korea")
        #expect(
            dataError { _ = try parser.historical(data, source: Self.countries, country: "Korea") }
                == .notFound(source: Self.countries, kind: "country", name: "Korea", suggestions: ["S. Korea"]))
        guard
            case .selectionRequired(_, _, let choices)? = dataError({
                _ = try parser.historical(data, source: Self.countries)
            })
        else {
            Issue.record("expected selectionRequired")
            return
        }
        #expect(choices.count == 13)
        expectWellFormed(china)
    }

    @Test("a date only some provinces give is skipped with a warning, not summed short")
    func partialDates() throws {
        let json = """
            [{"country":"X","province":"a","timeline":{"cases":{"1/1/21":1,"1/2/21":2},"deaths":{"1/1/21":0,"1/2/21":0}}},
             {"country":"X","province":"b","timeline":{"cases":{"1/1/21":10},"deaths":{"1/1/21":0,"1/2/21":1}}}]
            """
        let result = try parser.historical(Data(json.utf8), source: "h.json", country: "X")
        #expect(result.value.cases.map(\.value) == [11])
        #expect(result.value.deaths.map(\.value) == [0, 1])
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.message.contains("only 1 of 2 timelines") == true)
    }

    @Test("bad date keys and values are skipped with warnings naming them; timeline() stays strict")
    func badKeysAndValues() throws {
        let json =
            #"{"cases":{"3/17/20":1,"2/30/20":5,"3/18/20":null,"3/19/20":NaN,"3/20/20":"abc","3/21/20":4},"deaths":{"3/17/20":0}}"#
        let data = Data(json.utf8)
        let result = try parser.historical(data, source: "h.json")
        #expect(result.value.cases.map(\.value) == [1, 4])
        #expect(result.warnings.count == 4)
        #expect(result.warnings[0].message == #"skipped cases."2/30/20": not a real m/d/yy date"#)
        #expect(result.warnings[0].location == "1:23")
        #expect(result.warnings.allSatisfy { $0.message.contains("cases.\"") })
        #expect(
            throws: DataError.malformed(
                source: "h.json", location: "1:23", reason: #"cases."2/30/20": not a real m/d/yy date"#)
        ) {
            try parser.timeline(data, source: "h.json")
        }
    }

    @Test("a repeated date key keeps the later value, with a warning")
    func repeatedKey() throws {
        let json = #"{"cases":{"3/17/20":1,"03/17/20":2},"deaths":{"3/17/20":0}}"#
        let result = try parser.historical(Data(json.utf8), source: "h.json")
        #expect(result.value.cases.map(\.value) == [2])
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.message.contains("repeats") == true)
    }

    @Test("countries: /all reads as World; a country can be selected by name or ISO code")
    func countriesSnapshot() throws {
        let world = try parser.countries(try fixture("covid/diseasesh_v2_all.json"), source: "all.json")
        #expect(world.map(\.country) == ["World"])
        let all = try parser.countries(try fixture("covid/diseasesh_v2_countries_all.json"), source: "c.json")
        #expect(all.count == 212)
        #expect(try CountryStatus.select("ind", from: all, source: "c.json").country == "India")
        #expect(try CountryStatus.select("in", from: all, source: "c.json").country == "India")
        #expect(try CountryStatus.select("india", from: all, source: "c.json").cases == 13_835)
        guard
            case .notFound(_, _, _, let suggestions)? = dataError({
                _ = try CountryStatus.select("Inda", from: all, source: "c.json")
            })
        else {
            Issue.record("expected notFound")
            return
        }
        #expect(suggestions.contains("India"))
        let one = try parser.countries(try fixture("covid/diseasesh_v2_countries_India.json"), source: "i.json")
        #expect(one.first?.cases == 12_759)
        #expect(one.first?.updated == Date(timeIntervalSince1970: 1_587_059_879.764))
    }
}
