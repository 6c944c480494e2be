import Foundation
import WidgetCore

/// An axis as a chart's `chartXAxis { … }` or `chartYAxis { … }` describes it, as Swift Charts'
/// `AxisContent`: one or more ``AxisMarks``.
public protocol AxisContent: Sendable {
    /// The marks' descriptions (you do not use this).
    var _axisMarks: [AxisMarksSpec] { get }
}

/// Several axis contents in order.
public struct AxisContentList: AxisContent {
    /// The axis marks' descriptions (you do not use this).
    public let _axisMarks: [AxisMarksSpec]
}

/// Builds an axis from a block of ``AxisMarks``.
@resultBuilder
public enum AxisContentBuilder {
    /// A piece of content in the block.
    public static func buildExpression(_ content: some AxisContent) -> AxisContentList {
        AxisContentList(_axisMarks: content._axisMarks)
    }
    /// The pieces of a block, in order.
    public static func buildBlock(_ parts: AxisContentList...) -> AxisContentList {
        AxisContentList(_axisMarks: parts.flatMap(\._axisMarks))
    }
    /// An `if` without `else`.
    public static func buildOptional(_ part: AxisContentList?) -> AxisContentList {
        part ?? AxisContentList(_axisMarks: [])
    }
    /// A branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: AxisContentList) -> AxisContentList { part }
    /// A branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: AxisContentList) -> AxisContentList { part }
}

/// Where an axis's marks go.
public struct AxisMarkPosition: Sendable, Hashable {
    let name: String
    /// The chart's choice: the trailing edge for y, the bottom for x.
    public static var automatic: AxisMarkPosition { AxisMarkPosition(name: "automatic") }
    /// The leading edge (y).
    public static var leading: AxisMarkPosition { AxisMarkPosition(name: "leading") }
    /// The trailing edge (y).
    public static var trailing: AxisMarkPosition { AxisMarkPosition(name: "trailing") }
    /// The top (x).
    public static var top: AxisMarkPosition { AxisMarkPosition(name: "top") }
    /// The bottom (x).
    public static var bottom: AxisMarkPosition { AxisMarkPosition(name: "bottom") }
}

/// Which values an axis marks, as Swift Charts' `AxisMarkValues`.
public struct AxisMarkValues: Sendable {
    enum Kind: Sendable {
        case automatic(Int?)
        case dateStride(Calendar.Component, Int)
        case numberStride(Double)
        case values([PlotValue])
    }

    let kind: Kind

    /// As many as fit, at round values.
    public static var automatic: AxisMarkValues { AxisMarkValues(kind: .automatic(nil)) }
    /// About this many, at round values.
    public static func automatic(desiredCount: Int) -> AxisMarkValues {
        AxisMarkValues(kind: .automatic(min(50, max(1, desiredCount))))
    }
    /// Every `count` calendar units (`.stride(by: .hour, count: 3)`), in the chart's time zone.
    public static func stride(by component: Calendar.Component, count: Int = 1) -> AxisMarkValues {
        AxisMarkValues(kind: .dateStride(component, min(10_000, max(1, count))))
    }
    /// Every `step` of a quantity.
    public static func stride(by step: Double) -> AxisMarkValues {
        AxisMarkValues(kind: .numberStride(step.isFinite && step > 0 ? step : 1))
    }
    /// These values.
    public static func values<V: Plottable>(_ values: [V]) -> AxisMarkValues {
        AxisMarkValues(kind: .values(values.map(\.plotValue)))
    }
}

/// A value an axis marks, as the axis's content closure receives it.
public struct AxisValue: Sendable {
    let value: PlotValue
    /// Its place among the axis's values.
    public let index: Int
    /// How many values the axis marks.
    public let count: Int

    /// The value as a type (`value.as(Date.self)`), or `nil` when it is not one.
    public func `as`<T: Plottable>(_ type: T.Type) -> T? { T(plotValue: value) }
}

/// The marks an axis draws at each of its values — grid lines, ticks and labels — as Swift
/// Charts' `AxisMarks`. Without content it draws all three.
///
/// ```swift
/// .chartXAxis {
///     AxisMarks(values: .stride(by: .hour, count: 6)) { value in
///         AxisGridLine()
///         AxisValueLabel(format: .dateTime.hour())
///     }
/// }
/// ```
public struct AxisMarks: AxisContent {
    /// The axis marks' descriptions (you do not use this).
    public let _axisMarks: [AxisMarksSpec]

    /// Grid lines, ticks and labels at the values.
    public init(position: AxisMarkPosition = .automatic, values: AxisMarkValues = .automatic) {
        _axisMarks = [AxisMarksSpec(position: position, values: values, content: nil)]
    }

    /// The content at each value.
    public init(
        position: AxisMarkPosition = .automatic, values: AxisMarkValues = .automatic,
        @AxisMarkBuilder content: @escaping @Sendable (AxisValue) -> AxisMarkList
    ) {
        _axisMarks = [AxisMarksSpec(position: position, values: values, content: { content($0).elements })]
    }

    /// Grid lines, ticks and labels at these values.
    public init<V: Plottable>(position: AxisMarkPosition = .automatic, values: [V]) {
        self.init(position: position, values: .values(values))
    }

    /// The content at each of these values.
    public init<V: Plottable>(
        position: AxisMarkPosition = .automatic, values: [V],
        @AxisMarkBuilder content: @escaping @Sendable (AxisValue) -> AxisMarkList
    ) {
        self.init(position: position, values: .values(values), content: content)
    }
}

/// One ``AxisMarks``, described (opaque).
public struct AxisMarksSpec: Sendable {
    let position: AxisMarkPosition
    let values: AxisMarkValues
    let content: (@Sendable (AxisValue) -> [AxisElement])?
}

/// What an axis draws at a value.
public struct AxisElement: Sendable {
    enum Kind: Sendable {
        case gridLine(StrokeStyle?)
        case tick(length: Double, StrokeStyle?)
        case label(AxisLabel)
    }

    enum AxisLabel: Sendable {
        /// The chart's own label for the value.
        case automatic
        /// The value written by a format, for the chart's locale and time zone.
        case format(@Sendable (PlotValue, Locale, TimeZone) -> String?)
        /// A view of the user's.
        case view(ViewNode)
    }

    let kind: Kind
    var color: Color?
    /// Where a label's box meets its tick (Swift Charts' `anchor:`): `.topLeading` starts the
    /// label at the tick, `.top` centres it; `nil` is the chart's choice.
    var anchor: UnitPoint? = nil
    /// A label's font when it is not the chart's (`caption2`): an e-ink dashboard's 16 pt.
    var font: Font? = nil
}

/// A mark of an axis: a grid line, a tick or a label.
public protocol AxisMark: Sendable {
    /// What it draws (you do not use this).
    var _element: AxisElement { get }
}

extension AxisMark {
    /// The mark in a colour.
    public func foregroundStyle(_ color: Color) -> AxisMarkList {
        AxisMarkList(elements: [_element]).foregroundStyle(color)
    }

    /// A label in a font of its own, as Swift Charts' `AxisValueLabel().font(.title3)`; the
    /// chart makes room for it under or beside the plot. Grid lines and ticks have no text and
    /// keep none.
    ///
    /// ```swift
    /// AxisValueLabel().font(Font(size: 16, weight: .semibold)).foregroundStyle(.primary)
    /// ```
    public func font(_ font: Font) -> AxisMarkList {
        AxisMarkList(elements: [_element]).font(font)
    }
}

/// Several axis marks.
public struct AxisMarkList: Sendable {
    let elements: [AxisElement]

    /// The marks in a colour.
    public func foregroundStyle(_ color: Color) -> AxisMarkList {
        AxisMarkList(
            elements: elements.map { element in
                var element = element
                element.color = color
                return element
            })
    }

    /// The marks' labels in a font (``AxisMark/font(_:)``).
    public func font(_ font: Font) -> AxisMarkList {
        AxisMarkList(
            elements: elements.map { element in
                var element = element
                if case .label = element.kind { element.font = font }
                return element
            })
    }
}

/// Builds an axis's marks at a value.
@resultBuilder
public enum AxisMarkBuilder {
    /// A piece of content in the block.
    public static func buildExpression(_ mark: some AxisMark) -> AxisMarkList {
        AxisMarkList(elements: [mark._element])
    }
    /// A piece of content in the block.
    public static func buildExpression(_ list: AxisMarkList) -> AxisMarkList { list }
    /// The pieces of a block, in order.
    public static func buildBlock(_ parts: AxisMarkList...) -> AxisMarkList {
        AxisMarkList(elements: parts.flatMap(\.elements))
    }
    /// An `if` without `else`.
    public static func buildOptional(_ part: AxisMarkList?) -> AxisMarkList { part ?? AxisMarkList(elements: []) }
    /// A branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: AxisMarkList) -> AxisMarkList { part }
    /// A branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: AxisMarkList) -> AxisMarkList { part }
}

/// A grid line across the plot at the value, as Swift Charts' `AxisGridLine`.
public struct AxisGridLine: AxisMark {
    /// What the mark draws (you do not use this).
    public let _element: AxisElement

    /// A hairline, or a stroke of your own.
    public init(stroke: StrokeStyle? = nil) {
        _element = AxisElement(kind: .gridLine(stroke))
    }
}

/// A short line at the value beside the plot, as Swift Charts' `AxisTick`.
public struct AxisTick: AxisMark {
    /// What the mark draws (you do not use this).
    public let _element: AxisElement

    /// A tick of a length in points (4 by default).
    public init(length: Double = 4, stroke: StrokeStyle? = nil) {
        _element = AxisElement(kind: .tick(length: length.isFinite ? min(40, max(0, length)) : 4, stroke))
    }
}

/// The value's label, as Swift Charts' `AxisValueLabel`: the chart's own, a format's, or a view.
public struct AxisValueLabel: AxisMark {
    /// What the mark draws (you do not use this).
    public let _element: AxisElement

    /// The chart's label for the value; `anchor` places it at its tick (`.topLeading` starts
    /// it there, `.top` centres it under it).
    public init(anchor: UnitPoint? = nil) {
        _element = AxisElement(kind: .label(.automatic), anchor: anchor)
    }

    /// The value as a date format writes it, in the chart's language and time zone:
    /// `AxisValueLabel(format: .dateTime.weekday())`.
    public init(format: Date.FormatStyle, anchor: UnitPoint? = nil) {
        _element = AxisElement(
            kind: .label(
                .format { value, locale, timeZone in
                    guard case .date(let date) = value else { return nil }
                    var style = format.locale(locale)
                    style.timeZone = timeZone
                    return date.formatted(style)
                }), anchor: anchor)
    }

    /// The value as a number format writes it: `AxisValueLabel(format: .percent)`.
    public init<F: FormatStyle & Sendable>(format: F, anchor: UnitPoint? = nil)
    where F.FormatInput == Double, F.FormatOutput == String {
        _element = AxisElement(
            kind: .label(
                .format { value, _, _ in
                    guard case .number(let number) = value else { return nil }
                    return format.format(number)
                }), anchor: anchor)
    }

    /// A view of your own for the value.
    public init(anchor: UnitPoint? = nil, @ViewBuilder content: () -> ViewNode) {
        _element = AxisElement(kind: .label(.view(content())), anchor: anchor)
    }
}

extension View {
    /// The x axis's marks, as Swift Charts' `chartXAxis { AxisMarks(…) }`.
    public func chartXAxis(@AxisContentBuilder content: () -> AxisContentList) -> ViewNode {
        let marks = content()._axisMarks
        return chart { $0.xMarks = marks }
    }

    /// The y axis's marks, as Swift Charts' `chartYAxis { AxisMarks(…) }`.
    public func chartYAxis(@AxisContentBuilder content: () -> AxisContentList) -> ViewNode {
        let marks = content()._axisMarks
        return chart { $0.yMarks = marks }
    }
}
