import Foundation
import WidgetRender

/// The price widget: the latest daily close, its change, and a line chart
/// of the closes over a configurable window.
public struct PriceWidget: Widget {
    /// The widget's kind: `price`.
    public static var kind: String { "price" }

    /// Creates the widget.
    public init() {}

    /// A static configuration with the `range` and `symbol` parameters.
    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: PriceProvider()) { entry in PriceWidgetView(entry: entry) }
            .configurationDisplayName("Stock Price")
            .description("Follow a daily close and its trend: Apple's (AAPL) by default, or any prices you give it.")
            .supportedFamilies([
                .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryCircular, .accessoryRectangular,
                .accessoryInline, .todayCompact, .todayExpanded, .dashboardFull, .dashboardHalfHorizontal,
                .dashboardHalfVertical, .dashboardQuadrant,
            ])
            .parameters(
                [
                    ChartRange.parameter,
                    PriceChartStyle.parameter,
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

    @ViewBuilder
    func view(for entry: PriceEntry, in context: ViewContext) -> ViewNode {
        let url = URL(string: "widgetrender://price/\(entry.symbol)?date=\(Int(entry.date.timeIntervalSince1970))")
        switch context.family {
        case .systemSmall: small(entry, context).widgetURL(url)
        case .systemMedium: medium(entry, context).widgetURL(url)
        case .systemExtraLarge: extraLarge(entry, context).widgetURL(url)
        case .accessoryCircular: circular(entry, context).widgetURL(url)
        case .accessoryRectangular: rectangular(entry, context).widgetURL(url)
        case .accessoryInline: inline(entry, context).widgetURL(url)
        case .todayCompact, .todayExpanded: today(entry, context).widgetURL(url)
        case let family where family.isDashboard:
            dashboard(entry, context).containerBackground(Color.background, for: .widget).widgetURL(url)
        default: large(entry, context).widgetURL(url)
        }
    }

    /// A known asset's name in the widget's language, else the symbol.
    func name(_ entry: PriceEntry, _ context: ViewContext) -> String {
        switch entry.base.uppercased() {
        case "BTC", "XBT": context.locale.word("Bitcoin")
        case "ETH": context.locale.word("Ethereum")
        case "AAPL": context.locale.word("Apple")
        default: Self.base(entry, context.locale)
        }
    }

    /// The asset's short name: its base symbol (`BTC`), or, for data that names none, "Price"
    /// in the widget's language (`価格`, `가격`).
    static func base(_ entry: PriceEntry, _ locale: Locale) -> String {
        entry.symbol == PriceProvider.unnamedSymbol ? locale.word("Price") : entry.base
    }

    /// `BTC / USD`; the window (`90D`) when the pair only repeats the name. The change beside the
    /// price states the window, so the subtitle does not repeat it.
    func subtitle(_ entry: PriceEntry, _ context: ViewContext) -> String {
        entry.pairLabel == name(entry, context) || entry.symbol == PriceProvider.unnamedSymbol
            ? entry.span.label(in: context.locale) : entry.pairLabel
    }

    /// A discreet note that the data is not fresh: cached, or the built-in sample after a failed fetch.
    func staleNote(_ entry: PriceEntry, _ context: ViewContext) -> String {
        entry.stale
            ? Formatting.separator(context.locale) + ProviderData.staleLabel(for: entry.origin, locale: context.locale)
            : ""
    }

    /// The entry's date, with the time of day when the bars are less than a day apart.
    func when(_ entry: PriceEntry, _ context: ViewContext) -> String {
        let day = Formatting.longDate(entry.date, locale: context.locale, timeZone: context.timeZone)
        return entry.isIntraday
            ? day + " " + Formatting.time(entry.date, locale: context.locale, timeZone: context.timeZone) : day
    }

    /// The change over the window drawn, with an arrow and its period, in the trend's colour:
    /// `▲ +12.31% · 30D` (a Stocks user reads a bare change as the day's). Where `width` is too
    /// narrow the arrow goes first (the colour and sign still tell the direction), then the period.
    static func changeText(_ entry: PriceEntry, _ locale: Locale, size: Double, width: Double? = nil) -> String {
        let percent = Formatting.percent(entry.windowChangePercent, locale: locale)
        let arrow =
            switch ChangeTrend(percent: entry.windowChangePercent) {
            case .up: "▲ "
            case .down: "▼ "
            case .flat: ""
            }
        let period = Formatting.separator(locale) + entry.span.label(in: locale)
        let forms = [arrow + percent + period, percent + period, arrow + percent, percent]
        guard let width else { return forms[0] }
        return forms.first { Formatting.estimatedWidth($0, size: size) <= width } ?? percent
    }

    @ViewBuilder
    private func change(_ entry: PriceEntry, _ context: ViewContext, size: Double, width: Double? = nil) -> ViewNode {
        Text(Self.changeText(entry, context.locale, size: size, width: width))
            .font(Font(size: size, weight: .semibold).monospacedDigit())
            .foregroundStyle(TrendPalette(context.locale).color(ChangeTrend(percent: entry.windowChangePercent)))
            .lineLimit(1)
            // The tinted Home Screen draws the change and the chart in the tint, as Stocks does.
            .widgetAccentable()
    }

    @ViewBuilder
    private func price(_ entry: PriceEntry, _ context: ViewContext, size: Double) -> ViewNode {
        Text(entry.written(entry.last.close, locale: context.locale))
            .font(Font(size: size, weight: .bold).monospacedDigit())
            .lineLimit(1)
            .shrinks(from: size)
    }

    /// The closes over time (a gap in the data is a gap in the chart), in the window's trend
    /// colour, over a dotted line at the window's first close (as Stocks draws the previous close).
    private func chart(
        _ entry: PriceEntry, _ context: ViewContext, markers: Bool, lineWidth: Double = 1.75, timeAxis: Bool = false
    ) -> ViewNode {
        // A placeholder knows no prices: a grey plate.
        if context.isPlaceholder { return WidgetCharts.placeholder }
        let trend = ChangeTrend(percent: entry.windowChangePercent)
        var labels: (min: String, max: String)?
        // A placeholder knows no high or low: no labelled points.
        if markers, !context.isPlaceholder, let closes = entry.bars.closeRange {
            let written = entry.writtenAxis([closes.lowerBound, closes.upperBound], locale: context.locale)
            labels = (written[0], written[1])
        }
        return WidgetCharts.line(
            entry.chartPoints, color: TrendPalette(context.locale).color(trend), lineWidth: lineWidth, gradient: true,
            baseline: entry.bars.count > 1 ? entry.bars[0].close : nil, markers: labels, timeAxis: timeAxis
        )
        .widgetAccentable()
    }

    /// A price in a few characters: the price itself, or from 10,000 up in the language's compact
    /// units (`31.5K`, `3.2万`, `3.2만`).
    static func axisLabel(_ value: Double, _ locale: Locale, whole: Bool = false) -> String {
        if abs(value) >= 10_000 { return Formatting.compact(value, locale: locale) }
        return whole ? Formatting.grouped(value, locale: locale) : Formatting.price(value, locale: locale)
    }

    /// Candlesticks, merged to at most 60 (`--param chart=candles`).
    private func candles(_ entry: PriceEntry, _ context: ViewContext) -> ViewNode {
        let palette = TrendPalette(context.locale)
        let candles = entry.bars.candles(limit: 60)
        let range = entry.bars.lowHighRange ?? 0...0
        let labels = entry.writtenAxis([range.lowerBound, range.upperBound], locale: context.locale)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = context.timeZone
        calendar.locale = context.locale
        return WidgetCharts.candles(
            candles, up: palette.up, down: palette.down, labels: (labels[0], labels[1]), timeAxis: true,
            calendar: calendar, hollowUp: context.resolvedRenderingMode != .fullColor
        )
        .widgetAccentable()
    }

    /// The large families' chart, with a time axis: lines unless `--param chart=candles`.
    private func bigChart(_ entry: PriceEntry, _ context: ViewContext) -> ViewNode {
        entry.chartStyle == .candles && !context.isPlaceholder
            ? candles(entry, context) : chart(entry, context, markers: true, timeAxis: true)
    }

    @ViewBuilder
    private func small(_ entry: PriceEntry, _ context: ViewContext) -> ViewNode {
        let room = context.displaySize.width - 32
        let change = Self.changeText(entry, context.locale, size: 12, width: room)
        let period = entry.span.label(in: context.locale)
        let behind = !context.isPlaceholder && entry.isBehind(at: context.date)
        // Up top beside the name: the stale note, else the period when the change has no room
        // for it, else, on the shortest widgets, the date of data behind the screen (in figures),
        // which then needs no line of its own.
        let note: String? =
            if entry.stale {
                ProviderData.staleLabel(for: entry.origin, locale: context.locale)
            } else if !change.hasSuffix(period) {
                period
            } else if behind && context.displaySize.height < Self.roomySmallHeight {
                Formatting.shortDate(
                    entry.date, shownAt: context.date, numeric: true, locale: context.locale,
                    timeZone: context.timeZone)
            } else {
                nil
            }
        let dateLine = behind && !(note != nil && !entry.stale && change.hasSuffix(period))
        VStack(alignment: .leading, spacing: 2) {
            HStack(alignment: .firstTextBaseline, spacing: 4) {
                Text(Self.base(entry, context.locale)).font(Font(size: 14, weight: .bold)).lineLimit(1)
                if let quote = entry.quote {
                    Text(quote).font(Font(size: 14, weight: .medium)).foregroundStyle(.secondary).lineLimit(1)
                }
                Spacer(minLength: 0)
                if let note {
                    Text(note).font(Font(size: 11, weight: .semibold)).foregroundStyle(.secondary).lineLimit(1)
                }
            }
            price(entry, context, size: 24)
            self.change(entry, context, size: 12, width: room)
            // Data more than a bar behind the screen says its date, as medium and large always do.
            if dateLine {
                Text(when(entry, context)).font(Font(size: 11)).foregroundStyle(.secondary).lineLimit(1)
            }
            chart(entry, context, markers: false).padding(EdgeInsets(top: dateLine ? 3 : 6))
        }
    }

    /// Small widgets shorter than this (content under 136 pt) put the date of old data beside
    /// the name, not on a line of its own, so the chart keeps its height.
    static let roomySmallHeight = 168.0

    @ViewBuilder
    private func medium(_ entry: PriceEntry, _ context: ViewContext) -> ViewNode {
        // Short medium widgets (iPhone SE, small iPads) tighten the column so Japanese and Korean fit.
        let roomy = context.displaySize.height >= 150
        HStack(spacing: 14) {
            VStack(alignment: .leading, spacing: roomy ? 3 : 2) {
                Text(name(entry, context)).font(Font(size: 15, weight: .bold)).lineLimit(1)
                Text(subtitle(entry, context)).font(Font(size: roomy ? 12 : 11, weight: .medium))
                    .foregroundStyle(.secondary).lineLimit(1)
                Spacer(minLength: 0)
                price(entry, context, size: roomy ? 26 : 22)
                change(entry, context, size: 13, width: 124)
                Text(when(entry, context) + staleNote(entry, context))
                    .font(Font(size: 11)).foregroundStyle(.secondary).lineLimit(1)
            }
            .frame(width: 124, alignment: .leading)
            chart(entry, context, markers: true)
        }
    }

    @ViewBuilder
    private func stat(
        _ label: String, _ value: String, color: Color = .primary, size: Double = 13, labelSize: Double = 11,
        alignment: HorizontalAlignment = .leading
    ) -> ViewNode {
        VStack(alignment: alignment, spacing: 1) {
            Text(label).font(Font(size: labelSize, weight: .medium)).foregroundStyle(.secondary).lineLimit(1)
            Text(value).font(Font(size: size, weight: .semibold).monospacedDigit()).foregroundStyle(color)
                .lineLimit(1).shrinks(from: size)
        }
    }

    /// The least space between two statistics of the last bar's row, in points.
    static let statGap = 10.0

    /// How the last bar's row fits `width`: its figures at one size, shrunk together from 13 pt
    /// to no less than 11 pt, with ``statGap`` between the statistics; when even 11 pt leaves
    /// less, the open (the first statistic, the least telling beside the day's change, high and
    /// low) is dropped. Widths are ``Formatting/estimatedWidth(_:size:)``'s, which err wide.
    ///
    /// - Parameters:
    ///   - labels: each statistic's label, drawn at 11 pt.
    ///   - values: each statistic's figure.
    ///   - width: the row's width in points.
    /// - Returns: how many statistics to drop from the front (0 or 1) and the figures' size.
    static func statRowFit(labels: [String], values: [String], width: Double) -> (dropped: Int, size: Double) {
        func fits(_ drop: Int, _ size: Double) -> Bool {
            let columns = zip(labels, values).dropFirst(drop).map { label, value in
                max(Formatting.estimatedWidth(label, size: 11), Formatting.estimatedWidth(value, size: size))
            }
            return columns.reduce(0, +) + statGap * Double(columns.count - 1) <= width
        }
        let sizes = stride(from: 13.0, through: Legibility.smallestText, by: -0.5)
        for drop in 0..<2 {
            if let size = sizes.first(where: { fits(drop, $0) }) { return (drop, size) }
        }
        return (1, Legibility.smallestText)
    }

    /// The change since the previous calendar day's close, for the statistics; labelled with its
    /// real period when the close before is not the previous trading day's (monthly bars, a gap).
    func dayChange(_ entry: PriceEntry, _ context: ViewContext) -> (label: String, value: String, color: Color) {
        let trend = ChangeTrend(percent: entry.changePercent)
        let label =
            entry.changePeriod.map { $0.label(in: context.locale) }
            ?? context.locale.word("Day")
        return (
            label, Formatting.percent(entry.changePercent, locale: context.locale),
            TrendPalette(context.locale).color(trend)
        )
    }

    /// The last bar's open, high, low and change, in a row across the widget, at least
    /// ``statGap`` apart (``statRowFit(labels:values:width:)``).
    @ViewBuilder
    private func lastBar(_ entry: PriceEntry, _ context: ViewContext) -> ViewNode {
        let last = entry.last
        let day = dayChange(entry, context)
        let labels = [
            context.locale.word("Open"), context.locale.word("High"),
            context.locale.word("Low"), day.label,
        ]
        let values = [last.open, last.high, last.low].map { entry.written($0, locale: context.locale) } + [day.value]
        let fit = Self.statRowFit(
            labels: labels, values: values, width: context.displaySize.width - 2 * WidgetMetrics.standardMargin)
        HStack(spacing: 0) {
            if fit.dropped == 0 {
                stat(labels[0], values[0], size: fit.size)
                Spacer(minLength: Self.statGap)
            }
            stat(labels[1], values[1], size: fit.size)
            Spacer(minLength: Self.statGap)
            stat(labels[2], values[2], size: fit.size)
            Spacer(minLength: Self.statGap)
            stat(labels[3], values[3], color: day.color, size: fit.size)
        }
    }

    @ViewBuilder
    private func large(_ entry: PriceEntry, _ context: ViewContext) -> ViewNode {
        VStack(alignment: .leading, spacing: 10) {
            // Two rows, each a pair on one baseline: the name and the price, the pair and the
            // change.
            VStack(alignment: .leading, spacing: 2) {
                HStack(alignment: .firstTextBaseline, spacing: 8) {
                    Text(name(entry, context)).font(Font(size: 17, weight: .bold)).lineLimit(1)
                    Spacer(minLength: 0)
                    price(entry, context, size: 26)
                }
                HStack(alignment: .firstTextBaseline, spacing: 8) {
                    Text(subtitle(entry, context)).font(Font(size: 12, weight: .medium))
                        .foregroundStyle(.secondary).lineLimit(1)
                    Spacer(minLength: 0)
                    change(entry, context, size: 13)
                }
            }
            bigChart(entry, context)
            lastBar(entry, context)
            Text(when(entry, context) + staleNote(entry, context))
                .font(Font(size: 11)).foregroundStyle(.secondary).lineLimit(1)
        }
    }

    /// The width of compact Today's column of price, change and time, in points.
    static let todayColumn = 124.0

    /// The legacy Today extension, drawn as the seeds' BTC/USD Today widget: a close line
    /// 1.75 pt wide with its legend at the bottom left; the price and change beside it
    /// (compact) or above it with the day's figures (expanded).
    @ViewBuilder
    private func today(_ entry: PriceEntry, _ context: ViewContext) -> ViewNode {
        let expanded = context.family == .todayExpanded
        let trend = ChangeTrend(percent: entry.windowChangePercent)
        let color = TrendPalette(context.locale).color(trend)
        let closes = entry.bars.closeRange ?? 0...0
        let labels = entry.writtenAxis([closes.lowerBound, closes.upperBound], locale: context.locale)
        // The line's legend names its period only when the change beside it does not.
        let period = entry.span.label(in: context.locale)
        let changeNamesPeriod =
            expanded
            || Self.changeText(entry, context.locale, size: 12, width: Self.todayColumn).hasSuffix(
                Formatting.separator(context.locale) + period)
        let chart = VStack(alignment: .leading, spacing: 3) {
            WidgetCharts.line(
                entry.chartPoints, color: color, lineWidth: 1.75, gradient: false,
                baseline: entry.bars.count > 1 ? entry.bars[0].close : nil, markers: (labels[0], labels[1]),
                timeAxis: expanded)
            HStack(spacing: 5) {
                Capsule().fill(color).frame(width: 12, height: 2.5)
                Text(
                    changeNamesPeriod
                        ? entry.pairLabel : entry.pairLabel + Formatting.separator(context.locale) + period
                )
                .font(Font(size: 11, weight: .medium)).foregroundStyle(.secondary).lineLimit(1)
                Spacer(minLength: 0)
                if expanded {
                    Text(when(entry, context) + staleNote(entry, context))
                        .font(Font(size: 11)).foregroundStyle(.secondary).lineLimit(1)
                }
            }
        }
        if expanded {
            VStack(alignment: .leading, spacing: 6) {
                HStack(alignment: .top, spacing: 8) {
                    Text(name(entry, context)).font(Font(size: 17, weight: .bold)).lineLimit(1)
                    Spacer(minLength: 0)
                    VStack(alignment: .trailing, spacing: 1) {
                        price(entry, context, size: 22)
                        change(entry, context, size: 12)
                    }
                }
                chart
                lastBar(entry, context)
            }
        } else {
            HStack(alignment: .center, spacing: 14) {
                VStack(alignment: .leading, spacing: 2) {
                    Text(name(entry, context)).font(Font(size: 15, weight: .bold)).lineLimit(1)
                    price(entry, context, size: 22)
                    change(entry, context, size: 12, width: Self.todayColumn)
                    Text(when(entry, context) + staleNote(entry, context))
                        .font(Font(size: 11)).foregroundStyle(.secondary).lineLimit(1)
                }
                .frame(width: Self.todayColumn, alignment: .leading)
                chart
            }
        }
    }

    /// Extra large (iPad): a wide chart beside a column of statistics.
    @ViewBuilder
    private func extraLarge(_ entry: PriceEntry, _ context: ViewContext) -> ViewNode {
        let last = entry.last
        let day = dayChange(entry, context)
        // The window's range from the closes: the one source of the chart's high and low labels
        // too (the bars' intraday highs and lows would disagree with them).
        let range = entry.bars.closeRange
        HStack(alignment: .top, spacing: 24) {
            VStack(alignment: .leading, spacing: 10) {
                HStack(alignment: .firstTextBaseline, spacing: 10) {
                    Text(name(entry, context)).font(Font(size: 20, weight: .bold)).lineLimit(1)
                    Text(subtitle(entry, context)).font(Font(size: 14, weight: .medium))
                        .foregroundStyle(.secondary).lineLimit(1)
                    Spacer(minLength: 0)
                }
                bigChart(entry, context)
                Text(when(entry, context) + staleNote(entry, context))
                    .font(Font(size: 12)).foregroundStyle(.secondary).lineLimit(1)
            }
            // The statistics panel: the price and the change, where the last close stands in the
            // window's range of closes, and at the foot, level with the chart's, the last bar's
            // figures two by two, the second of each pair against the trailing edge, so the panel
            // ends at the same margin the chart starts from.
            VStack(alignment: .trailing, spacing: 10) {
                price(entry, context, size: 40)
                change(entry, context, size: 17, width: Self.extraLargePanel)
                if let range {
                    closeRange(entry, context, range).padding(.top, 14)
                }
                Spacer(minLength: 0)
                let rows: [[(String, String, Color)]] = [
                    [
                        (
                            context.locale.word("Open"),
                            entry.written(last.open, locale: context.locale), .primary
                        ),
                        (
                            context.locale.word("High"),
                            entry.written(last.high, locale: context.locale), .primary
                        ),
                    ],
                    [
                        (
                            context.locale.word("Low"),
                            entry.written(last.low, locale: context.locale), .primary
                        ),
                        (day.label, day.value, day.color),
                    ],
                ]
                ForEach(rows.indices, id: \.self) { index in
                    HStack(alignment: .top, spacing: 8) {
                        stat(rows[index][0].0, rows[index][0].1, color: rows[index][0].2, size: 17, labelSize: 12)
                            .frame(maxWidth: .infinity, alignment: .leading)
                        stat(
                            rows[index][1].0, rows[index][1].1, color: rows[index][1].2, size: 17, labelSize: 12,
                            alignment: .trailing
                        )
                        .frame(maxWidth: .infinity, alignment: .trailing)
                    }
                }
            }
            .frame(width: Self.extraLargePanel, alignment: .trailing)
        }
    }

    /// The width of extraLarge's statistics panel, in points.
    static let extraLargePanel = 200.0

    /// Where the last close stands between the window's lowest and highest close: a track with
    /// a dot, the two closes at its ends (Stocks' 52-week range). The dot and the part of the
    /// track up to it are accentable, as the chart is.
    @ViewBuilder
    private func closeRange(_ entry: PriceEntry, _ context: ViewContext, _ range: ClosedRange<Double>) -> ViewNode {
        let width = Self.extraLargePanel
        let span = range.upperBound - range.lowerBound
        let close = entry.last.close
        // A flat window puts the dot in the middle; a close outside the window's closes (none
        // can be) is held to the track.
        let fraction = span > 0 && span.isFinite ? min(1, max(0, (close - range.lowerBound) / span)) : 0.5
        let dot = 10.0
        let x = (width - dot) * fraction
        let period = entry.span.label(in: context.locale)
        let tone = context.isPlaceholder ? Color.secondary : Color.primary
        VStack(alignment: .leading, spacing: 5) {
            Text(context.locale.word("\(period) close range"))
                .font(Font(size: 12, weight: .medium)).foregroundStyle(.secondary).lineLimit(1)
            ZStack(alignment: .leading) {
                Capsule().fill(Color.secondary.opacity(0.25)).frame(width: width, height: 4)
                Capsule().fill(tone).frame(width: x + dot / 2, height: 4).widgetAccentable()
                Circle().fill(tone).frame(width: dot, height: dot).offset(x: x).widgetAccentable()
            }
            .frame(width: width, height: dot, alignment: .leading)
            HStack(spacing: 8) {
                Text(entry.written(range.lowerBound, locale: context.locale)).font(
                    Font(size: 13, weight: .semibold).monospacedDigit()
                )
                .lineLimit(1).shrinks(from: 13)
                Spacer(minLength: 0)
                Text(entry.written(range.upperBound, locale: context.locale)).font(
                    Font(size: 13, weight: .semibold).monospacedDigit()
                )
                .lineLimit(1).shrinks(from: 13)
            }
        }
        .frame(width: width, alignment: .leading)
    }

    /// The Lock Screen's round widget: the asset, its price in a few characters and the trend.
    @ViewBuilder
    private func circular(_ entry: PriceEntry, _ context: ViewContext) -> ViewNode {
        let trend = ChangeTrend(percent: entry.windowChangePercent)
        ZStack {
            Circle().fill(Color.white.opacity(0.18))
            VStack(spacing: 0) {
                Text(Self.base(entry, context.locale)).font(Font(size: 11, weight: .semibold)).lineLimit(1)
                Text(Self.axisLabel(entry.last.close, context.locale, whole: entry.wholeNumbers)).font(
                    Font(size: 15, weight: .bold).monospacedDigit()
                )
                .lineLimit(1).shrinks(from: 15)
                // The change's size beside its arrow, to one decimal (`▼ 24.0%`): the arrow gave the
                // direction alone, and said nothing of how much.
                Text(
                    (trend == .up ? "▲ " : trend == .down ? "▼ " : "")
                        + Formatting.magnitudePercent(entry.windowChangePercent, locale: context.locale)
                )
                .font(Font(size: 11, weight: .bold).monospacedDigit()).lineLimit(1).shrinks(from: 11)
            }
            .padding(6)
        }
    }

    @ViewBuilder
    private func rectangular(_ entry: PriceEntry, _ context: ViewContext) -> ViewNode {
        VStack(alignment: .leading, spacing: 1) {
            HStack(alignment: .firstTextBaseline, spacing: 4) {
                Text(Self.base(entry, context.locale)).font(Font(size: 13, weight: .bold)).lineLimit(1)
                Spacer(minLength: 0)
                // With its arrow: on the monochrome Lock Screen the direction is not in a colour.
                Text(Self.changeText(entry, context.locale, size: 12, width: context.displaySize.width * 0.6))
                    .font(Font(size: 12, weight: .semibold).monospacedDigit()).lineLimit(1)
                    .widgetAccentable()
            }
            price(entry, context, size: 17)
            WidgetCharts.line(
                entry.chartPoints, color: nil, lineWidth: 1.5, gradient: false,
                baseline: entry.bars.count > 1 ? entry.bars[0].close : nil, markers: nil)
        }
    }

    /// One line above the time: the price, the change and its period (`BTC 29,039.01 -4.14% 30D`).
    /// When space runs out the period goes first, then the name gives way; the price and change stay.
    static func inlineText(_ entry: PriceEntry, _ locale: Locale, width: Double) -> String {
        let close = entry.last.close
        let change = " " + Formatting.percent(entry.windowChangePercent, locale: locale)
        let period = " " + entry.span.shortLabel(in: locale)
        // The price whole, then from 10,000 up compact (`6.56B`), before the name is cut.
        var prices = [entry.written(close, locale: locale)]
        if abs(close) >= 10_000 { prices.append(axisLabel(close, locale, whole: entry.wholeNumbers)) }
        for price in prices {
            let line = Self.base(entry, locale) + " " + price + change
            if Formatting.estimatedWidth(line + period, size: 14) <= width { return line + period }
            if Formatting.estimatedWidth(line, size: 14) <= width { return line }
        }
        return Formatting.fitted(
            name: Self.base(entry, locale), then: " " + (prices.last ?? "") + change, width: width, size: 14)
    }

    @ViewBuilder
    private func inline(_ entry: PriceEntry, _ context: ViewContext) -> ViewNode {
        Text(Self.inlineText(entry, context.locale, width: context.displaySize.width))
            .font(Font(size: 14, weight: .semibold).monospacedDigit())
            .lineLimit(1)
    }
}

/// Colours of a change: green up and red down, as Apple's Stocks draws them; red up, as those
/// markets show prices, and blue down in Korean, green down in Chinese.
struct TrendPalette {
    let up: Color
    let down: Color
    let flat: Color = .secondary

    init(_ locale: Locale) {
        // Stocks' greens and reds: darker than the system colours in light, for contrast.
        let red = Color(light: .init(hex: 0xD70015), dark: .init(hex: 0xFF453A))
        let green = Color(light: .init(hex: 0x248A3D), dark: .init(hex: 0x30D158))
        switch locale.languageSubtag {
        case "ko":
            up = red
            down = Color(light: .init(hex: 0x0040DD), dark: .init(hex: 0x409CFF))
        case "zh":
            up = red
            down = green
        default:
            up = green
            down = red
        }
    }

    func color(_ trend: ChangeTrend) -> Color {
        switch trend {
        case .up: up
        case .down: down
        case .flat: flat
        }
    }
}
