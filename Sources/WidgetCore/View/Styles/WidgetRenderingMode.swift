/// How the system draws a widget, as WidgetKit's `WidgetRenderingMode`; read it with
/// `@Environment(\.widgetRenderingMode)`.
///
/// - `fullColor`: the Home Screen and Today View: colours as given.
/// - `accented`: a tinted Home Screen: the container background becomes glass of the tint
///   (``defaultTint``, iOS's tinted blue, unless another is given), and every view is painted
///   one solid colour, keeping only its opacity: views marked `.widgetAccentable()` in the
///   tint, the others in a desaturated near-white (dark appearance) or near-black (light).
///   Meaning carried by hue alone is lost, so a widget tells things apart by shape, fill or
///   opacity in this mode (`@Environment(\.widgetRenderingMode)`).
/// - `vibrant`: the Lock Screen: the background is removed and content is desaturated, its
///   brightness (the strongest of its red, green and blue, so a red or green figure stays as
///   bright as white text and above `.secondary`) becoming opacity. The colour scheme names the
///   wallpaper: dark draws white ink, light draws dark ink. Views resolve their colours in the
///   dark appearance either way. Accessory families draw this way by default.
///
/// A struct, so that modes can be added without breaking a `switch`.
public struct WidgetRenderingMode: Sendable, Hashable, CustomStringConvertible {
    /// `fullColor`, `accented` or `vibrant`.
    public let name: String

    private init(name: String) {
        self.name = name
    }

    /// Colours as given.
    public static var fullColor: WidgetRenderingMode { WidgetRenderingMode(name: "fullColor") }
    /// Two tints, background removed (tinted Home Screen).
    public static var accented: WidgetRenderingMode { WidgetRenderingMode(name: "accented") }
    /// Desaturated, brightness as opacity (Lock Screen).
    public static var vibrant: WidgetRenderingMode { WidgetRenderingMode(name: "vibrant") }

    /// Every mode.
    public static var allCases: [WidgetRenderingMode] { [.fullColor, .accented, .vibrant] }

    /// A mode by name: `full-color`, `fullColor`, `accented` or `vibrant` (any case).
    ///
    /// - Parameter name: the name.
    public init?(named name: String) {
        let key = name.lowercased().replacingOccurrences(of: "-", with: "")
        guard let mode = Self.allCases.first(where: { $0.name.lowercased() == key }) else { return nil }
        self = mode
    }

    /// The mode WidgetKit uses for a family: vibrant on the Lock Screen, full colour elsewhere.
    ///
    /// - Parameter family: the family.
    /// - Returns: the mode.
    public static func `default`(for family: WidgetFamily) -> WidgetRenderingMode {
        family.isAccessory ? .vibrant : .fullColor
    }

    /// The name as the command line writes it: `full-color`, `accented`, `vibrant`.
    public var description: String { self == .fullColor ? "full-color" : name }

    /// The accented mode's tint unless another is given: the blue of iOS's tinted Home Screen,
    /// #0A84FF.
    public static let defaultTint = Color.RGBA(hex: 0x0A84FF)

    /// The tints a name gives: iOS's system colours as the tinted Home Screen shows them.
    public static let namedTints: KeyValuePairs<String, UInt32> = [
        "blue": 0x0A84FF, "brown": 0xAC8E68, "cyan": 0x64D2FF, "gray": 0x8E8E93, "green": 0x30D158,
        "indigo": 0x5E5CE6, "mint": 0x63E6E2, "orange": 0xFF9F0A, "pink": 0xFF375F, "purple": 0xBF5AF2,
        "red": 0xFF453A, "teal": 0x40CBE0, "yellow": 0xFFD60A,
    ]

    /// A tint from `#RRGGBB`, `RRGGBB` or a system colour's name (``namedTints``: `blue`,
    /// `orange`, …, any case); `nil` for anything else.
    ///
    /// - Parameter text: the colour as written.
    /// - Returns: the tint, opaque.
    public static func tint(named text: String) -> Color.RGBA? {
        let key = text.lowercased()
        if let named = namedTints.first(where: { $0.key == key }) { return Color.RGBA(hex: named.value) }
        let digits = key.hasPrefix("#") ? key.dropFirst() : Substring(key)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        return Color.RGBA(hex: value)
    }

    /// A tint as `#RRGGBB`, as ``tint(named:)`` reads it back.
    ///
    /// - Parameter tint: the tint (its opacity is ignored).
    public static func hexName(of tint: Color.RGBA) -> String {
        func byte(_ value: Double) -> Int { Int((min(1, max(0, value)) * 255).rounded()) }
        let value = byte(tint.red) << 16 | byte(tint.green) << 8 | byte(tint.blue)
        let digits = String(value, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }
}

/// Why content is drawn redacted, as SwiftUI's `RedactionReasons`.
public struct RedactionReasons: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: Int

    /// Reasons from bits.
    ///
    /// - Parameter rawValue: the bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The placeholder: text and images become rounded bars.
    public static let placeholder = RedactionReasons(rawValue: 1)
    /// Private data, hidden on a locked device (drawn like the placeholder here).
    public static let privacy = RedactionReasons(rawValue: 2)
}

/// The edges of a rectangle, as SwiftUI's `Edge`.
public enum Edge: Sendable, Hashable, CaseIterable {
    /// The top edge.
    case top
    /// The leading (left) edge.
    case leading
    /// The bottom edge.
    case bottom
    /// The trailing (right) edge.
    case trailing

    /// A set of edges, as SwiftUI's `Edge.Set`: `.horizontal`, `.vertical`, `.all` or single edges.
    public struct Set: OptionSet, Sendable, Hashable {
        /// The bits.
        public let rawValue: Int

        /// Edges from bits.
        ///
        /// - Parameter rawValue: the bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// The top edge.
        public static let top = Set(rawValue: 1)
        /// The leading edge.
        public static let leading = Set(rawValue: 2)
        /// The bottom edge.
        public static let bottom = Set(rawValue: 4)
        /// The trailing edge.
        public static let trailing = Set(rawValue: 8)
        /// Leading and trailing.
        public static let horizontal: Set = [.leading, .trailing]
        /// Top and bottom.
        public static let vertical: Set = [.top, .bottom]
        /// Every edge.
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

/// How a view fits a space of another shape, as SwiftUI's `ContentMode`.
public struct ContentMode: Sendable, Hashable {
    private let name: String

    /// Inside the space, aspect kept.
    public static var fit: ContentMode { ContentMode(name: "fit") }
    /// Covering the space, aspect kept.
    public static var fill: ContentMode { ContentMode(name: "fill") }
}
