import WidgetCore

/// What a ``Chart`` draws, as Swift Charts' `ChartContent`: marks, `ForEach` over marks, and
/// blocks of them written with ``ChartContentBuilder``.
///
/// Your own content has a `body`:
///
/// ```swift
/// struct Prices: ChartContent {
///     var bars: [Bar]
///     var body: some ChartContent {
///         ForEach(bars) { LineMark(x: .value("Day", $0.day), y: .value("Close", $0.close)) }
///     }
/// }
/// ```
public protocol ChartContent: Sendable {
    /// The content this one is made of.
    associatedtype Body: ChartContent
    /// The content this one is made of (marks have none).
    @ChartContentBuilder var body: Body { get }
    /// The marks, in drawing order (you do not implement this).
    var _marks: [MarkSpec] { get }
}

extension ChartContent {
    /// The marks, in drawing order (you do not use this).
    public var _marks: [MarkSpec] { body._marks }
}

extension Never: ChartContent {
    /// The marks, in drawing order (you do not use this).
    public var _marks: [MarkSpec] { [] }
}

/// Content drawn by the chart itself (a mark): no body.
public protocol PrimitiveChartContent: ChartContent where Body == Never {}

extension PrimitiveChartContent {
    /// No body: the chart draws it.
    public var body: Never {
        return preconditionFailure("\(Self.self) is drawn by the chart and has no body")
    }
}

/// Several pieces of content in order.
public struct ChartContentList: PrimitiveChartContent {
    /// The marks, in drawing order (you do not use this).
    public let _marks: [MarkSpec]

    @usableFromInline
    init(_ marks: [MarkSpec]) {
        _marks = marks
    }
}

/// Builds chart content from a block, as Swift Charts' `ChartContentBuilder`: several marks,
/// `if`, `if`/`else`, `switch` and `for`.
@resultBuilder
public enum ChartContentBuilder {
    /// A piece of content in the block.
    @inlinable
    public static func buildExpression(_ content: some ChartContent) -> ChartContentList {
        ChartContentList(content._marks)
    }
    /// An empty block.
    @inlinable
    public static func buildBlock() -> ChartContentList { ChartContentList([]) }
    /// The pieces of a block, in order.
    @inlinable
    public static func buildBlock(_ parts: ChartContentList...) -> ChartContentList {
        ChartContentList(parts.flatMap(\._marks))
    }
    /// An `if` without `else`.
    @inlinable
    public static func buildOptional(_ part: ChartContentList?) -> ChartContentList { part ?? ChartContentList([]) }
    /// The first branch of an `if`/`else` or `switch`.
    @inlinable
    public static func buildEither(first part: ChartContentList) -> ChartContentList { part }
    /// The second branch.
    @inlinable
    public static func buildEither(second part: ChartContentList) -> ChartContentList { part }
    /// A `for` loop's pieces.
    @inlinable
    public static func buildArray(_ parts: [ChartContentList]) -> ChartContentList {
        ChartContentList(parts.flatMap(\._marks))
    }
    /// An `if #available` branch.
    @inlinable
    public static func buildLimitedAvailability(_ part: ChartContentList) -> ChartContentList { part }
}

extension ForEach: ChartContent where Content: ChartContent {
    /// No body.
    public typealias Body = Never
    /// No body: the chart draws it.
    public var body: Never {
        return preconditionFailure("ForEach is drawn by the chart and has no body")
    }
    /// The marks, in drawing order (you do not use this).
    public var _marks: [MarkSpec] { elements.flatMap(\._marks) }
}

extension ForEach where Content == ChartContentList {
    /// Marks for each element, identified by a key path.
    @inlinable
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ChartContentBuilder content: (Data.Element) -> Content) {
        self.init(elements: data.map(content))
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID, Content == ChartContentList {
    /// Marks for each `Identifiable` element.
    @inlinable
    public init(_ data: Data, @ChartContentBuilder content: (Data.Element) -> Content) {
        self.init(elements: data.map(content))
    }
}

extension ForEach where Data == Range<Int>, ID == Int, Content == ChartContentList {
    /// Marks for each integer of a range.
    @inlinable
    public init(_ data: Range<Int>, @ChartContentBuilder content: (Int) -> Content) {
        self.init(elements: data.map(content))
    }
}
