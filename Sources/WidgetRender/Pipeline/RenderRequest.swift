import Foundation
import WidgetCore
import WidgetData
import WidgetLayout

/// Everything one run of the renderer needs, as plain values.
///
/// ```swift
/// var request = RenderRequest(outputDirectory: URL(fileURLWithPath: "Output"))
/// request.families = [.systemMedium]
/// let result = try await RenderPipeline(session: session).run(request)
/// ```
public struct RenderRequest: Sendable {
    /// Which entries to render.
    public enum Mode: String, Sendable, Codable {
        /// Every entry of the provider's timeline.
        case timeline
        /// The provider's placeholder, drawn redacted.
        case placeholder
        /// The provider's snapshot, with the preview flag set (as the widget gallery asks).
        case snapshot
    }

    /// Widget kinds to render; empty means every widget in the bundle.
    public var kinds: [String] = []
    /// Families to render; `nil` means every family each widget supports.
    public var families: [WidgetFamily]? = [.systemMedium]
    public var device: DeviceProfile = .default
    /// Pixels per point; `nil` uses the device's.
    public var scale: Int?
    public var colorScheme: ColorScheme = .light
    public var locale: WidgetLocale = .en
    public var timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current
    /// `key=value` settings, validated against each widget's parameters.
    public var parameters: [String: String] = [:]
    /// A path or URL to read instead of the embedded sample (one widget only).
    public var dataSource: String?
    /// The format of `dataSource` (`--format`); detected from content when `nil`.
    public var dataFormat: String?
    /// The value column of a CSV with several (`--column`).
    public var dataColumn: String?
    /// Timeouts, retries, size limit and cache folder for remote sources.
    public var fetcher: DataFetcher = DataFetcher()
    /// Fail (exit 69) instead of drawing cached or built-in data when the source cannot be fetched.
    public var strict = false
    /// The time the renderer takes as "now": decides which entry is on screen.
    public var now: Date = Date()
    public var mode: Mode = .timeline
    /// A folder with the shared background image `bg.png` (the app group container).
    public var sharedContainer: URL?
    public var outputDirectory: URL

    public init(outputDirectory: URL) {
        self.outputDirectory = outputDirectory
    }
}
