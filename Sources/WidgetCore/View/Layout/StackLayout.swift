/// The arrangement of a stack.
package struct StackSpec: Sendable, Hashable {
    /// How children are arranged.
    package enum Axis: Sendable, Hashable {
        case horizontal
        case vertical
        case depth
    }

    package var axis: Axis
    package var alignment: Alignment
    /// Space between children; `nil` uses the default of 8 points.
    package var spacing: Double?

    package init(axis: Axis, alignment: Alignment, spacing: Double?) {
        self.axis = axis
        self.alignment = alignment
        self.spacing = spacing
    }

    /// Space between stack children when a stack does not say.
    package static var defaultSpacing: Double { 8 }
}

/// `HStack`, `VStack` and `ZStack` (and a group, which lays out as a `VStack`): the parent
/// proposes, each child chooses, and the stack places them. Along its axis a stack offers
/// spacers their minimum, then its other children an equal share of what is left, least
/// flexible first and higher `layoutPriority` before lower, and spacers split the rest.
extension StackSpec: ViewBehavior {
    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        layout(children, proposal: proposal, environment: environment, pass: pass).size
    }

    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        let result = layout(children, proposal: ProposedViewSize(rect.size), environment: environment, pass: pass)
        let spacing = spacing ?? Self.defaultSpacing
        switch axis {
        case .depth:
            for (child, size) in zip(children, result.childSizes) {
                pass.place(child, in: rect.aligning(size, alignment), environment: environment, into: &items)
            }
        case .horizontal:
            // A stack given more room than it needs centres its content, as SwiftUI does.
            var x = rect.minX + max(0, (rect.width - result.size.width) / 2)
            // Text baselines: each child's top so that the baselines meet on one line, that
            // line placed so the children together are centred in the stack's height.
            var tops: [Double]?
            if alignment.vertical == .firstTextBaseline || alignment.vertical == .lastTextBaseline {
                let first = alignment.vertical == .firstTextBaseline
                let baselines = zip(children, result.childSizes).map { child, size in
                    Self.baseline(of: child, size: size, first: first, environment: environment, pass: pass)
                }
                let above = baselines.max() ?? 0
                let below = zip(baselines, result.childSizes).map { $1.height - $0 }.max() ?? 0
                let line = rect.minY + max(0, (rect.height - above - below) / 2) + above
                tops = baselines.map { line - $0 }
            }
            for (index, (child, size)) in zip(children, result.childSizes).enumerated() {
                if child.stackRole == .divider {
                    // Vertical across a row, as tall as the row.
                    items.append(
                        DividerBehavior.line(
                            Rect(
                                x: x, y: rect.minY + (rect.height - result.size.height) / 2, width: size.width,
                                height: result.size.height), environment))
                } else if let tops {
                    pass.place(
                        child, in: Rect(x: x, y: tops[index], width: size.width, height: size.height),
                        environment: environment, into: &items)
                } else {
                    let slot = Rect(x: x, y: rect.minY, width: size.width, height: rect.height)
                    pass.place(
                        child,
                        in: slot.aligning(size, Alignment(horizontal: .center, vertical: alignment.vertical)),
                        environment: environment, into: &items)
                }
                x += size.width + spacing
            }
        case .vertical:
            var y = rect.minY + max(0, (rect.height - result.size.height) / 2)
            for (child, size) in zip(children, result.childSizes) {
                if child.stackRole == .divider {
                    // Horizontal across a column, as wide as the column.
                    items.append(
                        DividerBehavior.line(
                            Rect(
                                x: rect.minX + (rect.width - result.size.width) / 2, y: y,
                                width: result.size.width, height: size.height), environment))
                } else {
                    let slot = Rect(x: rect.minX, y: y, width: rect.width, height: size.height)
                    pass.place(
                        child,
                        in: slot.aligning(size, Alignment(horizontal: alignment.horizontal, vertical: .center)),
                        environment: environment, into: &items)
                }
                y += size.height + spacing
            }
        }
    }

    /// A child's first (or last) text baseline, in points from its top, at a size: the
    /// topmost (or lowest) baseline of the text it draws there; its bottom edge when it draws
    /// no text, as SwiftUI's default.
    static func baseline(
        of child: ViewNode, size: Size, first: Bool, environment: EnvironmentValues, pass: any LayoutPass
    ) -> Double {
        var drawn: [DisplayItem] = []
        pass.place(
            child, in: Rect(x: 0, y: 0, width: size.width, height: size.height), environment: environment, into: &drawn)
        var found: Double?
        for item in drawn {
            guard case .text(let text) = item else { continue }
            let lines = pass.baselines(text.text, maxWidth: text.layoutWidth, lineLimit: text.lineLimit)
            let y = text.frame.minY + (first ? lines.first : lines.last)
            found = first ? min(found ?? y, y) : max(found ?? y, y)
        }
        return found ?? size.height
    }

    /// A stack's children are flattened: a group or `ForEach` inside gives one child per view.
    package func resolved(_ children: [ViewNode], in environment: EnvironmentValues) -> ViewNode {
        .stack(self, children.map { $0.resolved(in: environment) }.flatMap(\.flattened))
    }

    package func ignoresProposedHeight(_ children: [ViewNode], pass: any LayoutPass) -> Bool {
        guard let storage = StackSizes.storage(of: children) else { return true }
        return Self.ignoresHeight(children, axis: axis, storage: storage, pass: pass)
    }

    package func describe(_ children: [String]) -> String {
        let name =
            switch axis {
            case .horizontal: "H"
            case .vertical: "V"
            case .depth: "Z"
            }
        return "\(name)[\(children.joined(separator: ", "))]"
    }

    // MARK: - Sizing

    /// What a stack chose for a proposal: its size and each child's.
    package struct Result {
        var size: Size
        var childSizes: [Size]
    }

    /// The stack's layout for a proposal, from the pass's memo when it is known.
    private func layout(
        _ children: [ViewNode], proposal: ProposedViewSize, environment: EnvironmentValues, pass: any LayoutPass
    ) -> Result {
        guard !children.isEmpty else { return Result(size: .zero, childSizes: []) }
        guard let storage = StackSizes.storage(of: children) else {
            return compute(children, proposal: proposal, environment: environment, pass: pass)
        }
        let memo = pass.stackSizes
        // A stack of text (in stacks, padding, backgrounds…) is as large whatever height it is
        // offered, so the height is left out of the key: its parent asks it at no height, any
        // height and its share, and each of those asked the stacks inside three times again
        // (1,776 size queries for a large price widget).
        let keyed =
            Self.ignoresHeight(children, axis: axis, storage: storage, pass: pass)
            ? ProposedViewSize(width: proposal.width, height: nil) : proposal
        let key = StackSizes.Key(storage: storage, spec: self, proposal: keyed)
        if let known = memo.results[key] { return known }
        memo.computed += 1
        let result = compute(children, proposal: proposal, environment: environment, pass: pass)
        memo.keep(children, storage)
        memo.results[key] = result
        return result
    }

    /// Whether each of `children`, in a stack along `axis`, sizes itself the same for any
    /// proposed height: text, a row's spacers, a column's dividers, and stacks, groups, padding
    /// and the wrappers that pass the proposal on, made of such views (a vertical stack of them
    /// sums their heights whatever it is offered). Anything that takes the height it is offered
    /// (a column's spacers, a row's dividers, shapes, charts, frames) or is not resolved yet (a
    /// view's body) does not.
    package static func ignoresHeight(
        _ children: [ViewNode], axis: Axis, storage: UnsafeRawPointer, pass: any LayoutPass
    ) -> Bool {
        let memo = pass.stackSizes
        if let known = memo.heightFree[storage] { return known }
        let result = children.allSatisfy { child in
            // A row's spacers grow across it, with no height; a column's dividers are as wide as it.
            switch child.stackRole {
            case .spacer: return axis == .horizontal
            case .divider: return axis == .vertical
            case .view: return pass.ignoresProposedHeight(child)
            }
        }
        memo.heightFree[storage] = result
        memo.keep(children, storage)
        return result
    }

    private func compute(
        _ children: [ViewNode], proposal: ProposedViewSize, environment: EnvironmentValues, pass: any LayoutPass
    ) -> Result {
        switch axis {
        case .depth:
            let sizes = children.map { pass.size(of: $0, proposal: proposal, environment: environment) }
            return Result(
                size: Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0),
                childSizes: sizes)
        case .horizontal, .vertical:
            let horizontal = axis == .horizontal
            let spacing = (spacing ?? Self.defaultSpacing) * Double(children.count - 1)
            let along: (Size) -> Double = { horizontal ? $0.width : $0.height }
            let across: (Size) -> Double = { horizontal ? $0.height : $0.width }
            let proposalAlong = horizontal ? proposal.width : proposal.height
            let proposalAcross = horizontal ? proposal.height : proposal.width
            func propose(_ length: Double?) -> ProposedViewSize {
                horizontal
                    ? ProposedViewSize(width: length, height: proposalAcross)
                    : ProposedViewSize(width: proposalAcross, height: length)
            }
            let roles = children.map(\.stackRole)
            func childSize(_ index: Int, _ length: Double?) -> Size {
                switch roles[index] {
                case .spacer(let minLength):
                    let value = max(minLength ?? 0, length ?? 0)
                    return horizontal ? Size(width: value, height: 0) : Size(width: 0, height: value)
                case .divider:
                    let thickness = DividerBehavior.thickness(environment)
                    return horizontal
                        ? Size(width: thickness, height: proposalAcross ?? 0)
                        : Size(width: proposalAcross ?? 0, height: thickness)
                case .view:
                    return pass.size(of: children[index], proposal: propose(length), environment: environment)
                }
            }

            var sizes = [Size](repeating: .zero, count: children.count)
            if let available = proposalAlong, available.isFinite {
                // Spacers first take their minimum; the other children are then offered an
                // equal share of what is left, least flexible first, and spacers split the rest.
                // (SwiftUI's own stacks work this way, give or take the treatment of spacers.)
                let isSpacer = roles.map { role -> Bool in
                    if case .spacer = role { return true }
                    return false
                }
                var remaining = max(0, available - spacing)
                for index in children.indices where isSpacer[index] {
                    sizes[index] = childSize(index, 0)
                    remaining = max(0, remaining - along(sizes[index]))
                }
                let others = children.indices.filter { !isSpacer[$0] }
                // Higher `layoutPriority` first: each priority shares what is left once the lower
                // ones have their minimum.
                let priorities = children.map(\.layoutPriority)
                // Each child's size at no length and at any length, asked once.
                var smallest = [Size?](repeating: nil, count: children.count)
                func minimum(_ index: Int) -> Size {
                    if let known = smallest[index] { return known }
                    let size = childSize(index, 0)
                    smallest[index] = size
                    return size
                }
                let minimums = others.map { along(minimum($0)) }
                for priority in Set(others.map { priorities[$0] }).sorted(by: >) {
                    let members = others.filter { priorities[$0] == priority }
                    let reserved = zip(others, minimums).filter { priorities[$0.0] < priority }.map(\.1).reduce(0, +)
                    var budget = max(0, remaining - reserved)
                    let flexibility = members.map {
                        along(childSize($0, .infinity)) - along(minimum($0))
                    }
                    let order = members.indices.sorted { (flexibility[$0], $0) < (flexibility[$1], $1) }.map {
                        members[$0]
                    }
                    // Children that take any space offered (charts, shapes, `maxWidth: .infinity`) only
                    // share among themselves what the others leave, so a label next to a chart keeps its width.
                    let bounded = zip(members, flexibility).filter { $0.1.isFinite }.count
                    for (position, index) in order.enumerated() {
                        let left = position < bounded ? bounded - position : order.count - position
                        let share = budget / Double(left)
                        let size = childSize(index, max(0, share))
                        sizes[index] = size
                        budget = max(0, budget - along(size))
                        remaining = max(0, remaining - along(size))
                    }
                }
                let spacerCount = isSpacer.filter { $0 }.count
                if spacerCount > 0 {
                    let extra = remaining / Double(spacerCount)
                    for index in children.indices where isSpacer[index] {
                        sizes[index] = childSize(index, along(sizes[index]) + extra)
                    }
                }
            } else {
                sizes = children.indices.map { childSize($0, proposalAlong) }
            }
            let length = sizes.map(along).reduce(0, +) + spacing
            let thickness = sizes.map(across).max() ?? 0
            return Result(
                size: horizontal ? Size(width: length, height: thickness) : Size(width: thickness, height: length),
                childSizes: sizes)
        }
    }
}

/// Stack sizes worked out in one layout pass. Stacks ask each child for its size several times
/// (its minimum, its flexibility, its share), so without this a tree of nested stacks is sized
/// a number of times exponential in its depth.
///
/// A stack's children array is made once per place when the tree is resolved, so its storage
/// names that place (and so its environment) for the whole pass; each array is kept here so
/// that its address cannot be reused by another one while the pass lasts.
package final class StackSizes {
    struct Key: Hashable {
        let storage: UnsafeRawPointer
        let spec: StackSpec
        let proposal: ProposedViewSize
    }
    var results: [Key: StackSpec.Result] = [:]
    private var kept: [UnsafeRawPointer: [ViewNode]] = [:]
    /// Whether a stack's children (by their storage) size themselves the same whatever height
    /// they are offered.
    var heightFree: [UnsafeRawPointer: Bool] = [:]
    /// Stack layouts worked out (not found) in this pass.
    package internal(set) var computed = 0

    package init() {}

    func keep(_ children: [ViewNode], _ storage: UnsafeRawPointer) {
        if kept[storage] == nil { kept[storage] = children }
    }

    /// Where a stack's children array keeps its elements: the place's name for this pass;
    /// `nil` for an empty array.
    static func storage(of children: [ViewNode]) -> UnsafeRawPointer? {
        children.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }
}

extension ViewNode {
    package static func stack(_ spec: StackSpec, _ children: [ViewNode]) -> ViewNode {
        .primitive(spec, children)
    }
}
