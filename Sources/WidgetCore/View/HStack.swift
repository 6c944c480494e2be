/// Arranges children leading to trailing, as SwiftUI's `HStack`.
///
/// ```swift
/// HStack { Text("BTC"); Spacer(); Text("+2.1%") }
/// ```
public struct HStack: PrimitiveView {
    /// The node the layout engine sees.
    public let primitiveNode: ViewNode

    /// - Parameters:
    ///   - alignment: where shorter children sit across the stack.
    ///   - spacing: points between children; `nil` for the default 8.
    ///   - content: the children.
    public init(
        alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> ViewNode
    ) {
        primitiveNode = .stack(
            StackSpec(
                axis: .horizontal, alignment: Alignment(horizontal: .center, vertical: alignment), spacing: spacing),
            content().flattened)
    }
}
