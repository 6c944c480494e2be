/// A group of widgets shipped together, as WidgetKit's `WidgetBundle`.
///
/// ```swift
/// let bundle = WidgetBundle { PriceWidget(); CountryStatusWidget() }
/// bundle.widget(kind: "price")
/// ```
public struct WidgetBundle: Sendable {
    /// The widgets, in the order they were declared.
    public let widgets: [AnyWidget]

    /// Creates a bundle; kinds must be unique.
    public init(widgets: [AnyWidget]) {
        precondition(Set(widgets.map(\.kind)).count == widgets.count, "widget kinds in a bundle must be unique")
        self.widgets = widgets
    }

    /// Creates a bundle from a builder listing the widgets.
    public init(@WidgetBundleBuilder _ content: () -> [AnyWidget]) {
        self.init(widgets: content())
    }

    /// The widget with this kind, or `nil`.
    public func widget(kind: String) -> AnyWidget? {
        widgets.first { $0.kind == kind }
    }
}

/// Collects widgets into a ``WidgetBundle``.
@resultBuilder
public enum WidgetBundleBuilder {
    public static func buildExpression<W: Widget>(_ widget: W) -> [AnyWidget] { [AnyWidget(widget)] }
    public static func buildBlock(_ parts: [AnyWidget]...) -> [AnyWidget] { parts.flatMap { $0 } }
}
