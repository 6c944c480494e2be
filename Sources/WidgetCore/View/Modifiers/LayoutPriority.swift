/// A view offered space before its siblings of lower priority (`layoutPriority`).
package struct LayoutPriority: ModifierBehavior {
    package var value: Double

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
        pass.place(child, in: rect, environment: environment, into: &items)
    }

    package func layoutPriority(of children: [ViewNode]) -> Double { value }

    package func ignoresProposedHeight(_ children: [ViewNode], pass: any LayoutPass) -> Bool {
        children.first.map(pass.ignoresProposedHeight) ?? true
    }

    package func describe(_ children: [String]) -> String {
        "Priority[\(value)](\(children.joined(separator: "; ")))"
    }
}
