/// A date or time cell, read but not yet placed in time when its column must decide.
enum TimeToken: Equatable, Sendable {
    /// Seconds since 1970-01-01 UTC.
    case instant(Double)
    /// A Unix time in the unit its magnitude suggests.
    case epoch(Double, EpochUnit)
    /// A numeric date whose day/month order the column decides.
    case dayMonth(DayMonthDate)
    /// Not a date; the reason says why.
    case invalid(String)
}
