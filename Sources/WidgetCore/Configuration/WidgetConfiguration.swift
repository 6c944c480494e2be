import Foundation

/// What a ``Widget``'s `body` declares: its kind, names, families, provider and view, as
/// WidgetKit's `WidgetConfiguration`.
///
/// Make one with ``StaticConfiguration`` or ``AppIntentConfiguration`` and change it with
/// the modifiers: ``configurationDisplayName(_:)``, ``description(_:)``,
/// ``supportedFamilies(_:)``, ``contentMarginsDisabled()``.
public protocol WidgetConfiguration: Sendable {
    /// The widgets this configuration declares, type-erased for the pipeline.
    var erasedWidgets: [AnyWidget] { get }
}

/// A widget with no user configuration, as WidgetKit's `StaticConfiguration`.
///
/// ```swift
/// StaticConfiguration(kind: "game-status", provider: GameStatusProvider()) { entry in
///     GameStatusView(entry: entry)
/// }
/// ```
public struct StaticConfiguration<Content: View>: WidgetConfiguration {
    /// The widget, erased.
    public let erasedWidgets: [AnyWidget]

    /// A configuration whose provider takes no intent.
    ///
    /// - Parameters:
    ///   - kind: a unique string for the widget; also its folder in the output (letters, digits, `-`, `_`, `.`).
    ///   - provider: gives the entries.
    ///   - content: the view for an entry; read the family from `@Environment(\.widgetFamily)`.
    public init<Provider: TimelineProvider>(
        kind: String, provider: Provider, @ViewBuilder content: @escaping @Sendable (Provider.Entry) -> Content
    ) {
        erasedWidgets = [AnyWidget(kind: kind, provider: provider, content: content)]
    }
}

/// The configurations of several widgets, as a bundle's `body` yields them.
public struct WidgetConfigurationList: WidgetConfiguration {
    /// The widgets, in order.
    public let erasedWidgets: [AnyWidget]

    /// A list of widgets.
    ///
    /// - Parameter widgets: the widgets, erased.
    public init(_ widgets: [AnyWidget]) {
        erasedWidgets = widgets
    }
}

/// A configuration with a change applied by a modifier.
public struct ModifiedWidgetConfiguration: WidgetConfiguration {
    /// The widgets, changed.
    public let erasedWidgets: [AnyWidget]

    init(_ base: some WidgetConfiguration, _ change: (inout AnyWidget) -> Void) {
        erasedWidgets = base.erasedWidgets.map { widget in
            var copy = widget
            change(&copy)
            return copy
        }
    }
}

extension WidgetConfiguration {
    /// The name the widget gallery shows.
    ///
    /// - Parameter displayName: e.g. `"Game Status"`.
    /// - Returns: the changed configuration.
    public func configurationDisplayName(_ displayName: String) -> ModifiedWidgetConfiguration {
        ModifiedWidgetConfiguration(self) { $0.displayName = displayName }
    }

    /// One sentence the widget gallery shows under the name.
    ///
    /// - Parameter description: e.g. `"See the state of your game at a glance."`.
    /// - Returns: the changed configuration.
    public func description(_ description: String) -> ModifiedWidgetConfiguration {
        ModifiedWidgetConfiguration(self) { $0.description = description }
    }

    /// The families the widget offers; WidgetKit, and WidgetRender, skip the others.
    ///
    /// - Parameter families: e.g. `[.systemSmall, .accessoryCircular]`.
    /// - Returns: the changed configuration.
    public func supportedFamilies(_ families: [WidgetFamily]) -> ModifiedWidgetConfiguration {
        ModifiedWidgetConfiguration(self) { $0.supportedFamilies = families }
    }

    /// Draws the content edge to edge instead of inside the system's content margins.
    ///
    /// - Returns: the changed configuration.
    public func contentMarginsDisabled() -> ModifiedWidgetConfiguration {
        ModifiedWidgetConfiguration(self) { $0.contentMarginsDisabled = true }
    }

    /// Settings a user can change with `--param key=value`, for a ``StaticConfiguration``
    /// whose provider reads `context.parameters` (WidgetRender's own; an
    /// ``AppIntentConfiguration`` takes its parameters from its intent).
    ///
    /// - Parameter parameters: the parameters, each with its default.
    /// - Returns: the changed configuration.
    public func parameters(_ parameters: [WidgetParameter]) -> ModifiedWidgetConfiguration {
        ModifiedWidgetConfiguration(self) { $0.parameters = parameters }
    }

    /// Font files the widget's views use with `Font.custom(_:size:)`, as a widget extension lists
    /// them under `UIAppFonts` in its Info.plist.
    ///
    /// They join the fonts of the project's own configuration for every render of a session
    /// that has this widget; no other font on the machine is admitted.
    ///
    /// ```swift
    /// StaticConfiguration(kind: "quote", provider: QuoteProvider()) { QuoteView(entry: $0) }
    ///     .fonts([Bundle.module.url(forResource: "Lobster-Regular", withExtension: "ttf")!])
    /// ```
    ///
    /// - Parameter files: TrueType or OpenType files; a file that cannot be read fails the render (69).
    /// - Returns: the configuration.
    public func fonts(_ files: [URL]) -> ModifiedWidgetConfiguration {
        ModifiedWidgetConfiguration(self) { $0.fontFiles += files }
    }
}
