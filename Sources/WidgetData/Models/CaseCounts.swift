import Foundation

/// A dated value, such as the cumulative cases on one day.
public struct DatedValue: Sendable, Hashable {
    public var date: Date
    public var value: Double

    public init(date: Date, value: Double) {
        self.date = date
        self.value = value
    }
}

/// Cumulative COVID-19 counts per day, as disease.sh's `historical` endpoints give them.
public struct CaseTimeline: Sendable, Hashable {
    /// Where the counts apply, e.g. `World` or `Japan`.
    public var region: String
    public var cases: [DatedValue]
    public var deaths: [DatedValue]
    public var recovered: [DatedValue]
    public var source: String

    public init(region: String, cases: [DatedValue], deaths: [DatedValue], recovered: [DatedValue], source: String) {
        self.region = region
        self.cases = cases.sorted { $0.date < $1.date }
        self.deaths = deaths.sorted { $0.date < $1.date }
        self.recovered = recovered.sorted { $0.date < $1.date }
        self.source = source
    }
}

/// One country's COVID-19 status at a moment, as disease.sh's `countries` endpoint gives it.
public struct CountryStatus: Sendable, Hashable {
    public var country: String
    public var iso2: String?
    public var iso3: String?
    public var updated: Date
    public var cases: Double
    public var todayCases: Double
    public var deaths: Double
    public var todayDeaths: Double
    public var recovered: Double
    public var active: Double
    public var critical: Double
    public var tests: Double?

    public init(
        country: String, iso2: String?, iso3: String?, updated: Date, cases: Double, todayCases: Double,
        deaths: Double, todayDeaths: Double, recovered: Double, active: Double, critical: Double, tests: Double?
    ) {
        self.country = country
        self.iso2 = iso2
        self.iso3 = iso3
        self.updated = updated
        self.cases = cases
        self.todayCases = todayCases
        self.deaths = deaths
        self.todayDeaths = todayDeaths
        self.recovered = recovered
        self.active = active
        self.critical = critical
        self.tests = tests
    }
}
