import Foundation

/// Files WidgetRender ships: sample data, the font configuration and the widget-size reference.
///
/// Looked up, in order, in `$WIDGETRENDER_ASSETS`, the resource bundle SwiftPM
/// builds next to the executable, and this source folder (`Assets/`).
///
/// ```swift
/// let csv = try WidgetAssets.url("samples/btc-usd-daily.csv")
/// ```
public enum WidgetAssets {
    /// Why an asset could not be found.
    public struct MissingAsset: Error, CustomStringConvertible {
        public var name: String
        public var searched: [String]

        public var description: String {
            "asset '\(name)' not found; looked in: \(searched.joined(separator: ", ")) (set WIDGETRENDER_ASSETS to the Assets folder)"
        }
    }

    /// Folders that may hold the assets, most specific first.
    public static var searchPaths: [URL] {
        var paths: [URL] = []
        if let override = ProcessInfo.processInfo.environment["WIDGETRENDER_ASSETS"], !override.isEmpty {
            paths.append(URL(fileURLWithPath: override))
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for bundle in ["WidgetRender_WidgetAssets.resources", "widgetrender_WidgetAssets.resources"] {
            paths.append(executable.appendingPathComponent(bundle))
            paths.append(Bundle.main.bundleURL.appendingPathComponent(bundle))
        }
        paths.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent())
        return paths
    }

    /// The URL of an asset, by its path inside `Assets/` (e.g. `samples/btc-usd-daily.csv`).
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
