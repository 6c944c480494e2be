/// Any parsed data set: a price series, a case-count series, or a snapshot of countries.
public enum SeriesData: Sendable, Hashable {
    /// Open/high/low/close prices.
    case ohlc(OHLCSeries)
    /// Dated COVID-19 counts for one region.
    case cases(CaseSeries)
    /// disease.sh `/countries`: each country's status at one moment.
    case countries([CountryStatus])

    /// Which kind of data this is.
    public var kind: SeriesKind {
        switch self {
        case .ohlc: .ohlc
        case .cases: .cases
        case .countries: .countryStatus
        }
    }
}

/// The kinds of data the formats hold.
public enum SeriesKind: String, Sendable, Hashable, CaseIterable {
    /// Open/high/low/close prices (``OHLCSeries``).
    case ohlc
    /// Dated case counts for a region (``CaseSeries``).
    case cases
    /// A status snapshot per country (``CountryStatus``).
    case countryStatus

    /// How messages name the kind.
    public var description: String {
        switch self {
        case .ohlc: "OHLC prices"
        case .cases: "COVID-19 case counts"
        case .countryStatus: "a COVID-19 status per country"
        }
    }
}
