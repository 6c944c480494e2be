import Foundation
import WidgetRender

/// Labels of one chart axis: the figures of an axis share one precision, so `29.0K` stands
/// beside `31.5K` (not `29K`), and `2.90万` beside `3.15万`.
extension Formatting {
    /// Compact labels for the values of one axis, in the language's units, all with the decimals
    /// the largest needs (see ``compact(_:locale:)``); trailing zeros go only when every label
    /// can lose them. Zero is `0`, and a value under the largest's unit keeps its own form.
    ///
    /// ```swift
    /// Formatting.compactAxis([29_000, 31_500], locale: Locale(identifier: "en"))  // ["29.0K", "31.5K"]
    /// Formatting.compactAxis([0, 80_000], locale: Locale(identifier: "ja"))       // ["0", "8万"]
    /// ```
    ///
    /// - Parameters:
    ///   - values: the axis's values.
    ///   - locale: the language.
    /// - Returns: one label per value, in order.
    static func compactAxis(_ values: [Double], locale: Locale) -> [String] {
        guard locale.usesBuiltInForms else { return values.map { compact($0, locale: locale) } }
        let largest = values.filter(\.isFinite).map(abs).max() ?? 0
        let units = compactUnits(locale)
        guard let unit = units.first(where: { largest >= $0.size }), largest < units[0].size * 1000 else {
            // Below the first unit every figure is whole and grouped, and past a thousand of the
            // largest each is written with its power of ten: one precision already.
            return values.map { compact($0, locale: locale) }
        }
        let inUnit = { (value: Double) in value.isFinite && value != 0 && abs(value) >= unit.size }
        func labels(_ decimals: Int) -> [String] {
            values.map { value in
                guard inUnit(value) else { return value == 0 ? "0" : compact(value, locale: locale) }
                let text = String(format: "%.\(decimals)f", abs(value) / unit.size)
                return (value < 0 ? "-" : "") + text + unit.suffix
            }
        }
        var decimals = compactDecimals(largest / unit.size, locale: locale)
        // Drop a decimal only when it is a zero in every label of the unit.
        while decimals > 0 {
            let zeros = zip(values, labels(decimals)).allSatisfy { value, label in
                !inUnit(value) || label.dropLast(unit.suffix.count).hasSuffix("0")
            }
            guard zeros else { break }
            decimals -= 1
        }
        return labels(decimals)
    }

    /// Labels for a price axis (a chart's low and high): prices, all with the decimals the most
    /// precise needs (`9.5000` beside `10.5000`), or from 10,000 up compact (``compactAxis(_:locale:)``).
    ///
    /// - Parameters:
    ///   - values: the axis's values.
    ///   - locale: the language.
    /// - Returns: one label per value, in order.
    static func priceAxis(_ values: [Double], locale: Locale) -> [String] {
        let finite = values.filter(\.isFinite)
        if finite.contains(where: { abs($0) >= 10_000 }) { return compactAxis(values, locale: locale) }
        let decimals = finite.map { priceDecimals(abs($0)) }.max() ?? 2
        let symbols = NumberSymbols.of(locale)
        return values.map { symbols.localize(price($0, decimals: decimals)) }
    }

    /// Labels for round values of an axis (``WidgetCharts/roundTicks(in:count:)``): each with as
    /// few decimals as every value needs (`180`, `185`; `0.745`, `0.750`), grouped; from
    /// 10,000 up compact (``compactAxis(_:locale:)``).
    ///
    /// ```swift
    /// Formatting.tickLabels([170, 180, 190], locale: Locale(identifier: "en"))  // ["170", "180", "190"]
    /// ```
    ///
    /// - Parameters:
    ///   - values: the axis's values.
    ///   - locale: the language.
    /// - Returns: one label per value, in order.
    static func tickLabels(_ values: [Double], locale: Locale) -> [String] {
        let finite = values.filter(\.isFinite)
        if finite.contains(where: { abs($0) >= 10_000 }) { return compactAxis(values, locale: locale) }
        // The fewest decimals that write every value exactly (to a millionth of a step).
        let decimals =
            (0...8).first { places in
                let factor = pow(10, Double(places))
                return finite.allSatisfy {
                    abs(($0 * factor).rounded() - $0 * factor) < 1e-6 * max(1, abs($0 * factor))
                }
            } ?? 8
        let symbols = NumberSymbols.of(locale)
        return values.map { symbols.localize(price($0, decimals: decimals)) }
    }
}
