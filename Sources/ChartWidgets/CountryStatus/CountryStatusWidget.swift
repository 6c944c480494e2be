import Foundation
import WidgetRender
import WidgetData

/// A country's COVID-19 cases, deaths and recoveries, in the words of ten languages.
public struct CountryStatusWidget: Widget {
    /// The widget's kind: `covid-country`.
    public static var kind: String { "covid-country" }

    /// Creates the widget.
    public init() {}

    /// A static configuration with the `country` parameter.
    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: CountryStatusProvider()) { entry in
            CountryStatusWidgetView(entry: entry)
        }
        .configurationDisplayName("COVID-19 by Country")
        .description("Check a country's confirmed cases, deaths and recoveries.")
        .supportedFamilies([
            .systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular, .accessoryInline, .dashboardFull,
            .dashboardHalfHorizontal, .dashboardHalfVertical, .dashboardQuadrant,
        ])
        .parameters(
            [
                CountryNames.parameter(
                    extra: [.init(value: "auto", label: "The data's only country, else Japan")],
                    defaultValue: "auto",
                    summary:
                        "The country shown: an ISO 3166 alpha-3 code or an English name; with data of your own, any country the file has (names in Japanese and Korean for the listed ones). auto: the file's only country, else JPN."
                )
            ]
        )
    }
}

/// The CountryStatusWidget widget's view of one entry, in the family and language of the environment.
struct CountryStatusWidgetView: View {
    let entry: CountryStatusEntry
    @Environment(\.widgetFamily) private var family
    @Environment(\.displaySize) private var displaySize
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.locale) private var locale
    @Environment(\.timeZone) private var timeZone
    @Environment(\.redacted) private var redacted
    @Environment(\.widgetRenderingMode) private var renderingMode
    @Environment(\.date) private var date
    @Environment(\.displayScale) private var displayScale

    var body: ViewNode {
        var context = ViewContext(
            family: family, displaySize: displaySize, colorScheme: colorScheme, locale: locale, timeZone: timeZone,
            isPlaceholder: redacted, date: date, renderingMode: renderingMode)
        context.displayScale = displayScale
        return view(for: entry, in: context)
    }

    static let casesColor = CaseColors.cases

    /// A label's colour (``CaseColors/label(_:fullColor:secondary:)``).
    static func labelColor(_ color: Color, _ context: ViewContext) -> Color {
        CaseColors.label(color, fullColor: context.resolvedRenderingMode == .fullColor)
    }
    static let deathsColor = CaseColors.deaths
    static let recoveredColor = CaseColors.recovered

    /// The country's name in the widget's language, or as the data names it.
    func name(_ entry: CountryStatusEntry, _ context: ViewContext, short: Bool = false) -> String {
        CountryNames.name(of: entry.iso3, in: context.locale, dataName: entry.status.country, short: short)
    }

    /// The name, or its short form when the whole name and `beside` do not fit in `width`.
    func name(
        _ entry: CountryStatusEntry, _ context: ViewContext, size: Double, beside: String, width: Double
    ) -> String {
        let full = name(entry, context)
        // A bold title is a little wider than the estimate; it is truncated, never shrunk. The
        // row is the name and the date, at least 4 pt apart.
        let needed =
            Formatting.estimatedWidth(full, size: size) * 1.08 + 4 + Formatting.estimatedWidth(beside, size: 11)
        return needed > width ? name(entry, context, short: true) : full
    }

    @ViewBuilder
    func view(for entry: CountryStatusEntry, in context: ViewContext) -> ViewNode {
        let url = URL(string: "widgetrender://covid/country/\(entry.iso3)")
        switch context.family {
        case .systemSmall: small(entry, context).widgetURL(url)
        case .accessoryCircular: circular(entry, context).widgetURL(url)
        case .accessoryRectangular: rectangular(entry, context).widgetURL(url)
        case .accessoryInline: inline(entry, context).widgetURL(url)
        case let family where family.isDashboard:
            dashboard(entry, context).containerBackground(Color.background, for: .widget).widgetURL(url)
        default: medium(entry, context).widgetURL(url)
        }
    }

    private struct Labels {
        let cases: String
        let deaths: String
        let recovered: String
        let active: String
        let today: String
        /// The day's figure when that day is not the one shown (2020's data shown in 2026).
        let new: String

        init(_ locale: Locale) {
            cases = locale.word("Cases")
            deaths = locale.word("Deaths")
            recovered = locale.word("Recovered")
            active = locale.word("Active")
            today = locale.word("today")
            new = locale.word("new")
        }
    }

    /// Whether the day's figures are in. disease.sh counts "today" from midnight, and until a
    /// country reports, its new cases and deaths are both 0; a day that truly had neither cannot
    /// be told apart, so the widget claims no zero and says so in words for both ("no report
    /// today": a dash read as "minus today").
    static func reportedToday(_ status: CountryStatus) -> Bool {
        status.todayCases != 0 || status.todayDeaths != 0
    }

    /// A day's figure with its label: `+1,204 today`, `本日 +1,204`; before the day is reported,
    /// `no report today`, `本日未発表`, `오늘 미발표` (compact: `no report`, `未発表`, `미발표`).
    /// When the data's day is not the day shown (figures from 2020 shown in 2026), "today" would
    /// be untrue: the figure is `+1,204 new` (`新規 +1,204`, `신규 +1,204`) and an unreported day
    /// `no report`.
    ///
    /// With `figureOnly`, a reported figure has no label (`+1.16K`): where even the compact
    /// form and its label do not fit.
    static func today(
        _ value: Double, of status: CountryStatus, compact: Bool = false, figureOnly: Bool = false,
        in context: ViewContext
    ) -> String {
        let locale = context.locale
        let day = CivilTime(status.updated, in: context.timeZone)
        let shown = CivilTime(context.date, in: context.timeZone)
        let isToday = day != nil && day?.year == shown?.year && day?.month == shown?.month && day?.day == shown?.day
        guard reportedToday(status) else {
            return compact || !isToday
                ? locale.word("no report")
                : locale.word("no report today")
        }
        let figure =
            compact
            ? (value > 0 ? "+" : "") + Formatting.compact(value, locale: locale)
            : Formatting.signed(value, locale: locale)
        if figureOnly { return figure }
        let labels = Labels(locale)
        return Formatting.labelled(figure, isToday ? labels.today : labels.new, locale: locale)
    }

    /// A day's figure in its forms, longest first: labelled whole (`+31,582 new`), labelled
    /// compact (`+31.6K new`), then the whole figure alone (`+31 582`), for a column too narrow
    /// for the label (French's `aujourd’hui` on a 320 pt iPhone).
    ///
    /// Where the whole form surely fits `width` (estimated), it alone.
    static func todayForms(_ value: Double, of status: CountryStatus, width: Double, in context: ViewContext)
        -> [String]
    {
        let whole = today(value, of: status, in: context)
        guard reportedToday(status), Formatting.estimatedWidth(whole, size: 11) > width * 0.85 else { return [whole] }
        return [
            whole, today(value, of: status, compact: true, in: context),
            today(value, of: status, figureOnly: true, in: context),
        ]
    }

    /// Small widgets shorter than this (content under 136 pt: the iPhone SE, minis, iPads) put
    /// "today" beside the label, as the stacked lines do not fit in Japanese or Korean.
    static let roomySmallHeight = 168.0
    /// Medium widgets shorter than this draw a thinner share bar, closer to its legend.
    static let roomyMediumHeight = 158.0

    @ViewBuilder
    private func small(_ entry: CountryStatusEntry, _ context: ViewContext) -> ViewNode {
        let labels = Labels(context.locale)
        let status = entry.status
        let roomy = context.displaySize.height >= Self.roomySmallHeight
        let width = context.displaySize.width - 32
        // Beside the label on short widgets: compact (`+5.6K today`) when whole it would not fit.
        let todayWhole = Self.today(status.todayCases, of: status, in: context)
        let fits = { (text: String) in
            Formatting.estimatedWidth(labels.cases, size: 11) + 4 + Formatting.estimatedWidth(text, size: 11) <= width
        }
        let todayCompact = Self.today(status.todayCases, of: status, compact: true, in: context)
        let today = Text(
            roomy || fits(todayWhole)
                ? todayWhole
                : fits(todayCompact)
                    ? todayCompact
                    : Self.today(status.todayCases, of: status, compact: true, figureOnly: true, in: context)
        )
        .font(Font(size: 11, weight: .medium)).foregroundStyle(.secondary).lineLimit(1)
        let date = Formatting.shortDate(
            status.updated, shownAt: context.date, numeric: true, locale: context.locale, timeZone: context.timeZone)
        let nameSize = roomy ? 15.0 : 14.0
        // Deaths and recovered share one form: whole when both fit side by side under their
        // labels, else compact, unless the compact form is no narrower (Hindi's `36.8 हज़ार`).
        let stats = [(labels.deaths, status.deaths), (labels.recovered, status.recovered)]
        let needed = { (form: (Double) -> String) in
            stats.reduce(6.0) { sum, stat in
                sum
                    + max(
                        Formatting.estimatedWidth(stat.0, size: 11), Formatting.estimatedWidth(form(stat.1), size: 14))
            }
        }
        let wholeNeeds = needed { Formatting.grouped($0, locale: context.locale) }
        let whole =
            wholeNeeds <= width || needed { Formatting.compact($0, locale: context.locale) } >= wholeNeeds
        VStack(alignment: .leading, spacing: roomy ? 2 : 1) {
            // The name and the day on one row; where even the short name does not fit beside
            // the day (`Deutschland`, `Royaume-Uni` on a 320 pt iPhone), the day goes under it.
            ViewThatFits(in: .horizontal) {
                HStack(alignment: .firstTextBaseline, spacing: 0) {
                    Text(name(entry, context, size: nameSize, beside: date, width: width))
                        .font(Font(size: nameSize, weight: .bold)).lineLimit(1)
                    Spacer(minLength: 4)
                    // The day the figures are from: every family says it.
                    Text(date).font(Font(size: 11, weight: .medium)).foregroundStyle(.secondary).lineLimit(1)
                }
                VStack(alignment: .leading, spacing: 0) {
                    Text(name(entry, context, size: nameSize, beside: "", width: width))
                        .font(Font(size: nameSize, weight: .bold)).lineLimit(1)
                    Text(date).font(Font(size: 11, weight: .medium)).foregroundStyle(.secondary).lineLimit(1)
                }
            }
            if roomy {
                Text(labels.cases).font(Font(size: 12, weight: .semibold)).foregroundStyle(
                    Self.labelColor(Self.casesColor, context)
                )
                .padding(EdgeInsets(top: 6))
            } else {
                HStack(alignment: .bottom, spacing: 0) {
                    Text(labels.cases).font(Font(size: 11, weight: .semibold)).foregroundStyle(
                        Self.labelColor(Self.casesColor, context)
                    )
                    .lineLimit(1)
                    Spacer(minLength: 4)
                    today
                }
                .padding(EdgeInsets(top: 2))
            }
            Text(Formatting.grouped(status.cases, locale: context.locale)).font(
                Font(size: roomy ? 26 : 22, weight: .bold).monospacedDigit()
            )
            .lineLimit(1).shrinks(from: roomy ? 26 : 22)
            if roomy { today }
            Spacer(minLength: 0)
            // Compact, the two share one precision (`3.47万`, `5.80万`).
            let figures =
                whole
                ? [
                    Formatting.grouped(status.deaths, locale: context.locale),
                    Formatting.grouped(status.recovered, locale: context.locale),
                ]
                : Formatting.compact([status.deaths, status.recovered], locale: context.locale)
            HStack(alignment: .bottom, spacing: 0) {
                miniStat(labels.deaths, figures[0], Self.labelColor(Self.deathsColor, context))
                Spacer(minLength: 6)
                miniStat(labels.recovered, figures[1], Self.labelColor(Self.recoveredColor, context))
            }
        }
    }

    @ViewBuilder
    private func miniStat(_ label: String, _ figure: String, _ color: Color) -> ViewNode {
        VStack(alignment: .leading, spacing: 0) {
            Text(label).font(Font(size: 11, weight: .semibold)).foregroundStyle(color).lineLimit(1)
            Text(figure)
                .font(Font(size: 14, weight: .bold).monospacedDigit()).lineLimit(1).shrinks(from: 14)
        }
    }

    @ViewBuilder
    /// A column of the medium widget; `today` is the day's figure in its forms, longest first,
    /// of which the first that fits the column is drawn.
    private func column(
        _ label: String, _ value: Double, today: [String]?, _ color: Color, style: FigureStyle, width: Double,
        _ context: ViewContext
    ) -> ViewNode {
        let todayText = { (text: String) in
            Text(text).font(Font(size: 11, weight: .medium)).foregroundStyle(.secondary).lineLimit(1)
        }
        VStack(alignment: .leading, spacing: 1) {
            Text(label).font(Font(size: 12, weight: .semibold)).foregroundStyle(Self.labelColor(color, context))
                .lineLimit(1).shrinks(from: 12)
            Text(style.text(value, context.locale)).font(Font(size: style.size, weight: .bold).monospacedDigit())
                .lineLimit(1).shrinks(from: style.size)
            if let today, let first = today.first {
                // Measured only where the estimate leaves doubt (a fifth of the layout's time
                // went to measuring every form of every column).
                if today.count == 1 {
                    todayText(first)
                } else {
                    ViewThatFits(in: .horizontal) {
                        ForEach(today.indices, id: \.self) { index in todayText(today[index]) }
                    }
                }
            } else {
                Text(" ").font(Font(size: 11))
            }
        }
    }

    @ViewBuilder
    private func medium(_ entry: CountryStatusEntry, _ context: ViewContext) -> ViewNode {
        let labels = Labels(context.locale)
        let status = entry.status
        let width = max(0, context.displaySize.width - 32)
        let roomy = context.displaySize.height >= Self.roomyMediumHeight
        let stamp =
            Formatting.shortDate(
                status.updated, shownAt: context.date, locale: context.locale, timeZone: context.timeZone)
            + " " + Formatting.time(status.updated, locale: context.locale, timeZone: context.timeZone)
            + (entry.stale
                ? Formatting.separator(context.locale)
                    + ProviderData.staleLabel(for: entry.origin, locale: context.locale) : "")
        // The title is never shrunk: where the name, the topic and the time do not fit, the
        // topic goes first, then the name takes its short form.
        let room = width - Formatting.estimatedWidth(stamp, size: 11) - 6
        let full = name(entry, context)
        let fullWidth = Formatting.estimatedWidth(full, size: 16) * 1.04
        let name = fullWidth <= room ? full : name(entry, context, short: true)
        let showsTopic =
            Formatting.estimatedWidth(name, size: 16) * 1.04 + 6 + Formatting.estimatedWidth("COVID-19", size: 12)
            <= room
        VStack(alignment: .leading, spacing: 0) {
            HStack(alignment: .firstTextBaseline, spacing: 6) {
                Text(name).font(Font(size: 16, weight: .bold)).lineLimit(1)
                if showsTopic {
                    Text("COVID-19").font(Font(size: 12, weight: .semibold)).foregroundStyle(.secondary).lineLimit(1)
                }
                Spacer(minLength: 0)
                Text(stamp).font(Font(size: 11, weight: .medium)).foregroundStyle(.secondary).lineLimit(1)
            }
            // The three figures share one size: the longest decides.
            let style = FigureStyle.fitting(
                [status.cases, status.deaths, status.recovered], width: (width - 12) / 3, size: 20, smallest: 15)
            // Three equal columns, each figure at its column's leading edge, as a grid.
            HStack(alignment: .top, spacing: 6) {
                column(
                    labels.cases, status.cases,
                    today: Self.todayForms(status.todayCases, of: status, width: (width - 12) / 3, in: context),
                    Self.casesColor, style: style, width: (width - 12) / 3, context
                )
                .frame(maxWidth: .infinity, alignment: .leading)
                column(
                    labels.deaths, status.deaths,
                    today: Self.todayForms(status.todayDeaths, of: status, width: (width - 12) / 3, in: context),
                    Self.deathsColor, style: style, width: (width - 12) / 3, context
                )
                .frame(maxWidth: .infinity, alignment: .leading)
                column(
                    labels.recovered, status.recovered, today: nil, Self.recoveredColor, style: style,
                    width: (width - 12) / 3, context
                )
                .frame(maxWidth: .infinity, alignment: .leading)
            }
            .padding(EdgeInsets(top: roomy ? 6 : 2))
            Spacer(minLength: roomy ? 6 : 2)
            // Short widgets keep the bar, thinner, so the legend never stands alone.
            if context.isPlaceholder {
                // One bar, split nowhere: a placeholder knows no shares.
                Capsule().fill(Color.secondary).frame(height: roomy ? 8 : 4)
                    .padding(EdgeInsets(bottom: roomy ? 5 : 2))
            } else if Self.sharesAddUp(status) {
                let colours = CaseColors.shares(in: context.resolvedRenderingMode)
                shareBar(status, colours, width: width, height: roomy ? 8 : 4)
                    .padding(EdgeInsets(bottom: roomy ? 5 : 2))
                // Whole percents that add up to 100 (89 + 10 + 2 read as a mistake).
                let percents = Self.wholePercents([status.active, status.recovered, status.deaths])
                let legends = { (tight: Bool, spacing: Double) in
                    HStack(spacing: spacing) {
                        legend(labels.active, percents[0], colours.active, tight: tight, context.locale)
                        legend(labels.recovered, percents[1], colours.recovered, tight: tight, context.locale)
                        legend(labels.deaths, percents[2], colours.deaths, tight: tight, context.locale)
                        Spacer(minLength: 0)
                    }
                }
                // Closer together where the words are long (`Muertes 13 %` on a 320 pt iPhone);
                // measured only there.
                let words = [labels.active, labels.recovered, labels.deaths].joined()
                if Formatting.estimatedWidth(words, size: 11) + 3 * 42 + 2 * 10 <= width {
                    legends(width < 280, width < 280 ? 7 : 10)
                } else {
                    ViewThatFits(in: .horizontal) {
                        legends(width < 280, width < 280 ? 7 : 10)
                        legends(true, 5)
                    }
                }
            } else {
                // Parts that do not add up are not drawn as shares of a whole.
                Text(labels.active + " " + Formatting.grouped(status.active, locale: context.locale))
                    .font(Font(size: 11, weight: .medium)).foregroundStyle(.secondary).lineLimit(1)
            }
        }
    }

    /// The country as the round widget names it: in Japanese, Korean and Chinese its name (`日本`, `일본`,
    /// `アメリカ`, the name every family gives it) where it fits in `width` at 11 pt; otherwise,
    /// and in every other language, the ISO code (`JPN`), as English headlines abbreviate.
    static func circularName(iso3: String, locale: Locale, width: Double) -> String {
        guard ["ja", "ko", "zh"].contains(locale.languageSubtag), CountryNames.all.contains(where: { $0.iso3 == iso3 })
        else { return iso3 }
        let short = CountryNames.name(of: iso3, in: locale, short: true)
        return Formatting.estimatedWidth(short, size: 11) <= width ? short : iso3
    }

    /// The Lock Screen's round widget: the country's name or code and its cases in a few characters.
    @ViewBuilder
    private func circular(_ entry: CountryStatusEntry, _ context: ViewContext) -> ViewNode {
        ZStack {
            Circle().fill(Color.white.opacity(0.18))
            VStack(spacing: 0) {
                // The top line of a circle is narrower than its middle.
                Text(Self.circularName(iso3: entry.iso3, locale: context.locale, width: context.displaySize.width - 24))
                    .font(Font(size: 11, weight: .semibold)).lineLimit(1)
                Text(Formatting.compact(entry.status.cases, locale: context.locale))
                    .font(Font(size: 15, weight: .bold).monospacedDigit()).lineLimit(1).shrinks(from: 15)
            }
            .padding(6)
        }
    }

    @ViewBuilder
    private func rectangular(_ entry: CountryStatusEntry, _ context: ViewContext) -> ViewNode {
        let date = Formatting.shortDate(
            entry.status.updated, shownAt: context.date, numeric: true, locale: context.locale,
            timeZone: context.timeZone)
        VStack(alignment: .leading, spacing: 1) {
            HStack(alignment: .firstTextBaseline, spacing: 0) {
                Text(name(entry, context, size: 13, beside: date, width: context.displaySize.width))
                    .font(Font(size: 13, weight: .bold)).lineLimit(1)
                Spacer(minLength: 4)
                Text(date).font(Font(size: 12, weight: .medium)).lineLimit(1)
            }
            Text(Formatting.grouped(entry.status.cases, locale: context.locale)).font(
                Font(size: 17, weight: .bold).monospacedDigit()
            )
            .lineLimit(1).shrinks(from: 17)
            Text(Self.today(entry.status.todayCases, of: entry.status, in: context))
                .font(Font(size: 12, weight: .semibold).monospacedDigit()).lineLimit(1)
        }
    }

    @ViewBuilder
    private func inline(_ entry: CountryStatusEntry, _ context: ViewContext) -> ViewNode {
        Text(
            Formatting.casesLine(
                name(entry, context), shortPlace: name(entry, context, short: true), cases: entry.status.cases,
                width: context.displaySize.width, locale: context.locale)
        )
        .font(Font(size: 14, weight: .semibold).monospacedDigit()).lineLimit(1)
    }

    /// Whether active, recovered and deaths are shares of the cases: none negative, and
    /// together within 1 % of the cases (sources round, and update the parts at different
    /// times). Some files count recoveries or actives twice and sum to 200–300 %: no bar then.
    static func sharesAddUp(_ status: CountryStatus) -> Bool {
        let parts = [status.active, status.recovered, status.deaths]
        guard status.cases > 0, parts.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return false }
        let sum = parts.reduce(0, +)
        return abs(sum - status.cases) <= status.cases * 0.01
    }

    /// Parts as whole percents of their sum that add up to 100, by largest remainder: each
    /// rounded down, then the points left over go to the largest fractions (ties: the earlier).
    static func wholePercents(_ parts: [Double]) -> [Int] {
        let total = parts.reduce(0) { $0 + max(0, $1) }
        guard total > 0, total.isFinite else { return parts.map { _ in 0 } }
        let exact = parts.map { max(0, $0) / total * 100 }
        var whole = exact.map { Int($0.rounded(.down)) }
        let left = 100 - whole.reduce(0, +)
        let order = exact.indices.sorted { (exact[$0] - Double(whole[$0]), -$0) > (exact[$1] - Double(whole[$1]), -$1) }
        for index in order.prefix(max(0, left)) { whole[index] += 1 }
        return whole
    }

    private func share(_ part: Double, of total: Double) -> Double {
        total > 0 ? max(0, min(1, part / total)) : 0
    }

    @ViewBuilder
    private func legend(_ label: String, _ percent: Int, _ color: Color, tight: Bool, _ locale: Locale) -> ViewNode {
        HStack(spacing: tight ? 3 : 4) {
            Circle().fill(color).frame(width: 7, height: 7)
            Text(label + " " + Formatting.wholePercent(percent, locale: locale)).font(Font(size: 11, weight: .medium))
                .foregroundStyle(.secondary).lineLimit(1)
        }
    }

    /// Active, recovered and deaths as shares of all cases, on one bar.
    @ViewBuilder
    private func shareBar(
        _ status: CountryStatus, _ colours: (active: Color, recovered: Color, deaths: Color), width: Double,
        height: Double
    ) -> ViewNode {
        let gaps = 4.0
        let minimum = 3.0
        let segments: [(Double, Color)] = [
            (share(status.active, of: status.cases), colours.active),
            (share(status.recovered, of: status.cases), colours.recovered),
            (share(status.deaths, of: status.cases), colours.deaths),
        ]
        // Every segment shows at least `minimum` wide; the rest is shared out, so the bar never
        // runs past `width` (a 0 % share used to add its minimum on top).
        let usable = max(0, width - gaps - minimum * Double(segments.count))
        HStack(spacing: 2) {
            for (value, color) in segments {
                RoundedRectangle(cornerRadius: height / 2 - 1).fill(color).frame(
                    width: minimum + usable * value, height: height)
            }
            Spacer(minLength: 0)
        }
    }
}
