import WidgetRender

/// A flow layout, written as on iOS 16 with SwiftUI's `Layout`: subviews left to right at their
/// ideal size, a new row when the next one would pass the width. The same file compiles in an
/// iOS widget extension (with `CGSize`, `CGPoint` and `CGRect` for `Size`, `Point` and `Rect`).
///
/// ```swift
/// FlowLayout(spacing: 6) {
///     ForEach(tags, id: \.self) { Text($0).padding(4).background(Capsule().fill(.blue.opacity(0.2))) }
/// }
/// ```
public struct FlowLayout: Layout {
    /// Points between subviews, and between rows.
    public var spacing: Double

    /// A flow with `spacing` points between subviews and rows.
    public init(spacing: Double = 8) {
        self.spacing = spacing
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
        let frames = arrange(subviews, width: proposal.width ?? .infinity)
        return Size(
            width: proposal.width ?? frames.map(\.maxX).max() ?? 0, height: frames.map(\.maxY).max() ?? 0)
    }

    public func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for (subview, frame) in zip(subviews, arrange(subviews, width: bounds.width)) {
            subview.place(
                at: Point(x: bounds.minX + frame.minX, y: bounds.minY + frame.minY),
                proposal: ProposedViewSize(width: frame.width, height: frame.height))
        }
    }

    /// Each subview's frame, from the top leading corner of the flow.
    private func arrange(_ subviews: Subviews, width: Double) -> [Rect] {
        var frames: [Rect] = []
        var x = 0.0
        var y = 0.0
        var rowHeight = 0.0
        for subview in subviews {
            let size = subview.sizeThatFits(.unspecified)
            if x > 0, x + size.width > width {
                x = 0
                y += rowHeight + spacing
                rowHeight = 0
            }
            frames.append(Rect(x: x, y: y, width: size.width, height: size.height))
            x += size.width + spacing
            rowHeight = max(rowHeight, size.height)
        }
        return frames
    }
}
