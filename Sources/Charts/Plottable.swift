import Foundation
import WidgetCore

/// A value a chart can place on an axis, as Swift Charts' `Plottable`: numbers, dates and
/// strings, and your own types that are one of them underneath (an enum with `String` raw
/// values conforms by declaring it).
///
/// ```swift
/// enum Fruit: String, Plottable { case apple, pear }
/// BarMark(x: .value("Fruit", fruit), y: .value("Sold", count))
/// ```
public protocol Plottable: Sendable {
    /// The value as a chart sees it: a number, a date or a category.
    var plotValue: PlotValue { get }

    /// The value back from a chart's (an axis value's `as(_:)`), or `nil` when it is not one.
    init?(plotValue: PlotValue)
}

/// A value on a chart's axis: a quantity, a moment, or a category.
public enum PlotValue: Sendable, Hashable {
    /// A quantity, on a linear scale.
    case number(Double)
    /// A moment, on a time scale.
    case date(Date)
    /// A category, on a band scale in the order first seen.
    case category(String)

    /// The number a quantity or a moment is on its scale (seconds since 1970 for a date).
    var scalar: Double? {
        switch self {
        case .number(let value): value.isFinite ? value : nil
        case .date(let date): date.timeIntervalSince1970.isFinite ? date.timeIntervalSince1970 : nil
        case .category: nil
        }
    }
}

extension Double: Plottable {
    /// The value as a chart places it.
    public var plotValue: PlotValue { .number(self) }
    /// The value back from a chart's, or `nil` when it is not one.
    public init?(plotValue: PlotValue) {
        guard case .number(let value) = plotValue else { return nil }
        self = value
    }
}

extension Float: Plottable {
    /// The value as a chart places it.
    public var plotValue: PlotValue { .number(Double(self)) }
    /// The value back from a chart's, or `nil` when it is not one.
    public init?(plotValue: PlotValue) {
        guard case .number(let value) = plotValue else { return nil }
        self = Float(value)
    }
}

extension Int: Plottable {
    /// The value as a chart places it.
    public var plotValue: PlotValue { .number(Double(self)) }
    /// A whole number within `Int`'s range; `nil` otherwise (never a trap).
    public init?(plotValue: PlotValue) {
        guard case .number(let value) = plotValue, let exact = Int(exactly: value.rounded()) else { return nil }
        self = exact
    }
}

extension Date: Plottable {
    /// The value as a chart places it.
    public var plotValue: PlotValue { .date(self) }
    /// The value back from a chart's, or `nil` when it is not one.
    public init?(plotValue: PlotValue) {
        guard case .date(let date) = plotValue else { return nil }
        self = date
    }
}

extension String: Plottable {
    /// The value as a chart places it.
    public var plotValue: PlotValue { .category(self) }
    /// The value back from a chart's, or `nil` when it is not one.
    public init?(plotValue: PlotValue) {
        guard case .category(let name) = plotValue else { return nil }
        self = name
    }
}

extension Plottable where Self: RawRepresentable, RawValue == String {
    /// An enum with `String` raw values is a category named by its raw value.
    public var plotValue: PlotValue { .category(rawValue) }
    /// The case of that raw value.
    public init?(plotValue: PlotValue) {
        guard case .category(let name) = plotValue else { return nil }
        self.init(rawValue: name)
    }
}

/// A value with the name of what it measures, as Swift Charts' `PlottableValue`:
/// `.value("Close", close)`. The name titles the axis's data and the legend.
public struct PlottableValue<Value: Plottable>: Sendable {
    /// What the value measures.
    public let label: String
    /// The value.
    public let value: Value

    /// A value named by what it measures.
    ///
    /// - Parameters:
    ///   - label: what it measures, as "Close" or "Day".
    ///   - value: the value.
    @inlinable
    public static func value(_ label: String, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: label, value: value)
    }

    /// For a date, the calendar unit it stands for (a day's bar spans the day).
    @usableFromInline
    let unit: Calendar.Component?

    @usableFromInline
    init(label: String, value: Value, unit: Calendar.Component? = nil) {
        self.label = label
        self.value = value
        self.unit = unit
    }

    @usableFromInline
    var input: PlotInput { PlotInput(label: label, value: value.plotValue, unit: unit) }
}

extension PlottableValue where Value == Date {
    /// A date that stands for a whole calendar unit, as Swift Charts' `.value(_:_:unit:)`: a bar
    /// spans the unit (a day, a month) and a point or line sits in its middle.
    ///
    /// ```swift
    /// BarMark(x: .value("Day", sale.day, unit: .day), y: .value("Sales", sale.count))
    /// ```
    @inlinable
    public static func value(_ label: String, _ value: Date, unit: Calendar.Component) -> PlottableValue<Date> {
        PlottableValue(label: label, value: value, unit: unit)
    }
}

/// A named value, its type erased.
@usableFromInline
struct PlotInput: Sendable, Hashable {
    var label: String
    var value: PlotValue
    var unit: Calendar.Component? = nil

    @usableFromInline
    init(label: String, value: PlotValue, unit: Calendar.Component? = nil) {
        self.label = label
        self.value = value
        self.unit = unit
    }

    /// The calendar unit a date stands for, as a range of dates; `nil` for other values.
    ///
    /// - Parameter uniform: the calendar's zone keeps one offset from UTC with no daylight
    ///   saving (asked once a chart).
    func bin(in calendar: Calendar, uniform: Bool) -> (PlotValue, PlotValue)? {
        guard let unit, case .date(let date) = value else { return nil }
        // Days, hours and minutes in a zone without daylight saving (UTC, the default) are
        // whole multiples of their length from the zone's midnight: no calendar call per mark.
        let fixed: Double? =
            switch unit {
            case .day: 86_400
            case .hour: 3_600
            case .minute: 60
            default: nil
            }
        if let fixed, uniform {
            let offset = Double(calendar.timeZone.secondsFromGMT(for: date))
            let start = ((date.timeIntervalSince1970 + offset) / fixed).rounded(.down) * fixed - offset
            guard start.isFinite else { return nil }
            return (.date(Date(timeIntervalSince1970: start)), .date(Date(timeIntervalSince1970: start + fixed)))
        }
        guard let interval = calendar.dateInterval(of: unit, for: date) else { return nil }
        return (.date(interval.start), .date(interval.end))
    }
}
