/// Builds a view from a block of views, as SwiftUI's `ViewBuilder`.
///
/// Supports `if`, `if`/`else`, `switch`, `for` loops and `if #available`; several views in
/// a block become a group that the enclosing stack lays out one by one.
///
/// ```swift
/// @ViewBuilder func rows(_ items: [String]) -> some View {
///     for item in items { Text(item) }
/// }
/// ```
@resultBuilder
public enum ViewBuilder {
    /// A view in the block.
    public static func buildExpression(_ view: some View) -> ViewNode { ViewNode(view) }
    /// A node in the block, as is.
    public static func buildExpression(_ node: ViewNode) -> ViewNode { node }
    /// An empty block: nothing.
    public static func buildBlock() -> ViewNode { .empty }
    /// The views of a block, grouped when there are several.
    public static func buildBlock(_ nodes: ViewNode...) -> ViewNode {
        nodes.count == 1 ? nodes[0] : .group(nodes)
    }
    /// An `if` without `else`: the view, or nothing.
    public static func buildOptional(_ node: ViewNode?) -> ViewNode { node ?? .empty }
    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first node: ViewNode) -> ViewNode { node }
    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second node: ViewNode) -> ViewNode { node }
    /// The views a `for` loop made, grouped.
    public static func buildArray(_ nodes: [ViewNode]) -> ViewNode { .group(nodes) }
    /// An `if #available` branch.
    public static func buildLimitedAvailability(_ node: ViewNode) -> ViewNode { node }
}
