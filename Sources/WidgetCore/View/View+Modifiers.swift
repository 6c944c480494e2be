import Foundation

extension View {
    /// Adds the same space on every edge (16 points by default, the widget margin).
    public func padding(_ length: Double = 16) -> ViewNode {
        .padding(EdgeInsets(all: length), node)
    }

    /// Adds space on the given edges.
    public func padding(_ insets: EdgeInsets) -> ViewNode {
        .padding(insets, node)
    }

    /// Adds space on the leading and trailing edges.
    public func padding(horizontal: Double = 0, vertical: Double = 0) -> ViewNode {
        .padding(EdgeInsets(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal), node)
    }

    /// A fixed size on one or both axes.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> ViewNode {
        .frame(FrameSpec(width: width, height: height, alignment: alignment), node)
    }

    /// A flexible size; `.infinity` takes all the space offered.
    public func frame(
        minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil,
        alignment: Alignment = .center
    ) -> ViewNode {
        .frame(
            FrameSpec(
                minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight, alignment: alignment
            ),
            node)
    }

    /// The font for text in this subtree.
    public func font(_ font: Font) -> ViewNode { .environment(.font(font), node) }

    /// The colour for text, lines and shapes in this subtree.
    public func foregroundStyle(_ color: Color) -> ViewNode { .environment(.foreground(color), node) }

    /// The most lines text may take; extra text is truncated with an ellipsis.
    public func lineLimit(_ limit: Int?) -> ViewNode { .environment(.lineLimit(limit), node) }

    /// How far text may shrink (0...1) before it is truncated.
    public func minimumScaleFactor(_ factor: Double) -> ViewNode {
        .environment(.minimumScaleFactor(factor), node)
    }

    /// How the lines of wrapped text line up.
    public func multilineTextAlignment(_ alignment: HorizontalAlignment) -> ViewNode {
        .environment(.textAlignment(alignment), node)
    }

    /// Sets a value of the environment for this subtree, as SwiftUI's `environment(_:_:)`.
    ///
    /// ```swift
    /// BadgeView().environment(\.colorScheme, .dark)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: the value to set, e.g. `\.locale` or a key of your own.
    ///   - value: its value in the subtree.
    /// - Returns: the view with the changed environment.
    public func environment<Value: Sendable>(
        _ keyPath: WritableKeyPath<EnvironmentValues, Value> & Sendable, _ value: Value
    ) -> ViewNode {
        .environment(.custom(EnvironmentWrite(keyPath, value)), node)
    }

    /// Keeps this subtree visible in the placeholder.
    public func unredacted() -> ViewNode { .environment(.unredacted, node) }

    /// Draws a colour behind the view.
    public func background(_ color: Color) -> ViewNode {
        .background(.shape(ShapeSpec(kind: .rectangle(cornerRadius: 0), fill: .color(color))), node)
    }

    /// Draws a view behind this one, sized to it.
    public func background(@ViewBuilder _ content: () -> ViewNode) -> ViewNode {
        .background(content(), node)
    }

    /// Draws a view in front of this one, sized to it.
    public func overlay(alignment: Alignment = .center, @ViewBuilder _ content: () -> ViewNode) -> ViewNode {
        .overlay(content(), node, alignment)
    }

    /// The widget's background, drawn edge to edge beneath the content margins
    /// and removed where WidgetKit removes it (as `containerBackground(for: .widget)`).
    public func containerBackground(@ViewBuilder _ content: () -> ViewNode) -> ViewNode {
        .containerBackground(content(), node)
    }

    /// The widget's background, as WidgetKit's `containerBackground(for: .widget) { … }`.
    ///
    /// - Parameters:
    ///   - placement: `.widget`.
    ///   - content: the background, drawn edge to edge.
    /// - Returns: the view with its container background.
    public func containerBackground(
        for placement: ContainerBackgroundPlacement, @ViewBuilder content: () -> ViewNode
    ) -> ViewNode {
        .containerBackground(content(), node)
    }

    /// A colour as the widget's background, as WidgetKit's `containerBackground(.blue, for: .widget)`.
    ///
    /// - Parameters:
    ///   - color: the colour.
    ///   - placement: `.widget`.
    /// - Returns: the view with its container background.
    public func containerBackground(_ color: Color, for placement: ContainerBackgroundPlacement) -> ViewNode {
        containerBackground(color)
    }

    /// A colour as the widget's container background.
    public func containerBackground(_ color: Color) -> ViewNode {
        .containerBackground(.shape(ShapeSpec(kind: .rectangle(cornerRadius: 0), fill: .color(color))), node)
    }

    /// The URL to open when the widget is tapped; the manifest records it.
    public func widgetURL(_ url: URL?) -> ViewNode {
        guard let url else { return node }
        return .widgetURL(url, node)
    }
}

/// Where a container background goes, as WidgetKit's `ContainerBackgroundPlacement`.
public struct ContainerBackgroundPlacement: Sendable, Hashable {
    private let name: String

    /// The widget's own background, removed where the system removes it (Lock Screen, StandBy).
    public static var widget: ContainerBackgroundPlacement { ContainerBackgroundPlacement(name: "widget") }
}

extension Color: PrimitiveView {
    /// A colour fills the space it is offered, as in SwiftUI.
    public var primitiveNode: ViewNode {
        .shape(ShapeSpec(kind: .rectangle(cornerRadius: 0), fill: .color(self)))
    }
}
