/// Builds a ``ViewNode`` from a block of views, as SwiftUI's `ViewBuilder`.
///
/// Supports `if`, `if`/`else`, `switch` and `for` loops; several views in a
/// block become a group that the enclosing stack lays out one by one.
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression(_ view: some View) -> ViewNode { view.node }
    public static func buildBlock() -> ViewNode { .empty }
    public static func buildBlock(_ nodes: ViewNode...) -> ViewNode {
        nodes.count == 1 ? nodes[0] : .group(nodes)
    }
    public static func buildOptional(_ node: ViewNode?) -> ViewNode { node ?? .empty }
    public static func buildEither(first node: ViewNode) -> ViewNode { node }
    public static func buildEither(second node: ViewNode) -> ViewNode { node }
    public static func buildArray(_ nodes: [ViewNode]) -> ViewNode { .group(nodes) }
    public static func buildLimitedAvailability(_ node: ViewNode) -> ViewNode { node }
}
