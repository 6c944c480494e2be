import Foundation
import Testing
import WidgetData

@Suite("LongCaseCSVParser")
struct LongCaseCSVParserTests {
    static let us = "covid/nyt_us_2021.csv"
    static let states = "covid/nyt_us-states_2021-12.csv"
    static let owid = "covid/owid-covid-data_2020-06-28_SRB_WRL_International.csv"
    let parser = LongCaseCSVParser()

    @Test("NYT us.csv: 365 days, cases 20,172,049 → 54,689,367, deaths 347,970 → 824,336")
    func nytNational() throws {
        let result = try parser.parse(try fixture(Self.us), source: Self.us)
        let series = result.value
        #expect(result.format == .nyt)
        #expect(result.warnings.isEmpty)
        #expect(series.region == "United States")
        #expect(series.cases.count == 365)
        #expect(series.cases.first?.value == 20_172_049)
        #expect(series.cases.last?.value == 54_689_367)
        #expect(series.deaths.first?.value == 347_970)
        #expect(series.deaths.last?.value == 824_336)
        expectWellFormed(series)
    }

    @Test("NYT us.csv: the one fall in cumulative cases (2021-06-03 → 06-04) is kept")
    func nytRevision() throws {
        let cases = try parser.parse(try fixture(Self.us), source: Self.us).value.cases
        let falls = zip(cases, cases.dropFirst()).filter { $1.value < $0.value }
        #expect(falls.count == 1)
        #expect(falls.first?.0 == DatedValue(date: try utcInstant("2021-06-03"), value: 33_336_811))
        #expect(falls.first?.1 == DatedValue(date: try utcInstant("2021-06-04"), value: 33_312_812))
    }

    @Test("NYT us.csv holds only the United States: another name is refused")
    func nytNationalName() throws {
        #expect(try parser.parse(try fixture(Self.us), source: Self.us, region: "usa").value.region == "United States")
        #expect(
            dataError { _ = try parser.parse(try fixture(Self.us), source: Self.us, region: "Japan") }
                == .notFound(source: Self.us, kind: "state", name: "Japan", suggestions: []))
    }

    @Test("NYT states: New York 2,737,932 → 3,473,970; also by zero-padded FIPS")
    func nytStates() throws {
        let newYork = try parser.parse(try fixture(Self.states), source: Self.states, region: "New York").value
        #expect(newYork.cases.count == 31)
        #expect(newYork.cases.first == DatedValue(date: try utcInstant("2021-12-01"), value: 2_737_932))
        #expect(newYork.cases.last == DatedValue(date: try utcInstant("2021-12-31"), value: 3_473_970))
        #expect(newYork.columns.map(\.name) == ["cases", "deaths"])
        let byFIPS = try parser.parse(try fixture(Self.states), source: Self.states, region: "36").value
        #expect(byFIPS.cases == newYork.cases)
        let alabama = try parser.parse(try fixture(Self.states), source: Self.states, region: "01").value
        #expect(alabama.region == "Alabama")
    }

    @Test("NYT states: no state chosen lists the 56; a misspelt one suggests close names")
    func nytStateSelection() throws {
        guard
            case .selectionRequired(_, let kind, let choices)? = dataError({
                _ = try parser.parse(try fixture(Self.states), source: Self.states)
            })
        else {
            Issue.record("expected selectionRequired")
            return
        }
        #expect(kind == "state")
        #expect(choices.count == 56)
        guard
            case .notFound(_, _, _, let suggestions)? = dataError({
                _ = try parser.parse(try fixture(Self.states), source: Self.states, region: "New Yrok")
            })
        else {
            Issue.record("expected notFound")
            return
        }
        #expect(suggestions.contains("New York"))
        guard
            case .notFound(_, _, _, let prefix)? = dataError({
                _ = try parser.parse(try fixture(Self.states), source: Self.states, region: "North")
            })
        else {
            Issue.record("expected notFound")
            return
        }
        #expect(Set(prefix).isSuperset(of: ["North Carolina", "North Dakota"]))
    }

    @Test("OWID: Serbia by name or ISO code, World by OWID_WRL, International (no code) by name")
    func owidRegions() throws {
        let serbia = try parser.parse(try fixture(Self.owid), source: Self.owid, region: "SRB")
        #expect(serbia.format == .owid)
        #expect(serbia.value.region == "Serbia")
        #expect(
            try parser.parse(try fixture(Self.owid), source: Self.owid, region: "serbia").value.cases
                == serbia.value.cases)
        let world = try parser.parse(try fixture(Self.owid), source: Self.owid, region: "OWID_WRL").value
        #expect(world.region == "World")
        let international = try parser.parse(try fixture(Self.owid), source: Self.owid, region: "International").value
        #expect(
            international.values(named: "new_cases")?.contains(
                DatedValue(date: try utcInstant("2020-03-10"), value: -9)) == true)
        expectWellFormed(serbia.value)
        expectWellFormed(world)
    }

    @Test("OWID: capitalised Date, every numeric column kept, text columns and empty cells left out silently")
    func owidColumns() throws {
        let result = try parser.parse(try fixture(Self.owid), source: Self.owid, region: "Serbia")
        let names = result.value.columns.map(\.name)
        #expect(result.warnings.isEmpty)
        #expect(names.contains("total_cases"))
        #expect(names.contains("stringency_index"))
        #expect(!names.contains("tests_units"))
        #expect(!names.contains("continent"))
        // 119 Serbian rows; total_cases is empty on the earliest ones.
        #expect(result.value.values(named: "population")?.count == 119)
        #expect(result.value.cases.count < 119)
        #expect(result.value.cases == result.value.values(named: "total_cases"))
    }

    @Test("a bad date skips the row; a bad cell is left out with a warning naming line and column")
    func badCells() throws {
        let csv =
            "date,state,fips,cases,deaths\n2021-12-01,A,01,10,1\n2021-12-02,A,01,abc,2\n2021-02-29,A,01,12,3\n2021-12-04,A,01,NaN,4\n"
        let result = try parser.parse(Data(csv.utf8), source: "s.csv")
        #expect(result.value.cases.map(\.value) == [10])
        #expect(result.value.deaths.map(\.value) == [1, 2, 4])
        #expect(result.warnings.map(\.location) == ["3", "4", "5"])
        #expect(result.warnings[0].message.contains("cases \"abc\""))
        #expect(result.warnings[1].message.contains("2021-02-29"))
        #expect(result.warnings[2].message.contains("NaN"))
    }

    @Test("duplicate dates keep the later row; unsorted rows are sorted with one warning")
    func orderAndDuplicates() throws {
        let csv = "date,cases,deaths\n2021-01-03,3,0\n2021-01-01,1,0\n2021-01-02,2,0\n2021-01-02,22,0\n"
        let result = try parser.parse(Data(csv.utf8), source: "u.csv")
        #expect(result.value.cases.map(\.value) == [1, 22, 3])
        #expect(result.warnings.count == 2)
        #expect(result.warnings.contains { $0.location == "4" && $0.message.contains("duplicate time 2021-01-02") })
        #expect(result.warnings.contains { $0.location == "3" && $0.message.contains("not in time order") })
    }
}
