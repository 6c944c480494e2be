import Foundation
import WidgetCore

/// What a run wrote: `manifest.json`, one record per widget and per PNG.
public struct Manifest: Codable, Sendable, Equatable {
    public var generator: String
    /// The time the run took as "now".
    public var now: Date
    public var mode: String
    public var device: String
    public var colorScheme: String
    public var locale: String
    /// Library versions that decide the pixels.
    public var renderStack: String
    public var widgets: [WidgetRecord]
    public var images: [ImageRecord]

    /// One widget of the run.
    public struct WidgetRecord: Codable, Sendable, Equatable {
        public var kind: String
        public var displayName: String
        public var description: String
        /// The families the widget supports (short names).
        public var families: [String]
        /// The parameter values used.
        public var parameters: [String: String]
        /// `atEnd`, `after` or `never`; `null` outside timeline mode.
        public var reloadPolicy: String?
        /// The earliest time the system would ask for a new timeline.
        public var nextReload: Date?
        /// Index of the entry on screen at `now` (`null` if `now` is before the first entry).
        public var entryShownAtNow: Int?
        /// Date of the entry on screen at `now`.
        public var entryDateShownAtNow: Date?
        public var entryCount: Int
        /// Families requested but not rendered, with the reason.
        public var skipped: [Skipped]
    }

    /// A family that was not rendered.
    public struct Skipped: Codable, Sendable, Equatable {
        public var family: String
        public var reason: String
    }

    /// One PNG.
    public struct ImageRecord: Codable, Sendable, Equatable {
        public var kind: String
        public var family: String
        public var device: String
        public var scale: Int
        public var sizePoints: Dimensions
        public var sizePixels: Dimensions
        public var colorScheme: String
        public var locale: String
        /// The entry's index in the timeline (`null` for placeholder and snapshot).
        public var entryIndex: Int?
        public var entryDate: Date
        public var relevance: Relevance?
        /// True for the entry on screen at `now`.
        public var shownAtNow: Bool
        public var widgetURL: String?
        /// Path relative to the output folder.
        public var file: String
        public var bytes: Int
        public var sha256: String
        /// What was drawn: points, first and last time, last value, min, max, source, stale.
        public var data: DataSummary?
    }

    /// A width and height (points or pixels), encoded as `{"width": …, "height": …}`.
    public typealias Dimensions = Size

    public struct Relevance: Codable, Sendable, Equatable {
        public var score: Double
        public var duration: Double

        public init(score: Double, duration: Double) {
            self.score = score
            self.duration = duration
        }
    }

    /// The manifest as pretty, key-sorted JSON with ISO 8601 dates (stable bytes for stable input).
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// Reads a manifest back.
    public static func decode(_ data: Data) throws -> Manifest {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(Manifest.self, from: data)
    }
}
