/// Choices for reading a data file: its format, and which part of it to take.
///
/// ```swift
/// // widgetrender --data jhu.csv --format jhu --param country=Australia
/// let options = SeriesOptions(format: SeriesFormat(name: "jhu"), region: "Australia")
/// let series = try SeriesReader(options).readCases(data, source: "jhu.csv").value
/// ```
public struct SeriesOptions: Sendable, Hashable {
    /// The format to read; `nil` detects it from the content.
    public var format: SeriesFormat?
    /// The country, region, state or location to take from a file that holds several
    /// (JHU, NYT states, OWID, disease.sh `/historical` and `/countries`). Matched ignoring
    /// case and accents, against names and codes (`SRB`, `OWID_WRL`, FIPS `36`); JHU and
    /// disease.sh also take `Country/Province` (`Canada/Ontario`). Rows of one country are summed.
    /// A ``SeriesFormat/generic`` JSON document of tables under region keys (`{"India": […]}`)
    /// takes the key; a generic table that names its region must name this one.
    public var region: String?
    /// The value column of a CSV or a ``SeriesFormat/generic`` table (when it has several
    /// columns of values and no `close`; `column 2` for one without a name), or the period in
    /// seconds of a Cryptowatch answer holding several (`3600`).
    public var column: String?
    /// What is priced, for the series; for Kraken also which pair to take when the answer holds
    /// several, and for a ``SeriesFormat/generic`` JSON document of tables under symbol keys, which one.
    public var symbol: String?
    /// The columns of a table given role by role (`--columns time,low,high,open,close`), read
    /// as prices by ``GenericTableParser`` whatever the names and values would say; `nil` infers them.
    public var columns: ColumnLayout?

    /// Options; every field is optional.
    public init(
        format: SeriesFormat? = nil, region: String? = nil, column: String? = nil, symbol: String? = nil,
        columns: ColumnLayout? = nil
    ) {
        self.format = format
        self.region = region
        self.column = column
        self.symbol = symbol
        self.columns = columns
    }
}
