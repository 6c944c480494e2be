import Charts
import WidgetRender

// A week of sales as a bar chart, written as Swift Charts' documentation writes one
// ("Creating a chart using Swift Charts": `Chart(data) { BarMark(x: .value(…, unit: .day),
// y: .value(…)) }`) inside a WidgetKit widget. On iOS this file imports `Charts`, `SwiftUI` and
// `WidgetKit`; here `Charts` and `WidgetRender`. `Date()` became `context.now`.

/// Pancakes sold on one day.
public struct DailySales: Identifiable, Sendable {
    public var id: Date { day }
    /// The day (its start).
    public var day: Date
    /// Pancakes sold.
    public var count: Int
}

/// The last seven days' sales up to `now`, made up as the sample data of Apple's Food Truck
/// app is: the same numbers for the same day, so the widget's goldens stay put.
public func weekOfSales(endingAt now: Date) -> [DailySales] {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .current
    let today = calendar.startOfDay(for: now)
    return (0..<7).reversed().compactMap { back in
        guard let day = calendar.date(byAdding: .day, value: -back, to: today) else { return nil }
        let n = Int(day.timeIntervalSince1970 / 86_400)
        return DailySales(day: day, count: 40 + (n * 37) % 45)
    }
}

struct SalesEntry: TimelineEntry {
    let date: Date
    let sales: [DailySales]
}

struct SalesProvider: TimelineProvider {
    func placeholder(in context: Context) -> SalesEntry {
        SalesEntry(date: context.now, sales: weekOfSales(endingAt: context.now))
    }

    func getSnapshot(in context: Context, completion: @escaping (SalesEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<SalesEntry>) -> Void) {
        // New figures every hour.
        let entry = SalesEntry(date: context.now, sales: weekOfSales(endingAt: context.now))
        completion(Timeline(entries: [entry], policy: .after(context.now.addingTimeInterval(3_600))))
    }
}

struct PancakeSalesView: View {
    @Environment(\.widgetFamily) var family: WidgetFamily
    var entry: SalesEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text("Pancakes sold").font(.caption.weight(.semibold)).foregroundStyle(.secondary)
            Text("\(entry.sales.reduce(0) { $0 + $1.count }) this week").font(.headline)
            Chart(entry.sales) { sale in
                BarMark(x: .value("Day", sale.day, unit: .day), y: .value("Sales", sale.count))
                    .foregroundStyle(.orange)
            }
            .chartYAxis(family == .systemSmall ? .hidden : .automatic)
            .padding(.top, 6)
        }
        .containerBackground(.background, for: .widget)
    }
}

/// This week's pancake sales, a bar a day.
public struct PancakeSalesWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "pancake-sales", provider: SalesProvider()) { entry in
            PancakeSalesView(entry: entry)
        }
        .configurationDisplayName("Pancake Sales")
        .description("This week's sales, a bar a day.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
