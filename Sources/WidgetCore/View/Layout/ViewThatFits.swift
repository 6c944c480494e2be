/// The first of its views that fits, as SwiftUI's `ViewThatFits`: give it a long form and a
/// short one, and it shows the long one where there is room.
///
/// A view fits when its ideal size on the constrained axes is within what the container is
/// offered; when none fits, the last one is shown. Only the view shown is drawn.
///
/// ```swift
/// ViewThatFits(in: .horizontal) {
///     Text("Bitcoin · BTC / USD")
///     Text("BTC")
/// }
/// ```
public struct ViewThatFits: PrimitiveView {
    /// The node the layout engine sees.
    public let primitiveNode: ViewNode

    /// - Parameters:
    ///   - axes: the axes on which a view must fit (both by default).
    ///   - content: the views, the preferred one first.
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> ViewNode) {
        primitiveNode = .primitive(LayoutBox(FirstThatFits(axes: axes), drawsUnplaced: false), content().flattened)
    }
}

/// ``ViewThatFits``'s rule, as a ``Layout``.
private struct FirstThatFits: Layout {
    let axes: Axis.Set

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
        guard let chosen = choice(proposal, subviews) else { return .zero }
        return subviews[chosen].sizeThatFits(proposal)
    }

    func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard let chosen = choice(proposal, subviews) else { return }
        subviews[chosen].place(
            at: Point(x: bounds.midX, y: bounds.midY), anchor: .center, proposal: ProposedViewSize(bounds.size))
    }

    /// The first subview whose ideal size fits the proposal on the constrained axes, else the last.
    private func choice(_ proposal: ProposedViewSize, _ subviews: Subviews) -> Int? {
        let horizontal = axes.contains(.horizontal)
        let vertical = axes.contains(.vertical)
        let ideal = ProposedViewSize(
            width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
        return subviews.indices.first { index in
            let size = subviews[index].sizeThatFits(ideal)
            let fitsWidth = !horizontal || proposal.width.map { size.width <= $0 + 0.001 } ?? true
            let fitsHeight = !vertical || proposal.height.map { size.height <= $0 + 0.001 } ?? true
            return fitsWidth && fitsHeight
        } ?? subviews.indices.last
    }
}

/// The horizontal or vertical axis, as SwiftUI's `Axis`.
public enum Axis: Sendable, Hashable, CaseIterable {
    case horizontal
    case vertical

    /// A set of axes, as SwiftUI's `Axis.Set`.
    public struct Set: OptionSet, Sendable, Hashable {
        /// The bits of the set.
        public let rawValue: Int8
        /// A set from its bits.
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The horizontal axis.
        public static let horizontal = Set(rawValue: 1)
        /// The vertical axis.
        public static let vertical = Set(rawValue: 2)
    }
}
