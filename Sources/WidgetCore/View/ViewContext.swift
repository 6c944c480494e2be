import Foundation
import WidgetDates

/// Where a widget is drawn: its family and size, appearance, language, time zone, and the
/// time the screen shows. The pipeline and the snapshot strategies build one per image;
/// views read the same values from the environment (`@Environment(\.widgetFamily)`).
///
/// ```swift
/// let context = ViewContext(family: .systemSmall, displaySize: Size(width: 170, height: 170), date: now)
/// ```
public struct ViewContext: Sendable {
    /// The family being drawn.
    public var family: WidgetFamily
    /// The widget's size in points.
    public var displaySize: Size
    /// Light or dark.
    public var colorScheme: ColorScheme
    /// The language of the widget's text.
    public var locale: Locale
    /// The time zone for dates drawn on the widget.
    public var timeZone: TimeZone
    /// True when drawing the placeholder (the renderer redacts text).
    public var isPlaceholder: Bool
    /// The time the screen shows (see ``EnvironmentValues/date``).
    public var date: Date
    /// The folders standing in for app group containers.
    public var appGroups: AppGroupContainers
    /// How the system draws the widget; `nil` for the family's default (vibrant on the Lock
    /// Screen, full colour elsewhere).
    public var renderingMode: WidgetRenderingMode?
    /// Pixels per point.
    public var displayScale: Double = 3
    /// The accented mode's tint (``WidgetRenderingMode/defaultTint`` unless set).
    public var tint: Color.RGBA = WidgetRenderingMode.defaultTint
    /// What the e-ink device drawn for said about itself (see ``EnvironmentValues/screenDevice``).
    public var screenDevice: ScreenDeviceStatus?
    /// Emoji and symbols drawn from a monochrome font in the text's colour rather than as colour
    /// pictures: for panels of two or four greys, where a yellow sun would vanish into the paper.
    package var monochromeGlyphs = false

    /// A context; every value but the family and size has a default.
    ///
    /// - Parameters:
    ///   - family: the family.
    ///   - displaySize: its size in points on the device.
    ///   - colorScheme: light (default) or dark.
    ///   - locale: the language; English by default.
    ///   - timeZone: UTC by default.
    ///   - isPlaceholder: draw redacted.
    ///   - date: the time the screen shows; 1970 by default.
    ///   - appGroups: app group folders.
    ///   - renderingMode: full colour, accented or vibrant; `nil` for the family's default.
    public init(
        family: WidgetFamily, displaySize: Size, colorScheme: ColorScheme = .light,
        locale: Locale = Locale(identifier: "en"), timeZone: TimeZone = .utc, isPlaceholder: Bool = false,
        date: Date = Date(timeIntervalSince1970: 0), appGroups: AppGroupContainers = AppGroupContainers(),
        renderingMode: WidgetRenderingMode? = nil
    ) {
        self.renderingMode = renderingMode
        self.family = family
        self.displaySize = displaySize
        self.colorScheme = colorScheme
        self.locale = locale
        self.timeZone = timeZone
        self.isPlaceholder = isPlaceholder
        self.date = date
        self.appGroups = appGroups
    }

    /// The rendering mode in effect: the one asked for, or the family's default.
    public var resolvedRenderingMode: WidgetRenderingMode { renderingMode ?? .default(for: family) }

    /// The root environment of a widget drawn here. Lock Screen families' views draw white;
    /// the vibrant mode resolves colours in dark appearance, as the Lock Screen and StandBy do,
    /// so brightness can become opacity (the ink it is then painted in follows ``colorScheme``,
    /// the wallpaper's).
    public var environment: EnvironmentValues {
        var values = EnvironmentValues()
        values.widgetFamily = family
        values.displaySize = displaySize
        values.colorScheme = colorScheme
        values.locale = locale
        // As iOS sets it from the language: right to left in Arabic, Hebrew, Persian, Urdu.
        values.layoutDirection = locale.language.characterDirection == .rightToLeft ? .rightToLeft : .leftToRight
        values.timeZone = timeZone
        values.redacted = isPlaceholder
        values.date = date
        values.appGroups = appGroups
        values.displayScale = displayScale
        values.screenDevice = screenDevice
        let mode = resolvedRenderingMode
        values.widgetRenderingMode = mode
        values.showsWidgetContainerBackground = mode == .fullColor && !family.isAccessory
        if mode == .vibrant { values.colorScheme = .dark }
        if family.isAccessory { values.foreground = .white }
        return values
    }
}
