import WidgetRender

/// The countries the country widget offers, keyed by ISO 3166 alpha-3, with their English,
/// Japanese and Korean names (which the string catalog's `country.<code>` repeats, with the
/// other languages' and short names; a test keeps the two the same).
enum CountryNames {
    struct Country {
        let iso3: String
        let en: String
        let ja: String
        let ko: String
        /// Other spellings sources use (disease.sh `S. Korea`, JHU `Korea, South`, NYT `US`).
        var aliases: [String] = []
    }

    static let all: [Country] = [
        Country(iso3: "JPN", en: "Japan", ja: "日本", ko: "일본"),
        Country(
            iso3: "USA", en: "United States", ja: "アメリカ", ko: "미국", aliases: ["USA", "US"]),
        Country(
            iso3: "KOR", en: "South Korea", ja: "韓国", ko: "한국",
            aliases: ["S. Korea", "Korea, South", "Korea", "Republic of Korea"]),
        Country(iso3: "CHN", en: "China", ja: "中国", ko: "중국"),
        Country(iso3: "IND", en: "India", ja: "インド", ko: "인도"),
        Country(iso3: "ITA", en: "Italy", ja: "イタリア", ko: "이탈리아"),
        Country(iso3: "ESP", en: "Spain", ja: "スペイン", ko: "스페인"),
        Country(iso3: "FRA", en: "France", ja: "フランス", ko: "프랑스"),
        Country(iso3: "DEU", en: "Germany", ja: "ドイツ", ko: "독일"),
        Country(
            iso3: "GBR", en: "United Kingdom", ja: "イギリス", ko: "영국", aliases: ["UK"]),
        Country(iso3: "CAN", en: "Canada", ja: "カナダ", ko: "캐나다"),
        Country(iso3: "AUS", en: "Australia", ja: "豪州", ko: "호주"),
        Country(iso3: "BRA", en: "Brazil", ja: "ブラジル", ko: "브라질"),
        Country(iso3: "SRB", en: "Serbia", ja: "セルビア", ko: "세르비아"),
    ]

    /// What to look for in a source: the code, the English name, then the other spellings.
    static func queries(for iso3: String) -> [String] {
        guard let country = all.first(where: { $0.iso3 == iso3 }) else { return [iso3] }
        return [iso3, country.en] + country.aliases
    }

    /// The ISO code for a code, English name or other spelling of a listed country
    /// (`kor`, `South Korea`, `S. Korea`, `UK` → `KOR`, `GBR`); `nil` for anything else.
    static func code(for text: String) -> String? {
        let folded = text.trimmingCharacters(in: .whitespaces).lowercased()
        return all.first { country in
            ([country.iso3, country.en] + country.aliases).contains { $0.lowercased() == folded }
        }?.iso3
    }

    /// The country's name in the widget's language, one name in every family.
    ///
    /// A listed country has the string catalog's name (``ChartWidgetStrings``: `country.JPN`,
    /// in the ten languages, overridable); every other country, and a listed one in another
    /// language, has the platform's CLDR name (`Zentralafrikanische Republik`,
    /// `中央アフリカ共和国`); a place that is no ISO country keeps `dataName` (the name the source
    /// gives) or else the code itself.
    ///
    /// With `short`, the catalog's short name where it has one (`UK`, `USA`, `أمريكا`), for a
    /// row too narrow for the name.
    static func name(of iso3: String, in locale: Locale, dataName: String? = nil, short: Bool = false) -> String {
        let country =
            all.first(where: { $0.iso3 == iso3 })
            ?? code(for: dataName ?? "").flatMap({ code in all.first { $0.iso3 == code } })
        if let country {
            if short,
                let name = ChartWidgetStrings.stringIfAny(LocalizedStringKey("country.short." + country.iso3), locale)
            {
                return name
            }
            if let name = ChartWidgetStrings.stringIfAny(LocalizedStringKey("country." + country.iso3), locale) {
                return name
            }
        }
        if let alpha2 = ISO3166.alpha2(country?.iso3 ?? iso3), let cldr = locale.localizedString(forRegionCode: alpha2),
            cldr != alpha2
        {
            return cldr
        }
        return country?.en ?? dataName ?? iso3
    }

    /// Words sources use for the world total.
    static func isWorld(_ name: String) -> Bool {
        ["world", "global", "worldwide", "wld", "owid_wrl"].contains(name.lowercased())
    }

    /// The country parameter both COVID widgets take: a listed country by code or name, or
    /// any name the user's data has (a US state in an NYT file, a country the list lacks).
    static func parameter(extra: [WidgetParameter.Choice] = [], defaultValue: String, summary: String)
        -> WidgetParameter
    {
        WidgetParameter(
            key: "country", title: "Country", summary: summary,
            kind: .suggested(extra + all.map { .init(value: $0.iso3, label: $0.en) }, maxLength: 60),
            defaultValue: defaultValue)
    }
}
