import Foundation

/// Picks the region a caller asked for among the regions of a multi-region source.
///
/// Regions come in tiers, tried in order: countries first, then provinces (`Ontario, Canada`,
/// also found as `Canada/Ontario` or `Ontario`), then finer units. A name that matches a
/// country never falls through to a province of the same name (JHU's `Diamond Princess` is both).
/// Names match ignoring case, accents and spacing, and also match a region's codes.
struct RegionChooser {
    /// A region and the records (rows, elements) that make it up.
    struct Region {
        var name: String
        var aliases: [String]
        var members: [Int]
    }

    /// Tiers of regions, broadest first.
    var tiers: [[Region]]
    /// What a region is called in messages (`country`, `state`, `location`).
    var kind: String

    /// The region for `query`, or the only one when `query` is `nil`.
    ///
    /// - Throws: ``DataError/selectionRequired(source:kind:choices:)`` when `query` is `nil` and
    ///   there are several regions, or when it matches several; ``DataError/notFound(source:kind:name:suggestions:)``
    ///   with close matches when it matches none.
    func choose(_ query: String?, source: String) throws(DataError) -> Region {
        let broadest = tiers.first ?? []
        guard let query, !query.trimmingCharacters(in: .whitespaces).isEmpty else {
            if broadest.count == 1 { return broadest[0] }
            guard !broadest.isEmpty else { throw .empty(source: source, reason: "no \(kind) in the data") }
            throw .selectionRequired(source: source, kind: kind, choices: broadest.map(\.name))
        }
        for tier in tiers {
            let matches = NameMatcher.exactMatches(
                query, in: tier.map { NameMatcher.Candidate($0.name, aliases: $0.aliases) })
            if matches.count == 1 { return tier[matches[0]] }
            if matches.count > 1 {
                throw .selectionRequired(source: source, kind: kind, choices: matches.map { tier[$0].name })
            }
        }
        let all = tiers.joined().map { NameMatcher.Candidate($0.name, aliases: $0.aliases) }
        throw .notFound(
            source: source, kind: kind, name: query, suggestions: NameMatcher.closeMatches(for: query, in: all))
    }

    /// Country and province tiers from each record's country and optional province, in first-seen order.
    static func countriesAndProvinces(_ records: [(country: String, province: String?)]) -> [[Region]] {
        var countries: [Region] = []
        var countryIndex: [String: Int] = [:]
        var provinces: [Region] = []
        var provinceIndex: [String: Int] = [:]
        for (position, record) in records.enumerated() {
            if let index = countryIndex[record.country] {
                countries[index].members.append(position)
            } else {
                countryIndex[record.country] = countries.count
                countries.append(Region(name: record.country, aliases: [], members: [position]))
            }
            guard let province = record.province, !province.isEmpty else { continue }
            let key = "\(province), \(record.country)"
            if let index = provinceIndex[key] {
                provinces[index].members.append(position)
            } else {
                provinceIndex[key] = provinces.count
                provinces.append(
                    Region(name: key, aliases: ["\(record.country)/\(province)", province], members: [position]))
            }
        }
        return [countries, provinces]
    }
}
