/// A view drawn moved (`offset`), its layout and its neighbours' unchanged.
package struct Offset: ModifierBehavior {
    package var x: Double
    package var y: Double

    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        children.first.map { pass.size(of: $0, proposal: proposal, environment: environment) } ?? .zero
    }

    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        guard let child = children.first else { return }
        pass.place(
            child, in: Rect(x: rect.minX + x, y: rect.minY + y, width: rect.width, height: rect.height),
            environment: environment, into: &items)
    }

    package func ignoresProposedHeight(_ children: [ViewNode], pass: any LayoutPass) -> Bool {
        children.first.map(pass.ignoresProposedHeight) ?? true
    }
}
