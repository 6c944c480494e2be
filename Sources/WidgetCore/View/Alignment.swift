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
    /// In an `HStack`, children share the baseline of their first line of text (a child
    /// without text: its bottom edge), as SwiftUI's: a 16 pt title and a 12 pt subtitle beside
    /// it sit on one line. Elsewhere, the top.
    case firstTextBaseline
    /// In an `HStack`, children share the baseline of their last line of text; elsewhere, the
    /// bottom.
    case lastTextBaseline
}

/// Placement on both axes, as SwiftUI's `Alignment`.
public struct Alignment: Sendable, Hashable {
    /// Placement across.
    public var horizontal: HorizontalAlignment
    /// Placement up and down.
    public var vertical: VerticalAlignment

    /// An alignment on both axes.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Centred both ways.
    public static var center: Alignment { Alignment(horizontal: .center, vertical: .center) }
    /// At the leading edge, centred vertically.
    public static var leading: Alignment { Alignment(horizontal: .leading, vertical: .center) }
    /// At the trailing edge, centred vertically.
    public static var trailing: Alignment { Alignment(horizontal: .trailing, vertical: .center) }
    /// At the top, centred horizontally.
    public static var top: Alignment { Alignment(horizontal: .center, vertical: .top) }
    /// At the bottom, centred horizontally.
    public static var bottom: Alignment { Alignment(horizontal: .center, vertical: .bottom) }
    /// The top leading corner.
    public static var topLeading: Alignment { Alignment(horizontal: .leading, vertical: .top) }
    /// The top trailing corner.
    public static var topTrailing: Alignment { Alignment(horizontal: .trailing, vertical: .top) }
    /// The bottom leading corner.
    public static var bottomLeading: Alignment { Alignment(horizontal: .leading, vertical: .bottom) }
    /// The bottom trailing corner.
    public static var bottomTrailing: Alignment { Alignment(horizontal: .trailing, vertical: .bottom) }
}
