import Foundation
import WidgetRender

/// The price widget on an e-ink screen (``Dashboard``): the close as large as the slot allows,
/// the change with its arrow and sign, a black line of closes over a dashed line at the
/// window's first close; axes and the last bar's figures where there is room.
extension PriceWidgetView {
    /// The dashboard families: full, half horizontal, half vertical and quadrant.
    func dashboard(_ entry: PriceEntry, _ context: ViewContext) -> ViewNode {
        let titleBar = Dashboard.titleBar(
            name(entry, context), instance: subtitle(entry, context),
            trailing: when(entry, context) + staleNote(entry, context))
        let content: ViewNode =
            switch context.family {
            case .dashboardQuadrant: dashboardQuadrant(entry, context)
            case .dashboardHalfVertical: dashboardTall(entry, context, priceSize: 56, facts: 2)
            case .dashboardHalfHorizontal: dashboardWide(entry, context, priceSize: 56, facts: false)
            default:
                Dashboard.isWide(context.displaySize)
                    ? dashboardWide(entry, context, priceSize: 64, facts: true)
                    : dashboardTall(entry, context, priceSize: 72, facts: 3)
            }
        return Dashboard.slot(content, titleBar: titleBar)
    }

    /// The change over the window with its arrow and period (`▲ +12.31% · 30D`); where that
    /// does not fit, without the period. The arrow always stays: on e-ink the direction is in
    /// no colour.
    private func dashboardChange(_ entry: PriceEntry, _ context: ViewContext, size: Double) -> ViewNode {
        let trend = ChangeTrend(percent: entry.windowChangePercent)
        let change = Dashboard.arrow(trend) + Formatting.percent(entry.windowChangePercent, locale: context.locale)
        let period = Formatting.separator(context.locale) + entry.span.label(in: context.locale)
        let font = Font(size: size, weight: .semibold).monospacedDigit()
        return ViewThatFits(in: .horizontal) {
            Text(change + period).font(font).lineLimit(1)
            Text(change).font(font).lineLimit(1).minimumScaleFactor(Dashboard.smallestText / size)
        }
        .node
    }

    /// The close and its change, one over the other.
    private func dashboardHeadline(
        _ entry: PriceEntry, _ context: ViewContext, priceSize: Double, changeSize: Double
    ) -> ViewNode {
        VStack(alignment: .leading, spacing: 2) {
            Dashboard.figure(entry.written(entry.last.close, locale: context.locale), size: priceSize)
            dashboardChange(entry, context, size: changeSize)
        }
        .node
    }

    /// The last bar's figures: open, high, low, the day's change (with its arrow) and, when the
    /// data has it, the volume.
    private func dashboardFacts(_ entry: PriceEntry, _ context: ViewContext, volume: Bool) -> [(String, String)] {
        let last = entry.last
        let day = dayChange(entry, context)
        let trend = ChangeTrend(percent: entry.changePercent)
        var facts = [
            (context.locale.word("Open"), entry.written(last.open, locale: context.locale)),
            (context.locale.word("High"), entry.written(last.high, locale: context.locale)),
            (context.locale.word("Low"), entry.written(last.low, locale: context.locale)),
            (day.label, Dashboard.arrow(trend) + day.value),
        ]
        if volume, let shares = last.volume, shares.isFinite, shares >= 0 {
            facts.append((context.locale.word("Volume"), Formatting.compact(shares, locale: context.locale)))
        }
        return facts
    }

    /// The closes with axes: round prices beside the plot, dates under it.
    private func dashboardChart(_ entry: PriceEntry, _ context: ViewContext, ticks count: Int) -> ViewNode {
        if context.isPlaceholder { return WidgetCharts.placeholder }
        let range = entry.bars.closeRange ?? 0...0
        let ticks = WidgetCharts.roundTicks(in: range, count: count).ticks
        return WidgetCharts.inkLine(
            entry.chartPoints, baseline: entry.bars.count > 1 ? entry.bars[0].close : nil,
            scale: context.displayScale, axes: (ticks, Formatting.tickLabels(ticks, locale: context.locale)))
    }

    /// Figures in a column beside the chart: the full screen in landscape (with the last bar's
    /// figures under them) and the half horizontal slot.
    private func dashboardWide(_ entry: PriceEntry, _ context: ViewContext, priceSize: Double, facts: Bool) -> ViewNode
    {
        let width = context.displaySize.width - 2 * WidgetMetrics.dashboardMargin
        let column = min(300, max(200, width * 0.38))
        let headline = dashboardHeadline(entry, context, priceSize: priceSize, changeSize: priceSize >= 64 ? 26 : 22)
        let figures =
            facts
            ? Dashboard.facts(dashboardFacts(entry, context, volume: true), columns: 2)
            : Dashboard.facts(Array(dashboardFacts(entry, context, volume: false)[1...2]), columns: 2, size: 22)
        return HStack(alignment: .top, spacing: 24) {
            // The last bar's figures at the foot of the column, where they fit under the close.
            ViewThatFits(in: .vertical) {
                VStack(alignment: .leading, spacing: 0) {
                    headline
                    Spacer(minLength: 12)
                    figures
                }
                headline
            }
            .frame(width: column, alignment: .leading)
            .frame(maxHeight: .infinity, alignment: .top)
            dashboardChart(entry, context, ticks: facts ? 4 : 3)
        }
        .node
    }

    /// Figures over the chart, the last bar's figures under it in `facts` columns: the half
    /// vertical slot, and the full screen in portrait.
    private func dashboardTall(_ entry: PriceEntry, _ context: ViewContext, priceSize: Double, facts: Int) -> ViewNode {
        VStack(alignment: .leading, spacing: 14) {
            dashboardHeadline(entry, context, priceSize: priceSize, changeSize: priceSize >= 64 ? 26 : 22)
            dashboardChart(entry, context, ticks: priceSize >= 64 ? 4 : 3)
            Dashboard.facts(dashboardFacts(entry, context, volume: facts > 2), columns: facts, size: 22)
        }
        .node
    }

    /// A quarter of the screen: the close, its change, and the line of closes without axes.
    private func dashboardQuadrant(_ entry: PriceEntry, _ context: ViewContext) -> ViewNode {
        VStack(alignment: .leading, spacing: 8) {
            dashboardHeadline(entry, context, priceSize: 48, changeSize: 20)
            if context.isPlaceholder {
                WidgetCharts.placeholder
            } else {
                WidgetCharts.inkLine(
                    entry.chartPoints, baseline: entry.bars.count > 1 ? entry.bars[0].close : nil,
                    scale: context.displayScale)
            }
        }
        .node
    }
}
