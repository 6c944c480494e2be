import WidgetRender

struct TodoListView: View {
    var entry: TodoEntry
    @Environment(\.widgetFamily) var family
    // The list's name, as the app saved it in the group's defaults.
    @AppStorage("listName", store: UserDefaults(suiteName: "group.com.example.todo"))
    var listName = "To-Do"

    /// How many rows fit each family.
    var rows: Int {
        switch family {
        case .systemSmall: 3
        case .systemMedium: 4
        default: 10
        }
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack {
                Label(listName, systemImage: "checklist").font(.headline).foregroundStyle(.orange).widgetAccentable()
                Spacer()
                Text("\(entry.todos.filter { !$0.isDone }.count)").font(.headline.monospacedDigit())
                    .foregroundStyle(.secondary)
            }
            if let message = entry.errorMessage {
                Spacer()
                Text(message).font(.subheadline).foregroundStyle(.secondary)
                Spacer()
            } else if entry.todos.isEmpty {
                Spacer()
                Text("All done").font(.subheadline).foregroundStyle(.secondary)
                Spacer()
            } else {
                ForEach(entry.todos.prefix(rows)) { todo in
                    TodoRow(todo: todo)
                }
                Spacer(minLength: 0)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

struct TodoRow: View {
    var todo: TodoItem

    var body: some View {
        HStack(spacing: 8) {
            // Interactive on iOS 17: tapping runs the intent without opening the app.
            Button(intent: ToggleTodoIntent(item: todo.title)) {
                Image(systemName: todo.isDone ? "checkmark.circle.fill" : "circle")
                    .foregroundStyle(todo.isDone ? .orange : .secondary)
            }
            .buttonStyle(.plain)
            Text(todo.title).font(.subheadline).lineLimit(1).strikethrough(todo.isDone)
                .foregroundStyle(todo.isDone ? .secondary : .primary)
        }
    }
}
