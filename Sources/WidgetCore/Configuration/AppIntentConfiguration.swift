/// A widget a person configures, as WidgetKit's `AppIntentConfiguration`: the intent's
/// `@Parameter` properties become `--param key=value` settings, and the provider gets
/// the intent filled in.
///
/// ```swift
/// AppIntentConfiguration(kind: "character", intent: SelectCharacterIntent.self, provider: CharacterProvider()) {
///     entry in CharacterView(entry: entry)
/// }
/// ```
public struct AppIntentConfiguration<Intent: WidgetConfigurationIntent, Content: View>: WidgetConfiguration {
    /// The widget, erased.
    public let erasedWidgets: [AnyWidget]

    /// A configuration whose provider takes an intent.
    ///
    /// - Parameters:
    ///   - kind: a unique string for the widget; also its folder in the output.
    ///   - intent: the intent type whose `@Parameter`s a person sets.
    ///   - provider: gives the entries for a configured intent.
    ///   - content: the view for an entry.
    public init<Provider: AppIntentTimelineProvider>(
        kind: String, intent: Intent.Type = Intent.self, provider: Provider,
        @ViewBuilder content: @escaping @Sendable (Provider.Entry) -> Content
    ) where Provider.Intent == Intent {
        erasedWidgets = [AnyWidget(kind: kind, intent: intent, provider: provider, content: content)]
    }
}
