import Foundation

/// What a widget's view knows about where it is drawn, as SwiftUI's widget environment.
public struct ViewContext: Sendable {
    /// The family being drawn; views switch on it.
    public var family: WidgetFamily
    /// The widget's size in points.
    public var displaySize: Size
    public var colorScheme: ColorScheme
    public var locale: WidgetLocale
    /// The time zone for dates drawn on the widget.
    public var timeZone: TimeZone
    /// True when drawing the placeholder (the renderer redacts text).
    public var isPlaceholder: Bool
    /// A shared background image (the app group's `bg.png`), if the user gave one.
    public var backgroundImagePath: String?

    public init(
        family: WidgetFamily, displaySize: Size, colorScheme: ColorScheme = .light, locale: WidgetLocale = .en,
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current, isPlaceholder: Bool = false,
        backgroundImagePath: String? = nil
    ) {
        self.family = family
        self.displaySize = displaySize
        self.colorScheme = colorScheme
        self.locale = locale
        self.timeZone = timeZone
        self.isPlaceholder = isPlaceholder
        self.backgroundImagePath = backgroundImagePath
    }
}
