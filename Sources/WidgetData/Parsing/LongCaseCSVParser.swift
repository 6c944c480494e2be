import Foundation

/// Reads long-format case CSV, one row per (region, date): the New York Times' `us.csv`,
/// `us-states.csv` and `us-counties.csv`, Our World in Data's `owid-covid-data.csv`, and files
/// keyed by `Country/Region` with `Province/State` beside it (JHU's daily reports stacked; see
/// `LongCaseCSVParser+Countries.swift`), whose provinces are summed into their country.
///
/// ```
/// date,state,fips,cases,deaths                       iso_code,continent,location,date,total_cases,…
/// 2021-12-01,Alabama,01,846297,16143                 SRB,Europe,Serbia,2020-03-06,1,1,…
/// ```
///
/// - Columns are matched by name, ignoring case (this OWID copy writes `Date`).
/// - The region is chosen by name or code: NYT `state` or `fips`, `county, state` in the county
///   file; OWID `location` or `iso_code` (`SRB`, `OWID_WRL`). `us.csv` has one region, the
///   United States (also `US`/`USA`).
/// - Every other column is a value column, kept under its own name (`cases`, `total_cases`,
///   `new_cases`, …), except text columns such as `continent` and `tests_units`. Empty cells
///   are "no value" (OWID leaves many empty). A cell that is not a number is left out with a
///   warning naming its line and column; a row with a bad date is skipped with a warning.
/// - Negative daily values and cumulative counts that fall (revisions) are kept as published;
///   a negative cumulative count (`cases`, `total_cases`, …) is skipped with a warning.
///
/// ```swift
/// let newYork = try LongCaseCSVParser().parse(data, source: "us-states.csv", region: "New York").value
/// ```
public struct LongCaseCSVParser: Sendable {
    /// Whose column conventions a file follows.
    public enum Layout: Sendable, Hashable {
        /// New York Times: `date`, `state`/`county`, `fips`, `cases`, `deaths`.
        case nyt
        /// Our World in Data: `iso_code`, `continent`, `location`, `date`, …
        case owid

        var format: SeriesFormat { self == .nyt ? .nyt : .owid }
    }

    /// The layout, or `nil` to decide from the header.
    public var layout: Layout?

    /// A parser.
    ///
    /// - Parameter layout: the layout, or `nil` to decide from the header.
    public init(layout: Layout? = nil) {
        self.layout = layout
    }

    /// Header names that are never values.
    static let textColumns: Set<String> = [
        "date", "continent", "tests_units", "location", "iso_code", "country", "code", "state", "county", "fips",
        "geoid", "region", "province",
    ]

    /// Parses a long CSV.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - source: the path or URL, for messages.
    ///   - region: the state, county or location (name or code); needed when the file holds several.
    /// - Returns: the region's series and a warning per record skipped.
    /// - Throws: ``DataError/malformed(source:location:reason:)`` naming the line;
    ///   ``DataError/selectionRequired(source:kind:choices:)`` or ``DataError/notFound(source:kind:name:suggestions:)``
    ///   for the region; ``DataError/empty(source:reason:)`` when nothing is usable.
    public func parse(_ data: Data, source: String, region: String? = nil) throws(DataError) -> ParseResult<CaseSeries>
    {
        try parse(CSVTable(SourceText(data, source: source)), region: region)
    }

    func parse(_ table: CSVTable, region query: String?) throws(DataError) -> ParseResult<CaseSeries> {
        let source = table.source
        let headerLine = "\(table.header.line)"
        let layout = layout ?? (table.column(["iso_code", "location"]) != nil ? .owid : .nyt)
        if layout == .nyt, Self.isKeyedByCountry(table) {
            return try parseByCountry(table, region: query, format: .nyt)
        }
        guard let dateColumn = table.column(["date"]) else {
            throw .malformed(
                source: source, location: headerLine, reason: "no 'date' column in header \(table.headerText)")
        }
        // The finest region columns: a name, an optional second name (county, state) and a code.
        let county = table.column(["county"])
        let nameColumn: Int?
        let codeColumn: Int?
        let kind: String
        switch layout {
        case .owid:
            nameColumn = table.column(["location", "country", "entity"])
            codeColumn = table.column(["iso_code", "code"])
            kind = "location"
            guard nameColumn != nil || codeColumn != nil else {
                throw .malformed(
                    source: source, location: headerLine,
                    reason: "no 'location' or 'iso_code' column in header \(table.headerText)")
            }
        case .nyt:
            nameColumn = table.column(["state", "country", "region", "location"])
            codeColumn = table.column(["fips", "geoid"])
            kind = county != nil ? "county" : "state"
        }
        let valueColumns = table.keys.indices.filter { column in
            column != dateColumn && column != nameColumn && column != codeColumn && column != county
                && !Self.textColumns.contains(table.keys[column]) && !table.keys[column].isEmpty
        }
        guard !valueColumns.isEmpty else {
            throw .malformed(
                source: source, location: headerLine, reason: "no value columns in header \(table.headerText)")
        }

        // One pass: each region is matched against the query when first seen, and only the
        // rows of matching regions are read (with no query, the first region's, in case it is the only one).
        let style = try table.numberStyle(columns: valueColumns)
        let pointDecimals = style.decimalMark == 0x2E
        let national = nameColumn == nil && codeColumn == nil && county == nil
        var builder = CaseSeriesBuilder(
            source: source, format: layout.format, columns: valueColumns.map { table.names[$0] }, noun: "row",
            locate: { "\($0)" }, name: { "line \($0)" })
        var numericCounts = [Int](repeating: 0, count: valueColumns.count)
        var cellProblems: [[(line: Int, message: String)]] = Array(repeating: [], count: valueColumns.count)
        var timeColumn = TimeColumn()
        var waiting: [(handle: Int, token: TimeToken)] = []
        var regions: [RegionChooser.Region] = []
        var regionOfKey: [RegionID: Int] = [:]
        var wanted: [Bool] = []
        var rowCount = 0
        var scanner = table.scanner
        func isWanted(_ region: RegionChooser.Region, index: Int) -> Bool {
            guard let query else { return index == 0 }
            return !NameMatcher.exactMatches(query, in: [NameMatcher.Candidate(region.name, aliases: region.aliases)])
                .isEmpty
        }
        while let row = try scanner.next() {
            rowCount += 1
            let region: Int
            if national {
                // us.csv: one national series.
                if regions.isEmpty {
                    regions.append(
                        RegionChooser.Region(
                            name: "United States", aliases: ["US", "USA", "United States of America"], members: []))
                    wanted.append(isWanted(regions[0], index: 0))
                }
                region = 0
            } else {
                let id = RegionID(
                    county: county.map { $0 < row.count ? scanner.trimmedString(row.fields[$0]) : "" } ?? "",
                    name: nameColumn.map { $0 < row.count ? scanner.trimmedString(row.fields[$0]) : "" } ?? "",
                    code: codeColumn.map { $0 < row.count ? scanner.trimmedString(row.fields[$0]) : "" } ?? "")
                if let index = regionOfKey[id] {
                    region = index
                } else {
                    region = regions.count
                    regionOfKey[id] = region
                    regions.append(RegionChooser.Region(name: id.displayName, aliases: [id.code], members: []))
                    wanted.append(isWanted(regions[region], index: region))
                }
            }
            guard wanted[region] else { continue }
            if table.hasWidthProblem(row) {
                builder.skip(row.line, "the row \(table.widthProblem(row) ?? "")")
                continue
            }
            let quickTime = scanner.plainTime(row.fields[dateColumn])
            let token = quickTime.map { TimeToken.instant($0) } ?? scanner.time(row.fields[dateColumn])
            if case .invalid(let reason) = token {
                let text = scanner.string(row.fields[dateColumn])
                builder.skip(
                    row.line, text.isEmpty ? "the date is empty" : "date \(MessageText.quote(text)) is \(reason)")
                continue
            }
            var values: [Double?] = []
            values.reserveCapacity(valueColumns.count)
            var offset = 0
            while offset < valueColumns.count {
                defer { offset += 1 }
                let column = valueColumns[offset]
                let field = row.fields[column]
                if pointDecimals, let value = scanner.plainNumber(field) {
                    numericCounts[offset] += 1
                    values.append(value)
                    continue
                }
                let result = scanner.number(field, style: style)
                switch result {
                case .value(let value):
                    numericCounts[offset] += 1
                    values.append(value)
                case .missing:
                    values.append(nil)
                default:
                    values.append(nil)
                    if case .failure(let refusal) = CellValue.read(
                        result, field: table.names[column], text: scanner.string(field))
                    {
                        cellProblems[offset].append((row.line, refusal.reason))
                    }
                }
            }
            if case .instant(let seconds) = token {
                builder.add(time: seconds, values: values, position: row.line)
            } else {
                timeColumn.observe(token, position: row.line)
                waiting.append((builder.add(time: nil, values: values, position: row.line), token))
            }
        }
        guard rowCount > 0 else { throw .empty(source: source, reason: "no data rows under the header") }
        let chosen = try RegionChooser(tiers: [regions], kind: kind).choose(query, source: source)
        // A column with no number at all is text (such as a unit); its cells are not records.
        for (offset, problems) in cellProblems.enumerated() where numericCounts[offset] > 0 {
            for problem in problems {
                builder.note(problem.line, "left out: \(problem.message)")
            }
        }
        if !waiting.isEmpty {
            let settled = try timeColumn.settle(source: source) { ("\($0)", "line \($0)") }
            for (handle, token) in waiting {
                switch settled.seconds(token) {
                case .success(let seconds): builder.resolve(handle, time: seconds)
                case .failure(let refusal): builder.reject(handle, reason: "date: \(refusal.reason)")
                }
            }
        }
        return try builder.build(region: chosen.name, order: .oldestFirst)
    }

    /// Which region a row belongs to: its county (NYT county files), name and code.
    private struct RegionID: Hashable {
        var county: String
        var name: String
        var code: String

        var displayName: String {
            let display = [county, name].filter { !$0.isEmpty }.joined(separator: ", ")
            if !display.isEmpty { return display }
            return code.isEmpty ? "(unnamed)" : code
        }
    }
}
