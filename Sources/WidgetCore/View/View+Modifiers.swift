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

extension View {
    /// Adds space on some edges, as SwiftUI's `padding(_:_:)`: `padding(.horizontal, 8)`.
    ///
    /// - Parameters:
    ///   - edges: which edges.
    ///   - length: points; `nil` for the widget margin, 16.
    /// - Returns: the padded view.
    public func padding(_ edges: Edge.Set, _ length: Double? = nil) -> ViewNode {
        let value = length ?? 16
        return .padding(
            EdgeInsets(
                top: edges.contains(.top) ? value : 0, leading: edges.contains(.leading) ? value : 0,
                bottom: edges.contains(.bottom) ? value : 0, trailing: edges.contains(.trailing) ? value : 0),
            node)
    }

    /// The colour for text, lines and shapes in this subtree (SwiftUI's older name for
    /// `foregroundStyle`).
    ///
    /// - Parameter color: the colour; `nil` leaves it as it is.
    /// - Returns: the view.
    public func foregroundColor(_ color: Color?) -> ViewNode {
        guard let color else { return node }
        return foregroundStyle(color)
    }

    /// The colour of controls, progress views and gauges in this subtree, as SwiftUI's `tint`.
    ///
    /// - Parameter color: the colour; `nil` for the accent colour.
    /// - Returns: the view.
    public func tint(_ color: Color?) -> ViewNode {
        .environment(.custom(EnvironmentWrite(\.tint, color)), node)
    }

    /// Extra points between the lines of wrapped text.
    public func lineSpacing(_ points: Double) -> ViewNode {
        .environment(.custom(EnvironmentWrite(\.lineSpacing, points)), node)
    }

    private func textAttribute(_ change: @escaping @Sendable (inout TextAttributes) -> Void) -> ViewNode {
        .environment(.custom(EnvironmentWrite { change(&$0.textAttributes) }), node)
    }

    /// Bold text in this subtree.
    public func bold(_ isActive: Bool = true) -> ViewNode {
        textAttribute { if isActive { $0.weight = .bold } }
    }

    /// Text of a weight in this subtree.
    public func fontWeight(_ weight: Font.Weight?) -> ViewNode { textAttribute { $0.weight = weight } }

    /// Slanted text in this subtree.
    public func italic(_ isActive: Bool = true) -> ViewNode { textAttribute { $0.italic = $0.italic || isActive } }

    /// Digits of equal width in this subtree's text.
    public func monospacedDigit() -> ViewNode { textAttribute { $0.monospacedDigit = true } }

    /// A line through this subtree's text.
    public func strikethrough(_ isActive: Bool = true) -> ViewNode {
        textAttribute { $0.strikethrough = $0.strikethrough || isActive }
    }

    /// A line under this subtree's text.
    public func underline(_ isActive: Bool = true) -> ViewNode {
        textAttribute { $0.underline = $0.underline || isActive }
    }

    /// Text of this subtree in a design (`.monospaced`, `.serif`).
    public func fontDesign(_ design: Font.Design?) -> ViewNode { textAttribute { $0.design = design } }

    /// The size of symbol images relative to the font.
    public func imageScale(_ scale: Image.Scale) -> ViewNode {
        .environment(.custom(EnvironmentWrite(\.imageScale, scale)), node)
    }

    /// How ``Label``s in this subtree show their title and icon.
    public func labelStyle(_ style: LabelStyle) -> ViewNode {
        .environment(.custom(EnvironmentWrite(\.labelStyle, style)), node)
    }

    /// How ``ProgressView``s in this subtree draw.
    public func progressViewStyle(_ style: ProgressViewStyle) -> ViewNode {
        .environment(.custom(EnvironmentWrite(\.progressViewStyle, style)), node)
    }

    /// How ``Gauge``s in this subtree draw.
    public func gaugeStyle(_ style: GaugeStyle) -> ViewNode {
        .environment(.custom(EnvironmentWrite(\.gaugeStyle, style)), node)
    }

    /// How ``Button``s in this subtree draw.
    public func buttonStyle(_ style: ButtonStyle) -> ViewNode {
        .environment(.custom(EnvironmentWrite(\.buttonStyle, style)), node)
    }

    /// How ``Toggle``s in this subtree draw.
    public func toggleStyle(_ style: ToggleStyle) -> ViewNode {
        .environment(.custom(EnvironmentWrite(\.toggleStyle, style)), node)
    }

    /// Draws this subtree redacted for a reason (`.placeholder`), as SwiftUI's `redacted(reason:)`.
    public func redacted(reason: RedactionReasons) -> ViewNode {
        .environment(.custom(EnvironmentWrite { $0.redacted = $0.redacted || !reason.isEmpty }), node)
    }

    /// Draws the view at an opacity (0…1), as one layer.
    public func opacity(_ value: Double) -> ViewNode {
        .primitive(Opacity(value: value.isFinite ? min(1, max(0, value)) : 1), [node])
    }

    /// Clips the view to a shape of its frame.
    ///
    /// - Parameter shape: the outline, e.g. `Circle()` or `RoundedRectangle(cornerRadius: 8)`.
    /// - Returns: the clipped view.
    public func clipShape(_ shape: some Shape) -> ViewNode { .primitive(Clip(outline: shape.outline), [node]) }

    /// Clips the view to its frame.
    public func clipped() -> ViewNode { .primitive(Clip(outline: .rectangle(cornerRadius: 0)), [node]) }

    /// Clips the view to its frame with rounded corners.
    public func cornerRadius(_ radius: Double) -> ViewNode {
        .primitive(Clip(outline: .rectangle(cornerRadius: radius)), [node])
    }

    /// Draws the view moved, without changing where its neighbours go.
    public func offset(x: Double = 0, y: Double = 0) -> ViewNode { .primitive(Offset(x: x, y: y), [node]) }

    /// Draws the view moved by a size, without changing where its neighbours go.
    public func offset(_ size: Size) -> ViewNode { offset(x: size.width, y: size.height) }

    /// The view at its ideal size on both axes, whatever it is offered (text unwrapped).
    public func fixedSize() -> ViewNode { fixedSize(horizontal: true, vertical: true) }

    /// The view at its ideal size on the chosen axes.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> ViewNode {
        .primitive(FixedSize(horizontal: horizontal, vertical: vertical), [node])
    }

    /// How early a stack offers this view space: higher first, as SwiftUI's `layoutPriority`.
    public func layoutPriority(_ value: Double) -> ViewNode { .primitive(LayoutPriority(value: value), [node]) }

    /// The view in the largest frame of an aspect ratio (width ÷ height) that fits (`.fit`) or
    /// covers (`.fill`) what it is offered; `nil` keeps the view's own ratio.
    public func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode) -> ViewNode {
        .primitive(AspectRatio(ratio: ratio.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }, mode: contentMode), [node])
    }

    /// The view in a frame that fits its aspect ratio.
    public func scaledToFit() -> ViewNode { aspectRatio(contentMode: .fit) }

    /// The view in a frame that covers its aspect ratio.
    public func scaledToFill() -> ViewNode { aspectRatio(contentMode: .fill) }

    /// Puts the view in the accent group of the accented rendering mode, as WidgetKit's
    /// `widgetAccentable(_:)`.
    public func widgetAccentable(_ accentable: Bool = true) -> ViewNode {
        accentable ? .primitive(WidgetAccentable(), [node]) : node
    }

    /// Draws a style (a colour or gradient) behind the view.
    public func background(_ style: ShapeStyle) -> ViewNode {
        .background(.shape(ShapeSpec(kind: .rectangle(cornerRadius: 0), fill: style)), node)
    }

    /// Draws a view behind this one, sized to it.
    public func background<Background: View>(_ view: Background, alignment: Alignment = .center) -> ViewNode {
        .background(ViewNode(view), node)
    }

    /// Draws a view in front of this one.
    public func overlay<Overlay: View>(_ view: Overlay, alignment: Alignment = .center) -> ViewNode {
        .overlay(ViewNode(view), node, alignment)
    }
}
