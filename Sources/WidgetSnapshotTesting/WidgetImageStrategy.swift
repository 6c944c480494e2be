import Foundation
import WidgetCore
import WidgetLayout
import WidgetRendering

/// How a widget becomes an image for a snapshot: family, device, scale, appearance,
/// language, and how close a render must be to its reference.
///
/// A strategy is a value, as in swift-snapshot-testing:
///
/// ```swift
/// assertSnapshot(of: view, as: .image(family: .systemSmall, colorScheme: .dark))
/// ```
public struct WidgetImageStrategy: Sendable {
    public var family: WidgetFamily
    public var device: DeviceProfile
    /// Pixels per point; `nil` uses the device's.
    public var scale: Int?
    public var colorScheme: ColorScheme
    public var locale: WidgetLocale
    public var timeZone: TimeZone
    /// The comparison: per-channel tolerance and the share of pixels allowed to differ.
    public var comparison: PixelComparison

    /// Tolerates the CPU-specific rounding of pixman (a channel off by up to 8 on at most
    /// 0.05 % of pixels) while failing on a moved line or changed text.
    public static var defaultComparison: PixelComparison {
        PixelComparison(channelTolerance: 8, maxDifferingShare: 0.0005)
    }

    /// A widget image strategy.
    ///
    /// - Parameters:
    ///   - family: the widget family (size) to render.
    ///   - device: whose sizes to use; the default is the 430×932 pt iPhone.
    ///   - scale: pixels per point; `nil` for the device's.
    ///   - colorScheme: light or dark.
    ///   - locale: the widget's language.
    ///   - timeZone: for dates drawn on the widget (UTC by default).
    ///   - channelTolerance: how far (0...255) a channel may differ and still count as equal.
    ///   - maxDifferingShare: the share of pixels (0...1) that may differ beyond that.
    public static func image(
        family: WidgetFamily = .systemMedium, device: DeviceProfile = .default, scale: Int? = nil,
        colorScheme: ColorScheme = .light, locale: WidgetLocale = .en,
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current,
        channelTolerance: Int = 8, maxDifferingShare: Double = 0.0005
    ) -> WidgetImageStrategy {
        WidgetImageStrategy(
            family: family, device: device, scale: scale, colorScheme: colorScheme, locale: locale, timeZone: timeZone,
            comparison: PixelComparison(channelTolerance: channelTolerance, maxDifferingShare: maxDifferingShare))
    }

    /// The size and scale this strategy renders at.
    public func metrics() throws(LayoutError) -> WidgetMetrics {
        try WidgetMetrics(family: family, device: device, scale: scale)
    }

    /// The view context a widget sees under this strategy.
    public func viewContext(isPlaceholder: Bool = false, backgroundImagePath: String? = nil) throws(LayoutError)
        -> ViewContext
    {
        ViewContext(
            family: family, displaySize: try metrics().size, colorScheme: colorScheme, locale: locale,
            timeZone: timeZone,
            isPlaceholder: isPlaceholder, backgroundImagePath: backgroundImagePath)
    }
}
