import Testing

@testable import WidgetData

@Suite("NameMatcher")
struct NameMatcherTests {
    let countries = [
        "Australia", "Austria", "Korea, South", "S. Korea", "United Kingdom", "US", "Côte d'Ivoire", "Iceland", "India",
    ]
    .map { NameMatcher.Candidate($0) }

    @Test("exact matches ignore case, accents and spacing")
    func exact() {
        #expect(NameMatcher.exactMatches("  AUSTRALIA ", in: countries) == [0])
        #expect(NameMatcher.exactMatches("cote d'ivoire", in: countries) == [6])
        #expect(NameMatcher.exactMatches("korea,  south", in: countries) == [2])
        #expect(NameMatcher.exactMatches("Korea", in: countries).isEmpty)
    }

    @Test(
        "close matches: prefixes, contained names and small typos",
        arguments: [
            ("Autralia", ["Australia"]), ("Aus", ["Australia", "Austria"]), ("korea", ["Korea, South", "S. Korea"]),
            ("Untied Kingdom", ["United Kingdom"]), ("Indai", ["India"]), ("zzz", []),
        ])
    func close(query: String, expected: [String]) {
        #expect(NameMatcher.closeMatches(for: query, in: countries) == expected)
    }

    @Test("codes count as names")
    func aliases() {
        let candidates = [
            NameMatcher.Candidate("Serbia", aliases: ["SRB"]), NameMatcher.Candidate("World", aliases: ["OWID_WRL"]),
        ]
        #expect(NameMatcher.exactMatches("owid_wrl", in: candidates) == [1])
        #expect(NameMatcher.closeMatches(for: "SRBB", in: candidates) == ["Serbia"])
    }
}
