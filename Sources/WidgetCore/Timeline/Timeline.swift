import Foundation

/// A provider's entries and when to ask for the next ones, as WidgetKit's `Timeline`.
///
/// Entries are kept sorted by date, so the entry on screen at a time is easy to find:
///
/// ```swift
/// let timeline = Timeline(entries: entries, policy: .atEnd)
/// let shown = timeline.entry(at: now)
/// ```
public struct Timeline<Entry: TimelineEntry>: Sendable {
    /// The entries, oldest first (stable for equal dates).
    public let entries: [Entry]
    /// When to ask the provider again.
    public let policy: TimelineReloadPolicy

    /// Creates a timeline; entries are sorted by date, keeping the given order for equal dates.
    public init(entries: [Entry], policy: TimelineReloadPolicy) {
        self.entries = entries.enumerated()
            .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
            .map(\.element)
        self.policy = policy
    }

    /// The index of the entry on screen at `time`, by WidgetRender's one rule: the latest entry
    /// whose date is not after `time`; before the first entry, the first.
    ///
    /// Every part of WidgetRender picks the entry on screen this way: `render`, `timeline`, the
    /// gallery's default snapshot, `bench`, the snapshot strategies and ``TimelineSimulation``.
    /// (On a device, a timeline whose first entry lies ahead shows that entry from the start.)
    ///
    /// - Returns: `nil` only for a timeline without entries.
    public func entryIndex(at time: Date) -> Int? {
        guard !entries.isEmpty else { return nil }
        // Entries are sorted; the last one not after `time` wins.
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].date <= time { low = mid + 1 } else { high = mid }
        }
        return max(0, low - 1)
    }

    /// The entry on screen at `time`; see ``entryIndex(at:)``.
    public func entry(at time: Date) -> Entry? {
        entryIndex(at: time).map { entries[$0] }
    }

    /// Whether `time` is before the first entry's date, where ``entryIndex(at:)`` gives the
    /// first entry although its date has not come.
    public func isBeforeFirstEntry(_ time: Date) -> Bool {
        entries.first.map { time < $0.date } ?? false
    }

    /// The earliest date the system would ask the provider for a new timeline.
    ///
    /// `.atEnd` gives the last entry's date, `.after(d)` gives `d`, `.never` gives `nil`
    /// (as does `.atEnd` on an empty timeline).
    public var nextReloadDate: Date? {
        switch policy {
        case .atEnd: entries.last?.date
        case .after(let date): date
        case .never: nil
        }
    }
}
