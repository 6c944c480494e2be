import Foundation

/// Supplies the entries of a widget configured by an intent, as WidgetKit's
/// `AppIntentTimelineProvider`.
///
/// ```swift
/// struct CharacterProvider: AppIntentTimelineProvider {
///     func placeholder(in context: Context) -> CharacterEntry { .sample }
///     func snapshot(for configuration: SelectCharacterIntent, in context: Context) async -> CharacterEntry { .sample }
///     func timeline(for configuration: SelectCharacterIntent, in context: Context) async -> Timeline<CharacterEntry> {
///         Timeline(entries: [CharacterEntry(date: context.now, hero: configuration.hero)], policy: .never)
///     }
/// }
/// ```
///
/// WidgetKit's methods do not throw; yours may, with a ``ProviderError`` the command reports.
public protocol AppIntentTimelineProvider: Sendable {
    /// The entry type.
    associatedtype Entry: TimelineEntry
    /// The intent a person configures.
    associatedtype Intent: WidgetConfigurationIntent

    /// WidgetKit's name for the context.
    typealias Context = TimelineProviderContext

    /// An entry with sample data shown while the widget loads; no I/O.
    ///
    /// - Parameter context: family, size and the time asked.
    /// - Returns: the entry, drawn redacted.
    func placeholder(in context: Context) -> Entry

    /// One entry for a transient display or the widget gallery.
    ///
    /// - Parameters:
    ///   - configuration: the intent with the person's settings.
    ///   - context: family, size, the time asked; `isPreview` for the gallery.
    /// - Returns: the entry.
    /// - Throws: a ``ProviderError`` when the configuration cannot be served.
    func snapshot(for configuration: Intent, in context: Context) async throws -> Entry

    /// The entries to show and when to ask again.
    ///
    /// - Parameters:
    ///   - configuration: the intent with the person's settings.
    ///   - context: family, size, the time asked.
    /// - Returns: the timeline.
    /// - Throws: a ``ProviderError`` when the configuration cannot be served.
    func timeline(for configuration: Intent, in context: Context) async throws -> Timeline<Entry>
}

extension AppIntentTimelineProvider {
    /// By default a snapshot is the timeline's entry on screen at the time asked (else its
    /// first), or the placeholder when it has none.
    ///
    /// - Parameters:
    ///   - configuration: the intent.
    ///   - context: the context.
    /// - Returns: the entry.
    /// - Throws: what ``timeline(for:in:)`` throws.
    public func snapshot(for configuration: Intent, in context: Context) async throws -> Entry {
        let timeline = try await timeline(for: configuration, in: context)
        return timeline.entry(at: context.now) ?? placeholder(in: context)
    }
}
