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
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
        .parameters(
            [
                CountryNames.parameter(
                    extra: [.init(value: "WLD", label: "World")], defaultValue: "WLD",
                    summary:
                        "WLD for the world total (or the one region of a single-region file); with --data of a multi-region file, a country's code or name, or a region as the file spells it (\"New York\")."
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

    var body: ViewNode {
        view(
            for: entry,
            in: ViewContext(
                family: family, displaySize: displaySize, colorScheme: colorScheme, locale: locale, timeZone: timeZone,
                isPlaceholder: redacted))
    }

    /// Colours for text over the widget's background: the system's own, or, over the
    /// shared photo, colours chosen for its scrim (see ``scrim``): dark text on a light
    /// scrim in light mode, light text on a dark one in dark mode.
    private struct Palette {
        let primary: Color
        let secondary: Color
        let accent: Color

        init(onImage: Bool) {
            primary = .primary
            secondary =
                onImage
                ? Color(light: .init(hex: 0x3C3C43, alpha: 0.85), dark: .init(hex: 0xFFFFFF, alpha: 0.85))
                : .secondary
            accent = onImage ? Color(light: .init(hex: 0xC93400), dark: .init(hex: 0xFFB340)) : .chartAccent
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
        let palette = Palette(onImage: entry.backgroundImagePath != nil)
        let content: ViewNode
        switch context.family {
        case .systemSmall: content = small(entry, context, palette)
        case .systemMedium: content = medium(entry, context, palette)
        default: content = large(entry, context, palette)
        }
        let url = URL(string: "widgetrender://covid/global")
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
        HStack(spacing: 5) {
            Text(
                entry.showsWorld
                    ? context.locale.pick(en: "World", ja: "世界", ko: "전 세계")
                    : CountryNames.name(of: entry.region, in: context.locale, dataName: entry.regionName)
            )
            .font(Font(size: size, weight: .bold)).lineLimit(1).minimumScaleFactor(0.7)
            // A country's name leaves no room for the topic in the narrow families.
            if showTopic && (entry.showsWorld || context.family == .systemLarge) {
                Text("COVID-19").font(Font(size: size - 3, weight: .semibold)).foregroundStyle(palette.secondary)
                    .lineLimit(1)
            }
            if entry.stale {
                Text(ProviderData.staleLabel(source: entry.source, locale: context.locale)).font(
                    Font(size: 11, weight: .medium)
                )
                .foregroundStyle(palette.secondary).lineLimit(1)
            }
            Spacer(minLength: 0)
        }
    }

    /// "Confirmed", or the column chosen with `--column` as the file names it.
    private func confirmed(_ entry: GlobalStatsEntry, _ context: ViewContext) -> String {
        if let column = entry.seriesName { return column }
        return context.locale.pick(en: "Confirmed", ja: "感染者", ko: "확진자")
    }

    @ViewBuilder
    private func newToday(_ entry: GlobalStatsEntry, _ context: ViewContext, _ palette: Palette, size: Double)
        -> ViewNode
    {
        Text(Formatting.signed(entry.newCases) + " " + context.locale.pick(en: "new", ja: "新規", ko: "신규"))
            .font(Font(size: size, weight: .semibold).monospacedDigit()).foregroundStyle(palette.accent).lineLimit(1)
    }

    private func chart(_ entry: GlobalStatsEntry, _ palette: Palette, markers: Bool) -> ViewNode {
        let values = entry.dailyNewCases.map(\.value)
        var chart = LineChart(entry.chartPoints, color: palette.accent).gradientFill()
        if markers, let low = values.min(), let high = values.max() {
            chart = chart.markers(min: Formatting.compact(low), max: Formatting.compact(high))
        }
        return chart.node
    }

    /// Small widgets shorter than this (content under 136 pt) leave out the "new" line, which
    /// the chart of new cases already shows, so the chart keeps a readable height.
    static let roomySmallHeight = 168.0

    @ViewBuilder
    private func small(_ entry: GlobalStatsEntry, _ context: ViewContext, _ palette: Palette) -> ViewNode {
        let roomy = context.displaySize.height >= Self.roomySmallHeight
        VStack(alignment: .leading, spacing: 2) {
            title(entry, context, palette, size: 15, showTopic: false)
            Text(confirmed(entry, context)).font(Font(size: 11, weight: .semibold))
                .foregroundStyle(palette.secondary).lineLimit(1)
                .padding(EdgeInsets(top: roomy ? 4 : 2))
            Text(Formatting.grouped(entry.cases)).font(Font(size: roomy ? 24 : 22, weight: .bold).monospacedDigit())
                .lineLimit(1).minimumScaleFactor(0.5)
            if roomy { newToday(entry, context, palette, size: 12) }
            chart(entry, palette, markers: false).padding(EdgeInsets(top: roomy ? 6 : 4))
        }
    }

    @ViewBuilder
    private func figure(_ label: String, _ value: Double, _ palette: Palette, size: Double) -> ViewNode {
        VStack(alignment: .leading, spacing: 0) {
            Text(label).font(Font(size: 11, weight: .semibold)).foregroundStyle(palette.secondary).lineLimit(1)
                .minimumScaleFactor(0.8)
            Text(Formatting.compact(value)).font(Font(size: size, weight: .bold).monospacedDigit()).lineLimit(1)
        }
    }

    private func deathsLabel(_ context: ViewContext) -> String {
        context.locale.pick(en: "Deaths", ja: "死亡者", ko: "사망자")
    }

    private func recoveredLabel(_ context: ViewContext) -> String {
        context.locale.pick(en: "Recovered", ja: "回復者", ko: "완치자")
    }

    /// Deaths and recovered side by side, when the source has them.
    @ViewBuilder
    private func figures(_ entry: GlobalStatsEntry, _ context: ViewContext, _ palette: Palette) -> ViewNode {
        HStack(spacing: 10) {
            if let deaths = entry.deaths { figure(deathsLabel(context), deaths, palette, size: 14) }
            if let recovered = entry.recovered { figure(recoveredLabel(context), recovered, palette, size: 14) }
            Spacer(minLength: 0)
        }
    }

    /// The total on the left; the chart with deaths and recovered under it on the right, so the
    /// left column fits the shortest medium widgets (iPhone SE, iPads) in every language.
    @ViewBuilder
    private func medium(_ entry: GlobalStatsEntry, _ context: ViewContext, _ palette: Palette) -> ViewNode {
        HStack(spacing: 12) {
            VStack(alignment: .leading, spacing: 2) {
                title(entry, context, palette, size: 15)
                Spacer(minLength: 0)
                Text(confirmed(entry, context)).font(Font(size: 11, weight: .semibold)).foregroundStyle(
                    palette.secondary
                )
                .lineLimit(1)
                Text(Formatting.grouped(entry.cases)).font(Font(size: 24, weight: .bold).monospacedDigit()).lineLimit(1)
                    .minimumScaleFactor(0.5)
                newToday(entry, context, palette, size: 12)
            }
            .frame(width: context.displaySize.width < 340 ? 122 : 134, alignment: .leading)
            VStack(alignment: .leading, spacing: 4) {
                Text(context.locale.pick(en: "New cases per day", ja: "1日の新規感染者", ko: "일일 신규 확진자"))
                    .font(Font(size: 11, weight: .semibold)).foregroundStyle(palette.secondary).lineLimit(1)
                    .minimumScaleFactor(0.8)
                chart(entry, palette, markers: true)
                figures(entry, context, palette)
            }
        }
    }

    @ViewBuilder
    private func tile(_ label: String, _ value: Double, _ palette: Palette) -> ViewNode {
        VStack(alignment: .leading, spacing: 2) {
            Text(label).font(Font(size: 11, weight: .semibold)).foregroundStyle(palette.secondary).lineLimit(1)
            Text(Formatting.grouped(value)).font(Font(size: 15, weight: .bold).monospacedDigit()).lineLimit(1)
                .minimumScaleFactor(0.6)
        }
        .padding(EdgeInsets(top: 8, leading: 10, bottom: 8, trailing: 10))
        .frame(maxWidth: .infinity, alignment: .leading)
        .background { RoundedRectangle(cornerRadius: 10).fill(palette.secondary.opacity(0.16)) }
    }

    @ViewBuilder
    private func large(_ entry: GlobalStatsEntry, _ context: ViewContext, _ palette: Palette) -> ViewNode {
        VStack(alignment: .leading, spacing: 8) {
            HStack(spacing: 6) {
                title(entry, context, palette, size: 17)
                Text(Formatting.longDate(entry.date, locale: context.locale, timeZone: context.timeZone))
                    .font(Font(size: 12, weight: .medium)).foregroundStyle(palette.secondary)
            }
            VStack(alignment: .leading, spacing: 1) {
                Text(confirmed(entry, context)).font(Font(size: 12, weight: .semibold)).foregroundStyle(
                    palette.secondary)
                Text(Formatting.grouped(entry.cases)).font(Font(size: 32, weight: .bold).monospacedDigit()).lineLimit(1)
                    .minimumScaleFactor(0.5)
                newToday(entry, context, palette, size: 14)
            }
            Text(context.locale.pick(en: "New cases per day", ja: "1日の新規感染者", ko: "일일 신규 확진자"))
                .font(Font(size: 11, weight: .semibold)).foregroundStyle(palette.secondary)
            chart(entry, palette, markers: true)
            HStack(spacing: 8) {
                if let deaths = entry.deaths { tile(deathsLabel(context), deaths, palette) }
                if let recovered = entry.recovered { tile(recoveredLabel(context), recovered, palette) }
                if let deaths = entry.deaths, let recovered = entry.recovered {
                    tile(
                        context.locale.pick(en: "Active", ja: "治療中", ko: "치료 중"), entry.cases - deaths - recovered,
                        palette)
                }
            }
        }
    }
}
