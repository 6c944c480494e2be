/// The direction a view lays out in, as SwiftUI's `LayoutDirection`: leading is the left edge
/// in `leftToRight` and the right edge in `rightToLeft`.
///
/// ```swift
/// PriceChart().environment(\.layoutDirection, .leftToRight)   // keep one part unmirrored
/// ```
public enum LayoutDirection: String, CaseIterable, Hashable, Sendable {
    /// Left to right: English, Japanese, Hindi…
    case leftToRight
    /// Right to left: Arabic, Hebrew, Persian, Urdu.
    case rightToLeft
}
