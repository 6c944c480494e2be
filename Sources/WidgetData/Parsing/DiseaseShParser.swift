import Foundation

/// Reads disease.sh (NovelCOVID API) responses: `countries` and `historical/all`.
public struct DiseaseShParser {
    public init() {}

    private func json(_ data: Data, source: String) throws(DataError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw .malformed(source: source, location: "1", reason: "invalid JSON: \(detail)")
        }
    }

    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber:
            return number.doubleValue.isFinite ? number.doubleValue : nil
        case let string as String: return Double(string).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }

    /// Parses `/countries` (an array) or `/countries/{country}` (one object).
    ///
    /// - Throws: ``DataError`` naming the element index and field.
    public func countries(_ data: Data, source: String) throws(DataError) -> [CountryStatus] {
        let root = try json(data, source: source)
        let items: [Any] = (root as? [Any]) ?? [root]
        var result: [CountryStatus] = []
        for (index, item) in items.enumerated() {
            guard let object = item as? [String: Any] else {
                throw .malformed(source: source, location: "[\(index)]", reason: "expected an object")
            }
            func field(_ key: String) throws(DataError) -> Double {
                guard let value = Self.number(object[key]) else {
                    throw .malformed(source: source, location: "[\(index)].\(key)", reason: "expected a number")
                }
                return value
            }
            guard let country = object["country"] as? String else {
                throw .malformed(source: source, location: "[\(index)].country", reason: "expected a string")
            }
            let info = object["countryInfo"] as? [String: Any]
            result.append(
                CountryStatus(
                    country: country, iso2: info?["iso2"] as? String, iso3: info?["iso3"] as? String,
                    updated: Date(timeIntervalSince1970: try field("updated") / 1000), cases: try field("cases"),
                    todayCases: try field("todayCases"), deaths: try field("deaths"), todayDeaths: try field("todayDeaths"),
                    recovered: try field("recovered"), active: try field("active"), critical: try field("critical"),
                    tests: Self.number(object["tests"])))
        }
        guard !result.isEmpty else { throw .empty(source: source, reason: "no countries") }
        return result
    }

    /// Parses `/historical/all` (`{"cases":{"m/d/yy":N},...}`) or one country's
    /// `/historical/{country}` (the same inside `"timeline"`).
    ///
    /// - Throws: ``DataError`` naming the field and date key.
    public func timeline(_ data: Data, source: String, region: String = "World") throws(DataError) -> CaseTimeline {
        let root = try json(data, source: source)
        guard let object = root as? [String: Any] else {
            throw .malformed(source: source, location: "$", reason: "expected an object")
        }
        let timeline = (object["timeline"] as? [String: Any]) ?? object
        let name = (object["country"] as? String) ?? region
        func series(_ key: String) throws(DataError) -> [DatedValue] {
            guard let values = timeline[key] as? [String: Any] else {
                throw .malformed(source: source, location: "\(key)", reason: "expected an object of dates")
            }
            var result: [DatedValue] = []
            for (dateKey, raw) in values {
                guard let date = StrictDate.usShort(dateKey) else {
                    throw .malformed(source: source, location: "\(key).\"\(dateKey)\"", reason: "not a m/d/yy date")
                }
                guard let value = Self.number(raw) else {
                    throw .malformed(source: source, location: "\(key).\"\(dateKey)\"", reason: "expected a number")
                }
                result.append(DatedValue(date: date, value: value))
            }
            return result
        }
        let cases = try series("cases")
        guard !cases.isEmpty else { throw .empty(source: source, reason: "no dates in 'cases'") }
        return CaseTimeline(
            region: name, cases: cases, deaths: try series("deaths"),
            // Some responses carry no recovered series; a malformed one is still an error.
            recovered: timeline["recovered"] == nil ? [] : try series("recovered"),
            source: source)
    }
}
