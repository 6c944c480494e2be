/// A view drawn in front of another (`overlay`): offered the content's size and placed at an
/// alignment within it; children are (content, overlay).
package struct Overlay: ViewBehavior {
    package var alignment: Alignment

    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        children.first.map { pass.size(of: $0, proposal: proposal, environment: environment) } ?? .zero
    }

    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        guard children.count == 2 else { return }
        pass.place(children[0], in: rect, environment: environment, into: &items)
        let size = pass.size(of: children[1], proposal: ProposedViewSize(rect.size), environment: environment)
        pass.place(children[1], in: rect.aligning(size, alignment), environment: environment, into: &items)
    }

    package func ignoresProposedHeight(_ children: [ViewNode], pass: any LayoutPass) -> Bool {
        children.first.map(pass.ignoresProposedHeight) ?? true
    }

    package func describe(_ children: [String]) -> String {
        "Overlay(\(children.reversed().joined(separator: "; ")))"
    }
}

extension ViewNode {
    package static func overlay(_ overlay: ViewNode, _ content: ViewNode, _ alignment: Alignment) -> ViewNode {
        .primitive(Overlay(alignment: alignment), [content, overlay])
    }
}
