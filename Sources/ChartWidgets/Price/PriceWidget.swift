import Foundation
import WidgetRender

/// The Bitcoin price widget: the latest daily close, its change, and a line chart
/// of the closes over a configurable window.
public struct PriceWidget: Widget {
    /// The widget's kind: `price`.
    public static var kind: String { "price" }

    /// Creates the widget.
    public init() {}

    /// A static configuration with the `range` and `symbol` parameters.
    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: PriceProvider()) { entry in PriceWidgetView(entry: entry) }
            .configurationDisplayName("Bitcoin Price")
            .description("Follow Bitcoin's daily close in US dollars, with its trend.")
            .supportedFamilies([
                .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryRectangular, .accessoryInline,
            ])
            .parameters(
                [
                    ChartRange.parameter,
                    WidgetParameter(
                        key: "symbol", title: "Symbol",
                        summary:
                            "What the price is of, e.g. GOOG or ETH-USD; empty takes it from the data or the file name.",
                        kind: .text(maxLength: 20), defaultValue: ""),
                ]
            )
    }
}

/// The PriceWidget widget's view of one entry, in the family and language of the environment.
struct PriceWidgetView: View {
    let entry: PriceEntry
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

    static let accent = Color.chartAccent

    @ViewBuilder
    func view(for entry: PriceEntry, in context: ViewContext) -> ViewNode {
        let url = URL(string: "widgetrender://price/\(entry.symbol)?date=\(Int(entry.date.timeIntervalSince1970))")
        switch context.family {
        case .systemSmall: small(entry, context).widgetURL(url)
        case .systemMedium: medium(entry, context).widgetURL(url)
        case .accessoryRectangular: rectangular(entry)
        case .accessoryInline: inline(entry)
        default: large(entry, context).widgetURL(url)
        }
    }

    /// A known asset's name in the widget's language, else the symbol.
    private func name(_ entry: PriceEntry, _ context: ViewContext) -> String {
        switch entry.base.uppercased() {
        case "BTC", "XBT": context.locale.pick(en: "Bitcoin", ja: "ビットコイン", ko: "비트코인")
        case "ETH": context.locale.pick(en: "Ethereum", ja: "イーサリアム", ko: "이더리움")
        default: entry.base
        }
    }

    /// `BTC / USD · 90D`, without the pair when it only repeats the name.
    private func subtitle(_ entry: PriceEntry, _ context: ViewContext) -> String {
        entry.pairLabel == name(entry, context) ? entry.rangeLabel : entry.pairLabel + " · " + entry.rangeLabel
    }

    /// A discreet note that the data is not fresh: cached, or the built-in sample after a failed fetch.
    private func staleNote(_ entry: PriceEntry, _ context: ViewContext) -> String {
        entry.stale ? " · " + ProviderData.staleLabel(source: entry.source, locale: context.locale) : ""
    }

    @ViewBuilder
    private func change(_ entry: PriceEntry, size: Double) -> ViewNode {
        let trend = ChangeTrend(percent: entry.changePercent)
        let arrow =
            switch trend {
            case .up: "▲ "
            case .down: "▼ "
            case .flat: ""
            }
        Text(arrow + Formatting.percent(entry.changePercent))
            .font(Font(size: size, weight: .semibold).monospacedDigit())
            .foregroundStyle(Self.color(of: trend))
            .lineLimit(1)
    }

    /// Green up, red down, and the secondary colour for no change.
    static func color(of trend: ChangeTrend) -> Color {
        switch trend {
        case .up: .up
        case .down: .down
        case .flat: .secondary
        }
    }

    @ViewBuilder
    private func price(_ entry: PriceEntry, size: Double) -> ViewNode {
        Text(Formatting.price(entry.last.close))
            .font(Font(size: size, weight: .bold).monospacedDigit())
            .lineLimit(1)
            .minimumScaleFactor(0.5)
    }

    private func chart(_ entry: PriceEntry, markers: Bool) -> ViewNode {
        let closes = entry.bars.map(\.close)
        let label: (Double) -> String = { $0 >= 10_000 ? Formatting.compact($0) : Formatting.price($0) }
        var chart = LineChart(entry.closePoints, color: Self.accent).gradientFill()
        if markers, let low = closes.min(), let high = closes.max() {
            chart = chart.markers(min: label(low), max: label(high))
        }
        return chart.node
    }

    /// The large family's candlestick variant: bars merged to at most 60 candles, range labelled.
    private func candles(_ entry: PriceEntry) -> ViewNode {
        let label: (Double) -> String = { $0 >= 10_000 ? Formatting.compact($0) : Formatting.price($0) }
        let candles = entry.bars.map {
            Candle(x: $0.time.timeIntervalSince1970, open: $0.open, high: $0.high, low: $0.low, close: $0.close)
        }
        // The same low and high as the caption under the chart.
        return CandlestickChart(candles, maxCandles: 60)
            .labels(min: label(entry.bars.map(\.low).min() ?? 0), max: label(entry.bars.map(\.high).max() ?? 0)).node
    }

    @ViewBuilder
    private func small(_ entry: PriceEntry, _ context: ViewContext) -> ViewNode {
        VStack(alignment: .leading, spacing: 2) {
            HStack(spacing: 4) {
                Text(entry.base).font(Font(size: 14, weight: .bold)).lineLimit(1)
                if let quote = entry.quote {
                    Text(quote).font(Font(size: 14, weight: .medium)).foregroundStyle(.secondary).lineLimit(1)
                }
                Spacer(minLength: 0)
                Text(
                    entry.stale
                        ? ProviderData.staleLabel(source: entry.source, locale: context.locale) : entry.rangeLabel
                )
                .font(Font(size: 11, weight: .semibold)).foregroundStyle(.secondary)
            }
            price(entry, size: 24)
            change(entry, size: 12)
            chart(entry, markers: false).padding(EdgeInsets(top: 6))
        }
    }

    @ViewBuilder
    private func medium(_ entry: PriceEntry, _ context: ViewContext) -> ViewNode {
        // Short medium widgets (iPhone SE, small iPads) tighten the column so Japanese and Korean fit.
        let roomy = context.displaySize.height >= 150
        HStack(spacing: 14) {
            VStack(alignment: .leading, spacing: roomy ? 3 : 2) {
                Text(name(entry, context)).font(Font(size: 15, weight: .bold)).lineLimit(1).minimumScaleFactor(0.8)
                Text(subtitle(entry, context)).font(Font(size: roomy ? 12 : 11, weight: .medium))
                    .foregroundStyle(.secondary).lineLimit(1)
                Spacer(minLength: 0)
                price(entry, size: roomy ? 26 : 22)
                change(entry, size: 13)
                Text(
                    Formatting.longDate(entry.date, locale: context.locale, timeZone: context.timeZone)
                        + staleNote(entry, context)
                )
                .font(Font(size: 11)).foregroundStyle(.secondary).lineLimit(1).minimumScaleFactor(0.8)
            }
            .frame(width: 124, alignment: .leading)
            chart(entry, markers: true)
        }
    }

    @ViewBuilder
    private func stat(_ label: String, _ value: Double) -> ViewNode {
        VStack(alignment: .leading, spacing: 1) {
            Text(label).font(Font(size: 11, weight: .medium)).foregroundStyle(.secondary)
            Text(Formatting.price(value)).font(Font(size: 13, weight: .semibold).monospacedDigit()).lineLimit(1)
                .minimumScaleFactor(0.7)
        }
    }

    @ViewBuilder
    private func large(_ entry: PriceEntry, _ context: ViewContext) -> ViewNode {
        let last = entry.last
        // The candles' low and high, as the chart's axis labels show them.
        let low = entry.bars.map(\.low).min() ?? last.low
        let high = entry.bars.map(\.high).max() ?? last.high
        VStack(alignment: .leading, spacing: 10) {
            HStack(alignment: .top, spacing: 8) {
                VStack(alignment: .leading, spacing: 2) {
                    Text(name(entry, context)).font(Font(size: 17, weight: .bold)).lineLimit(1)
                    Text(subtitle(entry, context)).font(Font(size: 12, weight: .medium))
                        .foregroundStyle(.secondary).lineLimit(1)
                }
                Spacer(minLength: 0)
                VStack(alignment: .trailing, spacing: 2) {
                    price(entry, size: 26)
                    change(entry, size: 13)
                }
            }
            candles(entry)
            HStack(spacing: 0) {
                stat(context.locale.pick(en: "Open", ja: "始値", ko: "시가"), last.open)
                Spacer(minLength: 4)
                stat(context.locale.pick(en: "High", ja: "高値", ko: "고가"), last.high)
                Spacer(minLength: 4)
                stat(context.locale.pick(en: "Low", ja: "安値", ko: "저가"), last.low)
                Spacer(minLength: 4)
                stat(context.locale.pick(en: "Close", ja: "終値", ko: "종가"), last.close)
            }
            Text(
                "\(entry.rangeLabel) " + context.locale.pick(en: "range", ja: "レンジ", ko: "범위") + " "
                    + Formatting.price(low) + " – " + Formatting.price(high) + " · "
                    + Formatting.longDate(entry.date, locale: context.locale, timeZone: context.timeZone)
                    + staleNote(entry, context)
            )
            .font(Font(size: 11)).foregroundStyle(.secondary).lineLimit(1)
        }
    }

    @ViewBuilder
    private func rectangular(_ entry: PriceEntry) -> ViewNode {
        VStack(alignment: .leading, spacing: 1) {
            HStack(spacing: 4) {
                Text(entry.base).font(Font(size: 13, weight: .bold)).lineLimit(1)
                Spacer(minLength: 0)
                Text(Formatting.percent(entry.changePercent)).font(Font(size: 12, weight: .semibold).monospacedDigit())
            }
            price(entry, size: 17)
            LineChart(entry.closePoints, lineWidth: 1.5)
        }
    }

    @ViewBuilder
    private func inline(_ entry: PriceEntry) -> ViewNode {
        Text(entry.base + " " + Formatting.price(entry.last.close) + " " + Formatting.percent(entry.changePercent))
            .font(Font(size: 14, weight: .semibold).monospacedDigit())
            .lineLimit(1)
    }
}
