import Foundation

/// A widget: its identity, the families it supports, its provider and its view,
/// as WidgetKit's `Widget` with a `StaticConfiguration` or `IntentConfiguration`.
///
/// ```swift
/// struct PriceWidget: Widget {
///     let kind = "price"
///     let displayName = "Bitcoin Price"
///     let description = "Follow the daily close of Bitcoin in US dollars."
///     let supportedFamilies: [WidgetFamily] = [.systemSmall, .systemMedium]
///     let provider = PriceProvider()
///
///     func view(for entry: PriceEntry, in context: ViewContext) -> ViewNode {
///         switch context.family {
///         case .systemSmall: Text(entry.price)
///         default: VStack { Text(entry.price); LineChart(entry.points) }
///         }
///     }
/// }
/// ```
public protocol Widget: Sendable {
    associatedtype Provider: TimelineProvider

    /// A unique string that identifies the widget; used on the command line and in output paths.
    var kind: String { get }
    /// The name shown in the widget gallery.
    var displayName: String { get }
    /// One sentence for the gallery, starting with a verb.
    var description: String { get }
    /// The families the widget offers; WidgetKit skips the others.
    var supportedFamilies: [WidgetFamily] { get }
    /// The settings a user can change, as an `IntentConfiguration` would offer.
    var parameters: [WidgetParameter] { get }
    /// The provider of entries.
    var provider: Provider { get }

    /// The view for one entry, usually switching on `context.family`.
    @ViewBuilder func view(for entry: Provider.Entry, in context: ViewContext) -> ViewNode
}

extension Widget {
    /// No parameters unless a widget declares them.
    public var parameters: [WidgetParameter] { [] }
    /// All Home Screen families unless a widget says otherwise, as in WidgetKit.
    public var supportedFamilies: [WidgetFamily] { [.systemSmall, .systemMedium, .systemLarge] }
}
