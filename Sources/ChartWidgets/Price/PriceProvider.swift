import Foundation
import WidgetRender
import WidgetData

/// Entries for the price widget from OHLC data: the embedded AAPL sample (a year of Apple daily prices), or the
/// user's file or URL in any supported format (detected, or `--format`).
///
/// The timeline holds the last three bars, each with a chart of the `range` window
/// ending at that bar; it asks to reload a bar later, or 15 minutes later after a failed fetch.
public struct PriceProvider: TimelineProvider {
    /// How many bars the timeline replays.
    public static var entryCount: Int { 3 }
    static let sample = "aapl-daily.csv"
    /// What the built-in sample prices.
    static let sampleSymbol = "AAPL"

    /// The provider.
    public init() {}

    /// A level line; no I/O.
    public func placeholder(in context: TimelineProviderContext) -> PriceEntry {
        // A level price, so the placeholder implies no trend (drawn redacted, in greys, anyway).
        let start = Date(timeIntervalSince1970: 1_690_000_000)
        let bars = (0..<30).map { day -> OHLCBar in
            let value = 100.0
            return OHLCBar(
                time: start.addingTimeInterval(Double(day) * 86_400), open: value, high: value + 1, low: value - 1,
                close: value)
        }
        return PriceEntry(
            date: context.now, symbol: Self.sampleSymbol, bars: bars, previousClose: bars[28].close,
            span: ChartSpan(count: 30, unit: .days),
            source: "placeholder")
    }

    /// Whether a column charted by name (`--column Volume`) holds counts rather than prices: its
    /// name is not a price's (close, open, high, low, price, adjusted, last, bid, ask, mid) and
    /// every value is whole.
    static func chartsCounts(column: String?, bars: some Collection<OHLCBar>) -> Bool {
        guard let column = column?.lowercased(), !column.isEmpty else { return false }
        let priceNames = ["close", "open", "high", "low", "price", "adj", "last", "bid", "ask", "mid"]
        guard !priceNames.contains(where: column.contains) else { return false }
        return !bars.isEmpty && bars.allSatisfy { $0.close.isFinite && $0.close == $0.close.rounded() }
    }

    /// The symbol shown: the `symbol` parameter, else the data's own, else an upper-case token
    /// of the file name (`GOOG` in `backtesting_GOOG_daily.csv`), else the column charted when it
    /// is not a price (`Volume`), else "Price".
    static func symbol(
        given: String?, series: OHLCSeries, loaded: String, userSource: String?, countsColumn: String? = nil
    ) -> String {
        if let given, !given.isEmpty { return given }
        if !series.symbol.isEmpty { return series.symbol }
        guard userSource != nil else { return sampleSymbol }
        let stem = URL(fileURLWithPath: loaded).deletingPathExtension().lastPathComponent
        let token = stem.split(whereSeparator: { "_. ".contains($0) }).first { token in
            token.count >= 2 && token.contains(where: \.isLetter)
                && token.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "-" || $0 == "/" }
        }
        return token.map { String($0) } ?? countsColumn ?? unnamedSymbol
    }

    /// The symbol of data that names none; the widget writes it in its language (`価格`).
    public static let unnamedSymbol = "Price"

    /// The last three bars, each with its chart window; reloads a bar later (15 minutes after a failed fetch).
    public func timeline(in context: TimelineProviderContext) async throws -> Timeline<PriceEntry> {
        let reader = SeriesReader(ProviderData.options(context))
        let loaded = try await ProviderData.load(context, sample: Self.sample, reader: "ohlc") {
            (data, source) throws(DataError) in
            try reader.readOHLC(data, source: source)
        }
        let series = loaded.value
        // The built-in AAPL sample (by default, or standing in after a failed fetch) is named as
        // such, never as the asked-for symbol.
        let fellBack = loaded.isBuiltIn
        // A column of counts (`--column Volume`) is written whole and names the widget.
        let counts = !fellBack && Self.chartsCounts(column: context.chartData.column, bars: series.bars)
        let countsColumn = counts ? (loaded.columns?.roles["close"] ?? context.chartData.column) : nil
        let symbol = Self.symbol(
            given: fellBack ? nil : context.parameters.string("symbol"), series: series, loaded: loaded.source,
            userSource: fellBack ? nil : context.chartData.source, countsColumn: countsColumn)
        let range = ChartRange.resolved(context)
        let bars = series.bars
        var entries: [PriceEntry] = []
        for index in max(0, bars.count - Self.entryCount)..<bars.count {
            let end = bars[index].time
            let window = range.window(bars[...index], time: \.time)
            // "Day" compares with the previous calendar day's last close; a longer step is named.
            let previous = PriceEntry.previousDayClose(PriceBars(bars[...index]), at: index)
            var entry = PriceEntry(
                date: end, symbol: symbol, bars: PriceBars(window.items.isEmpty ? bars[index...index] : window.items),
                previousClose: previous?.close, span: window.span, source: loaded.source)
            entry.changePeriod = previous?.period
            entry.origin = loaded.origin
            entry.columns = loaded.columns
            entry.wholeNumbers = counts
            entry.chartStyle = context.parameters.string("chart").flatMap(PriceChartStyle.init(rawValue:)) ?? .line
            entries.append(entry)
        }
        // The bar interval: the shortest gap among the last bars (missing days make longer ones).
        let recent = bars.suffix(10).map(\.time)
        let step = zip(recent, recent.dropFirst()).map { $1.timeIntervalSince($0) }.filter { $0 > 0 }.min() ?? 86_400
        let next =
            loaded.stale
            ? context.now.addingTimeInterval(ProviderData.retryInterval)
            : (entries.last?.date ?? context.now).addingTimeInterval(step)
        return Timeline(entries: entries, policy: .after(next))
    }
}
