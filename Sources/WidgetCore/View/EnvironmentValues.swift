/// Values a view inherits from its ancestors, as SwiftUI's environment.
public struct EnvironmentValues: Sendable, Hashable {
    public var font: Font = .body
    public var foreground: Color = .primary
    public var lineLimit: Int?
    public var minimumScaleFactor: Double = 1
    public var textAlignment: HorizontalAlignment = .leading
    /// True when drawing the placeholder: text and images become rounded bars.
    public var redacted: Bool = false
    public var colorScheme: ColorScheme = .light

    public init() {}

    /// The values after a change.
    public func applying(_ change: EnvironmentChange) -> EnvironmentValues {
        var copy = self
        switch change {
        case .font(let font): copy.font = font
        case .foreground(let color): copy.foreground = color
        case .lineLimit(let limit): copy.lineLimit = limit
        case .minimumScaleFactor(let factor): copy.minimumScaleFactor = factor
        case .textAlignment(let alignment): copy.textAlignment = alignment
        case .unredacted: copy.redacted = false
        }
        return copy
    }
}

/// One change a modifier makes to the environment.
public enum EnvironmentChange: Sendable, Hashable {
    case font(Font)
    case foreground(Color)
    case lineLimit(Int?)
    case minimumScaleFactor(Double)
    case textAlignment(HorizontalAlignment)
    /// Shows the subtree even in the placeholder.
    case unredacted
}
