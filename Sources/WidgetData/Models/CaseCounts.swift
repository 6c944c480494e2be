/// The case counts a series gives a chart of new cases (``CaseSeries/caseCounts()``): a running
/// total, whose day-to-day differences are the new cases, or the daily new cases themselves.
///
/// ```swift
/// switch try series.caseCounts() {
/// case .cumulative(let totals): print("total", totals.last?.value ?? 0)
/// case .daily(let daily): print("new today", daily.last?.value ?? 0)
/// }
/// ```
public enum CaseCounts: Sendable, Hashable {
    /// A running total (`cases`, `total_cases`, `cumCasesBy…`), never empty.
    case cumulative([DatedValue])
    /// Daily new cases (`new_cases`, or counts that rise and fall), never empty; the source has no running total.
    case daily([DatedValue])
}
