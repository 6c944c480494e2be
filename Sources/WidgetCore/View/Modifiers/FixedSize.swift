/// A view at its ideal size on the chosen axes (`fixedSize`), centred in its frame.
package struct FixedSize: ModifierBehavior {
    package var horizontal: Bool
    package var vertical: Bool

    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        guard let child = children.first else { return .zero }
        return pass.size(
            of: child,
            proposal: ProposedViewSize(
                width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height),
            environment: environment)
    }

    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        guard let child = children.first else { return }
        let size = pass.size(
            of: child,
            proposal: ProposedViewSize(width: horizontal ? nil : rect.width, height: vertical ? nil : rect.height),
            environment: environment)
        pass.place(child, in: rect.aligning(size, .center), environment: environment, into: &items)
    }
}
