import Foundation
import WidgetRender
import WidgetData

/// The country widget on an e-ink screen (``Dashboard``): the case total as large as the slot
/// allows with the day's new cases, then active cases, recoveries and deaths, each with its
/// share of the cases as an outlined bar of its own where there is room (the phone's coloured
/// share bar would be three greys, or one black, at one bit).
extension CountryStatusWidgetView {
    /// The dashboard families: full, half horizontal, half vertical and quadrant.
    func dashboard(_ entry: CountryStatusEntry, _ context: ViewContext) -> ViewNode {
        let status = entry.status
        let stamp =
            Formatting.shortDate(
                status.updated, shownAt: context.date, locale: context.locale, timeZone: context.timeZone)
            + " " + Formatting.time(status.updated, locale: context.locale, timeZone: context.timeZone)
            + (entry.stale
                ? Formatting.separator(context.locale)
                    + ProviderData.staleLabel(for: entry.origin, locale: context.locale) : "")
        let titleBar = Dashboard.titleBar(name(entry, context), instance: "COVID-19", trailing: stamp)
        let content: ViewNode =
            switch context.family {
            case .dashboardQuadrant: dashboardQuadrant(entry, context)
            case .dashboardHalfHorizontal: dashboardColumns(entry, context)
            case .dashboardHalfVertical: dashboardTall(entry, context, caseSize: 56, partSize: 28)
            default:
                Dashboard.isWide(context.displaySize)
                    ? dashboardFull(entry, context) : dashboardTall(entry, context, caseSize: 96, partSize: 40)
            }
        return Dashboard.slot(content, titleBar: titleBar)
    }

    /// A day's figure on its own line (`+1,204 today`, `本日 +1,204`, `no report today`); where
    /// that does not fit, compact with its label, then the whole figure alone.
    private func dashboardToday(_ value: Double, _ status: CountryStatus, _ context: ViewContext, size: Double)
        -> ViewNode
    {
        let font = Font(size: size, weight: .semibold).monospacedDigit()
        let forms = [
            Self.today(value, of: status, in: context), Self.today(value, of: status, compact: true, in: context),
            Self.today(value, of: status, figureOnly: true, in: context),
        ]
        return ViewThatFits(in: .horizontal) {
            ForEach(forms.indices, id: \.self) { index in
                Text(forms[index]).font(font).lineLimit(1)
                    .minimumScaleFactor(index == forms.count - 1 ? Dashboard.smallestText / size : 1)
            }
        }
        .node
    }

    /// The label, the total and the day's new cases.
    private func dashboardCases(_ status: CountryStatus, _ context: ViewContext, size: Double, todaySize: Double)
        -> ViewNode
    {
        VStack(alignment: .leading, spacing: 2) {
            Dashboard.label(context.locale.word("Cases"))
            Dashboard.figure(Formatting.grouped(status.cases, locale: context.locale), size: size)
            dashboardToday(status.todayCases, status, context, size: todaySize)
        }
        .node
    }

    /// Active cases, recoveries and deaths, with each one's share of the cases where the three
    /// are shares of a whole (whole percents that add up to 100).
    private func dashboardParts(_ status: CountryStatus, _ context: ViewContext) -> [DashboardPart] {
        let values = [status.active, status.recovered, status.deaths]
        let shares = Self.sharesAddUp(status) && !context.isPlaceholder
        let percents = Self.wholePercents(values)
        let total = max(1, values.reduce(0, +))
        let labels = [context.locale.word("Active"), context.locale.word("Recovered"), context.locale.word("Deaths")]
        return values.indices.map { index in
            DashboardPart(
                label: labels[index], value: values[index], today: index == 2 ? status.todayDeaths : nil,
                percent: shares ? percents[index] : nil, share: values[index] / total)
        }
    }

    /// One of ``dashboardParts(_:_:)``.
    struct DashboardPart {
        var label: String
        var value: Double
        /// The day's figure (deaths).
        var today: Double?
        /// The whole percent of the cases, when the parts are shares of them.
        var percent: Int?
        var share: Double
    }

    /// A part: its label and percent on a line, its figure (with the day's beside it), and its
    /// share as an outlined bar filled black to it: told by length and figure, never by colour.
    private func dashboardPart(
        _ part: DashboardPart, _ status: CountryStatus, _ context: ViewContext, size: Double
    ) -> ViewNode {
        VStack(alignment: .leading, spacing: 4) {
            HStack(alignment: .firstTextBaseline, spacing: 8) {
                Dashboard.label(part.label)
                Spacer(minLength: 8)
                if let percent = part.percent {
                    Text(Formatting.wholePercent(percent, locale: context.locale))
                        .font(Dashboard.figureFont(20)).lineLimit(1)
                }
            }
            let figure = Dashboard.figure(
                Formatting.grouped(part.value, locale: context.locale), size: size, smallest: 20)
            if let today = part.today {
                // The day's figure beside the total, or under it where the column is narrow.
                ViewThatFits(in: .horizontal) {
                    HStack(alignment: .firstTextBaseline, spacing: 10) {
                        figure
                        Text(Self.today(today, of: status, in: context))
                            .font(Font(size: 18, weight: .semibold).monospacedDigit()).lineLimit(1)
                    }
                    VStack(alignment: .leading, spacing: 0) {
                        figure
                        dashboardToday(today, status, context, size: 18)
                    }
                }
            } else {
                figure
            }
            if part.percent != nil {
                Dashboard.bar(share: part.share, scale: context.displayScale).padding(.top, 2)
            }
        }
        .node
    }

    /// A quarter of the screen: the cases, then deaths and recoveries where they fit.
    private func dashboardQuadrant(_ entry: CountryStatusEntry, _ context: ViewContext) -> ViewNode {
        let status = entry.status
        let cases = dashboardCases(status, context, size: 48, todaySize: 20)
        let facts = Dashboard.facts(
            [
                (context.locale.word("Deaths"), Formatting.grouped(status.deaths, locale: context.locale)),
                (context.locale.word("Recovered"), Formatting.grouped(status.recovered, locale: context.locale)),
            ], columns: 2, size: 22)
        return ViewThatFits(in: .vertical) {
            VStack(alignment: .leading, spacing: 0) {
                cases
                Spacer(minLength: 10)
                facts
            }
            cases
        }
        .node
    }

    /// The half horizontal slot: cases, deaths and recoveries in three columns, one size (as
    /// large as the slot's height allows), centred in its height.
    private func dashboardColumns(_ entry: CountryStatusEntry, _ context: ViewContext) -> ViewNode {
        let status = entry.status
        let width = context.displaySize.width - 2 * WidgetMetrics.dashboardMargin
        let height = context.displaySize.height - 2 * WidgetMetrics.dashboardMargin
        let column = (width - 2 * 24) / 3
        let style = FigureStyle.fitting(
            [status.cases, status.deaths, status.recovered], width: column, size: min(64, max(40, height * 0.25)),
            smallest: 24)
        let figure = { (label: String, value: Double, today: Double?) in
            VStack(alignment: .leading, spacing: 2) {
                Dashboard.label(label)
                Dashboard.figure(style.text(value, context.locale), size: style.size, smallest: 20)
                if let today { dashboardToday(today, status, context, size: 20) }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
        return VStack(spacing: 0) {
            Spacer(minLength: 0)
            HStack(alignment: .top, spacing: 24) {
                figure(context.locale.word("Cases"), status.cases, status.todayCases)
                figure(context.locale.word("Deaths"), status.deaths, status.todayDeaths)
                figure(context.locale.word("Recovered"), status.recovered, nil)
            }
            Spacer(minLength: 0)
        }
        .node
    }

    /// The full screen: the total as large as it goes over three columns of active cases,
    /// recoveries and deaths.
    private func dashboardFull(_ entry: CountryStatusEntry, _ context: ViewContext) -> ViewNode {
        let status = entry.status
        let parts = dashboardParts(status, context)
        return VStack(alignment: .leading, spacing: 0) {
            dashboardCases(status, context, size: 112, todaySize: 28)
            Spacer(minLength: 16)
            HStack(alignment: .bottom, spacing: 32) {
                ForEach(parts.indices, id: \.self) { index in
                    dashboardPart(parts[index], status, context, size: 40)
                        .frame(maxWidth: .infinity, alignment: .leading)
                }
            }
        }
        .node
    }

    /// The half vertical slot, and the full screen in portrait: the total over active cases,
    /// recoveries and deaths, one under another, spread over the height.
    private func dashboardTall(
        _ entry: CountryStatusEntry, _ context: ViewContext, caseSize: Double, partSize: Double
    ) -> ViewNode {
        // Where the parts do not fit (a short screen, long words: French on a 448 pt ACeP), the
        // same column tighter, then smaller.
        ViewThatFits(in: .vertical) {
            dashboardColumn(entry, context, caseSize: caseSize, partSize: partSize, gap: 14)
            dashboardColumn(entry, context, caseSize: caseSize, partSize: partSize, gap: 6)
            dashboardColumn(
                entry, context, caseSize: max(Dashboard.smallestText * 2, caseSize * 0.8),
                partSize: max(Dashboard.smallestText, partSize * 0.8), gap: 4)
        }
        .node
    }

    private func dashboardColumn(
        _ entry: CountryStatusEntry, _ context: ViewContext, caseSize: Double, partSize: Double, gap: Double
    ) -> ViewNode {
        let status = entry.status
        let parts = dashboardParts(status, context)
        return VStack(alignment: .leading, spacing: 0) {
            dashboardCases(status, context, size: caseSize, todaySize: caseSize >= 64 ? 28 : 20)
            ForEach(parts.indices, id: \.self) { index in
                Spacer(minLength: gap)
                dashboardPart(parts[index], status, context, size: partSize)
            }
        }
        .node
    }
}
