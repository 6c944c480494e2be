/// A widget size and shape, as WidgetKit's `WidgetFamily` names them.
///
/// The raw value is WidgetKit's case name (`systemMedium`); ``shortName`` is the
/// name the command line and the output folders use (`medium`).
///
/// ```swift
/// let family = WidgetFamily(name: "medium")  // .systemMedium
/// ```
public enum WidgetFamily: String, CaseIterable, Codable, Sendable, Hashable {
    case systemSmall
    case systemMedium
    case systemLarge
    case systemExtraLarge
    case accessoryCircular
    case accessoryRectangular
    case accessoryInline

    /// The name used on the command line and in output paths: `small`, `medium`,
    /// `large`, `extraLarge`, or the accessory case name.
    public var shortName: String {
        switch self {
        case .systemSmall: "small"
        case .systemMedium: "medium"
        case .systemLarge: "large"
        case .systemExtraLarge: "extraLarge"
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: rawValue
        }
    }

    /// True for the Lock Screen families, which WidgetKit draws without a
    /// container background and without content margins.
    public var isAccessory: Bool {
        switch self {
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: true
        default: false
        }
    }

    /// The Home Screen families: small, medium, large and extra large.
    public static var systemFamilies: [WidgetFamily] {
        [.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge]
    }

    /// Finds a family by its short name (`medium`) or its WidgetKit name (`systemMedium`).
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
}
