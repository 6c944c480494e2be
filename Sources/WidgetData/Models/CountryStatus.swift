import Foundation

/// One country's COVID-19 status at a moment, as disease.sh's `countries` endpoint gives it.
public struct CountryStatus: Sendable, Hashable {
    /// The country's name as the source spells it (`USA`, `S. Korea`).
    public var country: String
    /// ISO 3166 alpha-2 code, when the source gives one.
    public var iso2: String?
    /// ISO 3166 alpha-3 code, when the source gives one.
    public var iso3: String?
    /// When the source last updated the numbers.
    public var updated: Date
    /// Confirmed cases so far.
    public var cases: Double
    /// Cases reported today.
    public var todayCases: Double
    /// Deaths so far.
    public var deaths: Double
    /// Deaths reported today.
    public var todayDeaths: Double
    /// Recoveries so far.
    public var recovered: Double
    /// Cases not yet recovered or dead.
    public var active: Double
    /// Cases in a critical condition, when the source gives a number (JHU CSSE does not).
    public var critical: Double?
    /// Tests performed, when the source gives a number.
    public var tests: Double?

    /// A status; every count is as the source gives it.
    public init(
        country: String, iso2: String?, iso3: String?, updated: Date, cases: Double, todayCases: Double,
        deaths: Double, todayDeaths: Double, recovered: Double, active: Double, critical: Double?, tests: Double?
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
