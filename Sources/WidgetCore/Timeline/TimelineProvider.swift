import Foundation

/// Supplies a widget's entries, as WidgetKit's `TimelineProvider` (async variant).
///
/// - `placeholder(in:)` must return at once without I/O; the result is drawn redacted.
/// - `snapshot(in:)` returns one entry for transient displays and the gallery
///   (`context.isPreview`), using sample data when real data would be slow.
/// - `timeline(in:)` returns the entries to show and the reload policy.
///
/// A provider that fails to fetch should fall back to a default entry, as
/// WidgetKit providers do; it throws only when the user's own input is wrong
/// (a file that is not what it claims to be), which the command reports.
public protocol TimelineProvider: Sendable {
    associatedtype Entry: TimelineEntry

    /// An entry with sample data shown while the widget loads; no I/O.
    func placeholder(in context: TimelineProviderContext) -> Entry

    /// One entry for a transient display or the widget gallery.
    ///
    /// - Throws: when the configured data cannot be read or parsed.
    func snapshot(in context: TimelineProviderContext) async throws -> Entry

    /// The entries to show and when to ask again.
    ///
    /// - Throws: when the configured data cannot be read or parsed.
    func timeline(in context: TimelineProviderContext) async throws -> Timeline<Entry>
}

extension TimelineProvider {
    /// By default a snapshot is the timeline's latest entry, or the placeholder when it has none.
    public func snapshot(in context: TimelineProviderContext) async throws -> Entry {
        try await timeline(in: context).entries.last ?? placeholder(in: context)
    }
}
