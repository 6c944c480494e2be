import Foundation

/// Reads disease.sh (NovelCOVID API) answers: `countries` and the three `historical` shapes.
///
/// - `/countries` (an array) or `/countries/{country}` (one object); `/all` (one object with
///   `affectedCountries`) reads as a country named `World`. A snapshot is all-or-nothing: an
///   element without a country name or a count is an error naming its `line:column` and path.
/// - `/historical/{country}`: `{"country", "province"|"provinces", "timeline":{"cases":{"m/d/yy":N}, "deaths", "recovered"}}`;
///   `/historical/all`: the bare `{"cases", "deaths", "recovered"}` (region `World`);
///   `/historical`: an array of those per country and province. Provinces of one country are
///   summed; a province can be chosen as `Country/Province` or by its name.
/// - Dates are object keys in the server's order, so they are sorted without a warning. A date
///   key that is not a real `m/d/yy` date, or a count that is `null`, `NaN` or not a number, is
///   skipped with a warning naming it; a repeated key keeps its last value, with a warning.
///   `cases` and `deaths` are required; `recovered` is optional.
///
/// ```swift
/// let countries = try DiseaseShParser().countries(data, source: "countries.json")
/// let india = try DiseaseShParser().historical(data, source: "historical.json", country: "India").value
/// ```
public struct DiseaseShParser {
    /// A parser.
    public init() {}

    /// The earliest `updated` accepted: 2019-12-01, in milliseconds since 1970.
    static let earliestUpdate = 1_575_158_400_000.0
    /// The latest `updated` accepted: 2100-01-01, in milliseconds since 1970.
    static let latestUpdate = 4_102_444_800_000.0

    /// Parses `/countries` (an array) or `/countries/{country}` (one object).
    ///
    /// - Parameters:
    ///   - data: the answer's bytes.
    ///   - source: the path or URL, for messages.
    /// - Returns: every country, in the answer's order.
    /// - Throws: ``DataError`` naming `line:column` and the element's path.
    public func countries(_ data: Data, source: String) throws(DataError) -> [CountryStatus] {
        try countries(JSONDocument(SourceText(data, source: source)))
    }

    /// Parses one country's `/historical/{country}` or `/historical/all`, strictly: anything that
    /// ``historical(_:source:country:)`` would skip with a warning is an error here.
    ///
    /// - Parameters:
    ///   - data: the answer's bytes.
    ///   - source: the path or URL, for messages.
    ///   - region: the name to use when the answer names none (`/historical/all`).
    /// - Returns: the timeline.
    /// - Throws: ``DataError`` naming `line:column` and the field and date key.
    public func timeline(_ data: Data, source: String, region: String = "World") throws(DataError) -> CaseTimeline {
        let result = try historical(
            JSONDocument(SourceText(data, source: source)), country: nil, fallbackName: region, strict: true)
        return result.value.timeline
    }

    /// Parses any `/historical` answer into a series with the columns `cases`, `deaths` and,
    /// when given, `recovered`.
    ///
    /// - Parameters:
    ///   - data: the answer's bytes.
    ///   - source: the path or URL, for messages.
    ///   - country: the country (or `Country/Province`) to take from the all-countries array;
    ///     for a one-country answer it must name that country when given.
    /// - Returns: the series and a warning per date skipped.
    /// - Throws: ``DataError/malformed(source:location:reason:)`` naming `line:column`;
    ///   ``DataError/selectionRequired(source:kind:choices:)`` or ``DataError/notFound(source:kind:name:suggestions:)``
    ///   for the country; ``DataError/empty(source:reason:)`` when `cases` holds nothing usable.
    public func historical(_ data: Data, source: String, country: String? = nil) throws(DataError) -> ParseResult<
        CaseSeries
    > {
        try historical(
            JSONDocument(SourceText(data, source: source)), country: country, fallbackName: "World", strict: false)
    }

    // MARK: Countries

    func countries(_ document: JSONDocument) throws(DataError) -> [CountryStatus] {
        try countries(document, strict: true).countries
    }

    /// - Parameter strict: a country with a negative cumulative count is an error; otherwise it
    ///   is left out with a warning.
    func countries(_ document: JSONDocument, strict: Bool) throws(DataError) -> (
        countries: [CountryStatus], warnings: [DataWarning]
    ) {
        let source = document.source
        let root = document.root
        var result: [CountryStatus] = []
        var warnings = WarningLog(source: source)
        var index = 0
        var items = root.elementSequence
        var single: JSONValue? = root.kind == .array ? nil : root
        while let item = single ?? items.next() {
            let path = single == nil ? "[\(index)]" : "$"
            single = nil
            index += 1
            let status = try country(item, path: path, source: source)
            let negative = [("cases", status.cases), ("deaths", status.deaths), ("recovered", status.recovered)]
                .first { $0.1 < 0 }
            if let (key, value) = negative {
                let reason = "\(path).\(key): \(value.formatted) is negative; a cumulative count cannot be"
                if strict { throw .malformed(source: source, location: item.location, reason: reason) }
                warnings.append(
                    item.offset,
                    DataWarning(
                        source: source, location: item.location,
                        message: "skipped \(MessageText.quote(status.country)): \(reason)"))
                continue
            }
            result.append(status)
        }
        guard !result.isEmpty else {
            if let first = warnings.sorted.first {
                throw .empty(source: source, reason: "no usable countries (first skipped: \(first.message))")
            }
            throw .empty(source: source, reason: "no countries")
        }
        return (result, WarningLog.joined(warnings))
    }

    /// One `/countries` element.
    private func country(_ item: JSONValue, path: String, source: String) throws(DataError) -> CountryStatus {
        guard item.kind == .object else {
            throw .malformed(
                source: source, location: item.location,
                reason: "\(path): expected an object, found \(item.summary)")
        }
        func field(_ key: String) throws(DataError) -> Double {
            guard let value = item[key] else {
                throw .malformed(
                    source: source, location: item.location, reason: "\(path).\(key): missing; expected a number")
            }
            guard case .value(let number) = value.number else {
                throw .malformed(
                    source: source, location: value.location,
                    reason: "\(path).\(key): expected a finite number, found \(value.summary)")
            }
            return number
        }
        let name: String
        if let country = item["country"] {
            guard let text = country.string else {
                throw .malformed(
                    source: source, location: country.location,
                    reason: "\(path).country: expected a string, found \(country.summary)")
            }
            name = text
        } else if item.has("affectedCountries") {
            name = "World"
        } else {
            throw .malformed(
                source: source, location: item.location, reason: "\(path).country: missing; expected a string")
        }
        let info = item["countryInfo"]
        // Tests and critical cases are optional (files derived from JHU CSSE have neither): a value
        // that is not a finite, non-negative number is left out.
        func optional(_ key: String) -> Double? {
            if case .value(let value) = item[key]?.number, value >= 0 { value } else { nil }
        }
        // `updated` is milliseconds since 1970; one in seconds, microseconds or out of any
        // sensible range would become the widget's date.
        let updated = try field("updated")
        guard (Self.earliestUpdate...Self.latestUpdate).contains(updated) else {
            throw .malformed(
                source: source, location: item["updated"]?.location ?? item.location,
                reason:
                    "\(path).updated: \(String(format: "%.0f", updated)) is not a time in milliseconds since 1970 between 2019-12-01 and 2100-01-01"
                    + (updated > 0 && updated < Self.earliestUpdate / 100 ? " (it looks like seconds)" : ""))
        }
        return CountryStatus(
            country: name, iso2: info?["iso2"]?.string, iso3: info?["iso3"]?.string,
            updated: Date(timeIntervalSince1970: updated / 1000), cases: try field("cases"),
            todayCases: try field("todayCases"), deaths: try field("deaths"),
            todayDeaths: try field("todayDeaths"),
            recovered: try field("recovered"), active: try field("active"), critical: optional("critical"),
            tests: optional("tests"))
    }

    // MARK: Historical

    /// One timeline object and where it is.
    private struct Timeline {
        var path: String
        var value: JSONValue
    }

    /// - Parameter strict: turn the first record that would be skipped into an error.
    func historical(_ document: JSONDocument, country query: String?, fallbackName: String, strict: Bool)
        throws(DataError)
        -> ParseResult<CaseSeries>
    {
        let source = document.source
        let root = document.root
        var builder = CaseSeriesBuilder(
            source: source, format: .diseaseShHistorical, columns: ["cases", "deaths", "recovered"], noun: "date",
            locate: { document.text.location(at: $0) }, name: { "offset \($0)" })
        let region: String
        let timelines: [Timeline]
        switch root.kind {
        case .object:
            let name = root["country"]?.string ?? fallbackName
            if let query, NameMatcher.exactMatches(query, in: [Self.candidate(name)]).isEmpty {
                throw .notFound(source: source, kind: "country", name: query, suggestions: [name])
            }
            region = name
            if let timeline = root["timeline"] {
                timelines = [Timeline(path: "timeline", value: timeline)]
            } else if root.has("cases") {
                timelines = [Timeline(path: "", value: root)]
            } else {
                throw .malformed(
                    source: source, location: root.location,
                    reason: "expected \"timeline\" or \"cases\", found an object with keys \(JSONCandles.keyList(root))"
                )
            }
        case .array:
            let elements = root.elements ?? []
            guard !elements.isEmpty else { throw .empty(source: source, reason: "no countries (the array is empty)") }
            var named: [(index: Int, country: String, province: String?)] = []
            for (index, element) in elements.enumerated() {
                guard let country = element["country"]?.string else {
                    builder.skip(
                        element.offset, "expected an object with a \"country\" name, found \(element.summary)",
                        what: "[\(index)]")
                    continue
                }
                named.append((index, country, element["province"]?.string))
            }
            try throwFirstWarning(of: builder, if: strict)
            let tiers = RegionChooser.countriesAndProvinces(named.map { ($0.country, $0.province) })
            let chosen = try RegionChooser(tiers: tiers, kind: "country").choose(query, source: source)
            region = chosen.name
            timelines = try chosen.members.map { member throws(DataError) in
                let index = named[member].index
                guard let timeline = elements[index]["timeline"], timeline.kind == .object else {
                    throw .malformed(
                        source: source, location: elements[index].location,
                        reason:
                            "[\(index)] (\(chosen.name)): no \"timeline\" object; leaving it out would understate the sum"
                    )
                }
                return Timeline(path: "[\(index)].timeline", value: timeline)
            }
        default:
            throw .malformed(
                source: source, location: root.location, reason: "expected an object or an array, found \(root.summary)"
            )
        }

        // Per column: date → (sum, how many timelines gave it).
        var sums: [[Double: (sum: Double, count: Int, offset: Int)]] = [[:], [:], [:]]
        var timelinesWithRecovered = 0
        for timeline in timelines {
            if let recovered = timeline.value["recovered"], !recovered.isNull { timelinesWithRecovered += 1 }
            for (column, key) in ["cases", "deaths", "recovered"].enumerated() {
                let path = timeline.path.isEmpty ? key : "\(timeline.path).\(key)"
                guard let series = timeline.value[key] else {
                    if key == "recovered" { continue }
                    throw .malformed(
                        source: source, location: timeline.value.location,
                        reason: "\(path): missing; expected an object of dates")
                }
                if series.isNull, key == "recovered" { continue }
                guard let members = series.members else {
                    throw .malformed(
                        source: source, location: series.location,
                        reason: "\(path): expected an object of m/d/yy dates, found \(series.summary)")
                }
                var seen: [Double: String] = [:]
                var values: [Double: (value: Double, offset: Int)] = [:]
                for member in members {
                    let dateKey = member.key.string ?? ""
                    let what = "\(path).\(MessageText.quote(dateKey))"
                    guard let date = StrictDate.usShort(dateKey) else {
                        builder.skip(member.key.offset, "not a real m/d/yy date", what: what)
                        continue
                    }
                    let seconds = date.timeIntervalSince1970
                    switch CellValue.read(member.value.number, field: "the count", text: member.value.summary) {
                    case .failure(let refusal):
                        builder.skip(member.value.offset, refusal.reason, what: what)
                    case .success(let value):
                        if let earlier = seen[seconds] {
                            builder.skip(
                                values[seconds]?.offset ?? member.value.offset,
                                "the date repeats (as \(MessageText.quote(dateKey))); the later value is kept",
                                what: "\(path).\(MessageText.quote(earlier))")
                        }
                        seen[seconds] = dateKey
                        values[seconds] = (value, member.value.offset)
                    }
                }
                for (seconds, entry) in values {
                    let old = sums[column][seconds] ?? (0, 0, entry.offset)
                    sums[column][seconds] = (old.sum + entry.value, old.count + 1, old.offset)
                }
            }
        }
        // A date some summed timelines lack would understate the total: skip it.
        var rows: [Double: [Double?]] = [:]
        var rowOffsets: [Double: Int] = [:]
        for column in 0..<3 {
            let expected = column == 2 ? timelinesWithRecovered : timelines.count
            for (seconds, entry) in sums[column] {
                if entry.count != expected {
                    builder.skip(
                        entry.offset,
                        "only \(entry.count) of \(expected) timelines of \(region) give this date, so it cannot be summed",
                        what: "\(["cases", "deaths", "recovered"][column]) \(StrictDate.text(seconds: seconds))")
                    continue
                }
                guard entry.sum.isFinite else {
                    builder.skip(entry.offset, "the sum is too large", what: StrictDate.text(seconds: seconds))
                    continue
                }
                rows[seconds, default: [nil, nil, nil]][column] = entry.sum
                rowOffsets[seconds] = min(rowOffsets[seconds] ?? entry.offset, entry.offset)
            }
        }
        for seconds in rows.keys.sorted() {
            builder.add(time: seconds, values: rows[seconds] ?? [], position: rowOffsets[seconds] ?? 0)
        }
        try throwFirstWarning(of: builder, if: strict)
        let result = try builder.build(region: region, order: .unordered)
        guard !result.value.cases.isEmpty else {
            throw .empty(source: source, reason: "no usable dates in \"cases\" for \(region)")
        }
        return result
    }

    /// In strict mode, the first record that would be skipped, as an error.
    private func throwFirstWarning(of builder: CaseSeriesBuilder, if strict: Bool) throws(DataError) {
        guard strict, let first = builder.warningsSoFar.first else { return }
        let reason = first.message.hasPrefix("skipped ") ? String(first.message.dropFirst(8)) : first.message
        throw .malformed(source: first.source, location: first.location, reason: reason)
    }

    private static func candidate(_ name: String) -> NameMatcher.Candidate {
        let aliases: [String] =
            switch name {
            case "World": ["all", "global"]
            default: []
            }
        return NameMatcher.Candidate(name, aliases: aliases)
    }
}
