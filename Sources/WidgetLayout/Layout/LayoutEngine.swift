import WidgetCore

/// Sizes and places a view tree, following SwiftUI's rule: the parent proposes a
/// size, the child chooses its own, and the parent places it.
///
/// ```swift
/// let engine = LayoutEngine(measurer: pangoMeasurer)
/// let items = engine.layout(view, in: metrics.contentRect, environment: env)
/// ```
///
/// The engine knows only the tree's structure (groups, bodies, environment changes, the
/// container background and URL); every view's own sizing, placing and drawing is in its
/// ``ViewBehavior``, in the view's file. One engine is one pass: it keeps the pass's memos
/// (stack sizes) and measures text with the renderer's measurer.
package final class LayoutEngine: LayoutPass {
    /// Space between stack children when a stack does not say.
    package static var defaultSpacing: Double { StackSpec.defaultSpacing }

    private let measurer: any TextMeasuring
    /// Memos views keep for the pass, by their type.
    private var memos: [ObjectIdentifier: AnyObject] = [:]
    /// The stacks' memo.
    package let stackSizes = StackSizes()

    /// How many stack layouts this engine has worked out rather than found, for tests.
    package var stackLayoutsComputed: Int { stackSizes.computed }

    package init(measurer: any TextMeasuring) {
        self.measurer = measurer
    }

    /// Lays out `node` to fill `rect` and returns what to draw, back to front.
    package func layout(_ node: ViewNode, in rect: Rect, environment: EnvironmentValues) -> [DisplayItem] {
        var items: [DisplayItem] = []
        let mirrored = environment.layoutDirection == .rightToLeft
        if mirrored { items.append(.beginLayer(.mirror(rect))) }
        place(node, in: rect, environment: environment, into: &items)
        if mirrored { items.append(.endLayer) }
        return items
    }

    /// The layout of a group: a column.
    private static let group = StackSpec(axis: .vertical, alignment: .center, spacing: nil)

    // MARK: - LayoutPass

    /// The size `node` chooses for a proposal.
    package func size(of node: ViewNode, proposal: ProposedViewSize, environment: EnvironmentValues) -> Size {
        switch node.kind {
        case .empty:
            return .zero
        case .primitive(let behavior, let children):
            return behavior.sizeThatFits(proposal, children: children, environment: environment, pass: self)
        case .composite(let body):
            return size(
                of: body.evaluate(in: environment).resolved(in: environment), proposal: proposal,
                environment: environment)
        case .group(let children):
            return Self.group.sizeThatFits(proposal, children: children, environment: environment, pass: self)
        case .containerBackground(_, let content), .widgetURL(_, let content):
            return size(of: content, proposal: proposal, environment: environment)
        case .environment(let change, let child):
            return size(of: child, proposal: proposal, environment: environment.applying(change))
        }
    }

    package func place(_ node: ViewNode, in rect: Rect, environment: EnvironmentValues, into items: inout [DisplayItem])
    {
        switch node.kind {
        case .empty:
            return
        case .primitive(let behavior, let children):
            behavior.place(children, in: rect, environment: environment, pass: self, into: &items)
        case .composite(let body):
            place(
                body.evaluate(in: environment).resolved(in: environment), in: rect, environment: environment,
                into: &items)
        case .group(let children):
            Self.group.place(children, in: rect, environment: environment, pass: self, into: &items)
        case .containerBackground(let background, let content):
            place(background, in: rect, environment: environment, into: &items)
            place(content, in: rect, environment: environment, into: &items)
        case .environment(let change, let child):
            let changed = environment.applying(change)
            // A subtree set to the other direction is mirrored again within its own frame.
            guard changed.layoutDirection != environment.layoutDirection else {
                place(child, in: rect, environment: changed, into: &items)
                return
            }
            items.append(.beginLayer(.mirror(rect)))
            place(child, in: rect, environment: changed, into: &items)
            items.append(.endLayer)
        case .widgetURL(_, let child):
            place(child, in: rect, environment: environment, into: &items)
        }
    }

    package func ignoresProposedHeight(_ node: ViewNode) -> Bool {
        switch node.kind {
        case .primitive(let behavior, let children):
            return behavior.ignoresProposedHeight(children, pass: self)
        case .group(let children):
            return Self.group.ignoresProposedHeight(children, pass: self)
        case .environment(_, let child), .containerBackground(_, let child), .widgetURL(_, let child):
            return ignoresProposedHeight(child)
        case .empty, .composite:
            // A body is not resolved yet.
            return false
        }
    }

    package func measure(_ text: StyledText, maxWidth: Double?, lineLimit: Int?) -> Size {
        measurer.measure(text, maxWidth: maxWidth, lineLimit: lineLimit)
    }

    package func baselines(_ text: StyledText, maxWidth: Double?, lineLimit: Int?) -> (first: Double, last: Double) {
        measurer.baselines(text, maxWidth: maxWidth, lineLimit: lineLimit)
    }

    package func storage<T: AnyObject>(_ type: T.Type, make: () -> T) -> T {
        let key = ObjectIdentifier(type)
        // The memo stored under a type's identifier is of that type.
        if let known = memos[key] { return unsafeDowncast(known, to: T.self) }
        let made = make()
        memos[key] = made
        return made
    }

    // MARK: - Text

    /// A text's final fonts (after shrinking toward `minimumScaleFactor`) and size.
    ///
    /// Text shrinks only when it would otherwise be truncated: wrapping comes first, so
    /// text without a line limit never shrinks.
    package func fitted(_ text: StyledText, width: Double?, environment: EnvironmentValues) -> (
        text: StyledText, size: Size
    ) {
        let limit = environment.lineLimit
        let finiteWidth = width.flatMap { $0.isFinite ? $0 : nil }
        if environment.minimumScaleFactor < 1, let limit, let finiteWidth, finiteWidth > 0,
            truncates(text, width: finiteWidth, lines: limit)
        {
            let natural = measurer.measure(text, maxWidth: nil, lineLimit: nil)
            // First guess from the widths, then step down until it fits or reaches the minimum.
            var factor = max(
                environment.minimumScaleFactor, min(1, finiteWidth * Double(limit) / max(natural.width, 1)))
            var scaled = text
            while true {
                // Whole tenths of a point, so the size does not depend on float noise.
                scaled = text.scaled(by: factor)
                if factor <= environment.minimumScaleFactor || !truncates(scaled, width: finiteWidth, lines: limit) {
                    break
                }
                factor = max(environment.minimumScaleFactor, factor - 0.05)
            }
            return (scaled, measurer.measure(scaled, maxWidth: finiteWidth, lineLimit: limit))
        }
        return (text, measurer.measure(text, maxWidth: finiteWidth, lineLimit: limit))
    }

    /// True when `text` needs more than `lines` lines at `width`.
    private func truncates(_ text: StyledText, width: Double, lines: Int) -> Bool {
        if lines == 1 { return measurer.measure(text, maxWidth: nil, lineLimit: 1).width > width }
        let wrapped = measurer.measure(text, maxWidth: width, lineLimit: nil).height
        let limited = measurer.measure(text, maxWidth: width, lineLimit: lines).height
        return wrapped > limited + 0.5
    }
}
