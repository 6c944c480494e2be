import WidgetRender

struct TodoListView: View {
    var entry: TodoEntry
    @Environment(\.widgetFamily) var family

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
                Text("To-Do").font(.headline).foregroundStyle(.orange)
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
                for todo in entry.todos.prefix(rows) {
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
            ZStack {
                Circle().fill(todo.isDone ? Color.orange : Color.secondary.opacity(0.35))
                Circle().fill(Color.background).padding(todo.isDone ? 6 : 2)
            }
            .frame(width: 16, height: 16)
            Text(todo.title).font(.subheadline).lineLimit(1)
                .foregroundStyle(todo.isDone ? .secondary : .primary)
        }
    }
}
