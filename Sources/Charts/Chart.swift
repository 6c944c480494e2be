import Foundation
import WidgetCore

/// A chart, as Swift Charts' `Chart`: marks over scales chosen from their values, with axes,
/// grid lines and a legend. It takes the space it is offered.
///
/// ```swift
/// import Charts
///
/// Chart(days) { day in
///     LineMark(x: .value("Day", day.date), y: .value("Close", day.close))
/// }
/// .chartYScale(domain: .automatic(includesZero: false))
/// ```
///
/// Each mark is placed by its values: quantities on a linear scale (reaching zero unless the
/// scale says otherwise), dates on a time scale in the widget's calendar and time zone (so a
/// gap in the data is a gap in the chart), strings in bands in the order first seen. The y
/// axis is on the trailing edge, the x axis at the bottom, as in Swift Charts.
public struct Chart: PrimitiveView {
    @usableFromInline
    let marks: [MarkSpec]

    /// A chart of the marks in a block.
    @inlinable
    public init(@ChartContentBuilder content: () -> some ChartContent) {
        marks = content()._marks
    }

    /// A chart of the marks made for each element of a collection.
    @inlinable
    public init<Data: RandomAccessCollection, C: ChartContent>(
        _ data: Data, @ChartContentBuilder content: (Data.Element) -> C
    ) {
        marks = data.flatMap { content($0)._marks }
    }

    /// A chart of the marks made for each element, identified by a key path.
    @inlinable
    public init<Data: RandomAccessCollection, ID: Hashable, C: ChartContent>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ChartContentBuilder content: (Data.Element) -> C
    ) {
        marks = data.flatMap { content($0)._marks }
    }

    /// The node the layout engine sees.
    public var primitiveNode: ViewNode { .primitive(ChartPlot(marks: marks)) }
}

/// Whether a part of a chart is shown, as SwiftUI's `Visibility`.
public enum Visibility: Sendable, Hashable {
    /// As the chart decides.
    case automatic
    /// Shown.
    case visible
    /// Not shown.
    case hidden
}

struct ChartSettings: Sendable {
    var xDomain: ScaleDomain?
    var yDomain: ScaleDomain?
    var xAxis: Visibility = .automatic
    var yAxis: Visibility = .automatic
    var legend: Visibility = .automatic
    /// The axes' marks, when the chart describes them.
    var xMarks: [AxisMarksSpec]?
    var yMarks: [AxisMarksSpec]?
    /// Colours of categories, in order (`chartForegroundStyleScale`).
    var palette: [(String, Color)] = []
}

private struct ChartSettingsKey: EnvironmentKey {
    static let defaultValue = ChartSettings()
}

extension EnvironmentValues {
    var chartSettings: ChartSettings {
        get { self[ChartSettingsKey.self] }
        set { self[ChartSettingsKey.self] = newValue }
    }
}

extension View {
    /// A chart setting: kept by the chart itself when this is one (a chart's modifiers are
    /// usually written on it, and an environment write per modifier cost more than the chart's
    /// layout), else written to the environment for every chart inside.
    func chart(_ change: @escaping @Sendable (inout ChartSettings) -> Void) -> ViewNode {
        let node = node
        if case .primitive(let behavior, let children) = node.kind, var plot = behavior as? ChartPlot {
            plot.changes.append(change)
            return .primitive(plot, children)
        }
        return .environment(.custom(EnvironmentWrite { change(&$0.chartSettings) }), node)
    }

    /// The x scale's domain, as Swift Charts' `chartXScale(domain:)`.
    public func chartXScale(domain: ScaleDomain) -> ViewNode { chart { $0.xDomain = domain } }

    /// The x scale's domain as a range of quantities.
    public func chartXScale(domain: ClosedRange<Double>) -> ViewNode { chartXScale(domain: .range(domain)) }

    /// The x scale's domain as a range of dates.
    public func chartXScale(domain: ClosedRange<Date>) -> ViewNode { chartXScale(domain: .range(domain)) }

    /// The y scale's domain, as Swift Charts' `chartYScale(domain:)`.
    public func chartYScale(domain: ScaleDomain) -> ViewNode { chart { $0.yDomain = domain } }

    /// The y scale's domain as a range of quantities.
    public func chartYScale(domain: ClosedRange<Double>) -> ViewNode { chartYScale(domain: .range(domain)) }

    /// Shows or hides the x axis (its labels, ticks and vertical grid lines).
    public func chartXAxis(_ visibility: Visibility) -> ViewNode { chart { $0.xAxis = visibility } }

    /// Shows or hides the y axis (its labels and horizontal grid lines).
    public func chartYAxis(_ visibility: Visibility) -> ViewNode { chart { $0.yAxis = visibility } }

    /// Shows or hides the legend of `foregroundStyle(by:)` categories.
    public func chartLegend(_ visibility: Visibility) -> ViewNode { chart { $0.legend = visibility } }

    /// The colour of each category of `foregroundStyle(by:)`, as Swift Charts'
    /// `chartForegroundStyleScale`: `["Cases": .orange, "Deaths": .gray]` (in the legend's order
    /// when given as pairs).
    public func chartForegroundStyleScale(_ mapping: KeyValuePairs<String, Color>) -> ViewNode {
        let pairs = mapping.map { ($0.key, $0.value) }
        return chart { $0.palette = pairs }
    }
}
