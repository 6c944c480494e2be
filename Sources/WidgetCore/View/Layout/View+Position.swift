extension View {
    /// Puts the centre of the view at a point of its parent's space, as SwiftUI's `position`:
    /// the view takes all the space it is offered, and its content is laid out at the size it
    /// chooses for that space, centred on the point.
    ///
    /// ```swift
    /// ZStack {
    ///     Circle().fill(.orange).frame(width: 8, height: 8).position(x: 20, y: 30)
    /// }
    /// ```
    public func position(x: Double = 0, y: Double = 0) -> ViewNode {
        Positioned(point: Point(x: x.isFinite ? x : 0, y: y.isFinite ? y : 0)) { node }
    }

    /// Puts the centre of the view at a point of its parent's space.
    public func position(_ point: Point) -> ViewNode {
        position(x: point.x, y: point.y)
    }
}

/// `position`'s rule, as a ``Layout``: the whole proposal (10 points where there is none), the
/// subview centred on the point.
private struct Positioned: Layout {
    let point: Point

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
        proposal.replacingUnspecifiedDimensions()
    }

    func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for subview in subviews {
            subview.place(
                at: Point(x: bounds.minX + point.x, y: bounds.minY + point.y), anchor: .center, proposal: proposal)
        }
    }
}
