// The smallest complete widget, in one file: an entry, a provider, a view, the widget, and
// `@main` over a bundle of it, which makes it a command. Try it:
//   swift run hello-widget --family small,medium --color-scheme dark --out Output/
import WidgetRenderCLI

struct StepsEntry: TimelineEntry {
    let date: Date
    let steps: Int
}

struct StepsProvider: TimelineProvider {
    func placeholder(in context: Context) -> StepsEntry {
        StepsEntry(date: context.now, steps: 0)
    }

    func getSnapshot(in context: Context, completion: @escaping (StepsEntry) -> Void) {
        completion(StepsEntry(date: context.now, steps: 4_200))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<StepsEntry>) -> Void) {
        // An entry for now and each of the next two hours; then ask again.
        let entries = (0..<3).map { hour in
            StepsEntry(date: context.now.addingTimeInterval(Double(hour) * 3600), steps: 4_200 + hour * 1_500)
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct StepsView: View {
    var entry: StepsEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Label("Steps", systemImage: "heart.fill").font(.caption.weight(.semibold)).foregroundStyle(.red)
            Spacer(minLength: 0)
            Text("\(entry.steps)").font(.title.weight(.bold)).monospacedDigit()
            ProgressView(value: Double(entry.steps), total: 10_000).tint(.red)
            Text(entry.date, style: .time).font(.caption).foregroundStyle(.secondary)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
    }
}

struct StepsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.steps", provider: StepsProvider()) { entry in
            // `Color.background` is white in light mode and near black in dark mode, as the
            // system's widget background; a fixed colour stays the same in both.
            StepsView(entry: entry)
                .containerBackground(for: .widget) { Color.background }
        }
        .configurationDisplayName("Steps")
        .description("Today's steps toward 10,000.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

@main
struct HelloBundle: WidgetBundle {
    var body: some Widget {
        StepsWidget()
    }
}
