/// A widget size and shape, as WidgetKit's `WidgetFamily` names them.
///
/// A struct rather than an enum, so that new families can be added without breaking
/// a `switch` in your code: where WidgetKit code writes `@unknown default:`, write
/// `default:`.
///
/// ```swift
/// switch family {
/// case .systemSmall: SmallView(entry: entry)
/// case .accessoryInline: Text(entry.title)
/// default: MediumView(entry: entry)
/// }
/// WidgetFamily(name: "medium")  // .systemMedium
/// ```
public struct WidgetFamily: Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// WidgetKit's case name, e.g. `systemMedium`.
    public let rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The small square Home Screen widget.
    public static var systemSmall: WidgetFamily { WidgetFamily(rawValue: "systemSmall") }
    /// The wide Home Screen widget, two small widgets across.
    public static var systemMedium: WidgetFamily { WidgetFamily(rawValue: "systemMedium") }
    /// The large Home Screen widget, two medium widgets high.
    public static var systemLarge: WidgetFamily { WidgetFamily(rawValue: "systemLarge") }
    /// The extra-large widget, on iPad only.
    public static var systemExtraLarge: WidgetFamily { WidgetFamily(rawValue: "systemExtraLarge") }
    /// The round Lock Screen widget.
    public static var accessoryCircular: WidgetFamily { WidgetFamily(rawValue: "accessoryCircular") }
    /// The rectangular Lock Screen widget, about three lines high.
    public static var accessoryRectangular: WidgetFamily { WidgetFamily(rawValue: "accessoryRectangular") }
    /// The one line of text above the time on the Lock Screen.
    public static var accessoryInline: WidgetFamily { WidgetFamily(rawValue: "accessoryInline") }

    /// The legacy Today extension (iOS 10–13, `NCWidgetDisplayMode.compact`): the full width
    /// of the Today view, a fixed 110 pt high. Not a WidgetKit family; a widget draws it only
    /// when it lists it in `supportedFamilies`.
    public static var todayCompact: WidgetFamily { WidgetFamily(rawValue: "todayCompact") }
    /// The legacy Today extension shown expanded (`NCWidgetDisplayMode.expanded`, "Show More"):
    /// the full width of the Today view, 220 pt high here (in iOS the extension's
    /// `preferredContentSize`). Not a WidgetKit family.
    public static var todayExpanded: WidgetFamily { WidgetFamily(rawValue: "todayExpanded") }

    /// A whole e-ink or kiosk screen: TRMNL's full view (800×480 on TRMNL OG). Not a WidgetKit
    /// family: a widget draws it only when it lists it in `supportedFamilies`, and only screens
    /// in the device catalogue (`trmnl-og`, `kindle-pw5`…) have it.
    public static var dashboardFull: WidgetFamily { WidgetFamily(rawValue: "dashboardFull") }
    /// The top or bottom half of a screen, its full width: TRMNL's half horizontal view (800×240).
    public static var dashboardHalfHorizontal: WidgetFamily { WidgetFamily(rawValue: "dashboardHalfHorizontal") }
    /// The left or right half of a screen, its full height: TRMNL's half vertical view (400×480).
    public static var dashboardHalfVertical: WidgetFamily { WidgetFamily(rawValue: "dashboardHalfVertical") }
    /// A quarter of a screen: TRMNL's quadrant view (400×240).
    public static var dashboardQuadrant: WidgetFamily { WidgetFamily(rawValue: "dashboardQuadrant") }

    /// Every family WidgetRender can draw, Home Screen first, then the legacy Today families and
    /// the e-ink screens' dashboard families.
    public static var allCases: [WidgetFamily] {
        [
            .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryCircular, .accessoryRectangular,
            .accessoryInline, .todayCompact, .todayExpanded, .dashboardFull, .dashboardHalfHorizontal,
            .dashboardHalfVertical, .dashboardQuadrant,
        ]
    }

    /// The dashboard families of e-ink and kiosk screens: full, half horizontal, half vertical
    /// and quadrant, as TRMNL lays plugins out (``screenSpan`` gives each one's share).
    public static var dashboardFamilies: [WidgetFamily] {
        [.dashboardFull, .dashboardHalfHorizontal, .dashboardHalfVertical, .dashboardQuadrant]
    }

    /// True for the dashboard families of e-ink and kiosk screens.
    public var isDashboard: Bool { rawValue.hasPrefix("dashboard") }

    /// A dashboard family's share of its screen, in halves: columns and rows of a 2×2 grid
    /// (full 2×2, half horizontal 2×1, half vertical 1×2, quadrant 1×1); `nil` for the other
    /// families.
    public var screenSpan: (columns: Int, rows: Int)? {
        switch self {
        case .dashboardFull: (2, 2)
        case .dashboardHalfHorizontal: (2, 1)
        case .dashboardHalfVertical: (1, 2)
        case .dashboardQuadrant: (1, 1)
        default: nil
        }
    }

    /// The legacy Today extension families: compact and expanded.
    public static var todayFamilies: [WidgetFamily] { [.todayCompact, .todayExpanded] }

    /// True for the legacy Today extension families.
    public var isToday: Bool { rawValue.hasPrefix("today") }

    /// The name used on the command line and in output paths: `small`, `medium`,
    /// `large`, `extraLarge`, `full`, `halfHorizontal`, `halfVertical`, `quadrant`, or the
    /// accessory or Today case name.
    public var shortName: String {
        switch self {
        case .systemSmall: "small"
        case .systemMedium: "medium"
        case .systemLarge: "large"
        case .systemExtraLarge: "extraLarge"
        case .dashboardFull: "full"
        case .dashboardHalfHorizontal: "halfHorizontal"
        case .dashboardHalfVertical: "halfVertical"
        case .dashboardQuadrant: "quadrant"
        default: rawValue
        }
    }

    /// WidgetKit's case name.
    public var description: String { rawValue }

    /// True for the Lock Screen families, which WidgetKit draws without a
    /// container background and without content margins.
    public var isAccessory: Bool { rawValue.hasPrefix("accessory") }

    /// The Home Screen families: small, medium, large and extra large.
    public static var systemFamilies: [WidgetFamily] {
        [.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge]
    }

    /// Finds a family by its short name (`medium`, `quadrant`) or its full name
    /// (`systemMedium`, `dashboardQuadrant`).
    ///
    /// - Parameter name: the name, case-insensitive.
    /// - Returns: the family, or `nil` when no family has that name.
    public init?(name: String) {
        let lowered = name.lowercased()
        guard
            let match = Self.allCases.first(where: {
                $0.shortName.lowercased() == lowered || $0.rawValue.lowercased() == lowered
            })
        else { return nil }
        self = match
    }

    /// Decodes WidgetKit's case name (`"systemMedium"`).
    ///
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError.dataCorrupted` for a name no family has.
    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let family = Self.allCases.first(where: { $0.rawValue == name }) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "unknown widget family '\(name)'"))
        }
        self = family
    }

    /// Encodes WidgetKit's case name.
    ///
    /// - Parameter encoder: the encoder.
    /// - Throws: what the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
