import Foundation
import WidgetCore

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
}
