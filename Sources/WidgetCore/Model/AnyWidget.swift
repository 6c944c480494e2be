import Foundation

/// A type-erased ``Widget``, so a bundle can hold widgets with different entry types.
public struct AnyWidget: Sendable {
    public let kind: String
    public let displayName: String
    public let description: String
    public let supportedFamilies: [WidgetFamily]
    public let parameters: [WidgetParameter]

    private let makePlaceholder: @Sendable (TimelineProviderContext) -> AnyTimelineEntry
    private let makeSnapshot: @Sendable (TimelineProviderContext) async throws -> AnyTimelineEntry
    private let makeTimeline: @Sendable (TimelineProviderContext) async throws -> Timeline<AnyTimelineEntry>

    /// Wraps a widget.
    public init<W: Widget>(_ widget: W) {
        kind = widget.kind
        displayName = widget.displayName
        description = widget.description
        supportedFamilies = widget.supportedFamilies
        parameters = widget.parameters
        let erase: @Sendable (W.Provider.Entry) -> AnyTimelineEntry = { entry in
            AnyTimelineEntry(
                date: entry.date, relevance: entry.relevance,
                dataSummary: (entry as? any DataDescribingEntry)?.dataSummary
            ) { widget.view(for: entry, in: $0) }
        }
        makePlaceholder = { erase(widget.provider.placeholder(in: $0)) }
        makeSnapshot = { erase(try await widget.provider.snapshot(in: $0)) }
        makeTimeline = { context in
            let timeline = try await widget.provider.timeline(in: context)
            return Timeline(entries: timeline.entries.map(erase), policy: timeline.policy)
        }
    }

    /// The provider's placeholder entry.
    public func placeholder(in context: TimelineProviderContext) -> AnyTimelineEntry {
        makePlaceholder(context)
    }

    /// The provider's snapshot entry.
    public func snapshot(in context: TimelineProviderContext) async throws -> AnyTimelineEntry {
        try await makeSnapshot(context)
    }

    /// The provider's timeline.
    public func timeline(in context: TimelineProviderContext) async throws -> Timeline<AnyTimelineEntry> {
        try await makeTimeline(context)
    }

    /// True when the widget offers `family`.
    public func supports(_ family: WidgetFamily) -> Bool { supportedFamilies.contains(family) }
}

/// An entry whose view can be built without knowing its concrete type.
public struct AnyTimelineEntry: DataDescribingEntry {
    public let date: Date
    public let relevance: TimelineEntryRelevance?
    public let dataSummary: DataSummary?
    private let makeView: @Sendable (ViewContext) -> ViewNode

    public init(
        date: Date, relevance: TimelineEntryRelevance?, dataSummary: DataSummary? = nil,
        view: @escaping @Sendable (ViewContext) -> ViewNode
    ) {
        self.date = date
        self.relevance = relevance
        self.dataSummary = dataSummary
        makeView = view
    }

    /// The entry's view in a context.
    public func view(in context: ViewContext) -> ViewNode { makeView(context) }
}
