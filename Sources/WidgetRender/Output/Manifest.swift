import Foundation
import WidgetCore
import WidgetDates

/// What a run wrote: `manifest.json`, one record per widget and per PNG.
///
/// For `render`, each widget records its reload policy and the entry on screen at the time
/// asked; each image records its entry, the time its screen shows and how that entry fares
/// (past, on screen, upcoming, unreachable). For `timeline`, each widget also lists every
/// request the simulation made, and the images are the sequence of screens.
public struct Manifest: Codable, Sendable, Equatable {
    /// `widgetrender 0.2.0`.
    public var generator: String
    /// The time the providers were first asked (`--now`, or the start of a `timeline` span).
    public var now: Date
    /// `timeline`, `placeholder`, `snapshot` or `simulation`.
    public var mode: Mode
    /// The end of a `timeline` span (not included); `nil` otherwise.
    public var until: Date?
    /// The device whose sizes were used.
    public var device: String
    /// `light` or `dark`.
    public var colorScheme: ColorScheme
    /// The locale identifier, e.g. `ja`.
    public var locale: String
    /// Library versions that decide the pixels.
    public var renderStack: String
    /// One record per widget.
    public var widgets: [WidgetRecord]
    /// One record per PNG, in the order written.
    public var images: [ImageRecord]
    /// In `watch`: what changed on screen and why, oldest first (the latest
    /// ``Change/historyLimit``).
    public var changes: [Change]? = nil
    /// In `watch`: how many reloads were asked for and how many were made.
    public var reloads: ReloadCount? = nil
    /// In one shard of a run (`render --shard K/N`): which, and how many images the whole run has.
    public var shard: ShardRecord? = nil
    /// In `timeline --image-format apng`: one animation per widget and family, of its screens.
    public var animations: [AnimationRecord]? = nil

    /// Which part of a run a shard's manifest describes.
    public struct ShardRecord: Codable, Sendable, Equatable {
        /// Which shard, from 1.
        public var index: Int
        /// How many shards.
        public var count: Int
        /// How many images the whole run has (every shard's).
        public var images: Int

        /// A shard's record.
        public init(index: Int, count: Int, images: Int) {
            self.index = index
            self.count = count
            self.images = images
        }
    }

    /// What a run rendered.
    public enum Mode: String, Codable, Sendable, Equatable {
        /// Every entry of each timeline (`render`).
        case timeline
        /// Each widget's placeholder.
        case placeholder
        /// Each widget's snapshot.
        case snapshot
        /// WidgetKit's time model over a span (`timeline`).
        case simulation
        /// `bench --batch`.
        case benchBatch = "bench-batch"
        /// `watch`: the screens now, kept current.
        case watch
    }

    /// One change of what `watch` shows.
    public struct Change: Codable, Sendable, Equatable {
        /// How many changes a manifest keeps (the oldest go first).
        public static var historyLimit: Int { 200 }

        /// When the screen changed (an entry's or a reload's date, or when a reload was asked).
        public var date: Date
        /// The widget's kind.
        public var kind: String
        /// The family.
        public var family: String
        /// Why: `start`, `entry`, `policy-reload`, `widget-center` or `file-change`.
        public var reason: ChangeReason
        /// For a reload that was asked for: how many requests it answers (more than one when
        /// requests came faster than the reload budget and were coalesced into it).
        public var requests: Int?
        /// The time the provider was asked for the timeline on screen.
        public var askedAt: Date
        /// The file written, relative to the output folder.
        public var file: String
        /// SHA-256 of its bytes.
        public var sha256: String
        /// False when the new screen has the same pixels as the one before.
        public var pixelsChanged: Bool
        /// When the pixels changed: the bounding box of those that differ from the screen before,
        /// in the file's pixels as written (for a panel that refreshes partly); absent on a
        /// widget's first screen.
        public var changedRegion: ChangedRegion? = nil

        /// A change.
        public init(
            date: Date, kind: String, family: String, reason: ChangeReason, requests: Int?, askedAt: Date,
            file: String, sha256: String, pixelsChanged: Bool
        ) {
            self.date = date
            self.kind = kind
            self.family = family
            self.reason = reason
            self.requests = requests
            self.askedAt = askedAt
            self.file = file
            self.sha256 = sha256
            self.pixelsChanged = pixelsChanged
        }
    }

    /// Why `watch` drew a screen.
    public enum ChangeReason: String, Codable, Sendable, Equatable {
        /// `watch` started.
        case start
        /// An entry's date came.
        case entry
        /// The timeline's reload policy came due: the provider was asked again.
        case policyReload = "policy-reload"
        /// `WidgetCenter.reloadTimelines(ofKind:)` or `reloadAllTimelines()` (or `reload`).
        case widgetCenter = "widget-center"
        /// A file in a shared container changed (`--reload-on-change`).
        case fileChange = "file-change"
    }

    /// Reloads `watch` was asked for (by `WidgetCenter` or a changed file) and made.
    public struct ReloadCount: Codable, Sendable, Equatable {
        /// The budget: at most `count` reloads per `seconds`.
        public var budget: String
        /// Requests received.
        public var requested: Int
        /// Reloads made.
        public var made: Int
        /// Requests coalesced into another reload because they came faster than the budget (or
        /// while a reload was being drawn): `requested - made - pending`.
        public var coalesced: Int
        /// Requests waiting for the budget.
        public var pending: Int

        /// A count.
        public init(budget: String, requested: Int, made: Int, coalesced: Int, pending: Int) {
            self.budget = budget
            self.requested = requested
            self.made = made
            self.coalesced = coalesced
            self.pending = pending
        }
    }

    /// A timeline's reload policy.
    public enum ReloadPolicy: String, Codable, Sendable, Equatable {
        /// After the last entry.
        case atEnd
        /// At a date.
        case after
        /// Never.
        case never

        /// The policy's case.
        package init(_ policy: TimelineReloadPolicy) {
            switch policy {
            case .atEnd: self = .atEnd
            case .after: self = .after
            case .never: self = .never
            }
        }
    }

    /// How an entry fares.
    public enum EntryStatus: String, Codable, Sendable, Equatable {
        /// Before the entry on screen at the time asked.
        case past
        /// On screen at the time asked.
        case onScreen
        /// After it, before any reload.
        case upcoming
        /// Dated at or after a reload that replaces its timeline first: never shown.
        case unreachable
        /// Shown during a `timeline` span.
        case shown
        /// Dated after a `timeline` span.
        case afterSpan
    }

    /// Why a `timeline` image's screen appears.
    public enum ScreenReason: String, Codable, Sendable, Equatable {
        /// The span's start.
        case start
        /// An entry's date came.
        case entry
        /// A reload's new timeline.
        case reload
        /// A sample (`--every`).
        case sample
    }

    /// The rendering mode an image was drawn in.
    public enum RenderingMode: String, Codable, Sendable, Equatable {
        /// Full colour.
        case fullColor = "full-color"
        /// Accented (a tinted Home Screen).
        case accented
        /// Vibrant (the Lock Screen).
        case vibrant

        /// The mode's case.
        package init(_ mode: WidgetRenderingMode) {
            self = mode == .accented ? .accented : mode == .vibrant ? .vibrant : .fullColor
        }
    }

    /// A tappable control.
    public enum ControlKind: String, Codable, Sendable, Equatable {
        /// A `Link`.
        case link
        /// A `Button`.
        case button
        /// A `Toggle`.
        case toggle
    }

    /// One widget of the run.
    public struct WidgetRecord: Codable, Sendable, Equatable {
        /// The widget's kind.
        public var kind: String
        /// Its display name.
        public var displayName: String
        /// Its description.
        public var description: String
        /// The families the widget supports (short names).
        public var families: [String]
        /// The parameter values used.
        public var parameters: [String: String]
        /// `atEnd`, `after` or `never` (of the first family's timeline); `null` outside timeline mode.
        public var reloadPolicy: ReloadPolicy?
        /// When the provider would be asked again (the policy's date; see ``RequestRecord``).
        public var nextReload: Date?
        /// Index of the entry on screen at `now` (the first entry when `now` is before it).
        public var entryShownAtNow: Int?
        /// Date of the entry on screen at `now`.
        public var entryDateShownAtNow: Date?
        /// How many entries the timeline has.
        public var entryCount: Int
        /// Families requested but not rendered, with the reason.
        public var skipped: [Skipped]
        /// Every time the provider was asked, per family (`timeline` and `render`).
        public var requests: [RequestRecord]

        /// A record.
        public init(
            kind: String, displayName: String, description: String, families: [String], parameters: [String: String],
            reloadPolicy: ReloadPolicy? = nil, nextReload: Date? = nil, entryShownAtNow: Int? = nil,
            entryDateShownAtNow: Date? = nil, entryCount: Int = 0, skipped: [Skipped] = [],
            requests: [RequestRecord] = []
        ) {
            self.kind = kind
            self.displayName = displayName
            self.description = description
            self.families = families
            self.parameters = parameters
            self.reloadPolicy = reloadPolicy
            self.nextReload = nextReload
            self.entryShownAtNow = entryShownAtNow
            self.entryDateShownAtNow = entryDateShownAtNow
            self.entryCount = entryCount
            self.skipped = skipped
            self.requests = requests
        }
    }

    /// A family that was not rendered.
    public struct Skipped: Codable, Sendable, Equatable {
        /// The family's short name.
        public var family: String
        /// Why.
        public var reason: String
    }

    /// One time a provider was asked, and what became of its entries.
    public struct RequestRecord: Codable, Sendable, Equatable {
        /// The family it was asked for.
        public var family: String
        /// Its number, from 0, per family.
        public var index: Int
        /// The time it was asked (`context.now`).
        public var askedAt: Date
        /// `atEnd`, `after` or `never`.
        public var reloadPolicy: ReloadPolicy
        /// When it is asked again; `null` for `never`.
        public var reloadAt: Date?
        /// True when the policy's date was not after `askedAt` and the reload was moved 5 minutes on.
        public var reloadThrottled: Bool
        /// Its entries.
        public var entries: [EntryRecord]
    }

    /// An entry of a request.
    public struct EntryRecord: Codable, Sendable, Equatable {
        /// Its index in the timeline.
        public var index: Int
        /// Its date.
        public var date: Date
        /// `shown`, `onScreen`, `upcoming`, `past` (dated before the entry on screen when asked),
        /// `unreachable` (dated at or after a reload that replaces the timeline first) or
        /// `afterSpan` (after the end of a `timeline` span).
        public var status: EntryStatus
    }

    /// One PNG.
    public struct ImageRecord: Codable, Sendable, Equatable {
        /// The widget's kind.
        public var kind: String
        /// The family's short name.
        public var family: String
        /// The device's identifier.
        public var device: String
        /// Pixels per point.
        public var scale: Int
        /// The size in points.
        public var sizePoints: Dimensions
        /// The size in pixels.
        public var sizePixels: Dimensions
        /// `light` or `dark`.
        public var colorScheme: ColorScheme
        /// The locale identifier.
        public var locale: String
        /// The entry's index in its timeline (`null` for placeholder, snapshot, or a placeholder screen).
        public var entryIndex: Int?
        /// The entry's date (the time asked for a placeholder screen).
        public var entryDate: Date
        /// The time the screen shows: what relative dates on it count from.
        public var shownAt: Date
        /// In `render`: `onScreen`, `upcoming`, `past` or `unreachable`; see ``EntryRecord/status``.
        public var status: EntryStatus?
        /// In `timeline`: the request whose timeline is on screen.
        public var request: Int?
        /// In `timeline`: why the screen changed (`start`, `entry`, `reload`, `sample`).
        public var reason: ScreenReason?
        /// The entry's relevance.
        public var relevance: Relevance?
        /// True for the entry on screen at `now`.
        public var shownAtNow: Bool
        /// The URL the widget opens when tapped.
        public var widgetURL: String?
        /// Path relative to the output folder.
        public var file: String
        /// The PNG's size in bytes.
        public var bytes: Int
        /// SHA-256 of the PNG's bytes (equal on machines with the same CPU family and libraries).
        public var sha256: String
        /// CRC-64/XZ of the decoded pixels as straight 8-bit RGBA, rows top to bottom: equal for
        /// equal pixels on any machine, where the PNG's bytes may differ (its deflate picks its
        /// code by CPU). 16 hex digits.
        public var pixelsCRC64: String? = nil
        /// The image format (`png`); `null` in manifests written before formats were recorded.
        public var format: String? = nil
        /// What was drawn: points, first and last time, last value, min, max, source, stale.
        public var data: DataSummary?
        /// `full-color`, `accented` or `vibrant`.
        public var renderingMode: RenderingMode?
        /// The links, buttons and toggles a person could tap, with their rectangles.
        public var controls: [Control]?
        /// In `timeline`, for each screen after a widget and family's first: false when its
        /// pixels as written are the same as the screen's before, true when they differ (see
        /// ``changedRegion``); absent for the first screen, which a panel draws whole.
        public var pixelsChanged: Bool? = nil
        /// In `timeline`, when ``pixelsChanged`` is true: the bounding box of the pixels that
        /// differ from the screen before, in the file's pixels (after `--rotate`; for greys, of
        /// the levels written, dithering included): what a panel that refreshes partly redraws.
        /// Absent otherwise.
        public var changedRegion: ChangedRegion? = nil
    }

    /// A link, button or toggle on a widget: what it does and where it is.
    public struct Control: Codable, Sendable, Equatable {
        /// `link`, `button` or `toggle`.
        public var kind: ControlKind
        /// A link's destination.
        public var url: String?
        /// The intent a button or toggle runs: its type and title.
        public var intent: String?
        /// A toggle's state.
        public var isOn: Bool?
        /// Where it is, in points from the widget's top left corner.
        public var frame: Frame

        /// A rectangle in points.
        public struct Frame: Codable, Sendable, Equatable {
            /// Points from the left edge.
            public var x: Double
            /// Points from the top edge.
            public var y: Double
            /// Width in points.
            public var width: Double
            /// Height in points.
            public var height: Double
        }

        package init(_ target: HitTarget, frame: Rect) {
            kind = ControlKind(rawValue: target.kind) ?? .link
            url = target.url?.absoluteString
            intent = target.intent
            isOn = target.isOn
            self.frame = Frame(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)
        }
    }

    /// A width and height (points or pixels), encoded as `{"width": …, "height": …}`.
    public typealias Dimensions = Size

    /// An entry's relevance.
    public struct Relevance: Codable, Sendable, Equatable {
        /// The score.
        public var score: Double
        /// Seconds it applies.
        public var duration: Double

        /// A relevance.
        public init(score: Double, duration: Double) {
            self.score = score
            self.duration = duration
        }
    }

    /// The manifest as pretty, key-sorted JSON with ISO 8601 dates (stable bytes for stable input).
    ///
    /// - Returns: the bytes.
    /// - Throws: `EncodingError` for a value JSON cannot hold (a non-finite number).
    public func encoded() throws -> Data {
        // Foundation builds a tree of every value before it writes (about 4.5 KB per image
        // record): the images are encoded one at a time and spliced in, the same bytes, so a
        // 10,000-image manifest holds one record's tree at a time.
        let (head, tail) = try encodedAroundImages()
        var data = head
        let encoder = Self.encoder()
        for (index, image) in images.enumerated() {
            if index > 0 { data.append(contentsOf: ",\n".utf8) }
            data.append(contentsOf: try Self.encodedListItem(image, encoder: encoder))
        }
        data.append(contentsOf: "\n".utf8)
        data.append(tail)
        return data
    }

    /// The manifest's bytes before and after its image records, which go between them each as
    /// ``encodedListItem(_:encoder:)`` gives it, separated by `",\n"`, the list followed by `"\n"`
    /// (also when empty). `images` itself is left out.
    func encodedAroundImages() throws -> (head: Data, tail: Data) {
        var empty = self
        empty.images = []
        let data = try Self.encoder().encode(empty)
        let marker = Data("\"images\" : [\n\n  ]".utf8)
        guard let range = data.range(of: marker) else {
            throw EncodingError.invalidValue(
                self, .init(codingPath: [], debugDescription: "no image list in the encoded manifest"))
        }
        let open = range.lowerBound + "\"images\" : [\n".utf8.count
        let close = range.upperBound - "  ]".utf8.count
        return (Data(data[..<open]), Data(data[close...]))
    }

    /// The encoder of every manifest: pretty, key-sorted, ISO 8601 dates, slashes as they are.
    /// Dates as ISO 8601 in UTC on the proleptic Gregorian calendar, one calendar everywhere
    /// (Foundation's ISO 8601 style switches to the Julian calendar before 1582-10-15), for the
    /// years 0001–9999.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            guard let text = DateText.iso8601(date) else {
                throw EncodingError.invalidValue(
                    date,
                    .init(
                        codingPath: encoder.codingPath,
                        debugDescription: "a date outside the years 0001–9999 (\(date.timeIntervalSince1970) s)"))
            }
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
        return encoder
    }

    /// One image record as an item of the manifest's `images` list: the record encoded at the top
    /// level, then indented two levels deeper. Blank lines stay blank, and a newline in a string
    /// is escaped, so every raw newline is structure.
    static func encodedListItem(_ image: ImageRecord, encoder: JSONEncoder) throws -> [UInt8] {
        let record = try encoder.encode(image)
        var item = [UInt8]()
        item.reserveCapacity(record.count + record.count / 4 + 4)
        item.append(contentsOf: "    ".utf8)
        var previous = UInt8(ascii: " ")
        for byte in record {
            if previous == UInt8(ascii: "\n"), byte != UInt8(ascii: "\n") {
                item.append(contentsOf: [0x20, 0x20, 0x20, 0x20])
            }
            item.append(byte)
            previous = byte
        }
        return item
    }

    /// Reads a manifest back.
    ///
    /// - Parameter data: the bytes of `manifest.json`.
    /// - Returns: the manifest.
    /// - Throws: `DecodingError` when the bytes are not a manifest.
    public static func decode(_ data: Data) throws -> Manifest {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = DateParsing.date(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not an ISO 8601 date")
            }
            return date
        }
        return try decoder.decode(Manifest.self, from: data)
    }
}
