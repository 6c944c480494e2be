import Foundation

/// What an entry's chart or figures were drawn from, for the manifest's `data` object.
///
/// ```json
/// "data": {"points": 30, "first": "2023-07-08T00:00:00Z", "last": "2023-08-06T00:00:00Z",
///          "lastValue": 29039.01, "min": 29039.01, "max": 31476.05,
///          "source": "Assets/samples/aapl-daily.csv", "stale": false}
/// ```
public struct DataSummary: Codable, Sendable, Hashable {
    /// Points plotted, before any downsampling.
    public var points: Int
    /// Time of the first and last point.
    public var first: Date
    /// Time of the last point.
    public var last: Date
    /// The value of the chronologically last point (the close for OHLC).
    public var lastValue: Double
    /// Lowest and highest plotted value.
    public var min: Double
    /// Highest plotted value.
    public var max: Double
    /// The path or URL the data came from.
    public var source: String
    /// True when drawn from the cache or a default after a failed fetch.
    public var stale: Bool
    /// Points that went down where the series only counts up (a data revision), drawn as 0;
    /// `nil` when the series has no such rule.
    public var revisions: Int?
    /// The source's columns each value was read from, and whether they were inferred or given;
    /// `nil` when not recorded.
    public var columns: Columns?

    /// Which column of the source each role was read from.
    ///
    /// ```json
    /// "columns": {"inferred": true, "basis": "content",
    ///             "roles": {"time": "column 1", "open": "column 2", "high": "column 3", "low": "column 4", "close": "column 5"}}
    /// ```
    public struct Columns: Codable, Sendable, Hashable {
        /// Role (`time`, `open`, `high`, `low`, `close`, `volume`) to the column's name, or `column 3`.
        public var roles: [String: String]
        /// True when the reader decided them; false when the user gave them (`--columns`).
        public var inferred: Bool
        /// How: `given`, `names` (the header), `content` (the values) or `format` (an exchange's fixed order).
        public var basis: String

        /// A record of the columns read.
        public init(roles: [String: String], inferred: Bool, basis: String) {
            self.roles = roles
            self.inferred = inferred
            self.basis = basis
        }
    }

    /// A summary of what an entry was drawn from.
    public init(
        points: Int, first: Date, last: Date, lastValue: Double, min: Double, max: Double, source: String, stale: Bool
    ) {
        self.points = points
        self.first = first
        self.last = last
        self.lastValue = lastValue
        self.min = min
        self.max = max
        self.source = source
        self.stale = stale
    }
}

/// An entry that can say what data it shows; the manifest records it for every PNG.
public protocol DataDescribingEntry: TimelineEntry {
    var dataSummary: DataSummary? { get }
}
