/// How one kind of built-in view is sized, placed and drawn: everything the layout engine and
/// the tree's passes need to know about it, in the view's own file.
///
/// A view tree holds a behaviour with its children (``ViewNode/Kind/primitive(_:_:)``). The
/// engine asks it its size for a proposal and lets it place its children and add what it draws
/// to the display list; the tree's passes (resolving bodies, finding a `widgetURL`, a stack's
/// layout priorities) ask it the rest. So adding a view or a modifier is one file: its public
/// API, a behaviour, and nothing in the engine or the renderer — the display list's layers
/// (opacity, clip, transform, shadow, blur) and drawing items are the renderer's whole
/// vocabulary.
///
/// A user's ``Layout`` is one behaviour among others (``LayoutBox``); built-in views use this
/// package protocol instead because they also draw, and because the engine's memos need their
/// children as they are stored.
package protocol ViewBehavior: Sendable {
    /// The size the view chooses for a proposal.
    func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size

    /// Places the view's children in `rect` (the frame its parent gave it, in widget points) and
    /// adds what it draws, back to front.
    func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem])

    /// The view with its children's bodies evaluated (see ``ViewNode/resolved(in:)``). By
    /// default the same behaviour over its resolved children.
    func resolved(_ children: [ViewNode], in environment: EnvironmentValues) -> ViewNode

    /// The priority a stack gives the view (`layoutPriority`): 0 by default.
    func layoutPriority(of children: [ViewNode]) -> Double

    /// What the view is to a stack: most views are placed; spacers and dividers are sized by it.
    var stackRole: StackRole { get }

    /// Whether the view's size is the same whatever height it is offered (text, and stacks of
    /// it), so the engine's stack memo may leave the height out. `false` unless it says.
    func ignoresProposedHeight(_ children: [ViewNode], pass: any LayoutPass) -> Bool

    /// A short description of the view with its children's, for tests: `Padding(Text(a))`.
    func describe(_ children: [String]) -> String
}

/// A behaviour that wraps one view and keeps its layout priority: padding, frames, layers…
package protocol ModifierBehavior: ViewBehavior {}

/// What a view is to the stack it is in.
package enum StackRole: Sendable, Hashable {
    /// Offered a share of the stack and placed in it.
    case view
    /// Flexible space along the stack's axis, at least `minLength`.
    case spacer(minLength: Double?)
    /// A hairline across the stack.
    case divider
}

extension ViewBehavior {
    package func resolved(_ children: [ViewNode], in environment: EnvironmentValues) -> ViewNode {
        ViewNode(.primitive(self, children.map { $0.resolved(in: environment) }))
    }

    package func layoutPriority(of children: [ViewNode]) -> Double { 0 }

    package var stackRole: StackRole { .view }

    package func ignoresProposedHeight(_ children: [ViewNode], pass: any LayoutPass) -> Bool { false }

    package func describe(_ children: [String]) -> String {
        let name = String(describing: Self.self)
        return children.isEmpty ? name : "\(name)(\(children.joined(separator: "; ")))"
    }
}

extension ModifierBehavior {
    package func layoutPriority(of children: [ViewNode]) -> Double { children.first?.layoutPriority ?? 0 }
}

/// A modifier that changes only how its one child is drawn, not its size or place: the child
/// is sized and placed as if the modifier were not there, inside a layer of the display list.
package protocol DrawingModifier: ModifierBehavior {
    /// The layer around the child's drawing, for the frame it was placed in; `nil` draws
    /// nothing at all (a scale of 0).
    func layer(for rect: Rect, environment: EnvironmentValues) -> DisplayLayer?
}

extension DrawingModifier {
    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        children.first.map { pass.size(of: $0, proposal: proposal, environment: environment) } ?? .zero
    }

    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        guard let child = children.first, let layer = layer(for: rect, environment: environment) else { return }
        items.append(.beginLayer(layer))
        pass.place(child, in: rect, environment: environment, into: &items)
        items.append(.endLayer)
    }

    package func ignoresProposedHeight(_ children: [ViewNode], pass: any LayoutPass) -> Bool {
        children.first.map(pass.ignoresProposedHeight) ?? true
    }
}

/// What the layout engine offers a view's behaviour during one pass: its children's sizes and
/// places, text measurement, and storage for memos that last the pass.
package protocol LayoutPass: AnyObject {
    /// The size `node` chooses for a proposal.
    func size(of node: ViewNode, proposal: ProposedViewSize, environment: EnvironmentValues) -> Size

    /// Places `node` in `rect` and adds what it draws.
    func place(_ node: ViewNode, in rect: Rect, environment: EnvironmentValues, into items: inout [DisplayItem])

    /// The size of styled text as the renderer sets it.
    func measure(_ text: StyledText, maxWidth: Double?, lineLimit: Int?) -> Size

    /// Where styled text's first and last baselines fall, from its top, as the renderer sets it.
    func baselines(_ text: StyledText, maxWidth: Double?, lineLimit: Int?) -> (first: Double, last: Double)

    /// Text at its final fonts for a width (shrunk toward the environment's
    /// `minimumScaleFactor` when it would otherwise be truncated), with its size.
    func fitted(_ text: StyledText, width: Double?, environment: EnvironmentValues) -> (text: StyledText, size: Size)

    /// Whether `node`'s size is the same for any proposed height.
    func ignoresProposedHeight(_ node: ViewNode) -> Bool

    /// The pass's one instance of `type`, made on first use: memos a view keeps for the pass.
    func storage<T: AnyObject>(_ type: T.Type, make: () -> T) -> T

    /// The stacks' memo for the pass (kept apart from ``storage(_:make:)``: stacks ask it on
    /// every size query).
    var stackSizes: StackSizes { get }
}

extension Rect {
    /// A rectangle of `size` at `alignment` within this one.
    package func aligning(_ size: Size, _ alignment: Alignment) -> Rect {
        let x: Double
        switch alignment.horizontal {
        case .leading: x = minX
        case .center: x = minX + (width - size.width) / 2
        case .trailing: x = maxX - size.width
        }
        let y: Double
        switch alignment.vertical {
        case .top, .firstTextBaseline: y = minY
        case .center: y = minY + (height - size.height) / 2
        case .bottom, .lastTextBaseline: y = maxY - size.height
        }
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }
}
