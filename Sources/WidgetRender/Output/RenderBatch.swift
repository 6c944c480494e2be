import Foundation
import WidgetCore
import WidgetDates
import WidgetLayout

/// Many widgets into an output folder: which widgets and families, which entries, the look,
/// and where the images and `manifest.json` go. ``FolderRenderer`` renders one, as the
/// `render` and `timeline` commands do.
///
/// ```swift
/// var batch = RenderBatch(outputDirectory: URL(fileURLWithPath: "Output"))
/// batch.families = [.systemMedium]
/// batch.now = try #require(DateParsing.date("2026-01-01T09:00:00Z"))
/// let result = try await FolderRenderer(engine: engine).run(batch)
/// ```
public struct RenderBatch: Sendable {
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
    /// Whose widget sizes to use.
    public var device: DeviceProfile = .default
    /// Pixels per point; `nil` uses the device's.
    public var scale: Int?
    /// Light or dark.
    public var colorScheme: ColorScheme = .light
    /// Full colour, accented or vibrant; `nil` for each family's default (vibrant on the Lock
    /// Screen, full colour elsewhere).
    public var renderingMode: WidgetRenderingMode?
    /// The accented mode's tint; `nil` for ``WidgetRenderingMode/defaultTint`` (#0A84FF).
    public var tint: Color.RGBA?
    /// The language of the widgets' text.
    public var locale: Locale = Locale(identifier: "en")
    /// The time zone for dates drawn on widgets.
    public var timeZone: TimeZone = .utc
    /// `key=value` settings, validated against each widget's parameters.
    public var parameters: [String: String] = [:]
    /// The time the providers are asked (their `context.now`); also the time the screen shows
    /// for the entry on screen then.
    public var now: Date = Date()
    /// What to render.
    public var mode: Mode = .timeline
    /// The folders standing in for app group containers.
    public var appGroups = AppGroupContainers()
    /// Values for the providers of the bundle (a data source, a fetcher).
    public var providerValues = ProviderValues()
    /// How long a provider may take to answer, in seconds.
    public var providerTimeout: TimeInterval = 60
    /// How many images are drawn at once; 0 for one per renderer of the engine.
    public var workers = 0
    /// The image format; PNG (``PNGImageEncoder``) by default. The files' extension and the
    /// manifest's `format` follow it.
    public var encoder: any ImageEncoder = PNGImageEncoder()
    /// The largest file an image may be, in bytes (an e-ink device that reboots on a larger
    /// one); `nil` for no limit. An image over it fails the run, nothing written, with its
    /// size and the sizes of the encoder's smaller forms (``ImageBudgetAdvice``).
    public var maxBytes: Int?
    /// An animated PNG of each widget and family's screens, each frame shown for the time its
    /// screen stayed on at this timing: `<kind>/<family>/timeline.apng` beside the screens'
    /// PNGs, recorded in `manifest.json`'s `animations`. Only ``FolderRenderer/simulate(_:from:to:every:progress:)``
    /// makes one, of PNG frames (``PNGImageEncoder``, ``LibPNGImageEncoder`` or
    /// ``GreyPNGEncoder``); `nil` (the default) for none.
    public var animation: AnimatedPNG.Timing?
    /// Whether the result holds every image's record and file (``RenderResult/manifest``'s
    /// `images`, ``RenderResult/files``). `false` keeps a run's memory flat however many images
    /// it writes (the records are in `manifest.json`, written from a spool on disk); the result
    /// then gives only their count, bytes and kinds.
    public var keepsImageRecords = true
    /// Where the images and `manifest.json` go.
    public var outputDirectory: URL
    /// One part of the run, for splitting it across machines: only the images whose index in
    /// the whole run is `index - 1` modulo `count` are drawn (every provider is still asked, so
    /// each shard knows the whole run). ``ManifestMerge`` joins the parts into the folder one
    /// run writes. `nil` draws every image.
    public var shard: Shard?

    /// Shard `index` of `count` (from 1).
    public struct Shard: Sendable, Hashable, CustomStringConvertible {
        /// Which shard, from 1.
        public var index: Int
        /// How many shards.
        public var count: Int

        /// Shard `index` of `count`.
        ///
        /// - Throws: ``WidgetRenderError/invalidRequest(_:)`` unless 1 ≤ index ≤ count ≤ 10,000.
        public init(index: Int, count: Int) throws(WidgetRenderError) {
            guard count >= 1, count <= 10_000, index >= 1, index <= count else {
                throw .invalidRequest("shard \(index)/\(count): write K/N with 1 ≤ K ≤ N ≤ 10000")
            }
            self.index = index
            self.count = count
        }

        /// `K/N`.
        public var description: String { "\(index)/\(count)" }
    }

    /// A batch with every default: medium family, the default device, light, English, UTC, now.
    ///
    /// - Parameter outputDirectory: where to write.
    public init(outputDirectory: URL) {
        self.outputDirectory = outputDirectory
    }

    /// The engine's request for one widget and family of the batch, asked at ``now``.
    ///
    /// - Parameters:
    ///   - kind: the widget's kind.
    ///   - family: the family.
    /// - Returns: the request, with the batch's device, look, settings and time.
    public func request(kind: String, family: WidgetFamily) -> RenderRequest {
        var request = RenderRequest(kind: kind, family: family, askedAt: now)
        request.device = device
        request.scale = scale
        request.colorScheme = colorScheme
        request.renderingMode = renderingMode
        request.tint = tint
        request.locale = locale
        request.timeZone = timeZone
        request.parameters = parameters
        request.appGroups = appGroups
        request.providerValues = providerValues
        request.providerTimeout = providerTimeout
        request.monochromeGlyphs = RenderEngine.drawsFewGreys(encoder)
        request.entry =
            switch mode {
            case .timeline: .onScreen
            case .snapshot: .snapshot
            case .placeholder: .placeholder
            }
        return request
    }
}
