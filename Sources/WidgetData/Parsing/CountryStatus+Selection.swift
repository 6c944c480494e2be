import Foundation

extension CountryStatus {
    /// The country in `countries` named `query`: by name, ISO alpha-2 or alpha-3 code, ignoring
    /// case and accents.
    ///
    /// ```swift
    /// let japan = try CountryStatus.select("jpn", from: countries, source: "countries.json")
    /// ```
    ///
    /// - Parameters:
    ///   - query: a name or code.
    ///   - countries: the snapshot.
    ///   - source: the file, for messages.
    /// - Returns: the country.
    /// - Throws: ``DataError/notFound(source:kind:name:suggestions:)`` with close matches.
    public static func select(_ query: String, from countries: [CountryStatus], source: String) throws(DataError)
        -> CountryStatus
    {
        let candidates = countries.map {
            NameMatcher.Candidate($0.country, aliases: [$0.iso2, $0.iso3].compactMap { $0 })
        }
        let matches = NameMatcher.exactMatches(query, in: candidates)
        guard let first = matches.first else {
            throw .notFound(
                source: source, kind: "country", name: query,
                suggestions: NameMatcher.closeMatches(for: query, in: candidates))
        }
        return countries[first]
    }
}
