/// A view for each element of a collection, as SwiftUI's `ForEach`: over a range, over
/// `Identifiable` values, or over any values with an `id` key path.
///
/// Its views join the enclosing stack one by one, as if written out.
///
/// ```swift
/// VStack(alignment: .leading) {
///     ForEach(entry.todos) { todo in TodoRow(todo: todo) }
///     ForEach(0..<3) { index in Text("Row \(index)") }
/// }
/// ```
///
/// Its content is generic, as SwiftUI's: views here, and other kinds of content (a chart's
/// marks) where a module adds an initializer for them with its own builder.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    /// The content made for each element, in order.
    @usableFromInline
    package let elements: [Content]

    /// Content already made for each element.
    @usableFromInline
    package init(elements: [Content]) {
        self.elements = elements
    }
}

extension ForEach: Sendable where Content: Sendable {}

extension ForEach: View, PrimitiveView where Content == ViewNode {
    /// The node the layout engine sees: the views, grouped.
    public var primitiveNode: ViewNode { .group(elements) }

    /// A view for each element, identified by a key path.
    ///
    /// - Parameters:
    ///   - data: the elements.
    ///   - id: the key path to each element's identity.
    ///   - content: the view for an element.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: (Data.Element) -> ViewNode) {
        self.init(elements: data.map(content))
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID, Content == ViewNode {
    /// A view for each `Identifiable` element.
    ///
    /// - Parameters:
    ///   - data: the elements.
    ///   - content: the view for an element.
    public init(_ data: Data, @ViewBuilder content: (Data.Element) -> ViewNode) {
        self.init(elements: data.map(content))
    }
}

extension ForEach where Data == Range<Int>, ID == Int, Content == ViewNode {
    /// A view for each integer of a range.
    ///
    /// - Parameters:
    ///   - data: the range, e.g. `0..<5`.
    ///   - content: the view for an integer.
    public init(_ data: Range<Int>, @ViewBuilder content: (Int) -> ViewNode) {
        self.init(elements: data.map(content))
    }
}

/// Views with no container of their own, as SwiftUI's `Group`: modifiers on a group apply to
/// each of its views, which join the enclosing stack one by one.
///
/// ```swift
/// Group { Text("Cases"); Text("Deaths") }.font(.caption)
/// ```
public struct Group: PrimitiveView {
    /// The node the layout engine sees.
    public let primitiveNode: ViewNode

    /// - Parameter content: the views.
    public init(@ViewBuilder content: () -> ViewNode) {
        primitiveNode = .group([content()])
    }
}
