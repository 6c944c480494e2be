import Foundation
import WidgetCore

/// One axis's scale: a domain of values mapped onto a span of points, with the ticks an axis
/// labels. Quantities and dates are linear (dates in seconds), categories are bands in the order
/// first seen.
struct Scale {
    enum Kind: Equatable {
        case number
        case date
        case category([String])
    }

    let kind: Kind
    /// The domain's ends (for quantities and dates).
    let lower: Double
    let upper: Double
    /// The points the domain's ends map to (`start` for `lower`; on a vertical axis the bottom).
    var start: Double
    var end: Double
    /// The step the domain was widened to, and the tick count it was chosen for: ticks for that
    /// count fall on it, so the domain's ends are labelled.
    private var widened: (step: Double, count: Int)? = nil

    /// The scale for an axis's values.
    ///
    /// - Parameters:
    ///   - values: every value on the axis (category, number or date).
    ///   - includesZero: whether a quantity's domain reaches zero.
    ///   - domain: a domain the chart was given, if any.
    ///   - desiredTicks: about how many ticks fit.
    init(values: [PlotValue], includesZero: Bool, domain: ScaleDomain?, desiredTicks: Int) {
        var categories: [String] = []
        var seen = Set<String>()
        // The quantities' or dates' least and greatest, without an array of them.
        var least = Double.infinity
        var greatest = -Double.infinity
        var anyDate = false
        for value in values {
            switch value {
            case .category(let name):
                if seen.insert(name).inserted { categories.append(name) }
            case .date(let date):
                anyDate = true
                let scalar = date.timeIntervalSince1970
                if scalar.isFinite {
                    least = Swift.min(least, scalar)
                    greatest = Swift.max(greatest, scalar)
                }
            case .number:
                if let scalar = value.scalar {
                    least = Swift.min(least, scalar)
                    greatest = Swift.max(greatest, scalar)
                }
            }
        }
        if case .categories(let given) = domain?.kind {
            categories = given + categories.filter { !given.contains($0) }
        }
        start = 0
        end = 1
        if !categories.isEmpty {
            kind = .category(categories)
            lower = 0
            upper = Double(categories.count)
            return
        }
        kind = anyDate ? .date : .number
        var low = least <= greatest ? least : 0
        var high = least <= greatest ? greatest : 1
        if let (from, to) = domain?.validRange {
            lower = from
            upper = to
            return
        }
        let zero = domain?.includesZero ?? includesZero
        if kind == .number, zero {
            low = Swift.min(low, 0)
            high = Swift.max(high, 0)
        }
        if !(high > low) {
            // One value (or none): a span about it.
            let pad = kind == .date ? 3_600 : Swift.max(abs(low) * 0.1, 1)
            low -= pad
            high += pad
        }
        if kind == .number {
            // Widen to whole steps, as an axis reads best.
            let step = Self.niceStep(low: low, high: high, count: desiredTicks)
            lower = (low / step).rounded(.down) * step
            upper = (high / step).rounded(.up) * step
            widened = (step, desiredTicks)
        } else {
            lower = low
            upper = high
        }
    }

    /// A step of 1, 2 or 5 × 10ⁿ giving about `count` intervals over the span; the span is
    /// taken in halves so that ±1e308 does not overflow.
    static func niceStep(low: Double, high: Double, count: Int) -> Double {
        let half = high / 2 - low / 2
        guard half > 0, half.isFinite else { return 1 }
        let raw = half * 2 / Double(Swift.max(1, count))
        guard raw.isFinite else { return .greatestFiniteMagnitude / 4 }
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        let fraction = raw / magnitude
        // The nearest of 1, 2, 5 and 10 on a log scale (as d3's ticks choose): about `count`
        // ticks, sometimes a few more, never half as many.
        let nice: Double =
            fraction >= 50.squareRoot() ? 10 : fraction >= 10.squareRoot() ? 5 : fraction >= 2.squareRoot() ? 2 : 1
        return nice * magnitude
    }

    /// The fraction of the domain a value is at (0 at `lower`), or `nil` for a value not on this
    /// scale; computed in halves so that ±1e308 stays finite.
    func fraction(_ value: PlotValue) -> Double? {
        switch (kind, value) {
        case (.category(let names), .category(let name)):
            guard let index = names.firstIndex(of: name) else { return nil }
            return (Double(index) + 0.5) / Double(names.count)
        case (.category, _), (_, .category):
            return nil
        default:
            guard let scalar = value.scalar else { return nil }
            let span = upper / 2 - lower / 2
            guard span > 0 else { return 0.5 }
            return (scalar / 2 - lower / 2) / span
        }
    }

    /// For a quantity or time scale, the point a scalar is at (as ``position(_:)`` computes it,
    /// in halves so that ±1e308 stays finite); `nil` for a category scale.
    var linearMap: ((Double) -> Double)? {
        if case .category = kind { return nil }
        let lower = lower
        let span = upper / 2 - lower / 2
        let start = start
        let length = end - start
        guard span > 0 else { return { _ in start + length * 0.5 } }
        return { scalar in start + length * ((scalar / 2 - lower / 2) / span) }
    }

    /// The point a value is at.
    func position(_ value: PlotValue) -> Double? {
        fraction(value).map { start + (end - start) * $0 }
    }

    /// The width of one category's band in points (the whole span for other scales).
    var band: Double {
        if case .category(let names) = kind { return abs(end - start) / Double(Swift.max(1, names.count)) }
        return abs(end - start)
    }

    /// The ticks to label: their values and positions.
    func ticks(count: Int, calendar: Calendar) -> [PlotValue] {
        switch kind {
        case .category(let names):
            return names.map { .category($0) }
        case .number:
            let step =
                widened.flatMap { $0.count == count ? $0.step : nil }
                ?? Self.niceStep(low: lower, high: upper, count: count)
            let first = (lower / step).rounded(.up)
            let last = (upper / step).rounded(.down)
            guard first.isFinite, last.isFinite, last >= first, last - first <= 50 else { return [] }
            return stride(from: first, through: last, by: 1).map { .number($0 * step) }
        case .date:
            return DateTicks.ticks(from: lower, to: upper, count: count, calendar: calendar).map(\.date)
                .map { .date($0) }
        }
    }
}

/// A domain given to a chart's scale (`chartXScale(domain:)`, `chartYScale(domain:)`), as Swift
/// Charts' `ScaleDomain`s.
public struct ScaleDomain: Sendable {
    enum Kind: Sendable {
        case automatic
        case range(Double, Double)
        case categories([String])
    }

    let kind: Kind
    let includesZero: Bool?

    /// The range's ends, when the domain is a range a scale can span (finite, low to high).
    var validRange: (Double, Double)? {
        guard case .range(let from, let to) = kind, from.isFinite, to.isFinite, from < to else { return nil }
        return (from, to)
    }

    /// Chosen from the data; `includesZero` says whether a quantity's domain reaches zero (it
    /// does by default, as in Swift Charts).
    public static func automatic(includesZero: Bool? = nil) -> ScaleDomain {
        ScaleDomain(kind: .automatic, includesZero: includesZero)
    }

    /// A range of quantities.
    public static func range(_ range: ClosedRange<Double>) -> ScaleDomain {
        ScaleDomain(kind: .range(range.lowerBound, range.upperBound), includesZero: nil)
    }

    /// A range of dates.
    public static func range(_ range: ClosedRange<Date>) -> ScaleDomain {
        ScaleDomain(
            kind: .range(range.lowerBound.timeIntervalSince1970, range.upperBound.timeIntervalSince1970),
            includesZero: nil)
    }

    /// Categories in this order.
    public static func categories(_ names: [String]) -> ScaleDomain {
        ScaleDomain(kind: .categories(names), includesZero: nil)
    }
}

/// Ticks on a time axis, at whole minutes, hours, days, weeks, months or years in the chart's
/// calendar and time zone, each with how its label is written.
enum DateTicks {
    enum Unit: Equatable {
        case minute, hour, day, month, year
    }

    struct Tick {
        var date: Date
        var unit: Unit
    }

    /// The finest step giving at most `count` ticks.
    static func ticks(from lower: Double, to upper: Double, count: Int, calendar: Calendar) -> [Tick] {
        let steps: [(Unit, Int)] = [
            (.minute, 1), (.minute, 5), (.minute, 15), (.minute, 30), (.hour, 1), (.hour, 3), (.hour, 6),
            (.hour, 12), (.day, 1), (.day, 2), (.day, 7), (.month, 1), (.month, 3), (.month, 6), (.year, 1),
            (.year, 5), (.year, 10), (.year, 50), (.year, 100),
        ]
        let span = upper - lower
        guard span > 0, span.isFinite, lower.isFinite,
            abs(lower) < 1e12, abs(upper) < 1e12
        else { return [] }
        let limit = Swift.max(2, count)
        for (unit, size) in steps {
            let seconds = approximateSeconds(unit) * Double(size)
            guard span / seconds <= Double(limit) else { continue }
            return make(unit, size, from: lower, to: upper, calendar: calendar)
        }
        return []
    }

    private static func approximateSeconds(_ unit: Unit) -> Double {
        switch unit {
        case .minute: 60
        case .hour: 3_600
        case .day: 86_400
        case .month: 2_629_746
        case .year: 31_556_952
        }
    }

    private static func make(_ unit: Unit, _ size: Int, from lower: Double, to upper: Double, calendar: Calendar)
        -> [Tick]
    {
        let first = Date(timeIntervalSince1970: lower)
        var components: Set<Calendar.Component>
        switch unit {
        case .minute: components = [.year, .month, .day, .hour, .minute]
        case .hour: components = [.year, .month, .day, .hour]
        case .day: components = [.year, .month, .day]
        case .month: components = [.year, .month]
        case .year: components = [.year]
        }
        guard var date = calendar.date(from: calendar.dateComponents(components, from: first)) else { return [] }
        let component: Calendar.Component =
            switch unit {
            case .minute: .minute
            case .hour: .hour
            case .day: .day
            case .month: .month
            case .year: .year
            }
        // Start at a whole multiple of the step (an hour of 0, 6, 12, 18; a month of 1, 4, 7, 10…).
        func aligned(_ date: Date) -> Bool {
            let value = calendar.component(component, from: date)
            switch unit {
            case .minute, .hour: return value % size == 0
            case .month: return (value - 1) % size == 0
            case .year: return value % size == 0
            case .day: return size == 7 ? calendar.component(.weekday, from: date) == calendar.firstWeekday : true
            }
        }
        var ticks: [Tick] = []
        var guardCount = 0
        while date.timeIntervalSince1970 <= upper, guardCount < 2_000 {
            guardCount += 1
            if date.timeIntervalSince1970 >= lower, aligned(date) {
                ticks.append(Tick(date: date, unit: unit))
            }
            guard let next = calendar.date(byAdding: component, value: aligned(date) ? size : 1, to: date) else {
                break
            }
            date = next
        }
        return ticks
    }
}
