import Foundation
import WidgetCore
import WidgetLayout

/// One widget to draw: which widget, in which family and on which device, asked at which time
/// and shown at which, with its settings and look.
///
/// ```swift
/// var request = RenderRequest(kind: "com.example.steps", family: .systemSmall)
/// request.askedAt = try #require(DateParsing.date("2026-01-01T09:00:00Z"))
/// request.shownAt = request.askedAt.addingTimeInterval(2 * 3600)
/// request.colorScheme = .dark
/// let widget = try await engine.render(request)
/// ```
///
/// The provider is asked at ``askedAt`` (its `context.now`); the screen shows ``shownAt``,
/// following WidgetKit's time model in between: entries replace each other as their dates
/// pass, and the reload policy asks the provider again (see ``RenderedWidget/onScreen``).
public struct RenderRequest: Sendable, Hashable {
    /// What to draw of the widget.
    public enum Entry: String, Sendable, Hashable, Codable {
        /// The entry on screen at ``RenderRequest/shownAt``: the provider's timeline asked at
        /// ``RenderRequest/askedAt``, entries and reloads followed up to the time shown.
        case onScreen
        /// The provider's snapshot, asked with `context.isPreview` set, as the widget gallery asks.
        case snapshot
        /// The provider's placeholder, drawn redacted.
        case placeholder
    }

    /// The widget's kind, as its configuration declares it.
    public var kind: String
    /// The family.
    public var family: WidgetFamily
    /// Whose widget sizes to use.
    public var device: DeviceProfile = .default
    /// Pixels per point; `nil` uses the device's.
    public var scale: Int?
    /// The time the provider is asked (its `context.now`).
    public var askedAt: Date
    /// The time the screen shows; `nil` for ``askedAt``.
    public var shownAt: Date?
    /// The entry on screen, the snapshot or the placeholder.
    public var entry: Entry = .onScreen
    /// `key=value` settings, validated against the widget's parameters.
    public var parameters: [String: String] = [:]
    /// Light or dark.
    public var colorScheme: ColorScheme = .light
    /// Full colour, accented or vibrant; `nil` for the family's default (vibrant on the Lock
    /// Screen, full colour elsewhere).
    public var renderingMode: WidgetRenderingMode?
    /// The accented mode's tint; `nil` for ``WidgetRenderingMode/defaultTint`` (#0A84FF).
    public var tint: Color.RGBA?
    /// The language of the widget's text.
    public var locale: Locale = Locale(identifier: "en")
    /// The time zone for dates drawn on the widget.
    public var timeZone: TimeZone = .utc
    /// The folders standing in for app group containers.
    public var appGroups = AppGroupContainers()
    /// Values for the bundle's providers (a data source, a fetcher).
    public var providerValues = ProviderValues()
    /// How long the provider may take to answer, in seconds.
    public var providerTimeout: TimeInterval = 60
    /// Emoji drawn from a monochrome font (Symbola) in the text's colour, not as colour
    /// pictures: for panels of two or four greys, where a yellow sun would vanish into the
    /// paper. The engine sets it itself for an encoder of four greys or fewer.
    public var monochromeGlyphs = false
    /// What the e-ink device the widget is drawn for said about itself: its battery, Wi-Fi signal,
    /// firmware and id. Views read it as ``EnvironmentValues/screenDevice``; `nil`
    /// (the default) when it is not drawn for one.
    ///
    /// ```swift
    /// var request = RenderRequest(kind: "battery", family: .dashboardQuadrant)
    /// request.device = try DeviceProfile.named("trmnl-og")
    /// request.screenDevice = ScreenDeviceStatus(batteryVoltage: 3.9, rssi: -67)
    /// ```
    public var screenDevice: ScreenDeviceStatus?

    /// A request for the entry on screen now, in the default look: light, English, UTC, on
    /// the default device.
    ///
    /// - Parameters:
    ///   - kind: the widget's kind.
    ///   - family: the family; medium by default.
    ///   - askedAt: when the provider is asked (and the screen shown); now by default.
    public init(kind: String, family: WidgetFamily = .systemMedium, askedAt: Date = Date()) {
        self.kind = kind
        self.family = family
        self.askedAt = askedAt
    }

    /// The time the screen shows: ``shownAt``, or ``askedAt`` when it is `nil`.
    public var timeShown: Date { shownAt ?? askedAt }
}
