import Foundation
import Testing
import WidgetData

@Suite("DiseaseShParser")
struct DiseaseShParserTests {
    let parser = DiseaseShParser()

    // MARK: The embedded countries sample

    @Test("the countries sample has 183 countries")
    func countriesCount() throws {
        let countries = try parser.countries(try sampleData("samples/covid-countries.json"), source: "countries.json")
        #expect(countries.count == 183)
        // Cross-check with an independent read of the same bytes.
        let raw = try JSONSerialization.jsonObject(with: try sampleData("samples/covid-countries.json")) as? [Any]
        #expect(countries.count == raw?.count)
    }

    @Test("Japan (JPN) has 9787 cases (+1161), 190 deaths and 935 recovered, updated at 1587166232000 ms")
    func japan() throws {
        let countries = try parser.countries(try sampleData("samples/covid-countries.json"), source: "countries.json")
        let japan = try #require(countries.first { $0.iso3 == "JPN" })
        #expect(japan.country == "Japan")
        #expect(japan.iso2 == "JP")
        #expect(japan.cases == 9787)
        #expect(japan.todayCases == 1161)
        #expect(japan.deaths == 190)
        #expect(japan.recovered == 935)
        #expect(japan.active == 9787 - 190 - 935)
        // JHU CSSE reports neither tests nor critical cases.
        #expect(japan.tests == nil)
        #expect(japan.critical == nil)
        #expect(abs(japan.updated.timeIntervalSince1970 * 1000 - 1_587_166_232_000) < 0.5)
    }

    @Test("every country of the sample has a name and ISO codes, and the worldwide sum is JHU's")
    func countriesHaveCodes() throws {
        let countries = try parser.countries(try sampleData("samples/covid-countries.json"), source: "countries.json")
        #expect(countries.allSatisfy { !$0.country.isEmpty && $0.iso2 != nil && $0.iso3 != nil })
        #expect(Set(countries.compactMap(\.iso3)).count == countries.count)
        // JHU's 2020-04-17 report totals 2,240,463, of which 721 on two cruise ships left out.
        #expect(countries.map(\.cases).reduce(0, +) == 2_239_742)
    }

    @Test("countries without countryInfo codes still parse")
    func countriesMissingISO() throws {
        let json = """
            [{"country":"Diamond Princess","updated":1587059879764,"cases":712,"todayCases":0,"deaths":13,"todayDeaths":0,"recovered":644,"active":55},
             {"country":"Japan","countryInfo":{"iso2":"JP","iso3":"JPN"},"updated":1587059879764,"cases":9,"todayCases":0,"deaths":1,"todayDeaths":0,"recovered":2,"active":6}]
            """
        let countries = try parser.countries(bytes(json), source: "c.json")
        #expect(countries.map(\.country) == ["Diamond Princess", "Japan"])
        #expect(countries.map(\.iso3) == [nil, "JPN"])
    }

    @Test(
        "an update time that is not milliseconds in range is an error naming the field",
        arguments: [
            ("1587059879", true), ("-1587059879764", false), ("1587059879764000", false), ("253402300800000", false),
            ("0", false),
        ])
    func updateTimeOutOfRange(_ value: String, looksLikeSeconds: Bool) throws {
        let json = """
            {"country":"Japan","countryInfo":{"iso2":"JP","iso3":"JPN"},"updated":\(value),"cases":9,"todayCases":0,"deaths":1,"todayDeaths":0,"recovered":2,"active":6}
            """
        let error = #expect(throws: DataError.self) { try parser.countries(bytes(json), source: "c.json") }
        let message = error?.description ?? ""
        #expect(message.contains("c.json"), "\(message)")
        #expect(message.contains(".updated: \(value) is not a time in milliseconds since 1970"), "\(message)")
        #expect(message.contains("looks like seconds") == looksLikeSeconds, "\(message)")
    }

    // MARK: The embedded historical sample

    @Test("historical/all has 30 days from 3/17/20 to 4/15/20 ending at 2056054 cases")
    func historicalAll() throws {
        let timeline = try parser.timeline(
            try sampleData("samples/covid-historical-all.json"), source: "historical.json")
        #expect(timeline.region == "World")
        #expect(timeline.source == "historical.json")
        #expect(timeline.cases.count == 30)
        #expect(timeline.deaths.count == 30)
        #expect(timeline.recovered.count == 30)
        #expect(timeline.cases.first?.date == (try utcDay("2020-03-17")))
        #expect(timeline.cases.last?.date == (try utcDay("2020-04-15")))
        #expect(timeline.cases.first?.value == 197_102)
        #expect(timeline.cases.last?.value == 2_056_054)
        #expect(timeline.deaths.last?.value == 134_177)
        #expect(timeline.recovered.last?.value == 502_053)
    }

    @Test("historical days are consecutive and the cumulative counts never fall")
    func historicalOrdered() throws {
        let timeline = try parser.timeline(
            try sampleData("samples/covid-historical-all.json"), source: "historical.json")
        for series in [timeline.cases, timeline.deaths, timeline.recovered] {
            for (a, b) in zip(series, series.dropFirst()) {
                #expect(b.date.timeIntervalSince(a.date) == 86_400)
                #expect(b.value >= a.value)
            }
        }
    }

    // MARK: Malformed countries

    @Test("truncated JSON is malformed and the message names the source")
    func truncatedJSON() throws {
        let data = try sampleData("samples/covid-countries.json").prefix(500)
        let error = #expect(throws: DataError.self) { try parser.countries(Data(data), source: "cut.json") }
        guard case .malformed(let source, _, let reason)? = error else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(source == "cut.json")
        #expect(reason.contains("JSON"))
        #expect(try #require(error).description.contains("cut.json"))
    }

    @Test("truncated inline JSON is malformed for both endpoints")
    func truncatedInline() throws {
        let text = #"[{"country": "Japan", "cases": 1"#
        let countriesError = #expect(throws: DataError.self) {
            try parser.countries(bytes(text), source: "inline-countries")
        }
        #expect(try #require(countriesError).description.contains("inline-countries"))
        let timelineError = #expect(throws: DataError.self) {
            try parser.timeline(bytes(#"{"cases":{"3/17/20":1"#), source: "inline-history")
        }
        guard case .malformed(let source, _, _)? = timelineError else {
            Issue.record("expected malformed, got \(String(describing: timelineError))")
            return
        }
        #expect(source == "inline-history")
    }

    @Test("critical and tests are optional: missing or not a count, they are left out")
    func optionalCounts() throws {
        let json = """
            [{"country":"A","updated":1587059879764,"cases":9,"todayCases":0,"deaths":1,"todayDeaths":0,"recovered":2,"active":6},
             {"country":"B","updated":1587059879764,"cases":9,"todayCases":0,"deaths":1,"todayDeaths":0,"recovered":2,"active":6,
              "critical":3,"tests":40},
             {"country":"C","updated":1587059879764,"cases":9,"todayCases":0,"deaths":1,"todayDeaths":0,"recovered":2,"active":6,
              "critical":-1,"tests":"n/a"}]
            """
        let countries = try parser.countries(bytes(json), source: "c.json")
        #expect(countries.map(\.critical) == [nil, 3, nil])
        #expect(countries.map(\.tests) == [nil, 40, nil])
        #expect(countries.map(\.active) == [6, 6, 6])
    }

    @Test("a missing number names the element and field")
    func missingField() throws {
        let json = """
            [{"country":"A","updated":1587059879764,"cases":1,"todayCases":0,"deaths":0,"todayDeaths":0,"recovered":0,"active":1,"critical":0},
             {"country":"B","updated":1587059879764,"cases":1,"todayCases":0,"todayDeaths":0,"recovered":0,"active":1,"critical":0}]
            """
        // Locations are line:column; the reason names the element and field.
        #expect(
            throws: DataError.malformed(
                source: "c.json", location: "2:2", reason: "[1].deaths: missing; expected a number")
        ) {
            try parser.countries(bytes(json), source: "c.json")
        }
    }

    @Test("an element that is not an object, or has no country name, is malformed")
    func badElements() {
        #expect(
            throws: DataError.malformed(source: "c.json", location: "1:2", reason: "[0]: expected an object, found 42")
        ) {
            try parser.countries(bytes("[42]"), source: "c.json")
        }
        #expect(
            throws: DataError.malformed(
                source: "c.json", location: "1:2", reason: "[0].country: missing; expected a string")
        ) {
            try parser.countries(bytes(#"[{"cases":1}]"#), source: "c.json")
        }
    }

    @Test("one country object (the /countries/{name} form) parses; numbers given as strings are accepted")
    func singleCountry() throws {
        let json = """
            {"country":"Japan","countryInfo":{"iso2":"JP","iso3":"JPN"},"updated":1587134275783,"cases":"9231",
             "todayCases":0,"deaths":190,"todayDeaths":0,"recovered":935,"active":8106,"critical":193}
            """
        let countries = try parser.countries(bytes(json), source: "one.json")
        try #require(countries.count == 1)
        #expect(countries[0].cases == 9231)
        #expect(countries[0].tests == nil)
        #expect(countries[0].iso3 == "JPN")
    }

    @Test("an empty array has no countries")
    func emptyCountries() {
        #expect(throws: DataError.empty(source: "c.json", reason: "no countries")) {
            try parser.countries(bytes("[]"), source: "c.json")
        }
    }

    // MARK: Malformed timelines

    @Test("an impossible date key is malformed, naming the field and key")
    func badDateKey() throws {
        let json = #"{"cases":{"2/30/20":1},"deaths":{"2/28/20":0}}"#
        let error = #expect(throws: DataError.self) { try parser.timeline(bytes(json), source: "h.json") }
        guard case .malformed(_, let location, let reason)? = error else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(location == "1:11")
        #expect(reason.contains("cases"))
        #expect(reason.contains("2/30/20"))
    }

    @Test("a timeline without deaths is malformed; without recovered it is accepted")
    func missingSeries() throws {
        #expect(throws: DataError.self) { try parser.timeline(bytes(#"{"cases":{"3/17/20":1}}"#), source: "h.json") }
        let timeline = try parser.timeline(bytes(#"{"cases":{"3/17/20":1},"deaths":{"3/17/20":0}}"#), source: "h.json")
        #expect(timeline.recovered.isEmpty)
        #expect(timeline.cases.map(\.value) == [1])
    }

    @Test("a country's historical form takes its name from the file")
    func countryTimeline() throws {
        let json = #"{"country":"Japan","timeline":{"cases":{"3/18/20":2,"3/17/20":1},"deaths":{"3/17/20":0}}}"#
        let timeline = try parser.timeline(bytes(json), source: "jp.json")
        #expect(timeline.region == "Japan")
        #expect(timeline.cases.map(\.value) == [1, 2])
    }

    @Test("a non-object root and empty cases are rejected")
    func badRoots() {
        // An array is the all-countries form; its elements must be objects with a country.
        let arrayError = #expect(throws: DataError.self) { try parser.timeline(bytes("[1,2]"), source: "h.json") }
        guard case .malformed(let source, let location, let reason)? = arrayError else {
            Issue.record("expected malformed, got \(String(describing: arrayError))")
            return
        }
        #expect(source == "h.json")
        #expect(location == "1:2")
        #expect(reason.hasPrefix("[0]:"))
        #expect(throws: DataError.self) { try parser.timeline(bytes("42"), source: "h.json") }
        let error = #expect(throws: DataError.self) {
            try parser.timeline(bytes(#"{"cases":{},"deaths":{}}"#), source: "h.json")
        }
        guard case .empty(let source, _)? = error else {
            Issue.record("expected empty, got \(String(describing: error))")
            return
        }
        #expect(source == "h.json")
    }

    @Test("empty bytes are not JSON")
    func emptyBytes() {
        #expect(throws: DataError.self) { try parser.countries(Data(), source: "e.json") }
    }
}
