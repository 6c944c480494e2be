/// How the system draws a widget, as WidgetKit's `WidgetRenderingMode`; read it with
/// `@Environment(\.widgetRenderingMode)`.
///
/// - `fullColor`: the Home Screen and Today View: colours as given.
/// - `accented`: a tinted Home Screen: the container background is removed and every view is
///   painted one solid tint, keeping only its opacity; views marked `.widgetAccentable()` take
///   the accent tint, the others the primary tint (white).
/// - `vibrant`: the Lock Screen: the background is removed and content is desaturated, its
///   brightness becoming opacity over the wallpaper. Accessory families draw this way by default.
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
