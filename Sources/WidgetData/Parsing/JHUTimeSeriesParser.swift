import Foundation

/// Reads JHU CSSE wide time series: one row per region, one column per day.
///
/// ```
/// Province/State,Country/Region,Lat,Long,1/22/20,1/23/20,…
/// ,Afghanistan,33.93911,67.709953,0,0,…
/// "Bonaire, Sint Eustatius and Saba",Netherlands,12.1784,-68.2385,0,0,…
/// ```
///
/// - The global files (`Province/State`, `Country/Region`) and the US files (`Admin2`,
///   `Province_State`, `Country_Region`, `Combined_Key`, …) both work; metadata columns such as
///   `Lat`, `Long`, `UID` or `Population` are ignored and may be empty.
/// - Header dates are `m/d/yy` (month first, as JHU writes them). A file saved again by Excel
///   has some headers as `mm-dd-yyyy` (or `dd-mm-yyyy`, depending on the locale); each of those
///   is read in whichever order puts it between its neighbours.
/// - Rows of one country are **summed** (Australia, Canada and China have no total row); a
///   province (`Ontario`, `Canada/Ontario`) or, in US files, a county (`Autauga, Alabama, US`)
///   can be chosen instead. A row that is part of a sum but has the wrong number of fields is an
///   error, since leaving it out would understate every day. A day whose cell in any summed row
///   is empty or not a number is skipped with a warning.
/// - The column is named `cases`, or `deaths`/`recovered` when the file name says so.
///
/// ```swift
/// let australia = try JHUTimeSeriesParser().parse(data, source: path, region: "Australia").value
/// ```
public struct JHUTimeSeriesParser: Sendable {
    /// A parser.
    public init() {}

    /// Parses a JHU time series.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - source: the path or URL, for messages (and for the column name).
    ///   - region: a country, `Country/Province`, province or combined key; needed when the file
    ///     holds more than one country.
    /// - Returns: the region's series and a warning per day skipped.
    /// - Throws: ``DataError/malformed(source:location:reason:)`` naming the line for a bad header
    ///   or a malformed summed row; ``DataError/selectionRequired(source:kind:choices:)`` or
    ///   ``DataError/notFound(source:kind:name:suggestions:)`` for the region;
    ///   ``DataError/empty(source:reason:)`` when no day is usable.
    public func parse(_ data: Data, source: String, region: String? = nil) throws(DataError) -> ParseResult<CaseSeries>
    {
        try parse(CSVTable(SourceText(data, source: source)), region: region)
    }

    /// The column name a file's name suggests.
    static func metric(for source: String) -> String {
        let name = (source as NSString).lastPathComponent.lowercased()
        if name.contains("death") { return "deaths" }
        if name.contains("recovered") { return "recovered" }
        return "cases"
    }

    func parse(_ table: CSVTable, region query: String?) throws(DataError) -> ParseResult<CaseSeries> {
        let source = table.source
        let headerLine = "\(table.header.line)"
        guard let countryColumn = table.column(["country/region", "country_region", "country"]) else {
            throw .malformed(
                source: source, location: headerLine, reason: "no 'Country/Region' column in header \(table.headerText)"
            )
        }
        let provinceColumn = table.column(["province/state", "province_state", "province"])
        let countyColumn = table.column(["admin2"])
        let combinedColumn = table.column(["combined_key"])
        let dates = try headerDates(table)
        guard !dates.isEmpty else {
            throw .malformed(
                source: source, location: headerLine,
                reason: "no date columns (such as 1/22/20) in header \(table.headerText)")
        }

        // First pass: who each row is.
        var scanner = table.scanner
        var lines: [Int] = []
        var names: [(country: String, province: String?, county: String?, combined: String?)] = []
        while let row = try scanner.next() {
            func text(_ column: Int?) -> String? {
                guard let column, column < row.count else { return nil }
                let value = scanner.string(row.fields[column]).trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : value
            }
            lines.append(row.line)
            names.append((text(countryColumn) ?? "", text(provinceColumn), text(countyColumn), text(combinedColumn)))
        }
        guard !lines.isEmpty else { throw .empty(source: source, reason: "no data rows under the header") }
        var tiers = RegionChooser.countriesAndProvinces(names.map { ($0.country, $0.province) })
        if countyColumn != nil || combinedColumn != nil {
            tiers.append(
                names.enumerated().compactMap { position, name in
                    guard name.county != nil || name.combined != nil else { return nil }
                    let parts = [name.county, name.province, name.country].compactMap { $0 }
                    let display = name.combined ?? parts.joined(separator: ", ")
                    return RegionChooser.Region(
                        name: display, aliases: [parts.joined(separator: ", "), name.county ?? ""], members: [position])
                })
        }
        let chosen = try RegionChooser(tiers: tiers, kind: "country or region").choose(query, source: source)
        let members = Set(chosen.members.map { lines[$0] })

        // Second pass: sum the chosen rows per day.
        let style = try table.numberStyle(columns: dates.map(\.column))
        var sums = [Double](repeating: 0, count: dates.count)
        var problems = [(line: Int, reason: String)?](repeating: nil, count: dates.count)
        scanner = table.scanner
        while let row = try scanner.next() {
            guard members.contains(row.line) else { continue }
            if let problem = table.widthProblem(row) {
                throw .malformed(
                    source: source, location: "\(row.line)",
                    reason:
                        "the row \(problem); it is part of \(chosen.name), and leaving it out would understate every day"
                )
            }
            for (index, date) in dates.enumerated() where problems[index] == nil {
                let field = row.fields[date.column]
                switch CellValue.read(
                    scanner.number(field, style: style), field: "the count", text: scanner.string(field))
                {
                case .success(let value): sums[index] += value
                case .failure(let refusal): problems[index] = (row.line, refusal.reason)
                }
            }
        }
        var builder = CaseSeriesBuilder(
            source: source, format: .jhu, columns: [Self.metric(for: source)], noun: "date column",
            locate: { _ in headerLine }, name: { "column \($0 + 1) (\(table.names[$0]))" })
        for (index, date) in dates.enumerated() {
            if let problem = problems[index] {
                builder.skip(
                    date.column, "\(problem.reason) (line \(problem.line))", what: table.names[date.column],
                    at: "\(problem.line)")
            } else if !sums[index].isFinite {
                builder.skip(date.column, "the sum of \(chosen.name) is too large", what: table.names[date.column])
            } else {
                builder.add(time: date.seconds, values: [sums[index]], position: date.column)
            }
        }
        return try builder.build(region: chosen.name, order: .oldestFirst)
    }

    /// The header's date columns, in header order, each with its day.
    private func headerDates(_ table: CSVTable) throws(DataError) -> [(column: Int, seconds: Double)] {
        var cells: [(column: Int, token: TimeToken)] = []
        for (column, name) in table.names.enumerated() {
            let token = TimestampParser.token(name)
            switch token {
            case .instant, .dayMonth:
                cells.append((column, token))
            case .epoch, .invalid:
                guard !cells.isEmpty, !name.isEmpty else { continue }
                throw .malformed(
                    source: table.source, location: "\(table.header.line)",
                    reason:
                        "header column \(column + 1) \(MessageText.quote(name)) is not a date (expected m/d/yy, like 1/22/20)"
                )
            }
        }
        // Resolve the clear ones first, then place Excel's ambiguous dd-mm / mm-dd between them.
        var resolved = [Double?](repeating: nil, count: cells.count)
        var ambiguous: [(index: Int, options: [Double])] = []
        for (index, cell) in cells.enumerated() {
            switch cell.token {
            case .instant(let seconds):
                resolved[index] = seconds
            case .dayMonth(let date) where date.separator == UInt8(ascii: "/"):
                guard let seconds = date.instant(monthFirst: true) else {
                    throw .malformed(
                        source: table.source, location: "\(table.header.line)",
                        reason:
                            "header column \(cell.column + 1) \(MessageText.quote(table.names[cell.column])) is not a real m/d/yy date"
                    )
                }
                resolved[index] = seconds
            case .dayMonth(let date):
                let options = [date.instant(monthFirst: true), date.instant(monthFirst: false)].compactMap { $0 }
                guard !options.isEmpty else {
                    throw .malformed(
                        source: table.source, location: "\(table.header.line)",
                        reason:
                            "header column \(cell.column + 1) \(MessageText.quote(table.names[cell.column])) is not a real date"
                    )
                }
                if Set(options).count == 1 { resolved[index] = options[0] } else { ambiguous.append((index, options)) }
            default:
                break
            }
        }
        for (index, options) in ambiguous {
            let before = resolved[..<index].last { $0 != nil } ?? nil
            let after = resolved[(index + 1)...].first { $0 != nil } ?? nil
            let fitting = options.filter { option in
                (before.map { option > $0 } ?? true) && (after.map { option < $0 } ?? true)
            }
            resolved[index] = fitting.count == 1 ? fitting[0] : options[0]
        }
        return cells.indices.compactMap { index in resolved[index].map { (cells[index].column, $0) } }
    }
}
