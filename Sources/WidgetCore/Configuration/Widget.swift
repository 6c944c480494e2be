/// A widget, as WidgetKit's `Widget`: a `body` that declares its configuration.
///
/// ```swift
/// struct GameStatusWidget: Widget {
///     var body: some WidgetConfiguration {
///         StaticConfiguration(kind: "game-status", provider: GameStatusProvider()) { entry in
///             GameStatusView(entry: entry)
///         }
///         .configurationDisplayName("Game Status")
///         .description("See the state of your game at a glance.")
///         .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
///     }
/// }
/// ```
///
/// A widget can also be the `@main` type of a command (`import WidgetRenderCLI`).
public protocol Widget {
    /// The configuration type `body` returns.
    associatedtype Body: WidgetConfiguration

    /// Creates the widget, as WidgetKit does when it loads the extension.
    init()

    /// The widget's kind, families, provider and view.
    var body: Body { get }
}
