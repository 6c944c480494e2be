import Foundation
import Testing
import WidgetAssets
import WidgetRender

@testable import ChartWidgets

/// The built-in widgets' words come from the string catalog shipped in the assets, in ten
/// languages, and a user's tables override them (#31).
@Suite("Built-in widgets' strings")
struct ChartWidgetStringsTests {
    static let languages = ["en", "ja", "ko", "de", "fr", "es", "pt-BR", "zh-Hans", "ar", "hi"]

    /// The catalog as a JSON object, read independently of `StringCatalog`.
    static func catalog() throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: WidgetAssets.url("strings/ChartWidgets.xcstrings"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["sourceLanguage"] as? String == "en")
        return try #require(object["strings"] as? [String: [String: Any]])
    }

    @Test func everyKeyHasEveryLanguage() throws {
        let strings = try Self.catalog()
        #expect(strings.count >= 39)
        for (key, entry) in strings {
            let localizations = try #require(entry["localizations"] as? [String: Any], "\(key)")
            let missing = Self.languages.filter { localizations[$0] == nil }
            #expect(missing.isEmpty, "'\(key)' lacks \(missing)")
        }
    }

    @Test(arguments: [
        ("de", "Cases", "Fälle"), ("fr", "Deaths", "Décès"), ("es", "Recovered", "Curados"),
        ("pt-BR", "World", "Mundo"), ("zh-Hans", "Cases", "确诊"), ("ar", "World", "العالم"), ("hi", "Cases", "मामले"),
        ("ja", "Cases", "感染者"), ("ko", "Deaths", "사망자"), ("en", "Recovered", "Recovered"),
        // A region or script the catalog does not name finds its language's strings.
        ("de-AT", "Cases", "Fälle"), ("zh-CN", "World", "全球"), ("pt-PT", "World", "Mundo"),
        ("ar-EG", "Cases", "الإصابات"),
        // A language without strings reads English.
        ("sv", "Cases", "Cases"),
    ])
    func aWordInALanguage(_ identifier: String, _ key: String, _ expected: String) {
        #expect(Locale(identifier: identifier).word(LocalizedStringKey(key)) == expected)
    }

    /// Only integer arguments are rewritten in the locale's digits: a written figure keeps its
    /// sign (`+12 neu`; the sign was once lost, as `+12` read as an integer).
    @Test func writtenFiguresKeepTheirSigns() {
        #expect(Formatting.labelled("+12", "neu", locale: Locale(identifier: "de")) == "+12 neu")
        #expect(Formatting.labelled("-3", "neu", locale: Locale(identifier: "de")) == "-3 neu")
        #expect(ChartWidgetStrings.integerSlots("%@ %lld %% %d %@") == [false, true, true, false])
        #expect(Locale(identifier: "ar-EG").word("\(7)-day average") == "متوسط ٧ أيام")
    }

    @Test func argumentsAreFilledInTheLanguagesOrder() {
        #expect(Formatting.labelled("+1,161", "new", locale: Locale(identifier: "en")) == "+1,161 new")
        #expect(Formatting.labelled("+1,161", "新規", locale: Locale(identifier: "ja")) == "新規 +1,161")
        #expect(Formatting.labelled("+1.161", "neu", locale: Locale(identifier: "de")) == "+1.161 neu")
        #expect(Locale(identifier: "de").word("as of \("6. Aug.")") == "Stand: 6. Aug.")
        #expect(Locale(identifier: "ja").word("as of \("8月6日")") == "8月6日時点")
    }

    /// Spans keep en, ja and ko as before; Arabic chooses its plural form and writes the count
    /// in its own digits where the locale does (ar-EG).
    @Test func spansInEveryLanguage() {
        let month = ChartSpan(count: 30, unit: .days)
        #expect(month.label(in: Locale(identifier: "en")) == "30D")
        #expect(month.label(in: Locale(identifier: "ja")) == "30日間")
        #expect(month.shortLabel(in: Locale(identifier: "ja")) == "30日")
        #expect(month.label(in: Locale(identifier: "de")) == "30 T")
        #expect(month.label(in: Locale(identifier: "ar-EG")) == "٣٠ يومًا")
        #expect(ChartSpan(count: 5, unit: .days).label(in: Locale(identifier: "ar")) == "5 أيام")
        #expect(ChartSpan(count: 1, unit: .years).label(in: Locale(identifier: "ar")) == "سنة")
        #expect(ChartSpan(count: 2, unit: .years).label(in: Locale(identifier: "fr")) == "2 ans")
        #expect(ChartSpan(count: 5, unit: .years).label(in: Locale(identifier: "zh-Hans")) == "5年")
    }

    /// A user's `de.lproj/ChartWidgets.strings` overrides one word and leaves the rest; a key it
    /// lacks, or a language it lacks, is the catalog's.
    @Test func aUsersTablesOverrideTheBuiltInWords() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
        try Data("\"Cases\" = \"Infektionen\";\n\"as of %@\" = \"am %@\";\n".utf8).write(
            to: folder.appendingPathComponent("de.lproj/ChartWidgets.strings"))
        let bundle = try #require(Bundle(url: folder))
        // Tables of the test's own: the shared ones serve the renders of other tests meanwhile.
        let tables = ChartWidgetStrings.Tables()
        tables.set(bundle: bundle)
        let german = Locale(identifier: "de")
        func word(_ key: LocalizedStringKey, _ locale: Locale) -> String {
            ChartWidgetStrings.string(key, locale, tables: tables)
        }
        #expect(word("Cases", german) == "Infektionen")
        #expect(word("as of \("6. Aug.")", german) == "am 6. Aug.")
        #expect(word("Deaths", german) == "Tote")
        #expect(word("Cases", Locale(identifier: "fr")) == "Cas")
        #expect(ChartWidgetStrings.string("Cases", german) == "Fälle")
    }

    /// The plural form follows each count, not the first one asked (the cache once kept one
    /// form per key and locale).
    @Test func eachCountHasItsOwnPluralForm() {
        let arabic = Locale(identifier: "ar-SA")
        #expect(ChartSpan(count: 5, unit: .days).label(in: arabic).hasSuffix("أيام"))
        #expect(ChartSpan(count: 30, unit: .days).label(in: arabic).hasSuffix("يومًا"))
        #expect(ChartSpan(count: 2, unit: .days).label(in: arabic) == "يومان")
        #expect(ChartSpan(count: 5, unit: .days).label(in: arabic).hasSuffix("أيام"))
    }

    /// An override catalog with English only does not put English in other languages: a
    /// language it lacks reads the built-in catalog.
    @Test func anEnglishOnlyOverrideLeavesOtherLanguagesBuiltIn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let catalog =
            #"{"sourceLanguage":"en","version":"1.0","strings":{"Cases":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Infections"}}}}}}"#
        try Data(catalog.utf8).write(to: folder.appendingPathComponent("ChartWidgets.xcstrings"))
        let tables = ChartWidgetStrings.Tables()
        tables.set(bundle: try #require(Bundle(url: folder)))
        #expect(ChartWidgetStrings.string("Cases", Locale(identifier: "en"), tables: tables) == "Infections")
        #expect(ChartWidgetStrings.string("Cases", Locale(identifier: "de"), tables: tables) == "Fälle")
        #expect(ChartWidgetStrings.string("Cases", Locale(identifier: "ja"), tables: tables) == "感染者")
        // A language the catalog lacks names listed countries by CLDR, not in English.
        #expect(CountryNames.name(of: "DEU", in: Locale(identifier: "sv")) == "Tyskland")
    }

    /// The catalog's country names in English, Japanese and Korean are the list's, which the
    /// country parameter offers and sources are matched against.
    @Test func theCatalogsCountryNamesAreTheLists() {
        for country in CountryNames.all {
            for (language, name) in [("en", country.en), ("ja", country.ja), ("ko", country.ko)] {
                #expect(CountryNames.name(of: country.iso3, in: Locale(identifier: language)) == name)
            }
        }
        #expect(CountryNames.name(of: "GBR", in: Locale(identifier: "en"), short: true) == "UK")
        #expect(CountryNames.name(of: "GBR", in: Locale(identifier: "de"), short: true) == "GB")
        #expect(CountryNames.name(of: "USA", in: Locale(identifier: "ar"), short: true) == "أمريكا")
        #expect(CountryNames.name(of: "JPN", in: Locale(identifier: "fr"), short: true) == "Japon")
    }

    /// Country names: the list's in en, ja and ko; CLDR's for every other country and
    /// language; one name in every family (#31: 米国 in the circular, アメリカ elsewhere).
    @Test func countryNamesFromCLDR() {
        #expect(CountryNames.name(of: "USA", in: Locale(identifier: "ja")) == "アメリカ")
        #expect(CountryNames.name(of: "USA", in: Locale(identifier: "ja"), short: true) == "アメリカ")
        #expect(CountryNames.name(of: "CAF", in: Locale(identifier: "ja")) == "中央アフリカ共和国")
        #expect(CountryNames.name(of: "CAF", in: Locale(identifier: "ko")) == "중앙 아프리카 공화국")
        #expect(CountryNames.name(of: "JPN", in: Locale(identifier: "de")) == "Japan")
        #expect(CountryNames.name(of: "DEU", in: Locale(identifier: "fr")) == "Allemagne")
        #expect(CountryNames.name(of: "JPN", in: Locale(identifier: "ar")) == "اليابان")
        #expect(CountryNames.name(of: "IND", in: Locale(identifier: "hi")) == "भारत")
        #expect(
            CountryNames.name(of: "CAF", in: Locale(identifier: "en"), dataName: "CAR") == "Central African Republic")
        // A place that is no ISO country keeps the data's name.
        #expect(CountryNames.name(of: "New York", in: Locale(identifier: "de"), dataName: "New York") == "New York")
        #expect(ISO3166.alpha2("jpn") == "JP")
        #expect(ISO3166.alpha2("ZZZ") == nil)
    }
}
