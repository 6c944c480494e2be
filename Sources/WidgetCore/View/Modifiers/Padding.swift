/// Empty space around a view (`padding`): the view is offered the proposal less the insets.
package struct Padding: ModifierBehavior {
    package var insets: EdgeInsets

    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        guard let child = children.first else { return .zero }
        let inner = ProposedViewSize(
            width: proposal.width.map { max(0, $0 - insets.leading - insets.trailing) },
            height: proposal.height.map { max(0, $0 - insets.top - insets.bottom) })
        let size = pass.size(of: child, proposal: inner, environment: environment)
        return Size(
            width: size.width + insets.leading + insets.trailing, height: size.height + insets.top + insets.bottom)
    }

    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        guard let child = children.first else { return }
        pass.place(child, in: rect.inset(by: insets), environment: environment, into: &items)
    }

    package func ignoresProposedHeight(_ children: [ViewNode], pass: any LayoutPass) -> Bool {
        children.first.map(pass.ignoresProposedHeight) ?? true
    }
}

extension ViewNode {
    package static func padding(_ insets: EdgeInsets, _ child: ViewNode) -> ViewNode {
        .primitive(Padding(insets: insets), [child])
    }
}
