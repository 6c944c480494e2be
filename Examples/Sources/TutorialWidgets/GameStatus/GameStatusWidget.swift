import WidgetRender

// Ported from Apple's "Creating a widget extension" (the game-status widget): the provider
// keeps WidgetKit's completion-handler methods; `Date()` became `context.now`.

struct SimpleEntry: TimelineEntry {
    let date: Date
    let gameStatus: GameStatus?
}

struct GameStatusProvider: TimelineProvider {
    var hasFetchedGameStatus = true
    var gameStatusFromServer = GameStatus.sample

    func placeholder(in context: Context) -> SimpleEntry {
        SimpleEntry(date: context.now, gameStatus: nil)
    }

    func getSnapshot(in context: Context, completion: @escaping (SimpleEntry) -> Void) {
        let date = context.now
        let entry: SimpleEntry
        if context.isPreview && !hasFetchedGameStatus {
            entry = SimpleEntry(date: date, gameStatus: nil)
        } else {
            entry = SimpleEntry(date: date, gameStatus: gameStatusFromServer)
        }
        completion(entry)
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<SimpleEntry>) -> Void) {
        // Create a timeline entry for "now."
        let date = context.now
        let entry = SimpleEntry(date: date, gameStatus: gameStatusFromServer)

        // Create a date that's 15 minutes in the future.
        let nextUpdateDate = date.addingTimeInterval(15 * 60)

        // Create the timeline with the entry and a reload policy with the date for the next update.
        let timeline = Timeline(entries: [entry], policy: .after(nextUpdateDate))

        // Call the completion to pass the timeline to WidgetKit.
        completion(timeline)
    }
}

public struct GameStatusWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.mygame.game-status", provider: GameStatusProvider()) { entry in
            GameStatusView(gameStatus: entry.gameStatus)
        }
        .configurationDisplayName("Game Status")
        .description("Shows an overview of your game status")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
    }
}
