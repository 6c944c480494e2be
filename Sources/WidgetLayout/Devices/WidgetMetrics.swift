import WidgetCore

/// Where a widget is drawn: its size in points and pixels, content margins and corner radius.
///
/// ```swift
/// let metrics = try WidgetMetrics(family: .systemMedium, device: .default)
/// metrics.pixelWidth   // 1092
/// metrics.contentRect  // 16 pt inside the edges
/// ```
public struct WidgetMetrics: Sendable, Hashable {
    /// The family.
    public var family: WidgetFamily
    /// The device's identifier.
    public var deviceID: String
    /// Size in points.
    public var size: Size
    /// Pixels per point.
    public var scale: Int
    /// The system's content margins (16 pt on the Home Screen, 0 for accessory widgets).
    public var contentMargins: EdgeInsets
    /// The corner radius the widget is clipped to (0 for accessory rectangles; a circle for circular).
    public var cornerRadius: Double

    /// The HIG's standard margin.
    public static var standardMargin: Double { 16 }
    /// The radius public widget code uses for iPhone widgets; Apple publishes none.
    public static var standardCornerRadius: Double { 21.67 }
    /// The legacy Today extension's margins, 16 pt at the sides and 8 pt above and below. iOS 10
    /// deprecated `widgetMarginInsets` (iOS 8's default left inset was 47 pt) and publishes no
    /// margins; these are our choice, noted as low-confidence in the reference file.
    public static var todayMargins: EdgeInsets { EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16) }
    /// The radius of the iOS 10–13 Today platter's corners; not published, our choice.
    public static var todayCornerRadius: Double { 13 }
    /// The dashboard families' margins: 16 pt (16 px on a TRMNL, 32 on a Kindle), where a
    /// composed screen draws its dividers; their corners are square.
    public static var dashboardMargin: Double { 16 }

    /// Metrics for a family on a device.
    ///
    /// - Parameters:
    ///   - scale: pixels per point; `nil` uses the device's own.
    /// - Throws: ``LayoutError/familyUnavailable(_:device:)`` when the device has no such
    ///   widget, ``LayoutError/invalidScale(_:)`` for a scale outside 1...3.
    public init(family: WidgetFamily, device: DeviceProfile, scale: Int? = nil) throws(LayoutError) {
        guard let size = device.size(of: family) else {
            throw .familyUnavailable(family, device: device.id)
        }
        let scale = scale ?? device.scale
        guard (1...3).contains(scale) else { throw .invalidScale(scale) }
        self.family = family
        deviceID = device.id
        self.size = size
        self.scale = scale
        contentMargins =
            family.isAccessory
            ? EdgeInsets()
            : family.isToday
                ? Self.todayMargins
                : EdgeInsets(all: family.isDashboard ? Self.dashboardMargin : Self.standardMargin)
        switch family {
        case _ where family.isDashboard: cornerRadius = 0
        case .todayCompact, .todayExpanded: cornerRadius = Self.todayCornerRadius
        case .accessoryCircular: cornerRadius = min(size.width, size.height) / 2
        case .accessoryInline: cornerRadius = 0
        case .accessoryRectangular: cornerRadius = 0
        default: cornerRadius = Self.standardCornerRadius
        }
    }

    /// Width in pixels.
    public var pixelWidth: Int { Int((size.width * Double(scale)).rounded()) }
    /// Height in pixels.
    public var pixelHeight: Int { Int((size.height * Double(scale)).rounded()) }

    /// The whole widget in points.
    public var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    /// The widget inside its content margins, where content goes.
    public var contentRect: Rect { bounds.inset(by: contentMargins) }
}
