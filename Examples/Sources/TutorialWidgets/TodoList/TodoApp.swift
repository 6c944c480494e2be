import WidgetRender

/// The to-do app's side: it edits the list in the shared container and, after each edit, asks
/// WidgetKit to reload the widget — which never reloads by itself (its policy is `.never`).
public struct TodoApp {
    /// The App Group container's folder.
    public var container: URL

    public init(container: URL) {
        self.container = container
    }

    var file: URL { container.appendingPathComponent("todos.json") }

    /// The saved list (empty before the first save).
    public func load() throws -> [TodoItem] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        return try JSONDecoder().decode([TodoItem].self, from: Data(contentsOf: file))
    }

    /// Adds a to-do at the top, saves, and (unless told not to) reloads the widget.
    public func add(_ title: String, reloading: Bool = true) throws {
        try save([TodoItem(title: title, isDone: false)] + load().filter { $0.title != title }, reloading: reloading)
    }

    /// Marks a to-do done or not done, saves, and reloads the widget.
    public func toggle(_ title: String, reloading: Bool = true) throws {
        try save(
            load().map { $0.title == title ? TodoItem(title: $0.title, isDone: !$0.isDone) : $0 }, reloading: reloading)
    }

    /// Saves the list atomically (the widget never reads half a file) and reloads the widget.
    public func save(_ items: [TodoItem], reloading: Bool = true) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(items).write(to: file, options: .atomic)
        if reloading { Self.reloadWidget() }
    }

    /// Names the list (the widget's title), in the group's defaults, and reloads the widget.
    public func rename(_ name: String, reloading: Bool = true) {
        // On iOS the group's defaults are found by its identifier; here the container this
        // app was given stands for the group.
        AppGroupContainers.$current.withValue(AppGroupContainers(folders: [TodoStore.groupIdentifier: container])) {
            UserDefaults(suiteName: "group.com.example.todo")?.set(name, forKey: "listName")
        }
        if reloading { Self.reloadWidget() }
    }

    /// What the app calls after an edit.
    public static func reloadWidget() {
        WidgetCenter.shared.reloadTimelines(ofKind: TodoListWidget.kind)
    }
}
