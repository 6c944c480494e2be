import Foundation
import Testing

@testable import ChartWidgets

/// The round Lock Screen widget names the country as the language does (`日本`, `일본`), not
/// by its English ISO code (#9).
@Suite("Country circular name")
struct CountryCircularNameTests {
    /// One name per country in every family: the circular's is the other families' (#31:
    /// it had said 米国 where they said アメリカ).
    @Test func japaneseAndKoreanUseTheNameEveryFamilyUses() {
        #expect(CountryStatusWidgetView.circularName(iso3: "JPN", locale: Locale(identifier: "ja"), width: 48) == "日本")
        #expect(CountryStatusWidgetView.circularName(iso3: "JPN", locale: Locale(identifier: "ko"), width: 48) == "일본")
        #expect(
            CountryStatusWidgetView.circularName(iso3: "USA", locale: Locale(identifier: "ja"), width: 48) == "アメリカ")
        #expect(CountryNames.name(of: "USA", in: Locale(identifier: "ja"), short: true) == "アメリカ")
        #expect(CountryStatusWidgetView.circularName(iso3: "AUS", locale: Locale(identifier: "ja"), width: 48) == "豪州")
    }

    @Test func englishKeepsTheCode() {
        #expect(CountryStatusWidgetView.circularName(iso3: "JPN", locale: Locale(identifier: "en"), width: 48) == "JPN")
    }

    @Test func everyListedCountryFitsInJapaneseAndKorean() {
        for country in CountryNames.all {
            for language in ["ja", "ko"] {
                let name = CountryStatusWidgetView.circularName(
                    iso3: country.iso3, locale: Locale(identifier: language), width: 48)
                #expect(name != country.iso3, "\(country.iso3) in \(language)")
            }
        }
    }

    @Test func aCountryNotListedOrTooLongKeepsTheCode() {
        #expect(CountryStatusWidgetView.circularName(iso3: "XKX", locale: Locale(identifier: "ja"), width: 48) == "XKX")
        #expect(CountryStatusWidgetView.circularName(iso3: "ITA", locale: Locale(identifier: "ja"), width: 20) == "ITA")
    }
}
