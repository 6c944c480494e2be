import Foundation
import WidgetRender

/// How much history a chart shows: the `range` parameter (`--range`).
enum ChartRange: String, CaseIterable {
    case auto
    case days7 = "7d"
    case days30 = "30d"
    case days90 = "90d"
    case year = "1y"
    case all

    static var parameter: WidgetParameter {
        WidgetParameter(
            key: "range", title: "Chart range",
            summary: "History drawn in the chart; auto is 30d for small and accessory, 90d for medium, 1y for large.",
            kind: .choice([
                .init(value: "auto", label: "By size"), .init(value: "7d", label: "7 days"),
                .init(value: "30d", label: "30 days"), .init(value: "90d", label: "90 days"),
                .init(value: "1y", label: "1 year"), .init(value: "all", label: "All data"),
            ]), defaultValue: "auto")
    }

    /// The range chosen for a family (`auto` resolved).
    static func resolved(_ context: TimelineProviderContext) -> ChartRange {
        let chosen = context.parameters.string("range").flatMap(ChartRange.init(rawValue:)) ?? .auto
        guard chosen == .auto else { return chosen }
        switch context.family {
        case .systemMedium: return .days90
        case .systemLarge, .systemExtraLarge: return .year
        default: return .days30
        }
    }

    /// Days in the window; `nil` for everything.
    var days: Int? {
        switch self {
        case .days7: 7
        case .days30, .auto: 30
        case .days90: 90
        case .year: 365
        case .all: nil
        }
    }

    /// A short label: `30D`, `1Y`, `All`.
    var label: String {
        switch self {
        case .year: "1Y"
        case .all: "All"
        default: "\(days ?? 0)D"
        }
    }

    /// The window's first instant for a window ending at `end`.
    func start(endingAt end: Date) -> Date? {
        days.map { end.addingTimeInterval(-Double($0 - 1) * 86_400) }
    }

    /// The fewest points a chart window holds when the data has them: a window with fewer
    /// (monthly data in 30 days) widens to the last this many, so the chart is never a lone dot.
    static var minimumPoints: Int { 6 }

    /// The items a chart shows for a window ending at the last item, and the label that says
    /// what is really shown.
    ///
    /// The label is the range's own (`30D`) when the data fills the window; when the data
    /// is shorter than the window, or the window had to widen to ``minimumPoints``, it is
    /// the span actually drawn (`16D`, `5M`, `8H`; twelve months is `1Y`); `All` for ``all``.
    ///
    /// - Parameters:
    ///   - items: the data up to the window's end, oldest first.
    ///   - time: each item's instant.
    /// - Returns: the items to draw (empty only for empty `items`) and their label.
    func window<Item>(_ items: [Item], time: (Item) -> Date) -> (items: [Item], label: String) {
        guard let last = items.last, let start = start(endingAt: time(last)) else { return (items, label) }
        let first = items.firstIndex { time($0) >= start } ?? items.endIndex
        let inWindow = Array(items[first...])
        if inWindow.count < min(Self.minimumPoints, items.count) {
            let widened = Array(items.suffix(Self.minimumPoints))
            return (widened, Self.spanLabel(widened.map(time)))
        }
        if time(items[0]) > start {
            return (inWindow, Self.spanLabel(inWindow.map(time)))
        }
        return (inWindow, label)
    }

    /// A short label for the time from the first to the last instant: `45m`, `8H`, `16D`
    /// (counting both ends' days, as the windows do), `5M`, `1Y` (not `12M`), `2Y`.
    static func spanLabel(_ times: [Date]) -> String {
        guard let first = times.first, let last = times.last else { return "0D" }
        let seconds = max(0, last.timeIntervalSince(first))
        if seconds < 3_600 { return "\(max(1, Int((seconds / 60).rounded())))m" }
        if seconds < 86_400 { return "\(Int((seconds / 3_600).rounded()))H" }
        let days = Int((seconds / 86_400).rounded()) + 1
        if days <= 60 { return "\(days)D" }
        let months = Int((Double(days) / 30.44).rounded())
        if months < 24 && months != 12 { return "\(months)M" }
        return "\(Int((Double(days) / 365.25).rounded()))Y"
    }
}
