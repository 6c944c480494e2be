/// What a column's name says it holds.
enum ColumnRole: Equatable, Sendable {
    case open
    case high
    case low
    case close
    /// `Adj Close`: used as the close only when there is no close.
    case adjustedClose
    case volume
    /// One series of prices or values: `price`, `value`, `rate`.
    case value
    /// A count of cases: `cases`, `confirmed`, `deaths`, `total_cases`, `new_cases`.
    case count
    /// A date or time: `date`, `Gmt time`, `timestamp`; primary ones date their row.
    case time(primary: Bool)
}
