import Foundation

/// Long-format case CSV keyed by a country column with a province column beside it, one row
/// per (province, country, date): JHU CSSE's daily reports stacked into one file and the
/// Kaggle `covid_19_data.csv` built from them.
///
/// ```
/// Province/State,Country/Region,Lat,Long,Date,Confirmed,Recovered,Deaths
/// ,Italy,41.87194,12.56738,2020-03-01,1694,83,34
/// Hubei,China,30.9756,112.2707,2020-03-01,66907,31536,2761
/// ```
///
/// A country is the sum of its rows on each date (its provinces, and its row without one); a
/// province is chosen by its name (`Hubei`, `Hubei, China`, `China/Hubei`), as in JHU's wide
/// files. Coordinates and rates (`Lat`, `Long`, `Incident_Rate`, `Case_Fatality_Ratio`) are not
/// summed and not read. A sum that overflows leaves that day's value out with a warning.
extension LongCaseCSVParser {
    /// Column names that hold a country beside a province, and the province.
    static var countryKeys: [String] { ["country/region", "country_region", "country"] }
    static var provinceKeys: [String] { ["province/state", "province_state", "province"] }
    static var dateKeys: [String] { ["date", "observationdate", "observation date", "observation_date"] }

    /// Columns that are not counts: places, codes and rates, which a sum would make nonsense of.
    static var notSummed: Set<String> {
        [
            "lat", "long", "long_", "latitude", "longitude", "sno", "fips", "uid", "code3", "iso2", "iso3", "admin2",
            "combined_key", "last update", "last_update", "incident_rate", "incidence_rate", "case_fatality_ratio",
            "case-fatality_ratio", "mortality_rate", "testing_rate", "hospitalization_rate",
        ]
    }

    /// Whether `table` is keyed by a country with provinces beside it.
    static func isKeyedByCountry(_ table: CSVTable) -> Bool {
        table.column(countryKeys) != nil && table.column(provinceKeys) != nil && table.column(dateKeys) != nil
    }

    /// Reads the country or province `query` names.
    func parseByCountry(_ table: CSVTable, region query: String?, format: SeriesFormat) throws(DataError)
        -> ParseResult<CaseSeries>
    {
        let source = table.source
        let headerLine = "\(table.header.line)"
        guard let country = table.column(Self.countryKeys), let province = table.column(Self.provinceKeys),
            let date = table.column(Self.dateKeys)
        else {
            throw .malformed(
                source: source, location: headerLine,
                reason: "no country, province or date column in \(table.headerText)")
        }
        let excluded = Self.notSummed.union(Self.textColumns)
        let valueColumns = table.keys.indices.filter { column in
            column != country && column != province && column != date && !table.keys[column].isEmpty
                && !excluded.contains(table.keys[column])
        }
        guard !valueColumns.isEmpty else {
            throw .malformed(
                source: source, location: headerLine, reason: "no value columns in header \(table.headerText)")
        }
        let style = try table.numberStyle(columns: valueColumns)

        // Pass 1: the places, each (province, country) once, in first-seen order.
        var places: [(country: String, province: String?)] = []
        var placeIndex: [PlaceKey: Int] = [:]
        var rowPlaces: [Int32] = []
        var scanner = table.scanner
        while let row = try scanner.next() {
            let key = PlaceKey(
                country: country < row.count ? scanner.trimmedString(row.fields[country]) : "",
                province: province < row.count ? scanner.trimmedString(row.fields[province]) : "")
            let index: Int
            if let known = placeIndex[key] {
                index = known
            } else {
                index = places.count
                placeIndex[key] = index
                places.append((key.country, key.province.isEmpty ? nil : key.province))
            }
            // checked: fewer places than rows, and rows fit a file under the size limit.
            rowPlaces.append(Int32(truncatingIfNeeded: index))
        }
        guard !rowPlaces.isEmpty else { throw .empty(source: source, reason: "no data rows under the header") }
        let chosen = try RegionChooser(tiers: RegionChooser.countriesAndProvinces(places), kind: "country or region")
            .choose(query, source: source)
        let wanted = Set(chosen.members)

        // Pass 2: the chosen places' rows, summed per date as written.
        var days: [String: Int] = [:]
        var sums: [(line: Int, token: TimeToken, text: String, values: [Double?], overflow: [Bool])] = []
        var builder = CaseSeriesBuilder(
            source: source, format: format, columns: valueColumns.map { table.names[$0] }, noun: "row",
            locate: { "\($0)" }, name: { "line \($0)" })
        scanner = table.scanner
        var rowIndex = 0
        while let row = try scanner.next() {
            defer { rowIndex += 1 }
            guard wanted.contains(Int(rowPlaces[rowIndex])) else { continue }  // checked: widens an Int32
            if table.hasWidthProblem(row) {
                builder.skip(row.line, "the row \(table.widthProblem(row) ?? "")")
                continue
            }
            let dateText = scanner.trimmedString(row.fields[date])
            let token = scanner.time(row.fields[date])
            if case .invalid(let reason) = token {
                builder.skip(
                    row.line,
                    dateText.isEmpty ? "the date is empty" : "date \(MessageText.quote(dateText)) is \(reason)")
                continue
            }
            let slot: Int
            if let known = days[dateText] {
                slot = known
            } else {
                slot = sums.count
                days[dateText] = slot
                sums.append(
                    (
                        row.line, token, dateText, Array(repeating: nil, count: valueColumns.count),
                        Array(repeating: false, count: valueColumns.count)
                    ))
            }
            for (offset, column) in valueColumns.enumerated() {
                let result = scanner.number(row.fields[column], style: style)
                switch result {
                case .value(let value):
                    let sum = (sums[slot].values[offset] ?? 0) + value
                    if sum.isFinite {
                        sums[slot].values[offset] = sum
                    } else {
                        sums[slot].overflow[offset] = true
                    }
                case .missing:
                    break
                default:
                    builder.note(
                        row.line,
                        "left out: \(CellValue.reason(result, field: table.names[column], text: scanner.string(row.fields[column])))"
                    )
                }
            }
        }
        var timeColumn = TimeColumn()
        var waiting: [(handle: Int, token: TimeToken)] = []
        for day in sums {
            var values = day.values
            for offset in values.indices where day.overflow[offset] {
                values[offset] = nil
                builder.note(
                    day.line,
                    "left out: the sum of \(MessageText.name(table.names[valueColumns[offset]])) on \(day.text) for \(chosen.name) is too large for a number"
                )
            }
            if case .instant(let seconds) = day.token {
                builder.add(time: seconds, values: values, position: day.line)
            } else {
                timeColumn.observe(day.token, position: day.line)
                waiting.append((builder.add(time: nil, values: values, position: day.line), day.token))
            }
        }
        try timeColumn.place(
            waiting, source: source, describe: { ("\($0)", "line \($0)") }, column: table.names[date],
            resolve: { builder.resolve($0, time: $1) }, reject: { builder.reject($0, reason: $1) })
        return try builder.build(region: chosen.name, order: .oldestFirst)
    }

    private struct PlaceKey: Hashable {
        var country: String
        var province: String
    }
}
