/// A view drawn behind another and sized to it (`background`); children are (content,
/// background).
package struct Background: ViewBehavior {
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
        pass.place(children[1], in: rect, environment: environment, into: &items)
        pass.place(children[0], in: rect, environment: environment, into: &items)
    }

    package func ignoresProposedHeight(_ children: [ViewNode], pass: any LayoutPass) -> Bool {
        children.first.map(pass.ignoresProposedHeight) ?? true
    }

    package func describe(_ children: [String]) -> String {
        "Background(\(children.reversed().joined(separator: "; ")))"
    }
}

extension ViewNode {
    package static func background(_ background: ViewNode, _ content: ViewNode) -> ViewNode {
        .primitive(Background(), [content, background])
    }
}
