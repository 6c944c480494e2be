import WidgetRender

/// Chooses the country the widget follows; none chosen falls back to the United States, as in
/// the tutorial (its iOS 14 version was a SiriKit intent with a `country` parameter).
struct SelectCountryIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Select Country"
    static let description = IntentDescription("Choose the country whose figures to show.")

    @Parameter(title: "Country") var country: CovidCountry?
}

struct CovidEntry: TimelineEntry {
    let date: Date
    /// The place's figures, or why there are none.
    let stats: Result<CovidStats, CovidLoadError>
    /// When the app fetched them.
    let updated: Date?
    /// Whether no country was chosen and the fallback is shown.
    var isFallback = false
}

struct CovidCountryProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> CovidEntry {
        CovidEntry(
            date: context.now,
            stats: .success(
                CovidStats(code: "US", name: "United States", confirmed: 100_000_000, deaths: 1_000_000, recovered: 0)),
            updated: context.now)
    }

    func snapshot(for configuration: SelectCountryIntent, in context: Context) async -> CovidEntry {
        entry(for: configuration, at: context.now)
    }

    func timeline(for configuration: SelectCountryIntent, in context: Context) async -> Timeline<CovidEntry> {
        // The app reloads the widget after each fetch; ask again in six hours anyway.
        Timeline(
            entries: [entry(for: configuration, at: context.now)],
            policy: .after(context.now.addingTimeInterval(6 * 3600)))
    }

    func entry(for configuration: SelectCountryIntent, at date: Date) -> CovidEntry {
        let country = configuration.country ?? CovidCountry.fallback
        switch CovidContainer.load() {
        case .failure(let error):
            return CovidEntry(date: date, stats: .failure(error), updated: nil)
        case .success(let snapshot):
            let name = CovidCountry.caseDisplayRepresentations[country]?.title ?? country.rawValue
            var stats =
                snapshot.countries.first { $0.code == country.rawValue }
                ?? CovidStats(code: country.rawValue, name: name, confirmed: 0, deaths: 0, recovered: 0)
            // The app's list names countries as the API does ("S. Korea"); the widget as the intent's list.
            stats.name = name
            return CovidEntry(
                date: date, stats: .success(stats), updated: snapshot.updated, isFallback: configuration.country == nil)
        }
    }
}

struct CovidGlobalProvider: TimelineProvider {
    func placeholder(in context: Context) -> CovidEntry {
        CovidEntry(
            date: context.now,
            stats: .success(
                CovidStats(code: "WORLD", name: "World", confirmed: 700_000_000, deaths: 7_000_000, recovered: 0)),
            updated: context.now)
    }

    func getSnapshot(in context: Context, completion: @escaping (CovidEntry) -> Void) {
        completion(entry(at: context.now))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<CovidEntry>) -> Void) {
        completion(
            Timeline(entries: [entry(at: context.now)], policy: .after(context.now.addingTimeInterval(6 * 3600))))
    }

    func entry(at date: Date) -> CovidEntry {
        switch CovidContainer.load() {
        case .failure(let error): CovidEntry(date: date, stats: .failure(error), updated: nil)
        case .success(let snapshot): CovidEntry(date: date, stats: .success(snapshot.global), updated: snapshot.updated)
        }
    }
}

/// One country's figures, the country chosen in the widget's settings.
public struct CovidCountryWidget: Widget {
    public static let kind = "covid-tracker-country"

    public init() {}

    public var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: Self.kind, intent: SelectCountryIntent.self, provider: CovidCountryProvider()) {
            entry in
            CovidCountryView(entry: entry)
        }
        .configurationDisplayName("Country Stats")
        .description("Confirmed cases, deaths and recoveries in a country of your choice.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
    }
}

/// The world's figures over the app's background picture.
public struct CovidGlobalWidget: Widget {
    public static let kind = "covid-tracker-global"

    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: CovidGlobalProvider()) { entry in
            CovidGlobalView(entry: entry)
        }
        .configurationDisplayName("Global Stats")
        .description("The world's confirmed cases, deaths and recoveries.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
