/// What a parse gives: the value, the format it was read as, and one warning per record
/// skipped (or other accepted oddity, such as rows that were not in time order).
///
/// ```swift
/// let result = try SeriesReader().readOHLC(data, source: path)
/// for warning in result.warnings { print(warning) }   // "prices.csv:364: skipped: no prices (null)"
/// let series = result.value
/// ```
public struct ParseResult<Value: Sendable>: Sendable {
    /// The parsed value; never empty.
    public var value: Value
    /// The format the data was read as (detected or chosen).
    public var format: SeriesFormat
    /// Records skipped and other accepted oddities, in the order found.
    public var warnings: [DataWarning]
    /// The columns a price series was read from and how they were chosen; `nil` for other data.
    public var columns: ColumnMapping?

    /// A result.
    public init(value: Value, format: SeriesFormat, warnings: [DataWarning], columns: ColumnMapping? = nil) {
        self.value = value
        self.format = format
        self.warnings = warnings
        self.columns = columns
    }

    /// The same warnings, format and columns with another value.
    func map<Other: Sendable>(_ transform: (Value) -> Other) -> ParseResult<Other> {
        ParseResult<Other>(value: transform(value), format: format, warnings: warnings, columns: columns)
    }
}
