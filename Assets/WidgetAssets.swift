import Foundation

/// Files WidgetRender ships: sample data, the font configuration and the widget-size reference.
///
/// Looked up, in order, in `$WIDGETRENDER_ASSETS` (when set), and in the resource bundle SwiftPM
/// builds next to the running executable, found from the executable's own path
/// (`/proc/self/exe` on Linux), never from the current folder: a folder a command is run in
/// (a cloned repository, say) cannot put its own samples or font configuration in the way.
///
/// ```swift
/// let csv = try WidgetAssets.url("samples/aapl-daily.csv")
/// ```
public enum WidgetAssets {
    /// Why an asset could not be found.
    public struct MissingAsset: Error, CustomStringConvertible {
        /// The asset's path inside `Assets/`.
        public var name: String
        /// The folders looked in.
        public var searched: [String]

        /// What was missing and where it was looked for.
        public var description: String {
            "asset '\(name)' not found; looked in: \(searched.joined(separator: ", ")) (set WIDGETRENDER_ASSETS to the Assets folder)"
        }
    }

    /// The names SwiftPM gives the resource bundle (the package's name, or the executable's
    /// in older versions).
    static var bundleNames: [String] { ["WidgetRender_WidgetAssets.resources", "widgetrender_WidgetAssets.resources"] }

    /// Folders that may hold the assets, most specific first.
    public static var searchPaths: [URL] {
        var paths: [URL] = []
        if let override = ProcessInfo.processInfo.environment["WIDGETRENDER_ASSETS"], !override.isEmpty,
            override.hasPrefix("/")
        {
            paths.append(URL(fileURLWithPath: override, isDirectory: true))
        }
        if let folder = executableFolder {
            for bundle in bundleNames { paths.append(folder.appendingPathComponent(bundle, isDirectory: true)) }
        }
        return paths
    }

    /// The folder of the running executable, from its own path (links resolved), or `nil`.
    static var executableFolder: URL? {
        #if os(Linux)
            guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
                path.hasPrefix("/")
            else { return nil }
            return URL(fileURLWithPath: path).deletingLastPathComponent()
        #else
            return Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
        #endif
    }

    /// The URL of an asset, by its path inside `Assets/` (e.g. `samples/aapl-daily.csv`).
    ///
    /// - Throws: ``MissingAsset`` listing where it looked.
    public static func url(_ name: String) throws(MissingAsset) -> URL {
        let candidates = searchPaths
        for folder in candidates {
            let url = folder.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        throw MissingAsset(name: name, searched: candidates.map(\.path))
    }

    /// The project's fontconfig file.
    public static var fontConfigName: String { "fonts/fonts.conf" }
}
