import Foundation

/// A widget with its entry type erased: what a configuration declares and what the
/// pipeline renders.
///
/// You get these from a bundle (``WidgetBundle/resolvedWidgets()``) or a configuration;
/// the pipeline asks them for entries and views without knowing the entry type.
public struct AnyWidget: Sendable {
    /// The widget's unique kind; its folder in the output.
    public var kind: String
    /// The name the widget gallery shows; the kind unless ``WidgetConfiguration/configurationDisplayName(_:)`` says.
    public var displayName: String
    /// One sentence for the gallery.
    public var description: String = ""
    /// The families the widget offers.
    public var supportedFamilies: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge]
    /// The settings a user can change, with their defaults.
    public var parameters: [WidgetParameter] = []
    /// True when the content is drawn edge to edge, without the system's margins.
    public var contentMarginsDisabled = false
    /// Font files the widget's views use with `Font.custom(_:size:)` (see ``WidgetConfiguration/fonts(_:)``).
    public var fontFiles: [URL] = []

    private let makePlaceholder: @Sendable (TimelineProviderContext) -> AnyTimelineEntry
    private let makeSnapshot: @Sendable (TimelineProviderContext) async throws -> AnyTimelineEntry
    private let makeTimeline: @Sendable (TimelineProviderContext) async throws -> Timeline<AnyTimelineEntry>

    /// Erases a widget with a ``TimelineProvider``.
    ///
    /// - Parameters:
    ///   - kind: the widget's kind.
    ///   - provider: its provider.
    ///   - content: the view for an entry.
    public init<Provider: TimelineProvider, Content: View>(
        kind: String, provider: Provider, content: @escaping @Sendable (Provider.Entry) -> Content
    ) {
        self.kind = kind
        displayName = kind
        let erase = Self.eraser(content)
        makePlaceholder = { erase(provider.placeholder(in: $0)) }
        makeSnapshot = { erase(try await provider.snapshot(in: $0)) }
        makeTimeline = { context in
            let timeline = try await provider.timeline(in: context)
            return Timeline(entries: timeline.entries.map(erase), policy: timeline.policy)
        }
    }

    /// Erases a widget with an ``AppIntentTimelineProvider``: its parameters come from the
    /// intent's `@Parameter` properties, and each call gets an intent filled from the context.
    ///
    /// - Parameters:
    ///   - kind: the widget's kind.
    ///   - intent: the intent type.
    ///   - provider: its provider.
    ///   - content: the view for an entry.
    public init<Provider: AppIntentTimelineProvider, Content: View>(
        kind: String, intent: Provider.Intent.Type, provider: Provider,
        content: @escaping @Sendable (Provider.Entry) -> Content
    ) {
        self.kind = kind
        displayName = kind
        parameters = intent.parameterDefinitions
        let erase = Self.eraser(content)
        makePlaceholder = { erase(provider.placeholder(in: $0)) }
        makeSnapshot = { context in
            erase(try await provider.snapshot(for: Provider.Intent.configured(by: context.parameters), in: context))
        }
        makeTimeline = { context in
            let timeline = try await provider.timeline(
                for: Provider.Intent.configured(by: context.parameters), in: context)
            return Timeline(entries: timeline.entries.map(erase), policy: timeline.policy)
        }
    }

    private static func eraser<Entry: TimelineEntry, Content: View>(
        _ content: @escaping @Sendable (Entry) -> Content
    ) -> @Sendable (Entry) -> AnyTimelineEntry {
        { entry in
            AnyTimelineEntry(
                date: entry.date, relevance: entry.relevance,
                dataSummary: (entry as? any DataDescribingEntry)?.dataSummary,
                view: ViewNode(EntryContent { ViewNode(content(entry)) }))
        }
    }

    /// The provider's placeholder entry.
    ///
    /// - Parameter context: family, size, parameters and the time asked.
    /// - Returns: the entry, drawn redacted.
    public func placeholder(in context: TimelineProviderContext) -> AnyTimelineEntry {
        makePlaceholder(context)
    }

    /// The provider's snapshot entry.
    ///
    /// - Parameter context: family, size, parameters and the time asked; `isPreview` for the gallery.
    /// - Returns: the entry.
    /// - Throws: what the provider throws.
    public func snapshot(in context: TimelineProviderContext) async throws -> AnyTimelineEntry {
        try await makeSnapshot(context)
    }

    /// The provider's timeline.
    ///
    /// - Parameter context: family, size, parameters and the time asked.
    /// - Returns: the entries, sorted, and the reload policy.
    /// - Throws: what the provider throws.
    public func timeline(in context: TimelineProviderContext) async throws -> Timeline<AnyTimelineEntry> {
        try await makeTimeline(context)
    }

    /// True when the widget offers `family`.
    ///
    /// - Parameter family: a family.
    /// - Returns: whether it is among ``supportedFamilies``.
    public func supports(_ family: WidgetFamily) -> Bool { supportedFamilies.contains(family) }
}

/// The view of an entry, built when it is laid out so `@Environment` sees the widget's values.
private struct EntryContent: View {
    let make: @Sendable () -> ViewNode

    var body: ViewNode { make() }
}

/// An entry whose view can be built without knowing its concrete type.
public struct AnyTimelineEntry: DataDescribingEntry {
    /// When the entry starts to show.
    public let date: Date
    /// Its relevance, if the entry has one.
    public let relevance: TimelineEntryRelevance?
    /// What its chart or figures were drawn from, if the entry says.
    public let dataSummary: DataSummary?
    /// The widget's view of the entry.
    public let view: ViewNode

    /// An erased entry.
    ///
    /// - Parameters:
    ///   - date: when it starts to show.
    ///   - relevance: its relevance.
    ///   - dataSummary: what it was drawn from.
    ///   - view: its view.
    public init(date: Date, relevance: TimelineEntryRelevance?, dataSummary: DataSummary? = nil, view: ViewNode) {
        self.date = date
        self.relevance = relevance
        self.dataSummary = dataSummary
        self.view = view
    }
}
