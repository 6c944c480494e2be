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

    /// The folder for a group: the one mapped to it, else ``defaultFolder``, else the group's
    /// standard folder (``standardFolder(for:environment:)``), created if need be, with a
    /// warning to the provider being asked (code written for iOS unwraps this URL with `!`);
    /// `nil` only for an identifier that cannot name a folder.
    ///
    /// - Parameter groupIdentifier: e.g. `group.com.example.todo`.
    /// - Returns: the folder.
    public func url(for groupIdentifier: String) -> URL? {
        if let folder = folders[groupIdentifier] ?? defaultFolder { return folder }
        guard let folder = Self.standardFolder(for: groupIdentifier) else {
            Self.warnings?.warn("app group '\(groupIdentifier)' cannot name a folder, so it has none")
            return nil
        }
        // Made once per process, not on every call (a view may ask on each render).
        if Self.made.withLock({ $0.insert(folder.path).inserted }) {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        Self.warnings?.warn(
            "app group '\(groupIdentifier)' has no folder mapped to it: using \(folder.path)"
        )
        return folder
    }

    /// The folder for a group when there is one, without making or announcing one: the folder
    /// mapped to it, ``defaultFolder``, or its standard folder when that exists. For what a
    /// widget reads if it is there (a photo a user may have put in the group).
    ///
    /// - Parameter groupIdentifier: e.g. `group.com.example.todo`.
    /// - Returns: the folder, or `nil`.
    public func existingURL(for groupIdentifier: String) -> URL? {
        if let folder = folders[groupIdentifier] ?? defaultFolder { return folder }
        guard let folder = Self.standardFolder(for: groupIdentifier) else { return nil }
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue
            ? folder : nil
    }

    /// Where a group no option maps lives: `$XDG_DATA_HOME/widgetrender/groups/<group>`
    /// (`~/.local/share/widgetrender/groups/<group>` when `XDG_DATA_HOME` is unset), as the
    /// XDG Base Directory specification places an application's data.
    ///
    /// - Parameters:
    ///   - groupIdentifier: e.g. `group.com.example.todo`; letters, digits, `.`, `-` and `_`,
    ///     not starting with a dot.
    ///   - environment: where `XDG_DATA_HOME` and `HOME` are read.
    /// - Returns: the folder, or `nil` for an identifier that cannot name one.
    public static func standardFolder(
        for groupIdentifier: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        guard !groupIdentifier.isEmpty, groupIdentifier.count <= 200, !groupIdentifier.hasPrefix("."),
            groupIdentifier.allSatisfy({ allowed.contains($0) })
        else { return nil }
        let data: URL
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            data = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            data = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share")
        }
        return data.appendingPathComponent("widgetrender/groups/\(groupIdentifier)", isDirectory: true)
    }

    /// The standard folders made by this process.
    private static let made = LockedValue(Set<String>())

    /// Where a call that falls back to a standard folder is reported: the diagnostics of the
    /// provider being asked (set by the engine around each call).
    @TaskLocal package static var warnings: Diagnostics?

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
    /// (``AppGroupContainers/current``); a group no option maps gets its standard folder
    /// (``AppGroupContainers/standardFolder(for:environment:)``) and a warning, rather than
    /// the `nil` that code written for iOS unwraps with `!`. Inside a provider,
    /// `context.containerURL(forSecurityApplicationGroupIdentifier:)` says the same.
    ///
    /// - Parameter groupIdentifier: e.g. `group.com.example.todo`.
    /// - Returns: the folder, or `nil` for an identifier that cannot name one.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        AppGroupContainers.current.url(for: groupIdentifier)
    }
}
