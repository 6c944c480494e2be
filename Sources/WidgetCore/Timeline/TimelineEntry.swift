import Foundation

/// A value a widget displays at a point in time, as WidgetKit's `TimelineEntry`.
///
/// `date` is when the entry should appear; `relevance` ranks it against the
/// widget's other entries for Smart Stack rotation and never decides which
/// entry of a widget is shown.
///
/// ```swift
/// struct PriceEntry: TimelineEntry {
///     let date: Date
///     let close: Double
/// }
/// ```
public protocol TimelineEntry: Sendable {
    /// When WidgetKit should start showing this entry.
    var date: Date { get }
    /// How relevant the entry is, compared with the widget's own other entries.
    var relevance: TimelineEntryRelevance? { get }
}

extension TimelineEntry {
    /// No relevance unless an entry says otherwise, as in WidgetKit.
    public var relevance: TimelineEntryRelevance? { nil }
}

/// How relevant an entry is, as WidgetKit's `TimelineEntryRelevance`.
public struct TimelineEntryRelevance: Hashable, Codable, Sendable {
    /// A score on a scale the widget chooses.
    public var score: Double
    /// Seconds after the entry's date during which the score applies; 0 means until the next entry.
    public var duration: TimeInterval

    /// A relevance: a score, and seconds it applies for (0: until the next entry).
    public init(score: Double, duration: TimeInterval = 0) {
        self.score = score
        self.duration = duration
    }
}
