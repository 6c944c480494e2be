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
    /// Stack sizes worked out in this engine's pass. Stacks ask each child for its size
    /// several times (its minimum, its flexibility, its share), so without this a tree of
    /// nested stacks is sized a number of times exponential in its depth.
    private let stackSizes = StackSizes()

    /// How many stack layouts this engine has worked out rather than found, for tests.
    package var stackLayoutsComputed: Int { stackSizes.computed }

    package init(measurer: any TextMeasuring) {
        self.measurer = measurer
    }

    /// What a stack chose for a proposal, by the stack's children and the proposal.
    ///
    /// A stack's children array is made once per place when the tree is resolved, so its
    /// storage names that place (and so its environment) for the whole pass; each array is
    /// kept here so that its address cannot be reused by another one while the engine lives.
    private final class StackSizes {
        struct Key: Hashable {
            let storage: UnsafeRawPointer
            let spec: StackSpec
            let proposal: ProposedSize
        }
        var results: [Key: StackResult] = [:]
        var kept: [UnsafeRawPointer: [ViewNode]] = [:]
        /// Whether a stack's children (by their storage) size themselves the same whatever
        /// height they are offered.
        var heightFree: [UnsafeRawPointer: Bool] = [:]
        /// Stack layouts worked out (not found) in this pass.
        var computed = 0
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
            return resolvedText(spec.styled(in: environment), width: proposal.width, environment: environment).size
        case .divider:
            // Outside a stack a divider is horizontal; stacks turn it across their axis.
            return Size(width: proposal.width ?? 0, height: dividerThickness(environment))
        case .resizableSymbol, .canvas, .geometryReader:
            return Size(width: proposal.width ?? 10, height: proposal.height ?? 10)
        case .progress(let spec):
            switch spec.kind {
            case .bar, .barMarker:
                return Size(width: proposal.width ?? 10, height: barHeight(spec))
            case .ring, .openRingMarker:
                return Size(width: proposal.width ?? 32, height: proposal.height ?? 32)
            }
        case .hitTarget(_, let child), .accentable(let child), .opacity(_, let child), .clip(_, let child),
            .offset(_, _, let child), .layoutPriority(_, let child), .transformed(_, let child):
            return size(of: child, proposal: proposal, environment: environment)
        case .button, .toggle, .tinted:
            return size(of: node.resolved(in: environment), proposal: proposal, environment: environment)
        case .fixedSize(let horizontal, let vertical, let child):
            return size(
                of: child,
                proposal: ProposedSize(
                    width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height),
                environment: environment)
        case .aspectRatio(let ratio, let mode, let child):
            let target = aspectSize(ratio, mode, child, proposal: proposal, environment: environment)
            return size(of: child, proposal: target, environment: environment)
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
        case .layout(let layout, let children):
            let host = SubviewHost(engine: self, children: children, environment: environment, placing: false)
            let chosen = layout.sizeThatFits(
                ProposedViewSize(width: proposal.width, height: proposal.height),
                subviews: LayoutSubviews(host: host))
            // A user's layout may answer anything: a size that is not a finite, positive number
            // takes the proposal's (or nothing), never a NaN frame.
            func sane(_ value: Double, _ proposed: Double?) -> Double {
                value.isFinite ? max(0, value) : (proposed.flatMap { $0.isFinite ? $0 : nil } ?? 0)
            }
            return Size(width: sane(chosen.width, proposal.width), height: sane(chosen.height, proposal.height))
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

    /// One pixel.
    private func dividerThickness(_ environment: EnvironmentValues) -> Double {
        1 / max(1, environment.displayScale)
    }

    /// The height of a progress bar: its thickness, or its marker's diameter.
    private func barHeight(_ spec: ProgressSpec) -> Double {
        let thickness = spec.thickness ?? ProgressSpec.barThickness
        return spec.kind == .barMarker ? max(thickness, 8) : thickness
    }

    /// The proposal `aspectRatio` makes: the largest size of the ratio inside the proposal
    /// (`.fit`) or the smallest covering it (`.fill`).
    private func aspectSize(
        _ ratio: Double?, _ mode: ContentMode, _ child: ViewNode, proposal: ProposedSize,
        environment: EnvironmentValues
    ) -> ProposedSize {
        let aspect: Double
        if let ratio {
            aspect = ratio
        } else {
            let ideal = size(of: child, proposal: .unspecified, environment: environment)
            guard ideal.width > 0, ideal.height > 0 else { return proposal }
            aspect = ideal.width / ideal.height
        }
        let width = proposal.width.flatMap { $0.isFinite ? $0 : nil }
        let height = proposal.height.flatMap { $0.isFinite ? $0 : nil }
        switch (width, height) {
        case (let w?, let h?):
            let fitsWidth = w / aspect <= h
            let useWidth = mode == .fit ? fitsWidth : !fitsWidth
            return useWidth ? ProposedSize(width: w, height: w / aspect) : ProposedSize(width: h * aspect, height: h)
        case (let w?, nil): return ProposedSize(width: w, height: w / aspect)
        case (nil, let h?): return ProposedSize(width: h * aspect, height: h)
        case (nil, nil): return proposal
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

    /// A text's final fonts (after shrinking toward `minimumScaleFactor`) and size.
    ///
    /// Text shrinks only when it would otherwise be truncated: wrapping comes first, so
    /// text without a line limit never shrinks.
    func resolvedText(_ text: StyledText, width: Double?, environment: EnvironmentValues) -> (
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

    // MARK: - Stacks

    private struct StackResult {
        var size: Size
        var childSizes: [Size]
    }

    /// Where a stack's children array keeps its elements: the place's name for this pass (see
    /// ``StackSizes``); `nil` for an empty array.
    private static func storage(of children: [ViewNode]) -> UnsafeRawPointer? {
        children.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    private func stackLayout(
        _ spec: StackSpec, _ children: [ViewNode], proposal: ProposedSize, environment: EnvironmentValues
    ) -> StackResult {
        guard !children.isEmpty else { return StackResult(size: .zero, childSizes: []) }
        guard let storage = Self.storage(of: children) else {
            return computeStackLayout(spec, children, proposal: proposal, environment: environment)
        }
        // A stack of text (in stacks, padding, backgrounds…) is as large whatever height it is
        // offered, so the height is left out of the key: its parent asks it at no height, any
        // height and its share, and each of those asked the stacks inside three times again
        // (1,776 size queries for a large price widget).
        let keyed =
            ignoresHeight(children, axis: spec.axis, storage: storage)
            ? ProposedSize(width: proposal.width, height: nil) : proposal
        let key = StackSizes.Key(storage: storage, spec: spec, proposal: keyed)
        if let known = stackSizes.results[key] { return known }
        stackSizes.computed += 1
        let result = computeStackLayout(spec, children, proposal: proposal, environment: environment)
        if stackSizes.kept[storage] == nil { stackSizes.kept[storage] = children }
        stackSizes.results[key] = result
        return result
    }

    /// Whether each of `children`, in a stack along `axis`, sizes itself the same for any
    /// proposed height: text, a row's spacers, a column's dividers, and stacks, groups, padding
    /// and the wrappers that pass the proposal on, made of such views (a vertical stack of them
    /// sums their heights whatever it is offered). Anything that takes the height it is offered
    /// (a column's spacers, a row's dividers, shapes, charts, frames) or is not resolved yet (a
    /// view's body) does not.
    private func ignoresHeight(_ children: [ViewNode], axis: StackSpec.Axis, storage: UnsafeRawPointer) -> Bool {
        if let known = stackSizes.heightFree[storage] { return known }
        let result = children.allSatisfy { child in
            // A row's spacers grow across it, with no height; a column's dividers are as wide as it.
            if case .spacer = child.kind { return axis == .horizontal }
            if case .divider = child.kind { return axis == .vertical }
            return ignoresHeight(child)
        }
        stackSizes.heightFree[storage] = result
        if stackSizes.kept[storage] == nil { stackSizes.kept[storage] = children }
        return result
    }

    private func ignoresHeight(_ node: ViewNode) -> Bool {
        switch node.kind {
        case .text:
            return true
        case .stack(let spec, let children):
            guard let storage = Self.storage(of: children) else { return true }
            return ignoresHeight(children, axis: spec.axis, storage: storage)
        case .group(let children):
            guard let storage = Self.storage(of: children) else { return true }
            return ignoresHeight(children, axis: .vertical, storage: storage)
        case .padding(_, let child), .environment(_, let child), .hitTarget(_, let child), .accentable(let child),
            .opacity(_, let child), .clip(_, let child), .offset(_, _, let child), .layoutPriority(_, let child),
            .background(_, let child), .overlay(_, let child, _), .containerBackground(_, let child),
            .widgetURL(_, let child), .transformed(_, let child):
            return ignoresHeight(child)
        case .empty, .image, .lineChart, .candlestickChart, .shape, .spacer, .frame, .composite, .divider,
            .resizableSymbol, .progress, .canvas, .geometryReader, .button, .toggle, .tinted, .fixedSize,
            .aspectRatio, .layout:
            // They take the height they are offered, or are not resolved yet, or a layout of the
            // user's may use the height.
            return false
        }
    }

    private func computeStackLayout(
        _ spec: StackSpec, _ children: [ViewNode], proposal: ProposedSize, environment: EnvironmentValues
    ) -> StackResult {
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
                if case .divider = child.kind {
                    let thickness = dividerThickness(environment)
                    return horizontal
                        ? Size(width: thickness, height: proposalAcross ?? 0)
                        : Size(width: proposalAcross ?? 0, height: thickness)
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
                // Higher `layoutPriority` first: each priority shares what is left once the lower
                // ones have their minimum.
                let priorities = children.map(\.layoutPriority)
                // Each child's size at no length and at any length, asked once.
                var smallest = [Size?](repeating: nil, count: children.count)
                func minimum(_ index: Int) -> Size {
                    if let known = smallest[index] { return known }
                    let size = childSize(children[index], 0)
                    smallest[index] = size
                    return size
                }
                let minimums = others.map { along(minimum($0)) }
                for priority in Set(others.map { priorities[$0] }).sorted(by: >) {
                    let members = others.filter { priorities[$0] == priority }
                    let reserved = zip(others, minimums).filter { priorities[$0.0] < priority }.map(\.1).reduce(0, +)
                    var budget = max(0, remaining - reserved)
                    let flexibility = members.map {
                        along(childSize(children[$0], .infinity)) - along(minimum($0))
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
                        let size = childSize(children[index], max(0, share))
                        sizes[index] = size
                        budget = max(0, budget - along(size))
                        remaining = max(0, remaining - along(size))
                    }
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
            let (text, size) = resolvedText(spec.styled(in: environment), width: rect.width, environment: environment)
            let frame = aligned(size, in: rect, Alignment(horizontal: environment.textAlignment, vertical: .center))
            items.append(
                .text(
                    DisplayText(
                        text: text, color: environment.foreground, frame: frame, layoutWidth: rect.width,
                        lineLimit: environment.lineLimit, alignment: environment.textAlignment,
                        redacted: environment.redacted)))
        case .divider:
            let thickness = dividerThickness(environment)
            items.append(
                .shape(
                    .rectangle(cornerRadius: 0), .color(.separator),
                    Rect(x: rect.minX, y: rect.midY - thickness / 2, width: rect.width, height: thickness),
                    redacted: environment.redacted))
        case .resizableSymbol(let name):
            var run = TextRun(.symbol(name))
            run.font = Font(size: 100)
            var unit = TextSpec(runs: [run]).styled(in: environment)
            let natural = measurer.measure(unit, maxWidth: nil, lineLimit: 1)
            guard natural.width > 0, natural.height > 0 else { return }
            let factor = min(rect.width / natural.width, rect.height / natural.height)
            unit = unit.scaled(by: factor)
            let size = measurer.measure(unit, maxWidth: nil, lineLimit: 1)
            items.append(
                .text(
                    DisplayText(
                        text: unit, color: environment.foreground, frame: aligned(size, in: rect, .center),
                        layoutWidth: size.width, lineLimit: 1, alignment: .center, redacted: environment.redacted)))
        case .progress(let spec):
            var frame = rect
            if spec.kind == .bar || spec.kind == .barMarker {
                frame = aligned(Size(width: rect.width, height: barHeight(spec)), in: rect, .center)
            }
            items.append(
                .progress(
                    spec, frame, tint: environment.resolvedTint.resolved(against: environment.foreground),
                    track: Color.tertiary.resolved(against: environment.foreground), redacted: environment.redacted))
        case .canvas(let renderer):
            let commands = renderer.commands(for: rect.size, in: environment) { text in
                measurer.measure(text.spec.styled(in: environment), maxWidth: nil, lineLimit: 1)
            }
            items.append(
                .drawing(
                    commands.map { drawingItem($0, origin: rect.origin, environment: environment) }, rect,
                    redacted: environment.redacted))
        case .geometryReader(let content):
            let child = content.evaluate(rect.size, in: environment).resolved(in: environment)
            let size = self.size(of: child, proposal: ProposedSize(rect.size), environment: environment)
            place(child, in: aligned(size, in: rect, .topLeading), environment: environment, into: &items)
        case .hitTarget(let target, let child):
            items.append(.hitTarget(target, rect))
            place(child, in: rect, environment: environment, into: &items)
        case .button, .toggle, .tinted:
            place(node.resolved(in: environment), in: rect, environment: environment, into: &items)
        case .offset(let x, let y, let child):
            place(
                child, in: Rect(x: rect.minX + x, y: rect.minY + y, width: rect.width, height: rect.height),
                environment: environment, into: &items)
        case .opacity(let value, let child):
            items.append(.beginLayer(.opacity(value)))
            place(child, in: rect, environment: environment, into: &items)
            items.append(.endLayer)
        case .clip(let outline, let child):
            items.append(.beginLayer(.clip(outline, rect)))
            place(child, in: rect, environment: environment, into: &items)
            items.append(.endLayer)
        case .accentable(let child):
            items.append(.beginLayer(.accent))
            place(child, in: rect, environment: environment, into: &items)
            items.append(.endLayer)
        case .transformed(let transform, let child):
            guard transform.drawsAnything else { return }
            items.append(.beginLayer(.transform(transform.matrix(in: rect))))
            place(child, in: rect, environment: environment, into: &items)
            items.append(.endLayer)
        case .layoutPriority(_, let child):
            place(child, in: rect, environment: environment, into: &items)
        case .fixedSize(let horizontal, let vertical, let child):
            let size = self.size(
                of: child,
                proposal: ProposedSize(width: horizontal ? nil : rect.width, height: vertical ? nil : rect.height),
                environment: environment)
            place(child, in: aligned(size, in: rect, .center), environment: environment, into: &items)
        case .aspectRatio(let ratio, let mode, let child):
            let target = aspectSize(ratio, mode, child, proposal: ProposedSize(rect.size), environment: environment)
            let size = self.size(of: child, proposal: target, environment: environment)
            place(child, in: aligned(size, in: rect, .center), environment: environment, into: &items)
        case .image(let spec):
            items.append(.image(spec, rect, redacted: environment.redacted))
        case .lineChart(let spec):
            items.append(
                .lineChart(
                    spec, rect, color: (spec.color ?? environment.foreground).resolved(against: environment.foreground),
                    labelColor: environment.foreground.opacity(0.6),
                    redacted: environment.redacted))
        case .candlestickChart(let spec):
            items.append(
                .candlestickChart(
                    spec, rect, labelColor: environment.foreground.opacity(0.6), redacted: environment.redacted))
        case .shape(let spec):
            let style = (spec.fill ?? .color(environment.foreground)).resolved(against: environment.foreground)
            if let stroke = spec.stroke {
                items.append(
                    .stroke(spec.kind, style, stroke, inside: spec.strokeInside, rect, redacted: environment.redacted))
            } else {
                items.append(.shape(spec.kind, style, rect, redacted: environment.redacted))
            }
        case .stack(let spec, let children):
            placeStack(spec, children, in: rect, environment: environment, into: &items)
        case .group(let children):
            placeStack(
                StackSpec(axis: .vertical, alignment: .center, spacing: nil), children, in: rect,
                environment: environment,
                into: &items)
        case .layout(let layout, let children):
            placeLayout(layout, children, in: rect, environment: environment, into: &items)
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
                if case .divider = child.kind {
                    // Vertical across a row, as tall as the row.
                    items.append(
                        .shape(
                            .rectangle(cornerRadius: 0), .color(.separator),
                            Rect(
                                x: x, y: rect.minY + (rect.height - result.size.height) / 2, width: size.width,
                                height: result.size.height),
                            redacted: environment.redacted))
                    x += size.width + spacing
                    continue
                }
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
                if case .divider = child.kind {
                    // Horizontal across a column, as wide as the column.
                    items.append(
                        .shape(
                            .rectangle(cornerRadius: 0), .color(.separator),
                            Rect(
                                x: rect.minX + (rect.width - result.size.width) / 2, y: y,
                                width: result.size.width, height: size.height),
                            redacted: environment.redacted))
                    y += size.height + spacing
                    continue
                }
                place(
                    child,
                    in: aligned(size, in: slot, Alignment(horizontal: spec.alignment.horizontal, vertical: .center)),
                    environment: environment, into: &items)
                y += size.height + spacing
            }
        }
    }

    // MARK: - Canvas

    /// A canvas command resolved for its environment and moved to the canvas's origin.
    private func drawingItem(_ command: GraphicsContext.Command, origin: Point, environment: EnvironmentValues)
        -> DrawingItem
    {
        switch command {
        case .fill(let path, let style):
            return .fill(path.offsetBy(dx: origin.x, dy: origin.y), style.resolved(against: environment.foreground))
        case .stroke(let path, let style, let stroke):
            return .stroke(
                path.offsetBy(dx: origin.x, dy: origin.y), style.resolved(against: environment.foreground), stroke)
        case .text(let text, let point, let anchor):
            let styled = text.spec.styled(in: environment)
            let size = measurer.measure(styled, maxWidth: nil, lineLimit: 1)
            return .text(
                styled, color: environment.foreground,
                at: Point(
                    x: origin.x + point.x - anchor.x * size.width, y: origin.y + point.y - anchor.y * size.height))
        }
    }
}

// MARK: - Layouts of the user's

extension LayoutEngine {
    /// Lets a ``Layout`` place its subviews in `rect`, then lays each out where it went; one it
    /// did not place is centred (SwiftUI's rule) or, for ``ViewThatFits``, left out.
    fileprivate func placeLayout(
        _ layout: LayoutBox, _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues,
        into items: inout [DisplayItem]
    ) {
        let host = SubviewHost(engine: self, children: children, environment: environment, placing: true)
        layout.placeSubviews(in: rect, proposal: ProposedViewSize(rect.size), subviews: LayoutSubviews(host: host))
        for (index, child) in children.enumerated() {
            if let frame = host.placed[index] {
                place(child, in: frame, environment: environment, into: &items)
            } else if layout.drawsUnplaced {
                let size = self.size(of: child, proposal: ProposedSize(rect.size), environment: environment)
                place(child, in: aligned(size, in: rect, .center), environment: environment, into: &items)
            }
        }
    }
}

/// A ``Layout``'s subviews at one place in the tree: their sizes come from the engine, and
/// their places are recorded while the layout places them.
private final class SubviewHost: LayoutSubviewHost {
    private let engine: LayoutEngine
    private let children: [ViewNode]
    private let environment: EnvironmentValues
    private let placing: Bool
    /// Where each subview was placed (while placing); frames that are not finite are dropped.
    private(set) var placed: [Rect?]

    init(engine: LayoutEngine, children: [ViewNode], environment: EnvironmentValues, placing: Bool) {
        self.engine = engine
        self.children = children
        self.environment = environment
        self.placing = placing
        placed = Array(repeating: nil, count: placing ? children.count : 0)
    }

    var subviewCount: Int { children.count }

    func sizeThatFits(_ index: Int, _ proposal: ProposedViewSize) -> Size {
        guard children.indices.contains(index) else { return .zero }
        return engine.size(
            of: children[index], proposal: ProposedSize(width: proposal.width, height: proposal.height),
            environment: environment)
    }

    func priority(_ index: Int) -> Double {
        children.indices.contains(index) ? children[index].layoutPriority : 0
    }

    func place(_ index: Int, in rect: Rect) {
        guard placing, placed.indices.contains(index),
            [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite)
        else { return }
        placed[index] = Rect(x: rect.minX, y: rect.minY, width: max(0, rect.width), height: max(0, rect.height))
    }
}
