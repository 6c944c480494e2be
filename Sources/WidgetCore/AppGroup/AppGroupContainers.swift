import Foundation

/// The folders that stand in for app group containers, by group identifier.
///
/// On iOS a widget and its app share files through an app group; on Linux the command's
/// `--shared-container [GROUP=]DIR` (and the snapshot strategies) map groups to folders.
/// A folder given without a group serves every group.
///
/// ```swift
/// var groups = AppGroupContainers()
/// groups.folders["group.com.example.todo"] = URL(fileURLWithPath: "Fixtures/todo")
/// ```
public struct AppGroupContainers: Sendable, Hashable {
    /// Folders by group identifier.
    public var folders: [String: URL]
    /// The folder for any group not in ``folders``.
    public var defaultFolder: URL?

    /// Containers for the given folders.
    ///
    /// - Parameters:
    ///   - folders: folders by group identifier.
    ///   - defaultFolder: the folder for every other group.
    public init(folders: [String: URL] = [:], defaultFolder: URL? = nil) {
        self.folders = folders
        self.defaultFolder = defaultFolder
    }

    /// The folder for a group, or `nil` when none is mapped.
    ///
    /// - Parameter groupIdentifier: e.g. `group.com.example.todo`.
    /// - Returns: the folder.
    public func url(for groupIdentifier: String) -> URL? {
        folders[groupIdentifier] ?? defaultFolder
    }

    /// True when no folder is mapped.
    public var isEmpty: Bool { folders.isEmpty && defaultFolder == nil }

    /// The containers a provider or view is running with; set by the pipeline and the
    /// snapshot strategies while they call a provider or build a view.
    @TaskLocal public static var current = AppGroupContainers()
}

extension FileManager {
    /// The folder standing in for an app group container, so widget code that asks for its
    /// App Group folder compiles and runs on Linux as it is.
    ///
    /// WidgetRender sets the mapping while it calls a provider or builds a view
    /// (``AppGroupContainers/current``); outside those calls, or for a group with no
    /// folder, the answer is `nil`, as on a device without the entitlement. Inside a
    /// provider, `context.containerURL(forSecurityApplicationGroupIdentifier:)` says the same.
    ///
    /// - Parameter groupIdentifier: e.g. `group.com.example.todo`.
    /// - Returns: the folder, or `nil`.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        AppGroupContainers.current.url(for: groupIdentifier)
    }
}
