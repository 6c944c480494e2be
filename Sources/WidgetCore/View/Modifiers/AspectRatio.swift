/// A view in a frame of an aspect ratio (`aspectRatio`, `scaledToFit`, `scaledToFill`),
/// centred; `ratio` `nil` takes the view's own.
package struct AspectRatio: ModifierBehavior {
    package var ratio: Double?
    package var mode: ContentMode

    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        guard let child = children.first else { return .zero }
        let target = self.proposal(for: child, proposal, environment: environment, pass: pass)
        return pass.size(of: child, proposal: target, environment: environment)
    }

    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        guard let child = children.first else { return }
        let target = proposal(for: child, ProposedViewSize(rect.size), environment: environment, pass: pass)
        let size = pass.size(of: child, proposal: target, environment: environment)
        pass.place(child, in: rect.aligning(size, .center), environment: environment, into: &items)
    }

    package func describe(_ children: [String]) -> String { "Aspect(\(children.joined(separator: "; ")))" }

    /// The largest size of the ratio inside the proposal (`.fit`) or the smallest covering it
    /// (`.fill`).
    private func proposal(
        for child: ViewNode, _ proposal: ProposedViewSize, environment: EnvironmentValues, pass: any LayoutPass
    ) -> ProposedViewSize {
        let aspect: Double
        if let ratio {
            aspect = ratio
        } else {
            let ideal = pass.size(of: child, proposal: .unspecified, environment: environment)
            guard ideal.width > 0, ideal.height > 0 else { return proposal }
            aspect = ideal.width / ideal.height
        }
        let width = proposal.width.flatMap { $0.isFinite ? $0 : nil }
        let height = proposal.height.flatMap { $0.isFinite ? $0 : nil }
        switch (width, height) {
        case (let w?, let h?):
            let fitsWidth = w / aspect <= h
            let useWidth = mode == .fit ? fitsWidth : !fitsWidth
            return useWidth
                ? ProposedViewSize(width: w, height: w / aspect) : ProposedViewSize(width: h * aspect, height: h)
        case (let w?, nil): return ProposedViewSize(width: w, height: w / aspect)
        case (nil, let h?): return ProposedViewSize(width: h * aspect, height: h)
        case (nil, nil): return proposal
        }
    }
}
