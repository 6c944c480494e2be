import Foundation

/// The data form of a view tree: what to show, how it is arranged and modified.
///
/// Widgets rarely build nodes directly; they use ``Text``, ``VStack`` and the
/// modifiers, which produce nodes. Layout follows SwiftUI's rule: the parent
/// proposes a size, the child chooses its own, and the parent places it.
public indirect enum ViewNode: View, Sendable {
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

    public var node: ViewNode { self }

    /// The children a stack gets from this node: a group is flattened, empty is dropped.
    public var flattened: [ViewNode] {
        switch self {
        case .empty: []
        case .group(let nodes): nodes.flatMap(\.flattened)
        default: [self]
        }
    }

    /// The first `widgetURL` in the tree, searched depth-first.
    public var widgetURL: URL? {
        switch self {
        case .widgetURL(let url, _): url
        case .empty, .text, .image, .lineChart, .candlestickChart, .shape, .spacer: nil
        case .stack(_, let children), .group(let children): children.lazy.compactMap(\.widgetURL).first
        case .padding(_, let child), .frame(_, let child), .environment(_, let child): child.widgetURL
        case .background(let a, let b), .containerBackground(let a, let b): b.widgetURL ?? a.widgetURL
        case .overlay(let a, let b, _): b.widgetURL ?? a.widgetURL
        }
    }

    /// Splits off the widget's container background: (background, content).
    ///
    /// Looks through modifiers that do not affect placement (environment and URL)
    /// so that `.containerBackground(...).widgetURL(...)` works in either order.
    public var containerBackgroundSplit: (background: ViewNode?, content: ViewNode) {
        switch self {
        case .containerBackground(let background, let content): (background, content)
        case .environment(let change, let child):
            { (split: (background: ViewNode?, content: ViewNode)) in
                (split.background.map { .environment(change, $0) }, .environment(change, split.content))
            }(child.containerBackgroundSplit)
        case .widgetURL(let url, let child):
            { (split: (background: ViewNode?, content: ViewNode)) in
                (split.background, .widgetURL(url, split.content))
            }(child.containerBackgroundSplit)
        default: (nil, self)
        }
    }
}

/// The arrangement of a stack.
public struct StackSpec: Sendable, Hashable {
    /// How children are arranged.
    public enum Axis: Sendable, Hashable {
        case horizontal
        case vertical
        case depth
    }

    public var axis: Axis
    public var alignment: Alignment
    /// Space between children; `nil` uses the default of 8 points.
    public var spacing: Double?

    public init(axis: Axis, alignment: Alignment, spacing: Double?) {
        self.axis = axis
        self.alignment = alignment
        self.spacing = spacing
    }
}

/// A fixed or flexible frame, as SwiftUI's `frame` modifiers.
public struct FrameSpec: Sendable, Hashable {
    public var width: Double?
    public var height: Double?
    public var minWidth: Double?
    public var maxWidth: Double?
    public var minHeight: Double?
    public var maxHeight: Double?
    public var alignment: Alignment

    public init(
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
