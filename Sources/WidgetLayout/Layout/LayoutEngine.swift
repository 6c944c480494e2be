import WidgetCore

/// Sizes and places a view tree, following SwiftUI's rule: the parent proposes a
/// size, the child chooses its own, and the parent places it.
///
/// ```swift
/// let engine = LayoutEngine(measurer: pangoMeasurer)
/// let items = engine.layout(view, in: metrics.contentRect, environment: env)
/// ```
///
/// Flexible views (spacers, charts, shapes, images, `frame(maxWidth: .infinity)`)
/// take what they are offered; stacks offer space to their least flexible
/// children first, as SwiftUI's stacks do.
package struct LayoutEngine {
    /// Space between stack children when a stack does not say.
    package static var defaultSpacing: Double { 8 }

    private let measurer: any TextMeasuring

    package init(measurer: any TextMeasuring) {
        self.measurer = measurer
    }

    /// Lays out `node` to fill `rect` and returns what to draw, back to front.
    package func layout(_ node: ViewNode, in rect: Rect, environment: EnvironmentValues) -> [DisplayItem] {
        var items: [DisplayItem] = []
        place(node, in: rect, environment: environment, into: &items)
        return items
    }

    // MARK: - Sizing

    /// The size `node` chooses for a proposal.
    package func size(of node: ViewNode, proposal: ProposedSize, environment: EnvironmentValues) -> Size {
        switch node.kind {
        case .empty:
            return .zero
        case .text(let spec):
            return resolvedText(spec.string(in: environment), width: proposal.width, environment: environment).size
        case .composite(let body):
            return size(
                of: body.evaluate(in: environment).resolved(in: environment), proposal: proposal,
                environment: environment)
        case .image, .lineChart, .candlestickChart, .shape:
            return Size(width: proposal.width ?? 10, height: proposal.height ?? 10)
        case .spacer(let minLength):
            // Outside a stack a spacer is flexible both ways; stacks handle the axis.
            return Size(
                width: max(minLength ?? 0, proposal.width ?? 0), height: max(minLength ?? 0, proposal.height ?? 0))
        case .stack(let spec, let children):
            return stackLayout(spec, children, proposal: proposal, environment: environment).size
        case .group(let children):
            return stackLayout(
                StackSpec(axis: .vertical, alignment: .center, spacing: nil), children, proposal: proposal,
                environment: environment
            ).size
        case .padding(let insets, let child):
            let inner = ProposedSize(
                width: proposal.width.map { max(0, $0 - insets.leading - insets.trailing) },
                height: proposal.height.map { max(0, $0 - insets.top - insets.bottom) })
            let size = self.size(of: child, proposal: inner, environment: environment)
            return Size(
                width: size.width + insets.leading + insets.trailing, height: size.height + insets.top + insets.bottom)
        case .frame(let spec, let child):
            return frameSize(spec, child, proposal: proposal, environment: environment)
        case .background(_, let content), .overlay(_, let content, _), .containerBackground(_, let content),
            .widgetURL(_, let content):
            return size(of: content, proposal: proposal, environment: environment)
        case .environment(let change, let child):
            return size(of: child, proposal: proposal, environment: environment.applying(change))
        }
    }

    private func frameSize(
        _ spec: FrameSpec, _ child: ViewNode, proposal: ProposedSize, environment: EnvironmentValues
    ) -> Size {
        let childProposal = ProposedSize(
            width: spec.width ?? proposal.width.map { clamp($0, spec.minWidth, spec.maxWidth) },
            height: spec.height ?? proposal.height.map { clamp($0, spec.minHeight, spec.maxHeight) })
        let childSize = size(of: child, proposal: childProposal, environment: environment)
        return Size(
            width: frameDimension(
                fixed: spec.width, min: spec.minWidth, max: spec.maxWidth, proposed: proposal.width,
                child: childSize.width),
            height: frameDimension(
                fixed: spec.height, min: spec.minHeight, max: spec.maxHeight, proposed: proposal.height,
                child: childSize.height))
    }

    private func frameDimension(fixed: Double?, min: Double?, max: Double?, proposed: Double?, child: Double) -> Double
    {
        if let fixed { return fixed }
        if min == nil && max == nil { return child }
        // A flexible frame takes the proposal within its bounds (an unlimited proposal reaches
        // `max`, so stacks see it as flexible); with no proposal, the child's size within them.
        if let proposed { return clamp(proposed, min, max) }
        return clamp(child, min, max)
    }

    private func clamp(_ value: Double, _ low: Double?, _ high: Double?) -> Double {
        var result = value
        if let high, result > high { result = high }
        if let low, result < low { result = low }
        return result
    }

    // MARK: - Text

    /// A text's final font (after shrinking toward `minimumScaleFactor`) and size.
    ///
    /// Text shrinks only when it would otherwise be truncated: wrapping comes first, so
    /// text without a line limit never shrinks.
    func resolvedText(_ string: String, width: Double?, environment: EnvironmentValues) -> (font: Font, size: Size) {
        let font = environment.font
        let limit = environment.lineLimit
        let finiteWidth = width.flatMap { $0.isFinite ? $0 : nil }
        if environment.minimumScaleFactor < 1, let limit, let finiteWidth, finiteWidth > 0,
            truncates(string, font: font, width: finiteWidth, lines: limit)
        {
            let natural = measurer.measure(string, font: font, maxWidth: nil, lineLimit: nil)
            // First guess from the widths, then step down until it fits or reaches the minimum.
            var factor = max(
                environment.minimumScaleFactor, min(1, finiteWidth * Double(limit) / max(natural.width, 1)))
            var scaled = font
            while true {
                // Whole tenths of a point, so the size does not depend on float noise.
                scaled.size = (font.size * factor * 10).rounded(.down) / 10
                if factor <= environment.minimumScaleFactor
                    || !truncates(string, font: scaled, width: finiteWidth, lines: limit)
                {
                    break
                }
                factor = max(environment.minimumScaleFactor, factor - 0.05)
            }
            return (scaled, measurer.measure(string, font: scaled, maxWidth: finiteWidth, lineLimit: limit))
        }
        return (font, measurer.measure(string, font: font, maxWidth: finiteWidth, lineLimit: limit))
    }

    /// True when `string` needs more than `lines` lines at `width`.
    private func truncates(_ string: String, font: Font, width: Double, lines: Int) -> Bool {
        if lines == 1 { return measurer.measure(string, font: font, maxWidth: nil, lineLimit: 1).width > width }
        let wrapped = measurer.measure(string, font: font, maxWidth: width, lineLimit: nil).height
        let limited = measurer.measure(string, font: font, maxWidth: width, lineLimit: lines).height
        return wrapped > limited + 0.5
    }

    // MARK: - Stacks

    private struct StackResult {
        var size: Size
        var childSizes: [Size]
    }

    private func stackLayout(
        _ spec: StackSpec, _ children: [ViewNode], proposal: ProposedSize, environment: EnvironmentValues
    ) -> StackResult {
        guard !children.isEmpty else { return StackResult(size: .zero, childSizes: []) }
        switch spec.axis {
        case .depth:
            let sizes = children.map { size(of: $0, proposal: proposal, environment: environment) }
            return StackResult(
                size: Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0),
                childSizes: sizes)
        case .horizontal, .vertical:
            let horizontal = spec.axis == .horizontal
            let spacing = (spec.spacing ?? Self.defaultSpacing) * Double(children.count - 1)
            let along: (Size) -> Double = { horizontal ? $0.width : $0.height }
            let across: (Size) -> Double = { horizontal ? $0.height : $0.width }
            let proposalAlong = horizontal ? proposal.width : proposal.height
            let proposalAcross = horizontal ? proposal.height : proposal.width
            func propose(_ length: Double?) -> ProposedSize {
                horizontal
                    ? ProposedSize(width: length, height: proposalAcross)
                    : ProposedSize(width: proposalAcross, height: length)
            }
            func childSize(_ child: ViewNode, _ length: Double?) -> Size {
                if case .spacer(let minLength) = child.kind {
                    let value = max(minLength ?? 0, length ?? 0)
                    return horizontal ? Size(width: value, height: 0) : Size(width: 0, height: value)
                }
                return size(of: child, proposal: propose(length), environment: environment)
            }

            var sizes = [Size](repeating: .zero, count: children.count)
            if let available = proposalAlong, available.isFinite {
                // Spacers first take their minimum; the other children are then offered an
                // equal share of what is left, least flexible first, and spacers split the rest.
                // (SwiftUI's own stacks work this way, give or take the treatment of spacers.)
                let isSpacer = children.map { child -> Bool in
                    if case .spacer = child.kind { return true }
                    return false
                }
                var remaining = max(0, available - spacing)
                for index in children.indices where isSpacer[index] {
                    sizes[index] = childSize(children[index], 0)
                    remaining = max(0, remaining - along(sizes[index]))
                }
                let others = children.indices.filter { !isSpacer[$0] }
                let flexibility = others.map {
                    along(childSize(children[$0], .infinity)) - along(childSize(children[$0], 0))
                }
                let order = others.indices.sorted { (flexibility[$0], $0) < (flexibility[$1], $1) }.map { others[$0] }
                // Children that take any space offered (charts, shapes, `maxWidth: .infinity`) only
                // share among themselves what the others leave, so a label next to a chart keeps its width.
                let bounded = zip(others, flexibility).filter { $0.1.isFinite }.count
                for (position, index) in order.enumerated() {
                    let left = position < bounded ? bounded - position : order.count - position
                    let share = remaining / Double(left)
                    let size = childSize(children[index], max(0, share))
                    sizes[index] = size
                    remaining = max(0, remaining - along(size))
                }
                let spacerCount = isSpacer.filter { $0 }.count
                if spacerCount > 0 {
                    let extra = remaining / Double(spacerCount)
                    for index in children.indices where isSpacer[index] {
                        sizes[index] = childSize(children[index], along(sizes[index]) + extra)
                    }
                }
            } else {
                sizes = children.map { childSize($0, proposalAlong) }
            }
            let length = sizes.map(along).reduce(0, +) + spacing
            let thickness = sizes.map(across).max() ?? 0
            return StackResult(
                size: horizontal ? Size(width: length, height: thickness) : Size(width: thickness, height: length),
                childSizes: sizes)
        }
    }

    // MARK: - Placing

    private func aligned(_ size: Size, in rect: Rect, _ alignment: Alignment) -> Rect {
        let x: Double
        switch alignment.horizontal {
        case .leading: x = rect.minX
        case .center: x = rect.minX + (rect.width - size.width) / 2
        case .trailing: x = rect.maxX - size.width
        }
        let y: Double
        switch alignment.vertical {
        case .top: y = rect.minY
        case .center: y = rect.minY + (rect.height - size.height) / 2
        case .bottom: y = rect.maxY - size.height
        }
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }

    private func place(_ node: ViewNode, in rect: Rect, environment: EnvironmentValues, into items: inout [DisplayItem])
    {
        switch node.kind {
        case .empty, .spacer:
            return
        case .composite(let body):
            place(
                body.evaluate(in: environment).resolved(in: environment), in: rect, environment: environment,
                into: &items)
        case .text(let spec):
            let string = spec.string(in: environment)
            let (font, size) = resolvedText(string, width: rect.width, environment: environment)
            let frame = aligned(size, in: rect, Alignment(horizontal: environment.textAlignment, vertical: .center))
            items.append(
                .text(
                    DisplayText(
                        string: string, font: font, color: environment.foreground, frame: frame,
                        layoutWidth: rect.width,
                        lineLimit: environment.lineLimit, alignment: environment.textAlignment,
                        redacted: environment.redacted)))
        case .image(let spec):
            items.append(.image(spec, rect, redacted: environment.redacted))
        case .lineChart(let spec):
            items.append(
                .lineChart(
                    spec, rect, color: spec.color ?? environment.foreground,
                    labelColor: environment.foreground.opacity(0.6),
                    redacted: environment.redacted))
        case .candlestickChart(let spec):
            items.append(
                .candlestickChart(
                    spec, rect, labelColor: environment.foreground.opacity(0.6), redacted: environment.redacted))
        case .shape(let spec):
            items.append(
                .shape(spec.kind, spec.fill ?? .color(environment.foreground), rect, redacted: environment.redacted))
        case .stack(let spec, let children):
            placeStack(spec, children, in: rect, environment: environment, into: &items)
        case .group(let children):
            placeStack(
                StackSpec(axis: .vertical, alignment: .center, spacing: nil), children, in: rect,
                environment: environment,
                into: &items)
        case .padding(let insets, let child):
            place(child, in: rect.inset(by: insets), environment: environment, into: &items)
        case .frame(let spec, let child):
            let childProposal = ProposedSize(
                width: spec.width ?? clamp(rect.width, spec.minWidth, spec.maxWidth),
                height: spec.height ?? clamp(rect.height, spec.minHeight, spec.maxHeight))
            var childSize = size(of: child, proposal: childProposal, environment: environment)
            childSize.width = min(childSize.width, max(rect.width, childProposal.width ?? rect.width))
            place(child, in: aligned(childSize, in: rect, spec.alignment), environment: environment, into: &items)
        case .background(let background, let content), .containerBackground(let background, let content):
            place(background, in: rect, environment: environment, into: &items)
            place(content, in: rect, environment: environment, into: &items)
        case .overlay(let overlay, let content, let alignment):
            place(content, in: rect, environment: environment, into: &items)
            let size = self.size(of: overlay, proposal: ProposedSize(rect.size), environment: environment)
            place(overlay, in: aligned(size, in: rect, alignment), environment: environment, into: &items)
        case .environment(let change, let child):
            place(child, in: rect, environment: environment.applying(change), into: &items)
        case .widgetURL(_, let child):
            place(child, in: rect, environment: environment, into: &items)
        }
    }

    private func placeStack(
        _ spec: StackSpec, _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues,
        into items: inout [DisplayItem]
    ) {
        let result = stackLayout(spec, children, proposal: ProposedSize(rect.size), environment: environment)
        let spacing = spec.spacing ?? Self.defaultSpacing
        switch spec.axis {
        case .depth:
            for (child, size) in zip(children, result.childSizes) {
                place(child, in: aligned(size, in: rect, spec.alignment), environment: environment, into: &items)
            }
        case .horizontal:
            // A stack given more room than it needs centres its content, as SwiftUI does.
            var x = rect.minX + max(0, (rect.width - result.size.width) / 2)
            for (child, size) in zip(children, result.childSizes) {
                let slot = Rect(x: x, y: rect.minY, width: size.width, height: rect.height)
                place(
                    child,
                    in: aligned(size, in: slot, Alignment(horizontal: .center, vertical: spec.alignment.vertical)),
                    environment: environment, into: &items)
                x += size.width + spacing
            }
        case .vertical:
            var y = rect.minY + max(0, (rect.height - result.size.height) / 2)
            for (child, size) in zip(children, result.childSizes) {
                let slot = Rect(x: rect.minX, y: y, width: rect.width, height: size.height)
                place(
                    child,
                    in: aligned(size, in: slot, Alignment(horizontal: spec.alignment.horizontal, vertical: .center)),
                    environment: environment, into: &items)
                y += size.height + spacing
            }
        }
    }
}
