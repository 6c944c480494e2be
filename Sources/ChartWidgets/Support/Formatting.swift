import Foundation
import WidgetRender

/// Number and date formatting for widgets, done by hand so the output is the same
/// on every machine whatever its locale data.
public enum Formatting {
    /// `1234567.8` → `1,234,568` (rounded to whole units).
    public static func grouped(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let rounded = value.rounded()
        guard abs(rounded) < 1e18 else { return compact(value) }
        let negative = rounded < 0
        let digits = String(Int64(abs(rounded)))
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return (negative ? "-" : "") + result
    }

    /// A price with precision that suits its size: `29,039.01`, `806.19`, `1.2345`, `0.7541`, `0.00012346`.
    ///
    /// Two decimals from 10 up, four from 1 up (currency pairs such as EURUSD), and four
    /// significant digits below 1 (at least four decimals, at most eight).
    public static func price(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        var decimals = priceDecimals(abs(value))
        var scaled = (abs(value) * pow(10, Double(decimals))).rounded()
        // Rounding can carry into the next band (9.99996 → 10.0000): use that band's precision.
        let carried = priceDecimals(scaled / pow(10, Double(decimals)))
        if carried < decimals {
            decimals = carried
            scaled = (abs(value) * pow(10, Double(decimals))).rounded()
        }
        let whole = (scaled / pow(10, Double(decimals))).rounded(.down)
        let fraction = Int64(scaled - whole * pow(10, Double(decimals)))
        var text = grouped(whole)
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: max(0, decimals - digits.count)) + digits
        }
        return (value < 0 && scaled > 0 ? "-" : "") + text
    }

    /// Decimals for a price's magnitude (see ``price(_:)``).
    static func priceDecimals(_ magnitude: Double) -> Int {
        if magnitude >= 10 { return 2 }
        if magnitude >= 1 { return 4 }
        guard magnitude > 0 else { return 2 }
        let significant = 4
        let leadingZeros = -Int(log10(magnitude).rounded(.down)) - 1
        return max(4, min(8, leadingZeros + significant))
    }

    /// Large numbers in a few characters: `1.2M`, `34.5K`, `999`.
    public static func compact(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let magnitude = abs(value)
        let sign = value < 0 ? "-" : ""
        let units: [(Double, String)] = [(1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "K")]
        for (size, suffix) in units where magnitude >= size {
            let scaled = magnitude / size
            let text = scaled >= 100 ? String(format: "%.0f", scaled) : String(format: "%.1f", scaled)
            return sign + (text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + suffix
        }
        return sign + String(format: "%.0f", magnitude)
    }

    /// A signed percentage: `+2.31%`, `-0.40%`; a change that rounds to zero has no sign: `0.00%`.
    public static func percent(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        switch ChangeTrend(percent: value) {
        case .up: return "+" + String(format: "%.2f", abs(value)) + "%"
        case .down: return "-" + String(format: "%.2f", abs(value)) + "%"
        case .flat: return "0.00%"
        }
    }

    /// A signed whole number with grouping: `+1,204`, `-12`; zero has no sign: `0`.
    public static func signed(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let rounded = value.rounded()
        guard rounded != 0 else { return "0" }
        return (rounded > 0 ? "+" : "") + grouped(rounded)
    }

    /// A short day in the widget's language: `Aug 6`, `8月6日`, `8월 6일`.
    public static func shortDate(_ date: Date, locale: Locale, timeZone: TimeZone) -> String {
        DateText.monthDay(date, locale: locale, timeZone: timeZone)
    }

    /// A day with its year: `Aug 6, 2023`, `2023年8月6日`, `2023년 8월 6일`.
    public static func longDate(_ date: Date, locale: Locale, timeZone: TimeZone) -> String {
        DateText.abbreviatedDate(date, locale: locale, timeZone: timeZone)
    }

    /// A time of day, 24-hour: `14:37`.
    public static func time(_ date: Date, timeZone: TimeZone) -> String {
        DateText.hourMinute(date, timeZone: timeZone)
    }
}
