import WidgetRender

struct TodoEntry: TimelineEntry {
    let date: Date
    let todos: [TodoItem]
    /// Why the list could not be read, when it could not.
    var errorMessage: String?
}

struct TodoProvider: TimelineProvider {
    func placeholder(in context: Context) -> TodoEntry {
        TodoEntry(
            date: context.now,
            todos: [
                TodoItem(title: "Buy milk", isDone: false), TodoItem(title: "Call mum", isDone: true),
            ])
    }

    func getSnapshot(in context: Context, completion: @escaping (TodoEntry) -> Void) {
        completion(entry(at: context.now))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TodoEntry>) -> Void) {
        let entry = entry(at: context.now)
        if entry.errorMessage != nil {
            // Try again in 15 minutes: the app may have written the file by then.
            completion(Timeline(entries: [entry], policy: .after(context.now.addingTimeInterval(15 * 60))))
        } else {
            // The app reloads the widget when the list changes.
            completion(Timeline(entries: [entry], policy: .never))
        }
    }

    private func entry(at date: Date) -> TodoEntry {
        do {
            return TodoEntry(date: date, todos: try TodoStore().load())
        } catch {
            // As the tutorial logs it; `render` sends a provider's print to stderr, not
            // between the paths it prints on stdout.
            print("Error loading to-dos: \(error.message)")
            return TodoEntry(date: date, todos: [], errorMessage: error.message)
        }
    }
}

public struct TodoListWidget: Widget {
    public static let kind = "todo-list"

    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: TodoProvider()) { entry in
            TodoListView(entry: entry)
        }
        .configurationDisplayName("To-Do")
        .description("Keep your next tasks in sight.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
    }
}
