import WidgetCore

/// A device's screen and the size of each widget family on it, in points.
///
/// Sizes come from Apple's Human Interface Guidelines (iOS/iPadOS 18 tables),
/// kept with their sources in `Assets/reference/widget-families.json`.
///
/// ```swift
/// let device = try DeviceProfile.named("iphone-393x852")
/// device.size(of: .systemMedium)  // 338×158
/// ```
public struct DeviceProfile: Sendable, Hashable {
    /// A stable identifier, `iphone-<width>x<height>`, `ipad-...`, or a screen's
    /// (`trmnl-og`, `kindle-pw5`).
    public var id: String
    /// Models with this screen.
    public var models: [String]
    /// The portrait screen size in points.
    public var screen: Size
    /// Pixels per point.
    public var scale: Int
    /// Each family's layout size on this device (the canvas size on iPad).
    public var familySizes: [WidgetFamily: Size]
    /// On iPad, the size the system scales the canvas down to on the Home Screen.
    public var homeScreenSizes: [WidgetFamily: Size]?
    /// How sure the reference is of these numbers: `high`, `medium` or `low`.
    public var confidence: String
    /// An e-ink or kiosk screen's greys or inks; `nil` for phones and tablets.
    public var panel: ScreenPanel?

    /// A device; the catalog (``all``) holds Apple's and the e-ink screens (``screens``).
    public init(
        id: String, models: [String], screen: Size, scale: Int, familySizes: [WidgetFamily: Size],
        homeScreenSizes: [WidgetFamily: Size]?, confidence: String, panel: ScreenPanel? = nil
    ) {
        self.panel = panel
        self.id = id
        self.models = models
        self.screen = screen
        self.scale = scale
        self.familySizes = familySizes
        self.homeScreenSizes = homeScreenSizes
        self.confidence = confidence
    }

    /// The device used when none is named: iPhone 15 Pro Max class (430×932 pt, @3x),
    /// whose medium widget is 364×170 pt, 1092×510 px.
    public static var defaultID: String { "iphone-430x932" }

    /// The default device; see ``defaultID``.
    public static var `default`: DeviceProfile {
        // The catalog always holds the default; the test suite checks it.
        all.first { $0.id == defaultID } ?? all[0]
    }

    /// The device with this identifier.
    ///
    /// - Throws: ``LayoutError/unknownDevice(_:known:)`` listing the known identifiers.
    public static func named(_ id: String) throws(LayoutError) -> DeviceProfile {
        guard let device = all.first(where: { $0.id == id.lowercased() }) else {
            throw .unknownDevice(id, known: all.map(\.id))
        }
        return device
    }

    /// The family's size in points on this device, or `nil` when the device has no such widget
    /// (extra large on iPhone, accessory families on iPad, the Today families on iPad, the
    /// dashboard families anywhere but on a screen of ``screens``).
    public func size(of family: WidgetFamily) -> Size? {
        familySizes[family] ?? todaySizes[family]
    }

    /// The families this device shows, in WidgetKit's order, the legacy Today families last.
    public var families: [WidgetFamily] {
        WidgetFamily.allCases.filter { size(of: $0) != nil }
    }

    /// The legacy Today extension's sizes (iOS 10–13), on iPhone only: the Today view's width,
    /// the screen less 8 pt each side, and 110 pt high compact (fixed by iOS) or
    /// ``todayExpandedHeight`` expanded. The reference file's `today_extension_legacy` holds
    /// the sources; the width and the iPad column are not published, so iPads have none.
    public var todaySizes: [WidgetFamily: Size] {
        guard id.hasPrefix("iphone-") else { return [:] }
        let width = screen.width - 2 * Self.todayInset
        return [
            .todayCompact: Size(width: width, height: Self.todayCompactHeight),
            .todayExpanded: Size(width: width, height: Self.todayExpandedHeight),
        ]
    }

    /// The Today view's inset from each side of the screen, in points.
    public static var todayInset: Double { 8 }
    /// The compact Today extension's height: fixed by iOS 10 and later.
    public static var todayCompactHeight: Double { 110 }
    /// The expanded height drawn here, twice the compact one; in iOS it is the extension's
    /// own `preferredContentSize`, up to the screen.
    public static var todayExpandedHeight: Double { 220 }
}

/// Why a layout request cannot be met: an unknown device, a family the device does not
/// have, or a scale out of range. Compare ``reason`` with `==`; new reasons may be added.
public struct LayoutError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What kind of problem it is.
    public struct Reason: Hashable, Sendable {
        private enum Base: Hashable, Sendable {
            case unknownDevice, familyUnavailable, invalidScale
        }

        private let base: Base

        /// No device has the identifier.
        public static var unknownDevice: Reason { Reason(base: .unknownDevice) }
        /// The device has no widget of the family (extra large on iPhone, accessory on iPad).
        public static var familyUnavailable: Reason { Reason(base: .familyUnavailable) }
        /// The scale is not 1, 2 or 3.
        public static var invalidScale: Reason { Reason(base: .invalidScale) }
    }

    /// What kind of problem it is.
    public let reason: Reason
    /// The message, naming the device, family or scale.
    public let description: String

    /// An unknown device, listing the known ones.
    ///
    /// - Parameters:
    ///   - id: the identifier given.
    ///   - known: the known identifiers.
    /// - Returns: the error.
    public static func unknownDevice(_ id: String, known: [String]) -> LayoutError {
        LayoutError(
            reason: .unknownDevice,
            description: "unknown device '\(id)'; known devices: \(known.joined(separator: ", "))")
    }

    /// A family the device does not have.
    ///
    /// - Parameters:
    ///   - family: the family.
    ///   - device: the device's identifier.
    /// - Returns: the error.
    public static func familyUnavailable(_ family: WidgetFamily, device: String) -> LayoutError {
        LayoutError(reason: .familyUnavailable, description: "device '\(device)' has no \(family.shortName) widget")
    }

    /// A scale other than 1, 2 or 3.
    ///
    /// - Parameter scale: the scale given.
    /// - Returns: the error.
    public static func invalidScale(_ scale: Int) -> LayoutError {
        LayoutError(reason: .invalidScale, description: "invalid scale \(scale); use 1, 2 or 3")
    }
}
