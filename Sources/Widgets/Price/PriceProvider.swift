import Foundation
import WidgetCore
import WidgetData

/// Entries for the price widget from daily OHLC data: the embedded BTC-USD sample
/// or the user's Yahoo-style CSV.
///
/// The timeline holds the last three trading days, each with a chart of the
/// `days` parameter's window ending that day; it asks to reload a day after the
/// last one, when the next daily close exists.
public struct PriceProvider: TimelineProvider {
    /// How many days the timeline replays.
    public static var entryCount: Int { 3 }
    static let sample = "btc-usd-daily.csv"

    public init() {}

    public func placeholder(in context: TimelineProviderContext) -> PriceEntry {
        // A fixed gentle curve: no I/O, and drawn redacted anyway.
        let start = Date(timeIntervalSince1970: 1_690_000_000)
        let bars = (0..<30).map { day -> OHLCBar in
            let value = 100 + 8 * sin(Double(day) / 4) + Double(day) / 3
            return OHLCBar(
                time: start.addingTimeInterval(Double(day) * 86_400), open: value, high: value + 1, low: value - 1,
                close: value)
        }
        return PriceEntry(
            date: context.now, symbol: "BTC/USD", bars: bars, previousClose: bars[28].close, days: 30,
            source: "placeholder")
    }

    public func timeline(in context: TimelineProviderContext) async throws -> Timeline<PriceEntry> {
        let (data, source) = try SampleData.load(context.dataSource, sample: Self.sample)
        let series = try YahooCSVParser().parse(data, source: source, symbol: "BTC-USD").series
        let days = context.parameters.integer("days") ?? 30
        let bars = series.bars
        var entries: [PriceEntry] = []
        for index in max(0, bars.count - Self.entryCount)..<bars.count {
            let end = bars[index].time
            let windowStart = end.addingTimeInterval(-Double(days - 1) * 86_400)
            let window = bars[...index].filter { $0.time >= windowStart }
            entries.append(
                PriceEntry(
                    date: end, symbol: "BTC/USD", bars: Array(window), previousClose: index > 0 ? bars[index - 1].close : nil,
                    days: days, source: source))
        }
        let next = (entries.last?.date ?? context.now).addingTimeInterval(86_400)
        return Timeline(entries: entries, policy: .after(next))
    }
}
