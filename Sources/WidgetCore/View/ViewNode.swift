import Foundation

/// A type-erased view: what the layout engine sizes and the renderer draws, as SwiftUI's
/// `AnyView`.
///
/// You rarely make one yourself: ``Text``, ``VStack`` and the modifiers produce nodes, and
/// `ViewNode(myView)` erases any view. Its cases are WidgetRender's own, so new kinds of
/// views can be added without breaking your code.
///
/// ```swift
/// let erased: ViewNode = ViewNode(Text("42"))
/// ```
public struct ViewNode: PrimitiveView {
    package indirect enum Kind: Sendable {
        /// Nothing: takes no space.
        case empty
        /// A run of text, measured by the renderer.
        case text(TextSpec)
        /// A bitmap image from a file.
        case image(ImageSpec)
        /// A line chart that fills the space it is given.
        case lineChart(LineChartSpec)
        /// A candlestick chart that fills the space it is given.
        case candlestickChart(CandlestickChartSpec)
        /// A filled shape that fills the space it is given.
        case shape(ShapeSpec)
        /// Flexible space along the enclosing stack's axis.
        case spacer(minLength: Double?)
        /// Children arranged along an axis or on top of each other.
        case stack(StackSpec, [ViewNode])
        /// Several views with no container of their own (a builder's block).
        case group([ViewNode])
        /// Empty space around a view.
        case padding(EdgeInsets, ViewNode)
        /// A frame of fixed or flexible size around a view.
        case frame(FrameSpec, ViewNode)
        /// A view drawn behind another, sized to it: (background, content).
        case background(ViewNode, ViewNode)
        /// A view drawn in front of another, sized to it: (overlay, content, alignment).
        case overlay(ViewNode, ViewNode, Alignment)
        /// A change to the environment (font, colour, ...) for a subtree.
        case environment(EnvironmentChange, ViewNode)
        /// The widget's removable background (`containerBackground(for: .widget)`): (background, content).
        case containerBackground(ViewNode, ViewNode)
        /// The URL the widget opens when tapped: (url, content).
        case widgetURL(URL, ViewNode)
        /// A view with a `body`, evaluated with the environment where it is laid out.
        case composite(CompositeBody)
        /// A separator line across the enclosing stack.
        case divider
        /// A symbol scaled to fit its frame (`Image(systemName:).resizable()`).
        case resizableSymbol(String)
        /// A progress bar, ring or gauge track.
        case progress(ProgressSpec)
        /// A drawing of the user's, made when its size is known.
        case canvas(CanvasRenderer)
        /// Content made from the size the reader is offered.
        case geometryReader(GeometryContent)
        /// A tappable area (link, button, toggle) around content.
        case hitTarget(HitTarget, ViewNode)
        /// A button's label, drawn in the environment's button style.
        case button(ViewNode)
        /// A toggle's label and state, drawn in the environment's toggle style.
        case toggle(isOn: Bool, ViewNode)
        /// Content in the tint colour.
        case tinted(ViewNode)
        /// Content drawn moved, without changing its layout.
        case offset(x: Double, y: Double, ViewNode)
        /// Content drawn at an opacity, as one layer.
        case opacity(Double, ViewNode)
        /// Content clipped to an outline of its frame.
        case clip(ShapeSpec.Kind, ViewNode)
        /// Content in the accent group of the accented rendering mode.
        case accentable(ViewNode)
        /// Content at its ideal size on the chosen axes.
        case fixedSize(horizontal: Bool, vertical: Bool, ViewNode)
        /// Content offered space before its siblings of lower priority.
        case layoutPriority(Double, ViewNode)
        /// Content in a frame of an aspect ratio (`nil`: the content's own).
        case aspectRatio(Double?, ContentMode, ViewNode)
        /// Subviews sized and placed by a ``Layout``.
        case layout(LayoutBox, [ViewNode])
        /// Content drawn rotated or scaled about a point of its frame, its layout unchanged.
        case transformed(DrawTransform, ViewNode)
    }

    package var kind: Kind

    package init(_ kind: Kind) {
        self.kind = kind
    }

    /// Erases a view, as `AnyView(view)`.
    ///
    /// - Parameter view: any view; a view with a `body` is evaluated later, where it is laid out.
    public init(_ view: some View) {
        self = view._erasedNode
    }

    /// The node itself.
    public var primitiveNode: ViewNode { self }

    /// Nothing: a view that takes no space and draws nothing, as SwiftUI's `EmptyView`.
    public static var empty: ViewNode { ViewNode(.empty) }

    package static func text(_ spec: TextSpec) -> ViewNode { ViewNode(.text(spec)) }
    package static func image(_ spec: ImageSpec) -> ViewNode { ViewNode(.image(spec)) }
    package static func lineChart(_ spec: LineChartSpec) -> ViewNode { ViewNode(.lineChart(spec)) }
    package static func candlestickChart(_ spec: CandlestickChartSpec) -> ViewNode {
        ViewNode(.candlestickChart(spec))
    }
    package static func shape(_ spec: ShapeSpec) -> ViewNode { ViewNode(.shape(spec)) }
    package static func spacer(minLength: Double?) -> ViewNode { ViewNode(.spacer(minLength: minLength)) }
    package static func stack(_ spec: StackSpec, _ children: [ViewNode]) -> ViewNode {
        ViewNode(.stack(spec, children))
    }
    package static func group(_ children: [ViewNode]) -> ViewNode { ViewNode(.group(children)) }
    package static func padding(_ insets: EdgeInsets, _ child: ViewNode) -> ViewNode {
        ViewNode(.padding(insets, child))
    }
    package static func frame(_ spec: FrameSpec, _ child: ViewNode) -> ViewNode { ViewNode(.frame(spec, child)) }
    package static func background(_ background: ViewNode, _ content: ViewNode) -> ViewNode {
        ViewNode(.background(background, content))
    }
    package static func overlay(_ overlay: ViewNode, _ content: ViewNode, _ alignment: Alignment) -> ViewNode {
        ViewNode(.overlay(overlay, content, alignment))
    }
    package static func environment(_ change: EnvironmentChange, _ child: ViewNode) -> ViewNode {
        ViewNode(.environment(change, child))
    }
    package static func containerBackground(_ background: ViewNode, _ content: ViewNode) -> ViewNode {
        ViewNode(.containerBackground(background, content))
    }
    package static func widgetURL(_ url: URL, _ child: ViewNode) -> ViewNode { ViewNode(.widgetURL(url, child)) }

    /// The children a stack gets from this node: a group is flattened, empty is dropped.
    /// A modifier that changes only the environment applies to each view of a group, as
    /// SwiftUI's `Group { … }.font(…)` does.
    package var flattened: [ViewNode] {
        switch kind {
        case .empty: []
        case .group(let nodes): nodes.flatMap(\.flattened)
        case .environment(let change, let child):
            if case .group = child.kind {
                child.flattened.map { .environment(change, $0) }
            } else {
                [self]
            }
        case .text, .image, .lineChart, .candlestickChart, .shape, .spacer, .stack, .padding, .frame, .background,
            .overlay, .containerBackground, .widgetURL, .composite, .divider, .resizableSymbol, .progress, .canvas,
            .geometryReader, .hitTarget, .button, .toggle, .tinted, .offset, .opacity, .clip, .accentable,
            .fixedSize, .layoutPriority, .aspectRatio, .layout, .transformed:
            [self]
        }
    }

    /// The node a modifier wraps, if it is one that keeps its child's size.
    private var wrapped: ViewNode? {
        switch kind {
        case .padding(_, let child), .frame(_, let child), .environment(_, let child), .widgetURL(_, let child),
            .hitTarget(_, let child), .button(let child), .toggle(_, let child), .tinted(let child),
            .offset(_, _, let child), .opacity(_, let child), .clip(_, let child), .accentable(let child),
            .fixedSize(_, _, let child), .layoutPriority(_, let child), .aspectRatio(_, _, let child),
            .transformed(_, let child):
            child
        case .empty, .text, .image, .lineChart, .candlestickChart, .shape, .spacer, .stack, .group, .background,
            .overlay, .containerBackground, .composite, .divider, .resizableSymbol, .progress, .canvas,
            .geometryReader, .layout:
            nil
        }
    }

    /// The priority a stack gives this child (`layoutPriority`), looking through modifiers.
    package var layoutPriority: Double {
        if case .layoutPriority(let value, _) = kind { return value }
        return wrapped?.layoutPriority ?? 0
    }

    /// The first `widgetURL` in a resolved tree, searched depth-first.
    package var widgetURL: URL? {
        switch kind {
        case .widgetURL(let url, _): url
        case .empty, .text, .image, .lineChart, .candlestickChart, .shape, .spacer, .composite, .divider,
            .resizableSymbol, .progress, .canvas, .geometryReader:
            nil
        case .stack(_, let children), .group(let children), .layout(_, let children):
            children.lazy.compactMap(\.widgetURL).first
        case .background(let a, let b), .containerBackground(let a, let b): b.widgetURL ?? a.widgetURL
        case .overlay(let a, let b, _): b.widgetURL ?? a.widgetURL
        case .padding(_, let child), .frame(_, let child), .environment(_, let child), .hitTarget(_, let child),
            .button(let child), .toggle(_, let child), .tinted(let child), .offset(_, _, let child),
            .opacity(_, let child), .clip(_, let child), .accentable(let child), .fixedSize(_, _, let child),
            .layoutPriority(_, let child), .aspectRatio(_, _, let child), .transformed(_, let child):
            child.widgetURL
        }
    }

    /// Splits off the widget's container background of a resolved tree: (background, content).
    ///
    /// Looks through modifiers that do not affect placement (environment and URL)
    /// so that `.containerBackground(...).widgetURL(...)` works in either order.
    package var containerBackgroundSplit: (background: ViewNode?, content: ViewNode) {
        switch kind {
        case .containerBackground(let background, let content): return (background, content)
        case .environment(let change, let child):
            let split = child.containerBackgroundSplit
            return (split.background.map { .environment(change, $0) }, .environment(change, split.content))
        case .widgetURL(let url, let child):
            let split = child.containerBackgroundSplit
            return (split.background, .widgetURL(url, split.content))
        case .group(let children):
            return children.count == 1 ? children[0].containerBackgroundSplit : (nil, self)
        case .empty, .text, .image, .lineChart, .candlestickChart, .shape, .spacer, .stack, .padding, .frame,
            .background, .overlay, .composite, .divider, .resizableSymbol, .progress, .canvas, .geometryReader,
            .hitTarget, .button, .toggle, .tinted, .offset, .opacity, .clip, .accentable, .fixedSize,
            .layoutPriority, .aspectRatio, .layout, .transformed:
            return (nil, self)
        }
    }

    /// The tree with every view's `body` evaluated, each with the environment at its place.
    ///
    /// `@Environment` properties read `environment` as changed by the modifiers above them.
    ///
    /// - Parameter environment: the environment at the root.
    /// - Returns: a tree without composite views.
    package func resolved(in environment: EnvironmentValues) -> ViewNode {
        switch kind {
        case .empty, .text, .image, .lineChart, .candlestickChart, .shape, .spacer, .divider, .resizableSymbol,
            .progress, .canvas, .geometryReader:
            return self
        case .hitTarget(let target, let child):
            return ViewNode(.hitTarget(target, child.resolved(in: environment)))
        case .button(let label):
            return ButtonAppearance.button(label, in: environment).resolved(in: environment)
        case .toggle(let isOn, let label):
            return ButtonAppearance.toggle(isOn: isOn, label, in: environment).resolved(in: environment)
        case .tinted(let child):
            return ViewNode.environment(.foreground(environment.resolvedTint), child).resolved(in: environment)
        case .offset(let x, let y, let child):
            return ViewNode(.offset(x: x, y: y, child.resolved(in: environment)))
        case .opacity(let value, let child):
            return ViewNode(.opacity(value, child.resolved(in: environment)))
        case .transformed(let transform, let child):
            return ViewNode(.transformed(transform, child.resolved(in: environment)))
        case .clip(let outline, let child):
            return ViewNode(.clip(outline, child.resolved(in: environment)))
        case .accentable(let child):
            return ViewNode(.accentable(child.resolved(in: environment)))
        case .fixedSize(let h, let v, let child):
            return ViewNode(.fixedSize(horizontal: h, vertical: v, child.resolved(in: environment)))
        case .layoutPriority(let value, let child):
            return ViewNode(.layoutPriority(value, child.resolved(in: environment)))
        case .aspectRatio(let ratio, let mode, let child):
            return ViewNode(.aspectRatio(ratio, mode, child.resolved(in: environment)))
        case .composite(let body):
            return body.evaluate(in: environment).resolved(in: environment)
        case .stack(let spec, let children):
            return .stack(spec, children.map { $0.resolved(in: environment) }.flatMap(\.flattened))
        case .group(let children):
            return .group(children.map { $0.resolved(in: environment) }.flatMap(\.flattened))
        case .layout(let layout, let children):
            return ViewNode(.layout(layout, children.map { $0.resolved(in: environment) }.flatMap(\.flattened)))
        case .padding(let insets, let child):
            return .padding(insets, child.resolved(in: environment))
        case .frame(let spec, let child):
            return .frame(spec, child.resolved(in: environment))
        case .background(let background, let content):
            return .background(background.resolved(in: environment), content.resolved(in: environment))
        case .overlay(let overlay, let content, let alignment):
            return .overlay(overlay.resolved(in: environment), content.resolved(in: environment), alignment)
        case .environment(let change, let child):
            let inner = child.resolved(in: environment.applying(change))
            if case .group(let children) = inner.kind { return .group(children.map { .environment(change, $0) }) }
            return .environment(change, inner)
        case .containerBackground(let background, let content):
            return .containerBackground(background.resolved(in: environment), content.resolved(in: environment))
        case .widgetURL(let url, let child):
            return .widgetURL(url, child.resolved(in: environment))
        }
    }
}

/// A view with a `body`, kept until layout so its body sees the environment where it is placed.
package struct CompositeBody: Sendable {
    private let make: @Sendable () -> ViewNode
    private let type: any View.Type

    /// The view's type, for messages (named when asked: naming a type takes microseconds, and a
    /// body is made on every render).
    package var typeName: String { String(describing: type) }

    init<V: View>(_ view: V) {
        type = V.self
        make = { ViewNode(view.body) }
    }

    /// Evaluates the body with `environment` as the one `@Environment` reads.
    package func evaluate(in environment: EnvironmentValues) -> ViewNode {
        EnvironmentValues.$current.withValue(environment) { make() }
    }
}

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
}

/// A fixed or flexible frame, as SwiftUI's `frame` modifiers.
package struct FrameSpec: Sendable, Hashable {
    package var width: Double?
    package var height: Double?
    package var minWidth: Double?
    package var maxWidth: Double?
    package var minHeight: Double?
    package var maxHeight: Double?
    package var alignment: Alignment

    package init(
        width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, maxWidth: Double? = nil,
        minHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center
    ) {
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
        self.alignment = alignment
    }
}
