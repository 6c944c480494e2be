import Foundation
import WidgetRender

/// Worldwide COVID-19 totals and the trend of new cases, over the shared
/// background image (the app group's `bg.png`) when there is one.
public struct GlobalStatsWidget: Widget {
    /// The widget's kind: `covid-global`.
    public static var kind: String { "covid-global" }

    /// Creates the widget.
    public init() {}

    /// A static configuration with the `country` and `range` parameters.
    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: GlobalStatsProvider()) { entry in
            GlobalStatsWidgetView(entry: entry)
        }
        .configurationDisplayName("COVID-19 Worldwide")
        .description("See worldwide cases, deaths and recoveries, and how fast cases grow.")
        .supportedFamilies([
            .systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline,
            .dashboardFull, .dashboardHalfHorizontal, .dashboardHalfVertical, .dashboardQuadrant,
        ])
        .parameters(
            [
                CountryNames.parameter(
                    extra: [.init(value: "WLD", label: "World")], defaultValue: "WLD",
                    summary:
                        "WLD for the world total (or the one region of a single-region file); with data of your own from a multi-region file, a country's code or name, or a region as the file spells it (\"New York\")."
                ),
                ChartRange.parameter,
            ]
        )
    }
}

/// The GlobalStatsWidget widget's view of one entry, in the family and language of the environment.
struct GlobalStatsWidgetView: View {
    let entry: GlobalStatsEntry
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

    /// Colours for text over the widget's background: the system's own, or, over the
    /// shared photo, colours chosen for its scrim (see ``scrim``): dark text on a light
    /// scrim in light mode, light text on a dark one in dark mode.
    private struct Palette {
        let primary: Color
        let secondary: Color
        let accent: Color
        /// The deaths' and recovered labels: their colours in full colour, secondary in the
        /// tinted and Lock Screen modes (one ink would draw them as loud as their figures).
        let deaths: Color
        let recovered: Color

        /// - Parameters:
        ///   - onImage: whether the text sits on the shared photo's scrim.
        ///   - series: what the charted column counts; its colour is the accent (``CaseColors``),
        ///     so the headline, the bars and the line of `--column deaths` are the deaths' purple.
        ///   - fullColor: whether the widget is drawn in full colour.
        init(onImage: Bool, series: SeriesKind? = .cases, fullColor: Bool = true) {
            primary = .primary
            secondary =
                onImage
                ? Color(light: .init(hex: 0x3C3C43, alpha: 0.85), dark: .init(hex: 0xFFFFFF, alpha: 0.85))
                : .secondary
            deaths = CaseColors.label(CaseColors.deaths, fullColor: fullColor, secondary: secondary)
            recovered = CaseColors.label(CaseColors.recovered, fullColor: fullColor, secondary: secondary)
            switch series {
            case .deaths?: accent = CaseColors.deaths
            case .recovered?: accent = CaseColors.recovered
            case .cases?, nil:
                accent = onImage ? Color(light: .init(hex: 0xC93400), dark: .init(hex: 0xFFB340)) : .chartAccent
            }
        }
    }

    /// The layer between the shared photo and the text: a frosted white in light mode and a
    /// dim of about 60-70 % in dark mode, heavier at the bottom where the figures sit. A busy
    /// photo then keeps primary text above 4.5:1 and the rest above 3:1 even where the photo
    /// is white (dark mode) or black (light mode); `BackgroundScrimTests` checks it.
    static var scrim: ShapeStyle {
        .linearGradient(
            [
                Color(light: .init(hex: 0xFFFFFF, alpha: 0.78), dark: .init(hex: 0x000000, alpha: 0.6)),
                Color(light: .init(hex: 0xFFFFFF, alpha: 0.86), dark: .init(hex: 0x000000, alpha: 0.7)),
            ], start: Point(x: 0.5, y: 0), end: Point(x: 0.5, y: 1))
    }

    func view(for entry: GlobalStatsEntry, in context: ViewContext) -> ViewNode {
        let palette = Palette(
            onImage: entry.backgroundImagePath != nil, series: Self.series(of: entry),
            fullColor: context.resolvedRenderingMode == .fullColor)
        let content: ViewNode
        let url = URL(string: "widgetrender://covid/global")
        switch context.family {
        case .systemSmall: content = small(entry, context, palette)
        case .systemMedium: content = medium(entry, context, palette)
        case .accessoryCircular: return circular(entry, context).widgetURL(url)
        case .accessoryRectangular: return rectangular(entry, context).widgetURL(url)
        case .accessoryInline: return inline(entry, context).widgetURL(url)
        // An e-ink screen draws no photo: its greys would be noise behind the figures.
        case let family where family.isDashboard:
            return dashboard(entry, context).containerBackground(Color.background, for: .widget).widgetURL(url)
        default: content = large(entry, context, palette)
        }
        guard let background = entry.backgroundImagePath else {
            return content.foregroundStyle(palette.primary).widgetURL(url)
        }
        return content.foregroundStyle(palette.primary)
            .containerBackground {
                ZStack {
                    Image(path: background).resizable().scaledToFill()
                    RoundedRectangle(cornerRadius: 0).fill(Self.scrim)
                }
            }
            .widgetURL(url)
    }

    /// "World COVID-19"; the small family shows "World" alone, as the pair does not fit the narrowest phones.
    @ViewBuilder
    private func title(
        _ entry: GlobalStatsEntry, _ context: ViewContext, _ palette: Palette, size: Double, showTopic: Bool = true
    ) -> ViewNode {
        HStack(alignment: .firstTextBaseline, spacing: 5) {
            Text(
                entry.showsWorld
                    ? context.locale.word("World")
                    : CountryNames.name(of: entry.region, in: context.locale, dataName: entry.regionName)
            )
            .font(Font(size: size, weight: .bold)).lineLimit(1)
            // A country's name leaves no room for the topic in the narrow families.
            if showTopic && (entry.showsWorld || context.family == .systemLarge) {
                Text("COVID-19").font(Font(size: size - 3, weight: .semibold)).foregroundStyle(palette.secondary)
                    .lineLimit(1)
            }
            if entry.stale {
                Text(ProviderData.staleLabel(for: entry.origin, locale: context.locale)).font(
                    Font(size: 11, weight: .medium)
                )
                .foregroundStyle(palette.secondary).lineLimit(1)
            }
            Spacer(minLength: 0)
        }
    }

    /// "Cases", or the column chosen with `--column`, named in the widget's language when it
    /// is a known one (`deaths` → "Deaths"), else as the file names it, capitalised. One name on
    /// every device, and the covid-country widget's ("Confirmed" on larger phones was the same
    /// figure under a second name).
    func confirmed(_ entry: GlobalStatsEntry, _ context: ViewContext) -> String {
        let cases = context.locale.word("Cases")
        guard let column = entry.seriesName else { return cases }
        switch Self.seriesKind(column) {
        case .deaths: return deathsLabel(context)
        case .recovered: return recoveredLabel(context)
        case .cases: return cases
        case nil: return column.prefix(1).uppercased() + column.dropFirst()
        }
    }

    /// The chart's title: new cases per day, or per day of the column charted.
    func chartTitle(_ entry: GlobalStatsEntry, _ context: ViewContext) -> String {
        switch entry.seriesName.map(Self.seriesKind) {
        case .deaths?: return context.locale.word("New deaths per day")
        case .recovered?:
            return context.locale.word("New recoveries per day")
        case .some(nil):
            let name = entry.seriesName ?? ""
            return context.locale.word("\(name) per day")
        default:
            return context.locale.word("New cases per day")
        }
    }

    /// What a column holds, when its name says: cases, deaths or recoveries.
    enum SeriesKind {
        case cases, deaths, recovered
    }

    /// What the entry charts: cases unless `--column` names deaths or recoveries.
    static func series(of entry: GlobalStatsEntry) -> SeriesKind? {
        guard let column = entry.seriesName else { return .cases }
        return seriesKind(column)
    }

    static func seriesKind(_ column: String) -> SeriesKind? {
        let name = column.lowercased()
        if name.contains("death") { return .deaths }
        if name.contains("recover") { return .recovered }
        if name.contains("case") || name.contains("confirm") { return .cases }
        return nil
    }

    /// "as of Apr 15": the day the figures are from, in every family.
    func asOf(_ entry: GlobalStatsEntry, _ context: ViewContext) -> String {
        let day = Formatting.shortDate(
            entry.date, shownAt: context.date, locale: context.locale, timeZone: context.timeZone)
        return context.locale.word("as of \(day)")
    }

    @ViewBuilder
    /// The day's new cases: `+79,863 new`, `新規 +79,863`.
    private func newToday(_ entry: GlobalStatsEntry, _ context: ViewContext, _ palette: Palette, size: Double)
        -> ViewNode
    {
        newTodayText(newTodayForms(entry, context)[0], palette, size: size)
    }

    /// The forms of the day's new cases, longest first: whole, then (from 10,000) compact
    /// with its label (`+79.9K new`) and compact alone (`+٧٩٫٩ ألف`, where the label and a
    /// compact figure do not fit beside "Cases" in Arabic on a 320 pt iPhone).
    func newTodayForms(_ entry: GlobalStatsEntry, _ context: ViewContext) -> [String] {
        // A day without new cases says so ("+0 new" reads as a figure missing).
        guard entry.newCases != 0 else { return [context.locale.word("No new cases")] }
        let count = max(0, entry.newCases)
        let whole = Formatting.labelled(
            Formatting.signed(count, locale: context.locale), newLabel(context), locale: context.locale)
        guard count >= 10_000 else { return [whole] }
        let compact = "+" + Formatting.compact(count, locale: context.locale)
        return [whole, Formatting.labelled(compact, newLabel(context), locale: context.locale), compact]
    }

    private func newTodayText(_ text: String, _ palette: Palette, size: Double) -> ViewNode {
        Text(text).font(Font(size: size, weight: .semibold).monospacedDigit()).foregroundStyle(palette.accent)
            .lineLimit(1).shrinks(from: size)
    }

    /// The 7-day average as a line over the raw daily counts as bars; with `axis`, the value
    /// axis (zero to a round top, ``CountAxis``) labelled in a gutter at the trailing edge, so no
    /// label covers a bar; with `timeAxis` (large), dates under the plot.
    private func chart(
        _ entry: GlobalStatsEntry, _ context: ViewContext, _ palette: Palette, axis: CountAxis?, weekly: Bool,
        timeAxis: Bool
    ) -> ViewNode {
        // A placeholder knows no counts: a grey plate.
        if context.isPlaceholder { return WidgetCharts.placeholder }
        var calendar = Calendar(identifier: .gregorian)
        if weekly {
            calendar.timeZone = context.timeZone
            calendar.locale = context.locale
        }
        guard let scale = axis, !timeAxis else {
            // No value axis; or the chart's own axes: dates under it, the top and zero beside it.
            return WidgetCharts.counts(
                entry.chartPoints, average: entry.averagePoints, color: palette.accent, top: axis?.top, weekly: weekly,
                calendar: calendar, timeAxis: timeAxis,
                valueLabels: axis.map { ($0.topLabel, $0.zeroLabel, Self.axisFont, palette.secondary) }
            )
            // The tinted Home Screen draws the counts in the tint.
            .widgetAccentable()
        }
        return HStack(alignment: .top, spacing: 4) {
            // The dotted level line marks the top the label names.
            WidgetCharts.counts(
                entry.chartPoints, average: entry.averagePoints, color: palette.accent, top: scale.top, weekly: weekly,
                calendar: calendar
            )
            .widgetAccentable()
            VStack(alignment: .trailing, spacing: 0) {
                Text(scale.topLabel)
                Spacer(minLength: 0)
                Text(scale.zeroLabel)
            }
            .font(Self.axisFont).foregroundStyle(palette.secondary).lineLimit(1)
        }
        .node
    }

    /// Whether the chart's daily bars would be narrower than 2 pixels, so it draws weekly means:
    /// from the chart's width (the content width, less the axis gutter).
    static func weekly(_ entry: GlobalStatsEntry, _ context: ViewContext, width: Double, axis: CountAxis?) -> Bool {
        var chartWidth = width
        if let scale = axis {
            // Less the gutter of the axis labels.
            chartWidth -=
                max(
                    Formatting.estimatedWidth(scale.topLabel, size: 11),
                    Formatting.estimatedWidth(scale.zeroLabel, size: 11))
                + 4
        }
        return WidgetCharts.mergesToWeeks(entry.chartPoints, width: chartWidth, scale: context.displayScale)
    }

    /// The chart's caption: what the bars are (daily counts, or weekly means when days would be
    /// too thin to see) and, with a short line in the accent, the 7-day average.
    @ViewBuilder
    private func chartCaption(_ entry: GlobalStatsEntry, _ context: ViewContext, _ palette: Palette, weekly: Bool)
        -> ViewNode
    {
        let title = chartTitle(entry, context)
        let means = context.locale.word("weekly means")
        let captions = weekly ? [title + Formatting.separator(context.locale) + means, means] : [title]
        // The legend of the average's line, abbreviated where the whole words do not fit
        // (`7-day avg.` beside "New cases per day" in a 186 pt column).
        let full = context.locale.word("\(7)-day average")
        let short = context.locale.word("\(7)-day avg.")
        let pairs = captions.flatMap { caption in (full == short ? [full] : [full, short]).map { (caption, $0) } }
        // The longest that fits: with the legend of the average's line, then without it.
        ViewThatFits(in: .horizontal) {
            ForEach(pairs.indices, id: \.self) { index in
                HStack(spacing: 3) {
                    captionText(pairs[index].0, palette)
                    Spacer(minLength: 4)
                    Capsule().fill(palette.accent).frame(width: 12, height: 2).widgetAccentable()
                    captionText(pairs[index].1, palette)
                }
            }
            ForEach(captions, id: \.self) { caption in
                captionText(caption, palette)
            }
        }
    }

    private func captionText(_ text: String, _ palette: Palette) -> ViewNode {
        Text(text).font(Font(size: 11, weight: .semibold)).foregroundStyle(palette.secondary).lineLimit(1)
            .fixedSize(horizontal: true, vertical: false)
    }

    /// The axis labels' font: the charts' label font.
    static var axisFont: Font { Font(size: 11, weight: .semibold).monospacedDigit() }

    /// Small widgets shorter than this (content under 136 pt) leave out the "new" line, which
    /// the chart of new cases already shows, so the chart keeps a readable height.
    static let roomySmallHeight = 168.0

    @ViewBuilder
    private func small(_ entry: GlobalStatsEntry, _ context: ViewContext, _ palette: Palette) -> ViewNode {
        let roomy = context.displaySize.height >= Self.roomySmallHeight
        VStack(alignment: .leading, spacing: 2) {
            let date = Text(
                Formatting.shortDate(
                    entry.date, shownAt: context.date, numeric: true, locale: context.locale,
                    timeZone: context.timeZone)
            )
            .font(Font(size: 11, weight: .medium)).foregroundStyle(palette.secondary).lineLimit(1)
            // The day beside the title, or under it where both do not fit (`Mundo` on a 320 pt
            // iPhone in Portuguese).
            ViewThatFits(in: .horizontal) {
                HStack(alignment: .firstTextBaseline, spacing: 4) {
                    title(entry, context, palette, size: 15, showTopic: false)
                    date
                }
                VStack(alignment: .leading, spacing: 0) {
                    title(entry, context, palette, size: 15, showTopic: false)
                    date
                }
            }
            if roomy {
                Text(confirmed(entry, context)).font(Font(size: 11, weight: .semibold))
                    .foregroundStyle(palette.secondary).lineLimit(1)
                    .padding(EdgeInsets(top: 4))
            }
            Text(Formatting.grouped(entry.cases, locale: context.locale)).font(
                Font(size: roomy ? 24 : 22, weight: .bold).monospacedDigit()
            )
            .lineLimit(1).shrinks(from: roomy ? 24 : 22)
            // Short widgets keep the day's new cases, beside the label instead of under the total.
            if roomy {
                newToday(entry, context, palette, size: 12)
            } else {
                // Where the label leaves no room, the day's new cases go compact (`+70.1K new`), so
                // no figure is cut.
                let label = confirmed(entry, context)
                let forms = newTodayForms(entry, context)
                // The longest form that fits beside the label, measured; the shortest else.
                ViewThatFits(in: .horizontal) {
                    ForEach(forms.indices, id: \.self) { index in
                        HStack(spacing: 0) {
                            Text(label).font(Font(size: 11, weight: .semibold)).foregroundStyle(palette.secondary)
                                .lineLimit(1)
                            Spacer(minLength: 4)
                            newTodayText(forms[index], palette, size: 11)
                        }
                    }
                }
            }
            if entry.dailyNewCases.isEmpty {
                // A status (disease.sh /all) has no history: deaths and recovered take the chart's place.
                Spacer(minLength: 0)
                figures(entry, context, palette)
            } else {
                GeometryReader { proxy in
                    chart(
                        entry, context, palette, axis: nil,
                        weekly: Self.weekly(entry, context, width: proxy.size.width, axis: nil), timeAxis: false)
                }
                .padding(EdgeInsets(top: roomy ? 6 : 3))
            }
        }
    }

    @ViewBuilder
    private func figure(
        _ label: String, _ value: Double, _ color: Color, _ context: ViewContext, size: Double
    ) -> ViewNode {
        VStack(alignment: .leading, spacing: 0) {
            Text(label).font(Font(size: 11, weight: .semibold)).foregroundStyle(color).lineLimit(1)

            // A compact figure can be as long as a whole one (German has no unit for thousands:
            // 119.482), so it may shrink too.
            Text(Formatting.compact(value, locale: context.locale)).font(
                Font(size: size, weight: .bold).monospacedDigit()
            )
            .lineLimit(1).shrinks(from: size)
        }
    }

    private func newLabel(_ context: ViewContext) -> String {
        context.locale.word("new")
    }

    func deathsLabel(_ context: ViewContext) -> String {
        context.locale.word("Deaths")
    }

    func recoveredLabel(_ context: ViewContext) -> String {
        context.locale.word("Recovered")
    }

    /// The chart's title and the chart; for a source without history (a disease.sh status), a
    /// note that says so in the chart's place.
    @ViewBuilder
    private func history(_ entry: GlobalStatsEntry, _ context: ViewContext, _ palette: Palette, spacing: Double)
        -> ViewNode
    {
        if entry.dailyNewCases.isEmpty {
            ZStack {
                RoundedRectangle(cornerRadius: 10).fill(palette.secondary.opacity(0.1))
                Text(
                    context.locale.word("No daily history in this source")
                )
                .font(Font(size: 11, weight: .medium)).foregroundStyle(palette.secondary)
                .multilineTextAlignment(.center).padding(8)
            }
        } else {
            // The caption and the chart share one decision: days, or weeks when a day's bar would
            // be narrower than 2 pixels at the chart's width.
            let axis = valueAxis(entry, context)
            GeometryReader { proxy in
                let weekly = Self.weekly(entry, context, width: proxy.size.width, axis: axis)
                VStack(alignment: .leading, spacing: spacing) {
                    chartCaption(entry, context, palette, weekly: weekly)
                    chart(entry, context, palette, axis: axis, weekly: weekly, timeAxis: context.family == .systemLarge)
                }
            }
        }
    }

    /// The chart's value axis; a placeholder's counts are not data, so it has none.
    func valueAxis(_ entry: GlobalStatsEntry, _ context: ViewContext) -> CountAxis? {
        context.isPlaceholder
            ? nil : CountAxis(values: (entry.chartPoints + entry.averagePoints).map(\.y), locale: context.locale)
    }

    /// Deaths and recovered side by side, when the source has them.
    @ViewBuilder
    private func figures(_ entry: GlobalStatsEntry, _ context: ViewContext, _ palette: Palette) -> ViewNode {
        HStack(spacing: 10) {
            if let deaths = entry.sideDeaths {
                figure(deathsLabel(context), deaths, palette.deaths, context, size: 14)
            }
            if let recovered = entry.sideRecovered {
                figure(recoveredLabel(context), recovered, palette.recovered, context, size: 14)
            }
            Spacer(minLength: 0)
        }
    }

    /// The total on the left; the chart with deaths and recovered under it on the right, so the
    /// left column fits the shortest medium widgets (iPhone SE, iPads) in every language.
    @ViewBuilder
    private func medium(_ entry: GlobalStatsEntry, _ context: ViewContext, _ palette: Palette) -> ViewNode {
        let left = context.displaySize.width < 340 ? 122.0 : 134.0
        // The chart's column: the content (the widget less its 16 pt margins) less the left one.
        let chartWidth = max(0, context.displaySize.width - 32 - left - 12)
        let axis = valueAxis(entry, context)
        // One decision for the caption and the chart: days, or weeks.
        let weekly = Self.weekly(entry, context, width: chartWidth, axis: axis)
        // The title and the chart's caption head their columns on one baseline, so the caption
        // is in the title's row, over the chart's column; 2 pt under it, as the column had it.
        VStack(alignment: .leading, spacing: 2) {
            HStack(alignment: .firstTextBaseline, spacing: 12) {
                title(entry, context, palette, size: 15).frame(width: left, alignment: .leading)
                if !entry.dailyNewCases.isEmpty {
                    chartCaption(entry, context, palette, weekly: weekly).frame(width: chartWidth, alignment: .leading)
                }
            }
            HStack(spacing: 12) {
                VStack(alignment: .leading, spacing: 2) {
                    Spacer(minLength: 0)
                    Text(confirmed(entry, context)).font(Font(size: 11, weight: .semibold)).foregroundStyle(
                        palette.secondary
                    )
                    .lineLimit(1)
                    Text(Formatting.grouped(entry.cases, locale: context.locale)).font(
                        Font(size: 24, weight: .bold).monospacedDigit()
                    )
                    .lineLimit(1)
                    .shrinks(from: 24)
                    newToday(entry, context, palette, size: 12)
                    Text(asOf(entry, context)).font(Font(size: 11, weight: .medium)).foregroundStyle(
                        palette.secondary
                    )
                    .lineLimit(1)
                }
                .frame(width: left, alignment: .leading)
                VStack(alignment: .leading, spacing: 4) {
                    if entry.dailyNewCases.isEmpty {
                        history(entry, context, palette, spacing: 4)
                    } else {
                        chart(entry, context, palette, axis: axis, weekly: weekly, timeAxis: false)
                    }
                    figures(entry, context, palette)
                }
                .padding(.top, 2)
            }
        }
    }

    @ViewBuilder
    private func tile(
        _ label: String, _ value: Double, _ color: Color, _ palette: Palette, style: FigureStyle, locale: Locale,
        short: Bool = false
    ) -> ViewNode {
        VStack(alignment: .leading, spacing: 2) {
            Text(label).font(Font(size: 11, weight: .semibold)).foregroundStyle(color).lineLimit(1)
            Text(style.text(value, locale)).font(Font(size: style.size, weight: .bold).monospacedDigit()).lineLimit(1)
                .shrinks(from: style.size)
        }
        .padding(EdgeInsets(top: short ? 6 : 8, leading: 10, bottom: short ? 6 : 8, trailing: 10))
        .frame(maxWidth: .infinity, alignment: .leading)
        .background { RoundedRectangle(cornerRadius: 10).fill(palette.secondary.opacity(0.16)) }
    }

    @ViewBuilder
    private func large(_ entry: GlobalStatsEntry, _ context: ViewContext, _ palette: Palette) -> ViewNode {
        // The shortest large widgets (iPhone SE's 311 pt) close their gaps up, so the chart keeps
        // about 60 pt of plot in Japanese and Korean, whose lines are taller.
        let short = context.displaySize.height < 330
        VStack(alignment: .leading, spacing: short ? 5 : 8) {
            HStack(alignment: .firstTextBaseline, spacing: 6) {
                title(entry, context, palette, size: 17)
                Text(Formatting.longDate(entry.date, locale: context.locale, timeZone: context.timeZone))
                    .font(Font(size: 12, weight: .medium)).foregroundStyle(palette.secondary)
            }
            VStack(alignment: .leading, spacing: 1) {
                Text(confirmed(entry, context)).font(Font(size: 12, weight: .semibold)).foregroundStyle(
                    palette.secondary)
                Text(Formatting.grouped(entry.cases, locale: context.locale)).font(
                    Font(size: 32, weight: .bold).monospacedDigit()
                ).lineLimit(1)
                    .shrinks(from: 32)
                newToday(entry, context, palette, size: 14)
            }
            history(entry, context, palette, spacing: short ? 4 : 8)
            let tiles = [entry.sideDeaths, entry.sideRecovered, entry.active].compactMap { $0 }
            let tileText =
                (context.displaySize.width - 32 - 8 * Double(max(0, tiles.count - 1))) / Double(max(1, tiles.count))
                - 20
            let style = FigureStyle.fitting(tiles, width: tileText, size: 15, smallest: 12)
            HStack(spacing: 8) {
                if let deaths = entry.sideDeaths {
                    tile(
                        deathsLabel(context), deaths, palette.deaths, palette, style: style, locale: context.locale,
                        short: short)
                }
                if let recovered = entry.sideRecovered {
                    tile(
                        recoveredLabel(context), recovered, palette.recovered, palette, style: style,
                        locale: context.locale, short: short)
                }
                if let active = entry.active {
                    tile(
                        context.locale.word("Active"), active, palette.secondary, palette,
                        style: style, locale: context.locale, short: short)
                }
            }
        }
    }

    /// The place shown: the world, or the region's name.
    func place(_ entry: GlobalStatsEntry, _ context: ViewContext) -> String {
        entry.showsWorld
            ? context.locale.word("World")
            : CountryNames.name(of: entry.region, in: context.locale, dataName: entry.regionName)
    }

    /// The Lock Screen's round widget: the total in a few characters.
    @ViewBuilder
    private func circular(_ entry: GlobalStatsEntry, _ context: ViewContext) -> ViewNode {
        ZStack {
            Circle().fill(Color.white.opacity(0.18))
            VStack(spacing: 0) {
                Text(place(entry, context)).font(Font(size: 11, weight: .semibold)).lineLimit(1)
                Text(Formatting.compact(entry.cases, locale: context.locale))
                    .font(Font(size: 15, weight: .bold).monospacedDigit()).lineLimit(1).shrinks(from: 15)
            }
            .padding(6)
        }
    }

    @ViewBuilder
    private func rectangular(_ entry: GlobalStatsEntry, _ context: ViewContext) -> ViewNode {
        VStack(alignment: .leading, spacing: 1) {
            HStack(alignment: .firstTextBaseline, spacing: 4) {
                Text(place(entry, context)).font(Font(size: 13, weight: .bold)).lineLimit(1)
                Spacer(minLength: 0)
                Text(
                    Formatting.shortDate(
                        entry.date, shownAt: context.date, numeric: true, locale: context.locale,
                        timeZone: context.timeZone)
                )
                .font(Font(size: 12, weight: .medium)).lineLimit(1)
            }
            Text(Formatting.grouped(entry.cases, locale: context.locale)).font(
                Font(size: 17, weight: .bold).monospacedDigit()
            ).lineLimit(1)
                .shrinks(from: 17)
            Text(
                Formatting.labelled(
                    Formatting.signed(max(0, entry.newCases), locale: context.locale),
                    context.locale.word("new"),
                    locale: context.locale)
            )
            .font(Font(size: 12, weight: .semibold).monospacedDigit()).lineLimit(1)
        }
    }

    @ViewBuilder
    private func inline(_ entry: GlobalStatsEntry, _ context: ViewContext) -> ViewNode {
        Text(
            Formatting.casesLine(
                place(entry, context), cases: entry.cases, width: context.displaySize.width, locale: context.locale)
        )
        .font(Font(size: 14, weight: .semibold).monospacedDigit()).lineLimit(1)
    }
}
