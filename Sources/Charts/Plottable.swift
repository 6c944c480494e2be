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
    public var plotValue: PlotValue { .number(self) }
}

extension Float: Plottable {
    public var plotValue: PlotValue { .number(Double(self)) }
}

extension Int: Plottable {
    public var plotValue: PlotValue { .number(Double(self)) }
}

extension Date: Plottable {
    public var plotValue: PlotValue { .date(self) }
}

extension String: Plottable {
    public var plotValue: PlotValue { .category(self) }
}

extension Plottable where Self: RawRepresentable, RawValue == String {
    /// An enum with `String` raw values is a category named by its raw value.
    public var plotValue: PlotValue { .category(rawValue) }
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
    public static func value(_ label: String, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: label, value: value)
    }

    var input: PlotInput { PlotInput(label: label, value: value.plotValue) }
}

/// A named value, its type erased.
struct PlotInput: Sendable, Hashable {
    var label: String
    var value: PlotValue
}
