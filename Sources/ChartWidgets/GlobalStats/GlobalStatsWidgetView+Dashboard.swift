import Foundation
import WidgetRender

/// The worldwide widget on an e-ink screen (``Dashboard``): the case total as large as the slot
/// allows, the day's new cases, and the chart of new cases per day: the 7-day average as a
/// solid black line, named beside the chart, over the daily counts as light grey bars (which a
/// one-bit panel drops, keeping the average). The shared photo is not drawn.
extension GlobalStatsWidgetView {
    /// The dashboard families: full, half horizontal, half vertical and quadrant.
    func dashboard(_ entry: GlobalStatsEntry, _ context: ViewContext) -> ViewNode {
        let stale =
            entry.stale
            ? Formatting.separator(context.locale)
                + ProviderData.staleLabel(for: entry.origin, locale: context.locale) : ""
        let titleBar = Dashboard.titleBar(
            place(entry, context), instance: "COVID-19", trailing: asOf(entry, context) + stale)
        let content: ViewNode =
            switch context.family {
            case .dashboardQuadrant: dashboardQuadrant(entry, context)
            case .dashboardHalfVertical: dashboardTall(entry, context, caseSize: 56)
            case .dashboardHalfHorizontal: dashboardWide(entry, context, caseSize: 56, facts: false)
            default:
                Dashboard.isWide(context.displaySize)
                    ? dashboardWide(entry, context, caseSize: 64, facts: true)
                    : dashboardTall(entry, context, caseSize: 72)
            }
        return Dashboard.slot(content, titleBar: titleBar)
    }

    /// The label, the total and the day's new cases (compact where the whole does not fit).
    private func dashboardTotal(_ entry: GlobalStatsEntry, _ context: ViewContext, size: Double, newSize: Double)
        -> ViewNode
    {
        let font = Font(size: newSize, weight: .semibold).monospacedDigit()
        let forms = newTodayForms(entry, context)
        return VStack(alignment: .leading, spacing: 2) {
            Dashboard.label(confirmed(entry, context))
            Dashboard.figure(Formatting.grouped(entry.cases, locale: context.locale), size: size)
            ViewThatFits(in: .horizontal) {
                ForEach(forms.indices, id: \.self) { index in
                    Text(forms[index]).font(font).lineLimit(1)
                        .minimumScaleFactor(index == forms.count - 1 ? Dashboard.smallestText / newSize : 1)
                }
            }
        }
        .node
    }

    /// Deaths, recoveries and active cases, when the source has them.
    private func dashboardFacts(_ entry: GlobalStatsEntry, _ context: ViewContext, active: Bool) -> [(String, String)] {
        var facts: [(String, String)] = []
        if let deaths = entry.sideDeaths {
            facts.append((deathsLabel(context), Formatting.grouped(deaths, locale: context.locale)))
        }
        if let recovered = entry.sideRecovered {
            facts.append((recoveredLabel(context), Formatting.grouped(recovered, locale: context.locale)))
        }
        if active, let count = entry.active {
            facts.append((context.locale.word("Active"), Formatting.grouped(count, locale: context.locale)))
        }
        return facts
    }

    /// What the chart shows, over it: new cases per day (or weekly means) and, beside a short
    /// black line like the chart's, the 7-day average it draws; the average's name shortened,
    /// then dropped, where it does not fit.
    private func dashboardCaption(_ entry: GlobalStatsEntry, _ context: ViewContext, weekly: Bool) -> ViewNode {
        let title = chartTitle(entry, context)
        let means = context.locale.word("weekly means")
        let caption = weekly ? title + Formatting.separator(context.locale) + means : title
        let average = [context.locale.word("\(7)-day average"), context.locale.word("\(7)-day avg.")]
        let line = Dashboard.stroke(Dashboard.seriesLine, scale: context.displayScale)
        return ViewThatFits(in: .horizontal) {
            ForEach(average.indices, id: \.self) { index in
                HStack(alignment: .center, spacing: 8) {
                    Dashboard.label(caption)
                    Spacer(minLength: 12)
                    Rectangle().fill(Color.primary).frame(width: 24, height: line)
                    Dashboard.label(average[index])
                }
            }
            HStack(alignment: .center, spacing: 8) {
                Rectangle().fill(Color.primary).frame(width: 24, height: line)
                Dashboard.label(average[1])
                Spacer(minLength: 0)
            }
        }
        .node
    }

    /// The chart of new cases with its caption and axes; for a source without history, a note
    /// that says so in its place.
    private func dashboardHistory(_ entry: GlobalStatsEntry, _ context: ViewContext) -> ViewNode {
        if entry.dailyNewCases.isEmpty {
            return Text(context.locale.word("No daily history in this source")).font(Dashboard.labelFont)
                .lineLimit(2).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
        }
        if context.isPlaceholder { return WidgetCharts.placeholder }
        let axis = valueAxis(entry, context)
        return GeometryReader { proxy in
            let weekly = Self.dashboardWeekly(entry, context, width: proxy.size.width, axis: axis)
            VStack(alignment: .leading, spacing: 10) {
                dashboardCaption(entry, context, weekly: weekly)
                WidgetCharts.inkCounts(
                    entry.chartPoints, average: entry.averagePoints, weekly: weekly,
                    calendar: Self.calendar(context), scale: context.displayScale, axis: axis)
            }
        }
        .node
    }

    /// The calendar weeks are counted in: the widget's time zone and language.
    private static func calendar(_ context: ViewContext) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = context.timeZone
        calendar.locale = context.locale
        return calendar
    }

    /// Whether a day's bar would be narrower than 2 device pixels in a chart `width` wide (less
    /// its labels' gutter): then the bars are weekly means.
    private static func dashboardWeekly(
        _ entry: GlobalStatsEntry, _ context: ViewContext, width: Double, axis: CountAxis?
    )
        -> Bool
    {
        let gutter =
            axis.map {
                max(
                    Formatting.estimatedWidth($0.topLabel, size: Dashboard.smallestText),
                    Formatting.estimatedWidth($0.zeroLabel, size: Dashboard.smallestText))
                    + WidgetCharts.inkTickLength + 8
            } ?? 0
        return WidgetCharts.mergesToWeeks(entry.chartPoints, width: width - gutter, scale: context.displayScale)
    }

    /// Figures in a column beside the chart: the full screen in landscape (with active cases
    /// too) and the half horizontal slot.
    private func dashboardWide(_ entry: GlobalStatsEntry, _ context: ViewContext, caseSize: Double, facts: Bool)
        -> ViewNode
    {
        let width = context.displaySize.width - 2 * WidgetMetrics.dashboardMargin
        let column = min(300, max(200, width * 0.38))
        let total = dashboardTotal(entry, context, size: caseSize, newSize: caseSize >= 64 ? 24 : 20)
        let figures = dashboardFacts(entry, context, active: facts)
        return HStack(alignment: .top, spacing: 24) {
            // Deaths and recoveries (and, on the full screen, active cases) at the foot of the
            // column, where they fit under the total.
            ViewThatFits(in: .vertical) {
                VStack(alignment: .leading, spacing: 0) {
                    total
                    Spacer(minLength: 12)
                    Dashboard.facts(figures, columns: 2, size: facts ? 24 : 22)
                }
                total
            }
            .frame(width: column, alignment: .leading)
            .frame(maxHeight: .infinity, alignment: .top)
            dashboardHistory(entry, context)
        }
        .node
    }

    /// The total over the chart, deaths and recoveries under it: the half vertical slot and the
    /// full screen in portrait.
    private func dashboardTall(_ entry: GlobalStatsEntry, _ context: ViewContext, caseSize: Double) -> ViewNode {
        let facts = dashboardFacts(entry, context, active: caseSize >= 64)
        return VStack(alignment: .leading, spacing: 14) {
            dashboardTotal(entry, context, size: caseSize, newSize: caseSize >= 64 ? 24 : 20)
            dashboardHistory(entry, context)
            if !facts.isEmpty {
                Dashboard.facts(facts, columns: min(3, facts.count), size: 22)
            }
        }
        .node
    }

    /// A quarter of the screen: the total, the day's new cases, and the average's line without
    /// axes.
    private func dashboardQuadrant(_ entry: GlobalStatsEntry, _ context: ViewContext) -> ViewNode {
        VStack(alignment: .leading, spacing: 8) {
            dashboardTotal(entry, context, size: 48, newSize: 20)
            if context.isPlaceholder {
                WidgetCharts.placeholder
            } else if !entry.dailyNewCases.isEmpty {
                GeometryReader { proxy in
                    WidgetCharts.inkCounts(
                        entry.chartPoints, average: entry.averagePoints,
                        weekly: Self.dashboardWeekly(entry, context, width: proxy.size.width, axis: nil),
                        calendar: Self.calendar(context), scale: context.displayScale, axis: nil)
                }
            }
        }
        .node
    }
}
