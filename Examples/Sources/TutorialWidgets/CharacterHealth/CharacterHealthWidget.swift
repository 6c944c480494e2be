import WidgetRender

struct SelectCharacterIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Select Character"
    static let description = IntentDescription("Choose whose health to follow.")

    @Parameter(title: "Hero", default: .panda) var hero: Hero
}

struct CharacterEntry: TimelineEntry {
    let date: Date
    let character: CharacterDetail
    /// The character's health at `date`.
    let healthLevel: Double
}

struct CharacterProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> CharacterEntry {
        let character = Hero.panda.detail(at: context.now)
        return CharacterEntry(date: context.now, character: character, healthLevel: 0.5)
    }

    func snapshot(for configuration: SelectCharacterIntent, in context: Context) async -> CharacterEntry {
        let character = configuration.hero.detail(at: context.now)
        return CharacterEntry(
            date: context.now, character: character, healthLevel: character.healthLevel(at: context.now))
    }

    func timeline(for configuration: SelectCharacterIntent, in context: Context) async -> Timeline<CharacterEntry> {
        // An entry for now and each of the next three hours, as health recovers.
        let character = configuration.hero.detail(at: context.now)
        let entries = (0..<4).map { hour in
            let date = context.now.addingTimeInterval(Double(hour) * 3600)
            return CharacterEntry(date: date, character: character, healthLevel: character.healthLevel(at: date))
        }
        // Ask again in two hours, when the game may have changed the character's health.
        return Timeline(entries: entries, policy: .after(context.now.addingTimeInterval(2 * 3600)))
    }
}

public struct CharacterHealthWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        AppIntentConfiguration(
            kind: "character-health", intent: SelectCharacterIntent.self, provider: CharacterProvider()
        ) {
            entry in
            CharacterHealthView(entry: entry)
        }
        .configurationDisplayName("Ranger Detail")
        .description("See your favorite ranger's health recover.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}
