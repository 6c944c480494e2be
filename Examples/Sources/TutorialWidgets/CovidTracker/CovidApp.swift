import WidgetRender

/// The app side of the COVID tracker: what the iOS app does after each fetch — decode the
/// API's answer, save the figures to the shared container, and ask WidgetKit to reload both
/// widgets.
///
/// The tutorial's app fetched `https://disease.sh/v3/covid-19/all` and `…/countries`; here the
/// answer comes from a folder holding `all.json` and `countries.json` in the same shape (a
/// local fixture: no network in tests).
public enum CovidApp {
    /// The API's `all` answer (the fields the app reads).
    struct GlobalAnswer: Decodable {
        var cases: Int
        var deaths: Int
        var recovered: Int
        var updated: Double
    }

    /// One item of the API's `countries` answer.
    struct CountryAnswer: Decodable {
        struct Info: Decodable { var iso2: String? }
        var country: String
        var countryInfo: Info
        var cases: Int
        var deaths: Int
        var recovered: Int
    }

    /// Reads the API's answers from `source`, saves them to `container` and reloads the widgets.
    ///
    /// - Parameters:
    ///   - source: a folder with `all.json` and `countries.json`.
    ///   - container: the App Group container's folder.
    /// - Returns: what was saved.
    /// - Throws: what reading, decoding or writing threw.
    @discardableResult
    public static func fetch(from source: URL, into container: URL) throws -> CovidSnapshot {
        let global = try JSONDecoder().decode(
            GlobalAnswer.self, from: Data(contentsOf: source.appendingPathComponent("all.json")))
        let countries = try JSONDecoder().decode(
            [CountryAnswer].self, from: Data(contentsOf: source.appendingPathComponent("countries.json")))
        let snapshot = CovidSnapshot(
            updated: Date(timeIntervalSince1970: (global.updated / 1000).rounded(.down)),
            global: CovidStats(
                code: "WORLD", name: "World", confirmed: global.cases, deaths: global.deaths,
                recovered: global.recovered),
            countries: countries.compactMap { answer in
                answer.countryInfo.iso2.map {
                    CovidStats(
                        code: $0, name: answer.country, confirmed: answer.cases, deaths: answer.deaths,
                        recovered: answer.recovered)
                }
            })
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(snapshot).write(
            to: container.appendingPathComponent(CovidContainer.dataFile), options: .atomic)
        // As the tutorial's app does after saving: both widgets ask their providers again.
        WidgetCenter.shared.reloadTimelines(ofKind: CovidCountryWidget.kind)
        WidgetCenter.shared.reloadTimelines(ofKind: CovidGlobalWidget.kind)
        return snapshot
    }
}
