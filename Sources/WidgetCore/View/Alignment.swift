/// Horizontal placement inside a larger space.
public enum HorizontalAlignment: Sendable, Hashable {
    case leading
    case center
    case trailing
}

/// Vertical placement inside a larger space.
public enum VerticalAlignment: Sendable, Hashable {
    case top
    case center
    case bottom
}

/// Placement on both axes, as SwiftUI's `Alignment`.
public struct Alignment: Sendable, Hashable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static var center: Alignment { Alignment(horizontal: .center, vertical: .center) }
    public static var leading: Alignment { Alignment(horizontal: .leading, vertical: .center) }
    public static var trailing: Alignment { Alignment(horizontal: .trailing, vertical: .center) }
    public static var top: Alignment { Alignment(horizontal: .center, vertical: .top) }
    public static var bottom: Alignment { Alignment(horizontal: .center, vertical: .bottom) }
    public static var topLeading: Alignment { Alignment(horizontal: .leading, vertical: .top) }
    public static var topTrailing: Alignment { Alignment(horizontal: .trailing, vertical: .top) }
    public static var bottomLeading: Alignment { Alignment(horizontal: .leading, vertical: .bottom) }
    public static var bottomTrailing: Alignment { Alignment(horizontal: .trailing, vertical: .bottom) }
}
