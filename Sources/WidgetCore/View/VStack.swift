/// Arranges children top to bottom, as SwiftUI's `VStack`.
///
/// ```swift
/// VStack(alignment: .leading, spacing: 4) { Text("BTC"); Text("29,039") }
/// ```
public struct VStack: PrimitiveView {
    /// The node the layout engine sees.
    public let primitiveNode: ViewNode

    /// - Parameters:
    ///   - alignment: where narrower children sit across the stack.
    ///   - spacing: points between children; `nil` for the default 8.
    ///   - content: the children.
    public init(
        alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> ViewNode
    ) {
        primitiveNode = .stack(
            StackSpec(
                axis: .vertical, alignment: Alignment(horizontal: alignment, vertical: .center), spacing: spacing),
            content().flattened)
    }
}
