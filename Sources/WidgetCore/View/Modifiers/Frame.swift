/// A fixed or flexible frame, as SwiftUI's `frame` modifiers.
package struct FrameSpec: Sendable, Hashable {
    package var width: Double?
    package var height: Double?
    package var minWidth: Double?
    package var maxWidth: Double?
    package var minHeight: Double?
    package var maxHeight: Double?
    package var alignment: Alignment

    package init(
        width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, maxWidth: Double? = nil,
        minHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center
    ) {
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
        self.alignment = alignment
    }
}

/// A frame around a view (`frame(width:height:)`, `frame(maxWidth:)`…): a fixed dimension is
/// offered to the child and taken; a flexible one takes the proposal within its bounds.
package struct Frame: ModifierBehavior {
    package var spec: FrameSpec

    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        guard let child = children.first else { return .zero }
        let childProposal = ProposedViewSize(
            width: spec.width ?? proposal.width.map { Self.clamp($0, spec.minWidth, spec.maxWidth) },
            height: spec.height ?? proposal.height.map { Self.clamp($0, spec.minHeight, spec.maxHeight) })
        let childSize = pass.size(of: child, proposal: childProposal, environment: environment)
        return Size(
            width: Self.dimension(
                fixed: spec.width, min: spec.minWidth, max: spec.maxWidth, proposed: proposal.width,
                child: childSize.width),
            height: Self.dimension(
                fixed: spec.height, min: spec.minHeight, max: spec.maxHeight, proposed: proposal.height,
                child: childSize.height))
    }

    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        guard let child = children.first else { return }
        let childProposal = ProposedViewSize(
            width: spec.width ?? Self.clamp(rect.width, spec.minWidth, spec.maxWidth),
            height: spec.height ?? Self.clamp(rect.height, spec.minHeight, spec.maxHeight))
        var childSize = pass.size(of: child, proposal: childProposal, environment: environment)
        childSize.width = min(childSize.width, max(rect.width, childProposal.width ?? rect.width))
        pass.place(child, in: rect.aligning(childSize, spec.alignment), environment: environment, into: &items)
    }

    private static func dimension(fixed: Double?, min: Double?, max: Double?, proposed: Double?, child: Double)
        -> Double
    {
        if let fixed { return fixed }
        if min == nil && max == nil { return child }
        // A flexible frame takes the proposal within its bounds (an unlimited proposal reaches
        // `max`, so stacks see it as flexible); with no proposal, the child's size within them.
        if let proposed { return clamp(proposed, min, max) }
        return clamp(child, min, max)
    }

    private static func clamp(_ value: Double, _ low: Double?, _ high: Double?) -> Double {
        var result = value
        if let high, result > high { result = high }
        if let low, result < low { result = low }
        return result
    }
}

extension ViewNode {
    package static func frame(_ spec: FrameSpec, _ child: ViewNode) -> ViewNode {
        .primitive(Frame(spec: spec), [child])
    }
}
