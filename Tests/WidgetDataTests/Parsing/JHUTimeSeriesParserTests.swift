import Foundation
import Testing
import WidgetData

@Suite("JHUTimeSeriesParser")
struct JHUTimeSeriesParserTests {
    static let file = "covid/jhu_time_series_covid19_confirmed_global_2020-01-22_2022-03-31_subset.csv"
    static let excel = "covid/jhu_confirmed_global_excel-resaved_2020-09-21_subset.csv"
    let parser = JHUTimeSeriesParser()

    func read(_ region: String?, file: String = file) throws -> ParseResult<CaseSeries> {
        try parser.parse(try fixture(file), source: file, region: region)
    }

    @Test("US goes from 1 on 1/22/20 to 80,221,585 on 3/31/22, over 800 days")
    func unitedStates() throws {
        let result = try read("US")
        let cases = result.value.cases
        #expect(result.format == .jhu)
        #expect(result.warnings.isEmpty)
        #expect(result.value.region == "US")
        #expect(result.value.columns.map(\.name) == ["cases"])
        #expect(cases.count == 800)
        #expect(cases.first == DatedValue(date: try utcInstant("2020-01-22"), value: 1))
        #expect(cases.last == DatedValue(date: try utcInstant("2022-03-31"), value: 80_221_585))
        expectWellFormed(result.value)
    }

    @Test("the 8 Australian rows are summed: 4,573,066 on 3/31/22")
    func australiaSummed() throws {
        let australia = try read("australia").value
        #expect(australia.region == "Australia")
        #expect(australia.cases.last?.value == 4_573_066)
    }

    @Test("a province can be chosen as Country/Province or by name; rows with empty Lat/Long count")
    func provinces() throws {
        let ontario = try read("Canada/Ontario").value
        #expect(ontario.region == "Ontario, Canada")
        let byName = try read("Ontario").value
        #expect(byName.cases == ontario.cases)
        // Canada = Ontario + Diamond Princess + Repatriated Travellers (empty Lat/Long).
        let canada = try read("Canada").value
        let travellers = try read("Repatriated Travellers").value
        let ship = try read("Canada/Diamond Princess").value
        #expect(
            canada.cases.last?.value == (ontario.cases.last?.value ?? 0) + (travellers.cases.last?.value ?? 0)
                + (ship.cases.last?.value ?? 0))
        // The country named Diamond Princess wins over Canada's province of that name.
        #expect(try read("Diamond Princess").value.region == "Diamond Princess")
    }

    @Test("quoted names with commas are matched whole")
    func quotedNames() throws {
        #expect(try read("Korea, South").value.cases.first?.value == 1)
        #expect(
            try read("Bonaire, Sint Eustatius and Saba").value.region == "Bonaire, Sint Eustatius and Saba, Netherlands"
        )
    }

    @Test("day-to-day decreases are kept as published")
    func decreasesKept() throws {
        let france = try read("France").value.cases
        let falls = zip(france, france.dropFirst()).filter { $1.value < $0.value }.count
        #expect(falls == 14)
    }

    @Test("an unknown country lists close matches; no country chosen lists them all")
    func selection() {
        #expect(
            dataError { _ = try read("Autralia") }
                == .notFound(source: Self.file, kind: "country or region", name: "Autralia", suggestions: ["Australia"])
        )
        guard case .selectionRequired(_, _, let choices)? = dataError({ _ = try read(nil) }) else {
            Issue.record("expected selectionRequired")
            return
        }
        #expect(choices.count == 14)
        #expect(choices.contains("Korea, South"))
    }

    @Test("the Excel-resaved file: 244 days in order, 02-01-2020 read as 1 February")
    func excelResaved() throws {
        let result = try read("Korea, South", file: Self.excel)
        let cases = result.value.cases
        #expect(result.warnings.isEmpty)
        #expect(cases.count == 244)
        #expect(cases.first?.date == (try utcInstant("2020-01-22")))
        #expect(cases.last?.date == (try utcInstant("2020-09-21")))
        #expect(zip(cases, cases.dropFirst()).allSatisfy { $1.date.timeIntervalSince($0.date) == 86_400 })
        // Hubei on 1/31/20 and "02-01-2020".
        let hubei = try read("Hubei", file: Self.excel).value.cases
        #expect(hubei[9].date == (try utcInstant("2020-01-31")))
        #expect(hubei[10].date == (try utcInstant("2020-02-01")))
    }

    @Test("a day-first Excel locale is read too: each dd-mm-yyyy header goes between its neighbours")
    func dayFirstExcel() throws {
        let csv = "Province/State,Country/Region,Lat,Long,1/31/20,01-02-2020,02-02-2020,2/3/20\n,X,0,0,1,2,3,4\n"
        let cases = try parser.parse(Data(csv.utf8), source: "j.csv").value.cases
        #expect(
            cases.map(\.date) == [
                try utcInstant("2020-01-31"), try utcInstant("2020-02-01"), try utcInstant("2020-02-02"),
                try utcInstant("2020-02-03"),
            ])
    }

    @Test("a bad cell in a summed row skips that day; a short summed row is an error")
    func badRows() throws {
        let csv =
            "Province/State,Country/Region,Lat,Long,1/22/20,1/23/20,1/24/20\nA,X,,,1,2,3\nB,X,,,10,abc,30\n,Y,0,0,5,6\n"
        let result = try parser.parse(Data(csv.utf8), source: "j.csv", region: "X")
        #expect(result.value.cases.map(\.value) == [11, 33])
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.location == "3")
        #expect(result.warnings.first?.message.contains("1/23/20") == true)
        let error = dataError { _ = try parser.parse(Data(csv.utf8), source: "j.csv", region: "Y") }
        guard case .malformed(_, let location, let reason)? = error else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(location == "4")
        #expect(reason.contains("understate"))
    }

    @Test("a header date that does not exist is an error")
    func impossibleHeaderDate() {
        let csv = "Province/State,Country/Region,Lat,Long,2/28/21,2/29/21\n,X,0,0,1,2\n"
        #expect(
            dataError { _ = try parser.parse(Data(csv.utf8), source: "j.csv", region: "X") }?.description.contains(
                "\"2/29/21\" is not a real m/d/yy date") == true)
    }

    @Test("the column is named after the file: deaths and recovered")
    func metricName() throws {
        let csv = Data("Province/State,Country/Region,Lat,Long,1/22/20\n,X,0,0,1\n".utf8)
        #expect(
            try parser.parse(csv, source: "time_series_covid19_deaths_global.csv").value.columns.map(\.name) == [
                "deaths"
            ])
        #expect(try parser.parse(csv, source: "time_series_covid19_recovered_global.csv").value.recovered.count == 1)
    }

    @Test("the US layout: counties summed into a state or the country, or one county by its key")
    func usLayout() throws {
        let csv = """
            UID,iso2,iso3,code3,FIPS,Admin2,Province_State,Country_Region,Lat,Long_,Combined_Key,1/22/20,1/23/20
            84001001,US,USA,840,1001.0,Autauga,Alabama,US,32.5,-86.6,"Autauga, Alabama, US",1,2
            84001003,US,USA,840,1003.0,Baldwin,Alabama,US,30.7,-87.7,"Baldwin, Alabama, US",3,4
            84004001,US,USA,840,4001.0,Apache,Arizona,US,35.3,-109.4,"Apache, Arizona, US",5,6
            """
        let data = Data(csv.utf8)
        #expect(try parser.parse(data, source: "us.csv").value.cases.map(\.value) == [9, 12])
        #expect(try parser.parse(data, source: "us.csv", region: "Alabama").value.cases.map(\.value) == [4, 6])
        #expect(
            try parser.parse(data, source: "us.csv", region: "Baldwin, Alabama, US").value.cases.map(\.value) == [3, 4])
    }
}
