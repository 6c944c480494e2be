/// Draws children on top of each other, the first at the back, as SwiftUI's `ZStack`.
///
/// ```swift
/// ZStack(alignment: .bottomLeading) { LineChart(points); Text("30 days") }
/// ```
public struct ZStack: PrimitiveView {
    public let primitiveNode: ViewNode

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> ViewNode) {
        primitiveNode = .stack(StackSpec(axis: .depth, alignment: alignment, spacing: 0), content().flattened)
    }
}
