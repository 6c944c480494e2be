import Foundation
import WidgetCore
import WidgetDrawing
import WidgetLayout

/// A widget as the engine rendered it: what is on screen and why, when that changes, what was
/// drawn, and its image.
///
/// ```swift
/// let widget = try await engine.render(request)
/// print(widget.onScreen.reason, widget.nextChange?.date as Any)
/// try widget.image?.data.write(to: URL(fileURLWithPath: "widget.png"))
/// ```
public struct RenderedWidget: Sendable {
    /// The widget's kind; `nil` for a bare view.
    public let kind: String?
    /// The family, device, size in points and pixels, scale and margins.
    public let metrics: WidgetMetrics
    /// The time the provider was first asked.
    public let askedAt: Date
    /// The time the screen shows.
    public let shownAt: Date
    /// Which entry is drawn, and why.
    public let onScreen: OnScreen
    /// When what is on screen next changes (its next entry or a reload), or `nil` when it does
    /// not (a `.never` policy with no later entry, a snapshot, a placeholder, a view).
    public let nextChange: NextChange?
    /// The entry drawn: its date, relevance and view; `nil` for a bare view.
    public let entry: AnyTimelineEntry?
    /// What was drawn, in points, independent of any renderer.
    public let displayList: DisplayList
    /// The widget's URL (`.widgetURL`), where a tap anywhere leads.
    public let widgetURL: URL?
    /// Each `Link`, `Button` and `Toggle`: its kind, URL or intent, state and rectangle in points.
    public let controls: [Manifest.Control]
    /// What the provider reported and what the engine noticed, without failing the render.
    public let warnings: [RenderWarning]
    /// The encoded image, when an encoder was given.
    public let image: EncodedImage?
    /// Where the view was drawn (to draw it again from the display list).
    package let viewContext: ViewContext
    /// The pixels as the encoder wrote them, when the caller asked to keep them.
    package var writtenPixels: PixelFrame? = nil

    package init(
        kind: String?, metrics: WidgetMetrics, askedAt: Date, shownAt: Date, onScreen: OnScreen,
        nextChange: NextChange?, entry: AnyTimelineEntry?, displayList: DisplayList, widgetURL: URL?,
        controls: [Manifest.Control], warnings: [RenderWarning], image: EncodedImage?, viewContext: ViewContext
    ) {
        self.kind = kind
        self.metrics = metrics
        self.askedAt = askedAt
        self.shownAt = shownAt
        self.onScreen = onScreen
        self.nextChange = nextChange
        self.entry = entry
        self.displayList = displayList
        self.widgetURL = widgetURL
        self.controls = controls
        self.warnings = warnings
        self.image = image
        self.viewContext = viewContext
    }
}

/// Which entry a rendered widget shows, and why.
public struct OnScreen: Sendable, Hashable {
    /// Why this entry.
    public enum Reason: String, Sendable, Hashable, Codable {
        /// The latest entry whose date is not after the time shown.
        case entry
        /// The time shown is before the timeline's first entry, which shows until then.
        case beforeFirstEntry
        /// The provider's snapshot, as the widget gallery asks.
        case snapshot
        /// The provider's placeholder, drawn redacted.
        case placeholder
        /// A bare view, with no provider.
        case view
    }

    /// Why this entry.
    public var reason: Reason
    /// The entry's index in its timeline, for ``Reason-swift.enum/entry`` and
    /// ``Reason-swift.enum/beforeFirstEntry``.
    public var entryIndex: Int?
    /// The entry's date.
    public var entryDate: Date?
    /// How many times the provider was asked again (reloads) before this screen.
    public var reloads: Int
    /// When the timeline that holds the entry was asked for.
    public var timelineAskedAt: Date?

    /// A reason with nothing more to say.
    ///
    /// - Parameters:
    ///   - reason: why.
    ///   - entryIndex: the entry's index.
    ///   - entryDate: its date.
    ///   - reloads: reloads before this screen.
    ///   - timelineAskedAt: when its timeline was asked for.
    public init(
        reason: Reason, entryIndex: Int? = nil, entryDate: Date? = nil, reloads: Int = 0, timelineAskedAt: Date? = nil
    ) {
        self.reason = reason
        self.entryIndex = entryIndex
        self.entryDate = entryDate
        self.reloads = reloads
        self.timelineAskedAt = timelineAskedAt
    }
}

/// When what is on screen next changes, and why.
public struct NextChange: Sendable, Hashable {
    /// Why it changes.
    public enum Reason: String, Sendable, Hashable, Codable {
        /// The timeline's next entry's date comes.
        case entry
        /// The reload policy asks the provider again.
        case reload
    }

    /// When.
    public var date: Date
    /// Why.
    public var reason: Reason

    /// A change.
    ///
    /// - Parameters:
    ///   - date: when.
    ///   - reason: why.
    public init(date: Date, reason: Reason) {
        self.date = date
        self.reason = reason
    }
}

/// What a widget draws, in points, back to front: plain data, independent of any renderer, that
/// an encoder of vectors can draw.
public struct DisplayList: Sendable, Hashable {
    /// The container background's items.
    package var background: [DisplayItem]
    /// The content's items.
    package var content: [DisplayItem]

    package init(_ layout: WidgetRenderer.Layout) {
        background = layout.background
        content = layout.content
    }

    /// An empty list.
    package init() {
        background = []
        content = []
    }

    /// How many items (shapes, text runs, images, layers) it holds.
    public var count: Int { background.count + content.count }

    /// The layout to draw it again.
    package func layout(widgetURL: URL?) -> WidgetRenderer.Layout {
        WidgetRenderer.Layout(background: background, content: content, widgetURL: widgetURL)
    }
}
