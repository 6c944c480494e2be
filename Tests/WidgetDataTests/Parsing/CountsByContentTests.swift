import Foundation
import Testing
import WidgetData

/// Issue 27, item 3: case counts keyed by country with provinces summed, compound count names,
/// an empty newest row, and a JSON object keyed by date of nested values; each from a fixture in
/// `Fixtures/shapes/`, checked against the file read independently.
@Suite("Counts by country, compound names and nested JSON")
struct CountsByContentTests {
    let longForm = "shapes/long-form_country-region_province-state.csv"

    /// The long-form fixture's rows: date text, province, country, confirmed, deaths.
    func longRows() throws -> [(date: String, province: String, country: String, confirmed: Double, deaths: Double)] {
        try String(decoding: try fixture(longForm), as: UTF8.self).split(separator: "\n").dropFirst().map { line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return (f[1], f[2], f[3], try #require(Double(f[5])), try #require(Double(f[6])))
        }
    }

    /// `MM/DD/YYYY` as midnight UTC.
    func day(_ usDate: String) throws -> Date {
        let p = usDate.split(separator: "/").map(String.init)
        return try utcInstant("\(p[2])-\(p[0])-\(p[1])")
    }

    @Test("Country/Region with Province/State: a country is the sum of its provinces on each date")
    func countrySum() throws {
        let data = try fixture(longForm)
        let rows = try longRows()
        let china = try readCases(data, source: "covid_19_data.csv", options: SeriesOptions(region: "Mainland China"))
        #expect(china.format == .jhu)
        let dates = Array(Set(rows.map(\.date))).sorted()
        let sums = try dates.map { date in
            rows.filter { $0.date == date && $0.country == "Mainland China" }.reduce(0) { $0 + $1.confirmed }
        }
        #expect(china.value.cases.map(\.value) == sums)
        #expect(china.value.cases.map(\.date) == (try dates.map(day)))
        #expect(china.value.region == "Mainland China")
        // Lat/Long and the row numbers are not counts; Last Update is not a count either.
        #expect(china.value.columns.map(\.name) == ["Confirmed", "Deaths", "Recovered"])
    }

    @Test("--param country=Italy finds Italy (no province); a province is chosen by its name")
    func countryAndProvince() throws {
        let data = try fixture(longForm)
        let rows = try longRows()
        let italy = try readCases(data, options: SeriesOptions(region: "italy")).value
        #expect(italy.deaths.map(\.value) == rows.filter { $0.country == "Italy" }.map(\.deaths))
        let hubei = try readCases(data, options: SeriesOptions(region: "Hubei")).value
        #expect(hubei.cases.map(\.value) == rows.filter { $0.province == "Hubei" }.map(\.confirmed))
        #expect(hubei.region == "Hubei, Mainland China")
    }

    @Test("no country chosen: the countries are listed; one not there: close matches")
    func selection() throws {
        let data = try fixture(longForm)
        let none = dataError { _ = try readCases(data, source: "c.csv") }
        #expect(
            none?.description
                == #"c.csv: holds 2 countries or regions; choose one, e.g. "Italy", "Mainland China""#)
        let missing = dataError { _ = try readCases(data, source: "c.csv", options: SeriesOptions(region: "Itly")) }
        #expect(missing?.description == #"c.csv: no country or region "Itly"; close matches: "Italy""#)
    }

    @Test("a sum that overflows leaves that day out with a warning naming it; the country is still there")
    func overflow() throws {
        let text = """
            Province/State,Country/Region,Date,Confirmed
            A,Japan,2020-03-01,1e308
            B,Japan,2020-03-01,1e308
            A,Japan,2020-03-02,5
            B,Japan,2020-03-02,6

            """
        let result = try readCases(Data(text.utf8), source: "jp.csv", options: SeriesOptions(region: "Japan"))
        #expect(result.value.cases.map(\.value) == [11])
        #expect(
            result.warnings.map(\.description) == [
                "jp.csv:2: left out: the sum of Confirmed on 2020-03-01 for Japan is too large for a number"
            ])
    }

    @Test("newCasesBySpecimenDate and cumCasesBySpecimenDate are counts; the empty newest row is no value")
    func ukDashboard() throws {
        let data = try fixture("shapes/uk-dashboard_newCasesBySpecimenDate_newest-empty.csv")
        let result = try readCases(data, source: "data_2020-Apr-09.csv")
        let rows = String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let filled = rows.filter { !$0[5].isEmpty }.reversed()
        #expect(result.value.cases.map(\.value) == filled.compactMap { Double($0[5]) })
        #expect(result.value.cases.last?.date == (try utcInstant(try #require(filled.last)[3])))
        #expect(result.value.values(named: "newCasesBySpecimenDate")?.count == filled.count)
        #expect(!CaseSeries.isCumulative("newCasesBySpecimenDate"))
        #expect(CaseSeries.isCumulative("cumCasesBySpecimenDate"))
    }

    @Test("a JSON object keyed by date of nested objects: the totals are the cases and deaths")
    func nestedDateKeyed() throws {
        let data = try fixture("shapes/date-keyed_nested-objects.json")
        let result = try readCases(data, source: "india.json")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: [String: Int]]])
        let dates = object.keys.sorted()
        #expect(result.value.cases.map(\.value) == dates.map { Double(object[$0]?["total"]?["confirmed"] ?? -1) })
        #expect(result.value.deaths.map(\.value) == dates.map { Double(object[$0]?["total"]?["deceased"] ?? -1) })
        #expect(result.value.region == "india")
    }

    @Test("a count-only daily file (date and cases that rise and fall) is daily, not a running total")
    func countOnlyDaily() throws {
        let data = try fixture("shapes/count-only_daily-cases.csv")
        let series = try readCases(data, source: "daily.csv").value
        let values = String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst()
            .compactMap { $0.split(separator: ",").last.flatMap { Double($0) } }
        #expect(series.cases.isEmpty)
        #expect(series.dailyCases?.map(\.value) == values)
        #expect(try series.caseCounts() == .daily(try #require(series.dailyCases)))
        // The same values summed are a running total: non-decreasing, so cumulative.
        var sum = 0.0
        let totals = values.map { value -> String in
            sum += value
            return String(Int(sum))
        }
        let cumulative =
            "date,cases\n"
            + zip(1...30, totals).map { "2021-03-\($0 < 10 ? "0" : "")\($0),\($1)" }
            .joined(separator: "\n")
        let summed = try readCases(Data(cumulative.utf8), source: "totals.csv").value
        #expect(summed.dailyCases == nil)
        #expect(try summed.caseCounts() == .cumulative(summed.cases))
        #expect(summed.cases.last?.value == sum)
    }

    @Test("new_cases alone is daily by its name, whatever its values")
    func newCasesByName() throws {
        let series = try readCases(Data("date,new_cases\n2021-01-01,5\n2021-01-02,7\n2021-01-03,9\n".utf8)).value
        #expect(series.cases.isEmpty)
        #expect(try series.caseCounts() == .daily(try #require(series.dailyCases)))
        #expect(series.dailyCases?.map(\.value) == [5, 7, 9])
    }
}
