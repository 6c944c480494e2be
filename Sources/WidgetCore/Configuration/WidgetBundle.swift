import Foundation

/// A group of widgets shipped together, as WidgetKit's `WidgetBundle`.
///
/// ```swift
/// @main
/// struct GameWidgets: WidgetBundle {
///     var body: some Widget {
///         GameStatusWidget()
///         CharacterHealthWidget()
///     }
/// }
/// ```
///
/// With `import WidgetRenderCLI`, `@main` on a bundle gives it the `render`, `list`,
/// `gallery`, `bench` and `timeline` commands.
public protocol WidgetBundle {
    /// The widget group `body` returns.
    associatedtype Body: Widget

    /// Creates the bundle.
    init()

    /// The widgets, in the order the gallery shows them.
    @WidgetBundleBuilder var body: Body { get }
}

extension WidgetBundle {
    /// The bundle's widgets, checked: kinds unique and usable as folder names, families and
    /// parameters declared once each, defaults allowed.
    ///
    /// - Returns: the widgets, in order.
    /// - Throws: ``WidgetBundleError`` naming the widget and what is wrong.
    public func resolvedWidgets() throws(WidgetBundleError) -> [AnyWidget] {
        try WidgetBundleError.check(body.body.erasedWidgets)
    }
}

extension Widget {
    /// The widget's configuration, checked as a bundle's would be.
    ///
    /// - Returns: the widget (or widgets) it declares.
    /// - Throws: ``WidgetBundleError`` naming what is wrong.
    public func resolvedWidgets() throws(WidgetBundleError) -> [AnyWidget] {
        try WidgetBundleError.check(body.erasedWidgets)
    }
}

/// Several widgets as one, as a bundle's body builds them.
public struct WidgetGroup: Widget {
    private let widgets: [AnyWidget]

    /// An empty group.
    public init() {
        widgets = []
    }

    /// A group of erased widgets.
    ///
    /// - Parameter widgets: the widgets, in order.
    public init(_ widgets: [AnyWidget]) {
        self.widgets = widgets
    }

    /// The widgets' configurations.
    public var body: WidgetConfigurationList { WidgetConfigurationList(widgets) }
}

/// Collects the widgets of a ``WidgetBundle``'s body, as WidgetKit's `WidgetBundleBuilder`.
@resultBuilder
public enum WidgetBundleBuilder {
    /// A widget in the body.
    public static func buildExpression<W: Widget>(_ widget: W) -> [AnyWidget] { widget.body.erasedWidgets }
    /// The widgets of the body, in order.
    public static func buildBlock(_ parts: [AnyWidget]...) -> [AnyWidget] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [AnyWidget]?) -> [AnyWidget] { part ?? [] }
    /// The first branch of an `if`/`else`.
    public static func buildEither(first part: [AnyWidget]) -> [AnyWidget] { part }
    /// The second branch of an `if`/`else`.
    public static func buildEither(second part: [AnyWidget]) -> [AnyWidget] { part }
    /// An `if #available` branch.
    public static func buildLimitedAvailability(_ part: [AnyWidget]) -> [AnyWidget] { part }
    /// The body as one widget group.
    public static func buildFinalResult(_ parts: [AnyWidget]) -> WidgetGroup { WidgetGroup(parts) }
}

/// Letters, digits, `-`, `_` and `.`: a kind is a folder name in the output.
private func isKindCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".": true
    default: false
    }
}

/// What is wrong with a bundle's declarations: found before anything is rendered, so the
/// bundle's author sees it at once (the command exits 78, configuration error).
public struct WidgetBundleError: Error, CustomStringConvertible, Sendable {
    /// What the author should fix, naming the widget.
    public var description: String

    /// Checks widgets as ``WidgetBundle/resolvedWidgets()`` does.
    ///
    /// - Parameter widgets: the widgets of a bundle.
    /// - Returns: them, unchanged.
    /// - Throws: the first problem found.
    public static func check(_ widgets: [AnyWidget]) throws(WidgetBundleError) -> [AnyWidget] {
        var seen: Set<String> = []
        for widget in widgets {
            let kind = widget.kind
            guard !kind.isEmpty else { throw WidgetBundleError(description: "a widget has an empty kind") }
            guard kind.count <= 100, !kind.hasPrefix("."),
                kind.unicodeScalars.allSatisfy(isKindCharacter)
            else {
                throw WidgetBundleError(
                    description:
                        "widget kind '\(kind)' cannot name a folder; use letters, digits, '-', '_' and '.' (not first), at most 100"
                )
            }
            guard seen.insert(kind).inserted else {
                throw WidgetBundleError(
                    description: "two widgets in the bundle have the kind '\(kind)'; each kind must be unique")
            }
            guard !widget.supportedFamilies.isEmpty else {
                throw WidgetBundleError(description: "\(kind): supportedFamilies is empty")
            }
            var keys: Set<String> = []
            for parameter in widget.parameters {
                guard keys.insert(parameter.key).inserted else {
                    throw WidgetBundleError(description: "\(kind): two parameters have the key '\(parameter.key)'")
                }
                do {
                    _ = try parameter.validate(parameter.defaultValue)
                } catch {
                    throw WidgetBundleError(
                        description: "\(kind): the default of '\(parameter.key)' is not allowed: \(error)")
                }
            }
        }
        return widgets
    }
}
