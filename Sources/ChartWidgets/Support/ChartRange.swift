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
            summary:
                "History drawn in the chart; auto is 30d for small, accessory and compact Today, 90d for medium and expanded Today, 1y for large.",
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
        case .systemMedium, .todayExpanded: return .days90
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

    /// What the range covers, for the label.
    var span: ChartSpan {
        switch self {
        case .year: ChartSpan(count: 1, unit: .years)
        case .all: ChartSpan(count: 0, unit: .all)
        default: ChartSpan(count: days ?? 0, unit: .days)
        }
    }

    /// A short English label: `30D`, `1Y`, `All`.
    var label: String { span.label(in: Locale(identifier: "en")) }

    /// The window's first instant for a window ending at `end`.
    func start(endingAt end: Date) -> Date? {
        days.map { end.addingTimeInterval(-Double($0 - 1) * 86_400) }
    }

    /// The fewest points a chart window draws when the data has them: a window with fewer than
    /// ``widenBelow`` (monthly data in 30 days) widens to the last this many, so the chart is
    /// never a lone dot.
    static var minimumPoints: Int { 6 }
    /// A window holding fewer points than this widens; weekdays-only data in 7 days (5 points) does not.
    static var widenBelow: Int { 3 }

    /// The items a chart shows for a window ending at the last item, and the span that says
    /// what is really shown.
    ///
    /// The span is the range's own (`30D`) when the data fills the window; when the data is
    /// shorter than the window, or the window had to widen to ``minimumPoints``, it is the span
    /// actually drawn (`16D`, `5M`, `8H`; twelve months is `1Y`); `All` for ``all``.
    ///
    /// - Parameters:
    ///   - items: the data up to the window's end, oldest first.
    ///   - time: each item's instant.
    /// - Returns: the items to draw (empty only for empty `items`) and their span.
    ///
    /// The window is a slice of `items`: no item is copied, so every entry of a long series
    /// shares its one copy.
    func window<Items: BidirectionalCollection>(_ items: Items, time: (Items.Element) -> Date) -> ChartWindow<
        Items.SubSequence
    > {
        let items = items[...]
        guard let last = items.last, let start = start(endingAt: time(last)) else {
            return ChartWindow(items: items, span: span)
        }
        // The items are oldest first: the first one in the window by halving, not by a walk
        // along a series of millions.
        var low = items.startIndex
        var count = items.count
        while count > 0 {
            let half = count / 2
            let middle = items.index(low, offsetBy: half)
            if time(items[middle]) < start {
                low = items.index(after: middle)
                count -= half + 1
            } else {
                count = half
            }
        }
        let inWindow = items[low...]
        if inWindow.count < min(Self.widenBelow, items.count) {
            let widened = items.suffix(Self.minimumPoints)
            return ChartWindow(
                items: widened, span: ChartSpan(from: widened.first.map(time), to: widened.last.map(time)))
        }
        if let first = items.first, time(first) > start {
            return ChartWindow(
                items: inWindow, span: ChartSpan(from: inWindow.first.map(time), to: inWindow.last.map(time)))
        }
        return ChartWindow(items: inWindow, span: span)
    }

    /// The English label for the time from the first to the last instant (see ``ChartSpan``).
    static func spanLabel(_ times: [Date]) -> String {
        ChartSpan(times).label(in: Locale(identifier: "en"))
    }

}

/// A chart's items (a slice of the series, sharing its storage) and the span they cover.
struct ChartWindow<Items> {
    var items: Items
    var span: ChartSpan

    /// The span's English label.
    var label: String { span.label(in: Locale(identifier: "en")) }
}

/// How much time a chart covers, labelled per language: `30D` / `30日` / `30일`, `1Y` / `1年` /
/// `1년`, `8H` / `8時間` / `8시간`, `All` / `全期間` / `전체`.
public struct ChartSpan: Sendable, Hashable {
    /// The unit of ``count``.
    public enum Unit: Sendable, Hashable {
        case minutes, hours, days, months, years, all
    }

    /// How many units.
    public var count: Int
    /// The unit.
    public var unit: Unit

    /// A span.
    public init(count: Int, unit: Unit) {
        self.count = count
        self.unit = unit
    }

    /// The span from the first to the last instant: minutes under an hour, hours under a day,
    /// days (counting both ends) up to 60, then months, and years from 24 months (or exactly 12).
    init(_ times: [Date]) {
        self.init(from: times.first, to: times.last)
    }

    /// The span from the first to the last instant of a run (none for an empty one).
    init(from first: Date?, to last: Date?) {
        guard let first, let last else {
            self.init(count: 0, unit: .days)
            return
        }
        let seconds = max(0, min(last.timeIntervalSince(first), 1e12))
        if seconds < 3_600 {
            self.init(count: max(1, Int((seconds / 60).rounded())), unit: .minutes)
        } else if seconds < 86_400 || (seconds < 2 * 86_400 && seconds.truncatingRemainder(dividingBy: 86_400) != 0) {
            // Under two days of intraday bars in hours: 39 hours of hourly bars are "39H", not
            // "3D" (two daily bars, a whole day apart, are "2D").
            self.init(count: Int((seconds / 3_600).rounded()), unit: .hours)
        } else {
            let days = Int((seconds / 86_400).rounded()) + 1
            let months = Int((Double(days) / 30.44).rounded())
            if days <= 60 {
                self.init(count: days, unit: .days)
            } else if months < 24 && months != 12 {
                self.init(count: months, unit: .months)
            } else {
                self.init(count: Int((Double(days) / 365.25).rounded()), unit: .years)
            }
        }
    }

    /// The label in a language (English for those without their own).
    public func label(in locale: Locale) -> String {
        let n = count
        switch unit {
        case .minutes: return locale.word("span.minutes \(n)")
        case .hours: return locale.word("span.hours \(n)")
        // A span of days, not a day of the month: 30日間, 30일간 (30日 reads as "the 30th").
        case .days: return locale.word("span.days \(n)")
        case .months: return locale.word("span.months \(n)")
        case .years: return locale.word("span.years \(n)")
        case .all: return locale.word("All")
        }
    }

    /// The label where no date stands beside it and room is short (the Lock Screen's inline
    /// line): days as `30日`, `30일`, which beside a date read as a day of the month.
    public func shortLabel(in locale: Locale) -> String {
        unit == .days ? locale.word("span.days.short \(count)") : label(in: locale)
    }

    /// True for a span under a day: intraday data, whose widgets show times.
    public var isIntraday: Bool { unit == .minutes || unit == .hours }
}
