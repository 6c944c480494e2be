import Foundation
import WidgetCore
import WidgetData

/// Entries for the global widget from disease.sh `/historical/all`: the embedded
/// 30 days of March–April 2020 or the user's file.
///
/// The timeline replays the last three days; it reloads when they are used up (`.atEnd`).
public struct GlobalStatsProvider: TimelineProvider {
    static let sample = "covid-historical-all.json"
    public static var entryCount: Int { 3 }

    public init() {}

    public func placeholder(in context: TimelineProviderContext) -> GlobalStatsEntry {
        let start = context.now.addingTimeInterval(-29 * 86_400)
        let daily = (0..<30).map { DatedValue(date: start.addingTimeInterval(Double($0) * 86_400), value: Double(1000 + $0 * 40)) }
        return GlobalStatsEntry(
            date: context.now, cases: 1_000_000, deaths: 50_000, recovered: 200_000, newCases: 2_160, dailyNewCases: daily,
            source: "placeholder")
    }

    public func timeline(in context: TimelineProviderContext) async throws -> Timeline<GlobalStatsEntry> {
        let (data, source) = try SampleData.load(context.dataSource, sample: Self.sample)
        let timeline = try DiseaseShParser().timeline(data, source: source)
        let cases = timeline.cases
        // Day-over-day differences of the cumulative counts.
        var daily: [DatedValue] = []
        for index in cases.indices.dropFirst() {
            daily.append(DatedValue(date: cases[index].date, value: cases[index].value - cases[index - 1].value))
        }
        func value(_ series: [DatedValue], at date: Date) -> Double {
            series.last(where: { $0.date <= date })?.value ?? 0
        }
        let entries = cases.suffix(Self.entryCount).map { day in
            GlobalStatsEntry(
                date: day.date, cases: day.value, deaths: value(timeline.deaths, at: day.date),
                recovered: value(timeline.recovered, at: day.date),
                newCases: daily.last(where: { $0.date == day.date })?.value ?? 0,
                dailyNewCases: daily.filter { $0.date <= day.date }, source: source)
        }
        return Timeline(entries: entries, policy: .atEnd)
    }
}
