/// Draws children on top of each other, the first at the back, as SwiftUI's `ZStack`.
///
/// ```swift
/// ZStack(alignment: .bottomLeading) { LineChart(points); Text("30 days") }
/// ```
public struct ZStack: PrimitiveView {
    /// The node the layout engine sees.
    public let primitiveNode: ViewNode

    /// A stack of layers, each placed by `alignment` within the largest.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> ViewNode) {
        primitiveNode = .stack(StackSpec(axis: .depth, alignment: alignment, spacing: 0), content().flattened)
    }
}
