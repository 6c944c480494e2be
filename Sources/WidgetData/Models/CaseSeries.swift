import Foundation

/// Dated COVID-19 counts for one region, in named columns.
///
/// Every case-count format reads into this type: disease.sh's timelines give `cases`, `deaths`
/// and `recovered`; NYT gives `cases` and `deaths`; JHU gives one column (`cases`, or `deaths`
/// or `recovered` when the file name says so); OWID gives all its numeric columns under their
/// own names (`total_cases`, `new_cases`, `stringency_index`, …). Each column is sorted by date
/// with one value per date, and holds only the dates the source gives a value for.
///
/// ```swift
/// let series = try SeriesReader(SeriesOptions(region: "Australia")).readCases(data, source: path).value
/// series.cases.last?.value   // the sum of Australia's states on the last day
/// ```
public struct CaseSeries: Sendable, Hashable {
    /// One named column of dated values.
    public struct Column: Sendable, Hashable {
        /// The name as the source writes it (`cases`, `total_cases`).
        public var name: String
        /// The values, oldest first, one per date.
        public var values: [DatedValue]

        /// A column.
        public init(name: String, values: [DatedValue]) {
            self.name = name
            self.values = values
        }
    }

    /// The region the counts are for, as the source spells it (`Australia`, `New York`, `World`).
    public var region: String
    /// The columns in the source's order.
    public var columns: [Column]
    /// Where the counts came from (a path or URL).
    public var source: String

    /// A series.
    public init(region: String, columns: [Column], source: String) {
        self.region = region
        self.columns = columns
        self.source = source
    }

    /// Other names under which sources publish the three usual columns.
    private static let aliases: [String: [String]] = [
        "cases": ["cases", "total_cases", "confirmed", "total_confirmed", "confirmed_cases"],
        "deaths": ["deaths", "total_deaths"],
        "recovered": ["recovered", "total_recovered"],
    ]

    /// The column called `name`, ignoring case; `cases`, `deaths` and `recovered` also find
    /// OWID's `total_cases`/`total_deaths`, JHU-style `confirmed`, and compound names of the kind
    /// that are cumulative by name (`cumCasesBySpecimenDate`, `total.confirmed`) or, failing
    /// that, by content (values that never fall, in a column not named `new…` or `daily…`).
    ///
    /// - Parameter name: a column name.
    /// - Returns: the column's values, or `nil` when there is no such column.
    public func values(named name: String) -> [DatedValue]? {
        let wanted = name.lowercased()
        for candidate in Self.aliases[wanted] ?? [wanted] {
            // A plain `cases` whose values rise and fall is daily counts, not the running total asked for.
            if let column = columns.first(where: { $0.name.lowercased() == candidate }),
                Self.aliases[wanted] == nil || !Self.isDailyByContent(column)
            {
                return column.values
            }
        }
        // Compound names: `cumCasesBySpecimenDate`, `total.confirmed`, `Cumulative deaths`; a
        // column of the kind whose name says it is cumulative, else whose values never fall.
        guard let words = Self.countWords[wanted] else { return nil }
        let ofKind = columns.filter { column in
            ColumnNames.key(column.name).split(separator: " ").contains { words.contains(String($0)) }
        }
        if let named = ofKind.first(where: { Self.isCumulative(byName: $0.name) }) { return named.values }
        return ofKind.first { column in
            let first = ColumnNames.key(column.name).split(separator: " ").first.map(String.init) ?? ""
            return !["new", "daily"].contains(first) && column.values.count > 1
                && zip(column.values, column.values.dropFirst()).allSatisfy { $0.value <= $1.value }
        }?.values
    }

    /// Daily counts by content, in a column whose name does not say which (`cases`,
    /// `confirmed`): its values fall on more than one step in ten (and on two steps at least).
    /// A running total falls only when revised, rarely; daily counts fall about every other day.
    static func isDailyByContent(_ column: Column) -> Bool {
        let steps = column.values.count - 1
        guard steps >= 2 else { return false }
        let falls = zip(column.values, column.values.dropFirst()).count { $0.value > $1.value }
        return falls >= 2 && falls * 10 > steps
    }

    /// Daily new cases, when the source gives them as a column: `new_cases`, `newCasesBySpecimenDate`,
    /// `daily cases`, or a column of cases whose values rise and fall (``isDailyByContent(_:)``).
    /// `nil` when there is none.
    public var dailyCases: [DatedValue]? {
        let ofKind = columns.filter { column in
            ColumnNames.key(column.name).split(separator: " ").contains { ["cases", "confirmed"].contains(String($0)) }
        }
        let named = ofKind.first { column in
            let first = ColumnNames.key(column.name).split(separator: " ").first.map(String.init) ?? ""
            return ["new", "daily"].contains(first)
        }
        return (named ?? ofKind.first { !Self.isCumulative(byName: $0.name) && Self.isDailyByContent($0) })?.values
    }

    /// The case counts a chart of new cases is drawn from: the running total (``cases``), or
    /// when the source has only daily counts (``dailyCases``), those.
    ///
    /// - Throws: ``DataError/empty(source:reason:)`` naming the file and its columns when it has
    ///   neither, so a widget never draws, or fails on, an empty series.
    public func caseCounts() throws(DataError) -> CaseCounts {
        let total = cases
        if !total.isEmpty { return .cumulative(total) }
        if let daily = dailyCases, !daily.isEmpty { return .daily(daily) }
        let names = columns.prefix(8).map { MessageText.quote($0.name) }.joined(separator: ", ")
        throw .empty(
            source: source,
            reason:
                "no case counts for \(MessageText.quote(region)): none of the columns (\(names)\(columns.count > 8 ? ", …" : "")) is a running total of cases (cases, confirmed, total_cases, cum…) or daily new cases (new_cases, new…, or counts that rise and fall); choose the column to chart by its name"
        )
    }

    /// Whether the name alone says running total: `total…`, `cum…`, `cumulative…`.
    private static func isCumulative(byName name: String) -> Bool {
        let first = ColumnNames.key(name).split(separator: " ").first
        return first == "cum" || first == "cumulative" || first == "total"
    }

    /// The words that name each usual column's kind inside a compound name.
    private static let countWords: [String: Set<String>] = [
        "cases": ["cases", "confirmed"], "deaths": ["deaths", "deceased", "death"], "recovered": ["recovered"],
    ]

    /// Whether a column holds a running total, which can fall (a revision) but never be
    /// negative: `cases`, `deaths`, `recovered`, `confirmed`, `tests`, and any `total_…`,
    /// `cumulative…` or `cum…` column (OWID's `total_cases`, `total_cases_per_million`, the UK
    /// dashboard's `cumCasesBySpecimenDate`, `total.confirmed`). Daily counts such
    /// as `new_cases` may be negative (a correction) and are not cumulative.
    ///
    /// ```swift
    /// CaseSeries.isCumulative("total_deaths")   // true
    /// CaseSeries.isCumulative("new_cases")      // false
    /// ```
    ///
    /// - Parameter column: a column name, in any letter case.
    /// - Returns: `true` for a running total.
    public static func isCumulative(_ column: String) -> Bool {
        let name = column.lowercased()
        if ["cases", "deaths", "recovered", "confirmed", "tests", "total_confirmed", "confirmed_cases"].contains(name)
            || name.hasPrefix("total_") || name.hasPrefix("cumulative")
        {
            return true
        }
        // `cumCasesBySpecimenDate`, `total.confirmed`, `Cumulative deaths`.
        let first = ColumnNames.key(column).split(separator: " ").first
        return first == "cum" || first == "cumulative" || first == "total"
    }

    /// Cumulative cases (empty when the source has none).
    public var cases: [DatedValue] { values(named: "cases") ?? [] }
    /// Cumulative deaths (empty when the source has none).
    public var deaths: [DatedValue] { values(named: "deaths") ?? [] }
    /// Cumulative recoveries (empty when the source has none).
    public var recovered: [DatedValue] { values(named: "recovered") ?? [] }

    /// The three usual columns as a ``CaseTimeline``.
    public var timeline: CaseTimeline {
        CaseTimeline(region: region, cases: cases, deaths: deaths, recovered: recovered, source: source)
    }
}
