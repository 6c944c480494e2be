import WidgetRender

/// One to-do, as the app saves it in `todos.json` in the shared container.
public struct TodoItem: Codable, Sendable, Hashable, Identifiable {
    /// What to do.
    public var title: String
    /// Whether it is done.
    public var isDone: Bool

    /// A to-do is known by its title.
    public var id: String { title }
}

/// Marks a to-do done or not done: what the widget's check button runs (the app would save the
/// list and reload the widget).
struct ToggleTodoIntent: AppIntent {
    static let title: LocalizedStringResource = "Toggle To-Do"

    var item = ""

    func perform() async throws -> some IntentResult {
        .result()
    }
}

/// Reads the to-do list the app shares with the widget, from its App Group container.
struct TodoStore {
    static let groupIdentifier = "group.com.example.todo"

    enum LoadError: Error {
        case noContainer
        case unreadable(String)
        case corrupt(String)

        var message: String {
            switch self {
            case .noContainer: "No shared container"
            case .unreadable: "Open the app to sync"
            case .corrupt: "Can't read your list"
            }
        }
    }

    func load() throws(LoadError) -> [TodoItem] {
        guard
            let folder = FileManager.default.containerURL(
                forSecurityApplicationGroupIdentifier: Self.groupIdentifier)
        else { throw .noContainer }
        let file = folder.appendingPathComponent("todos.json")
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw .unreadable(file.path)
        }
        do {
            return try JSONDecoder().decode([TodoItem].self, from: data)
        } catch {
            throw .corrupt("\(file.path): \(error)")
        }
    }
}
