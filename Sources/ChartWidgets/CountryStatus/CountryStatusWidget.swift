import Foundation
import WidgetRender
import WidgetData

/// A country's COVID-19 cases, deaths and recoveries, in English, Japanese or Korean.
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
        .supportedFamilies([.systemSmall, .systemMedium])
        .parameters(
            [
                CountryNames.parameter(
                    defaultValue: "JPN",
                    summary:
                        "The country shown: an ISO 3166 alpha-3 code or an English name; with --data, any country the file has (names in Japanese and Korean for the listed ones)."
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

    var body: ViewNode {
        view(
            for: entry,
            in: ViewContext(
                family: family, displaySize: displaySize, colorScheme: colorScheme, locale: locale, timeZone: timeZone,
                isPlaceholder: redacted))
    }

    static let casesColor = Color.chartAccent
    static let deathsColor = Color.down
    static let recoveredColor = Color.up

    /// The country's name in the widget's language, or as the data names it.
    private func name(_ entry: CountryStatusEntry, _ context: ViewContext) -> String {
        CountryNames.name(of: entry.iso3, in: context.locale, dataName: entry.status.country)
    }

    @ViewBuilder
    func view(for entry: CountryStatusEntry, in context: ViewContext) -> ViewNode {
        let url = URL(string: "widgetrender://covid/country/\(entry.iso3)")
        switch context.family {
        case .systemSmall: small(entry, context).widgetURL(url)
        default: medium(entry, context).widgetURL(url)
        }
    }

    private struct Labels {
        let cases: String
        let deaths: String
        let recovered: String
        let active: String
        let today: String

        init(_ locale: Locale) {
            cases = locale.pick(en: "Cases", ja: "感染者", ko: "확진자")
            deaths = locale.pick(en: "Deaths", ja: "死亡者", ko: "사망자")
            recovered = locale.pick(en: "Recovered", ja: "回復者", ko: "완치자")
            active = locale.pick(en: "Active", ja: "治療中", ko: "치료 중")
            today = locale.pick(en: "today", ja: "本日", ko: "오늘")
        }
    }

    /// Small widgets shorter than this (content under 136 pt: the iPhone SE, minis, iPads) put
    /// "today" beside the label, as the stacked lines do not fit in Japanese or Korean.
    static let roomySmallHeight = 168.0
    /// Medium widgets shorter than this leave out the share bar (the legend keeps its figures).
    static let roomyMediumHeight = 158.0

    @ViewBuilder
    private func small(_ entry: CountryStatusEntry, _ context: ViewContext) -> ViewNode {
        let labels = Labels(context.locale)
        let status = entry.status
        let roomy = context.displaySize.height >= Self.roomySmallHeight
        let today = Text("\(Formatting.signed(status.todayCases)) \(labels.today)").font(
            Font(size: 11, weight: .medium)
        )
        .foregroundStyle(.secondary).lineLimit(1).minimumScaleFactor(0.8)
        VStack(alignment: .leading, spacing: roomy ? 2 : 1) {
            HStack(spacing: 4) {
                Text(name(entry, context)).font(
                    Font(size: roomy ? 15 : 14, weight: .bold)
                )
                .lineLimit(1).minimumScaleFactor(0.7)
                Spacer(minLength: 0)
            }
            if roomy {
                Text(labels.cases).font(Font(size: 12, weight: .semibold)).foregroundStyle(Self.casesColor)
                    .padding(EdgeInsets(top: 6))
            } else {
                HStack(alignment: .bottom, spacing: 4) {
                    Text(labels.cases).font(Font(size: 11, weight: .semibold)).foregroundStyle(Self.casesColor)
                        .lineLimit(1)
                    Spacer(minLength: 0)
                    today
                }
                .padding(EdgeInsets(top: 2))
            }
            Text(Formatting.grouped(status.cases)).font(Font(size: roomy ? 26 : 22, weight: .bold).monospacedDigit())
                .lineLimit(1).minimumScaleFactor(0.5)
            if roomy { today }
            Spacer(minLength: 0)
            HStack(alignment: .bottom, spacing: 6) {
                miniStat(labels.deaths, status.deaths, Self.deathsColor)
                Spacer(minLength: 0)
                miniStat(labels.recovered, status.recovered, Self.recoveredColor)
            }
        }
    }

    @ViewBuilder
    private func miniStat(_ label: String, _ value: Double, _ color: Color) -> ViewNode {
        VStack(alignment: .leading, spacing: 0) {
            Text(label).font(Font(size: 11, weight: .semibold)).foregroundStyle(color).lineLimit(1)
                .minimumScaleFactor(0.8)
            Text(Formatting.grouped(value)).font(Font(size: 14, weight: .bold).monospacedDigit()).lineLimit(1)
                .minimumScaleFactor(0.6)
        }
    }

    @ViewBuilder
    private func column(_ label: String, _ value: Double, today: Double?, todayLabel: String, _ color: Color)
        -> ViewNode
    {
        VStack(alignment: .leading, spacing: 1) {
            Text(label).font(Font(size: 12, weight: .semibold)).foregroundStyle(color).lineLimit(1)
                .minimumScaleFactor(0.8)
            Text(Formatting.grouped(value)).font(Font(size: 20, weight: .bold).monospacedDigit()).lineLimit(1)
                .minimumScaleFactor(0.6)
            if let today {
                Text("\(Formatting.signed(today)) \(todayLabel)").font(Font(size: 11, weight: .medium))
                    .foregroundStyle(.secondary).lineLimit(1).minimumScaleFactor(0.8)
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
        let name = name(entry, context)
        VStack(alignment: .leading, spacing: 0) {
            HStack(alignment: .center, spacing: 6) {
                Text(name).font(
                    Font(size: 16, weight: .bold)
                )
                .lineLimit(1).minimumScaleFactor(0.7)
                // A long name on a narrow widget needs the room more than the topic does.
                if width >= 300 || name.count <= 8 {
                    Text("COVID-19").font(Font(size: 12, weight: .semibold)).foregroundStyle(.secondary).lineLimit(1)
                }
                Spacer(minLength: 0)
                Text(
                    Formatting.shortDate(status.updated, locale: context.locale, timeZone: context.timeZone) + " "
                        + Formatting.time(status.updated, timeZone: context.timeZone)
                        + (entry.stale
                            ? " · " + ProviderData.staleLabel(source: entry.source, locale: context.locale) : "")
                )
                .font(Font(size: 11, weight: .medium)).foregroundStyle(.secondary).lineLimit(1)
            }
            HStack(alignment: .top, spacing: 0) {
                column(labels.cases, status.cases, today: status.todayCases, todayLabel: labels.today, Self.casesColor)
                Spacer(minLength: 6)
                column(
                    labels.deaths, status.deaths, today: status.todayDeaths, todayLabel: labels.today, Self.deathsColor)
                Spacer(minLength: 6)
                column(labels.recovered, status.recovered, today: nil, todayLabel: labels.today, Self.recoveredColor)
            }
            .padding(EdgeInsets(top: 6))
            Spacer(minLength: roomy ? 6 : 3)
            if roomy {
                shareBar(status, width: width).padding(EdgeInsets(bottom: 5))
            }
            HStack(spacing: 10) {
                legend(labels.active, share(status.active, of: status.cases), .secondary)
                legend(labels.recovered, share(status.recovered, of: status.cases), Self.recoveredColor)
                legend(labels.deaths, share(status.deaths, of: status.cases), Self.deathsColor)
                Spacer(minLength: 0)
            }
        }
    }

    private func share(_ part: Double, of total: Double) -> Double {
        total > 0 ? max(0, min(1, part / total)) : 0
    }

    @ViewBuilder
    private func legend(_ label: String, _ share: Double, _ color: Color) -> ViewNode {
        HStack(spacing: 4) {
            Circle().fill(color).frame(width: 7, height: 7)
            Text("\(label) \(String(format: "%.0f", share * 100))%").font(Font(size: 11, weight: .medium))
                .foregroundStyle(.secondary).lineLimit(1).minimumScaleFactor(0.8)
        }
    }

    /// Active, recovered and deaths as shares of all cases, on one bar.
    @ViewBuilder
    private func shareBar(_ status: CountryStatus, width: Double) -> ViewNode {
        let gaps = 4.0
        let minimum = 3.0
        let segments: [(Double, Color)] = [
            (share(status.active, of: status.cases), Color.secondary.opacity(0.6)),
            (share(status.recovered, of: status.cases), Self.recoveredColor),
            (share(status.deaths, of: status.cases), Self.deathsColor),
        ]
        // Every segment shows at least `minimum` wide; the rest is shared out, so the bar never
        // runs past `width` (a 0 % share used to add its minimum on top).
        let usable = max(0, width - gaps - minimum * Double(segments.count))
        HStack(spacing: 2) {
            for (value, color) in segments {
                RoundedRectangle(cornerRadius: 3).fill(color).frame(width: minimum + usable * value, height: 8)
            }
            Spacer(minLength: 0)
        }
    }
}
