import Foundation
import WidgetRender

/// The value axis of a chart of daily counts, as Apple's charts draw one: from zero to a round
/// figure at or above the highest value, labelled in a gutter beside the plot (never over the
/// bars), with a dotted level line at the top.
///
/// ```swift
/// let axis = CountAxis(values: [17_700, 83_600, 100_513], locale: Locale(identifier: "en"))
/// axis.top          // 120_000
/// axis.topLabel     // "120K"
/// ```
struct CountAxis: Equatable {
    /// The round figure at the top of the plot.
    let top: Double
    /// The top's label, at the precision the axis shares (``Formatting/compactAxis(_:locale:)``).
    let topLabel: String
    /// The bottom's label: `0`.
    let zeroLabel: String

    /// The steps a top may take in each power of ten: the tallest value fills at least 75 % of
    /// the plot's height (just over 150 under a top of 200 at worst).
    static let steps: [Double] = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]

    /// The axis for `values` drawn from zero; `nil` when nothing is above zero to scale.
    init?(values: [Double], locale: Locale) {
        guard let high = values.filter(\.isFinite).max(), high > 0 else { return nil }
        // Counts under ten take whole tops, as their labels are whole.
        top = high < 10 ? high.rounded(.up) : Self.roundUp(high)
        let labels = Formatting.compactAxis([top, 0], locale: locale)
        topLabel = labels[0]
        zeroLabel = labels[1]
    }

    /// The smallest of ``steps`` times a power of ten that is at least `value` (positive, finite).
    static func roundUp(_ value: Double) -> Double {
        let power = pow(10, (log10(value)).rounded(.down))
        let step = steps.first { $0 * power >= value * (1 - 1e-12) } ?? 10
        return step * power
    }
}
