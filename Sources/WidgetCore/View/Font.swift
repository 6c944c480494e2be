/// A font size and weight, with SwiftUI's text styles as presets.
///
/// WidgetRender draws Latin text in Inter and Japanese and Korean in Noto Sans
/// CJK; which files is pinned by the project's fontconfig file, not the machine.
///
/// ```swift
/// Text("29,039").font(.system(size: 28, weight: .bold).monospacedDigit())
/// ```
public struct Font: Sendable, Hashable {
    /// A font weight, as CSS / Pango numbers them.
    public enum Weight: Int, Sendable, Hashable, CaseIterable {
        case regular = 400
        case medium = 500
        case semibold = 600
        case bold = 700
        case heavy = 800
    }

    /// Size in points.
    public var size: Double
    /// The weight.
    public var weight: Weight
    /// Digits of equal width, so changing numbers do not jitter.
    public var monospacedDigits: Bool

    /// A font of a size in points, a weight, and optionally tabular digits.
    public init(size: Double, weight: Weight = .regular, monospacedDigits: Bool = false) {
        self.size = size
        self.weight = weight
        self.monospacedDigits = monospacedDigits
    }

    /// A font of a given size and weight.
    public static func system(size: Double, weight: Weight = .regular) -> Font {
        Font(size: size, weight: weight)
    }

    /// The same font with tabular digits.
    public func monospacedDigit() -> Font {
        var copy = self
        copy.monospacedDigits = true
        return copy
    }

    /// The same font with another weight.
    public func weight(_ weight: Weight) -> Font {
        var copy = self
        copy.weight = weight
        return copy
    }

    /// SwiftUI's large title: 34 pt.
    public static var largeTitle: Font { Font(size: 34) }
    /// SwiftUI's title: 28 pt.
    public static var title: Font { Font(size: 28) }
    /// SwiftUI's second title: 22 pt.
    public static var title2: Font { Font(size: 22) }
    /// SwiftUI's third title: 20 pt.
    public static var title3: Font { Font(size: 20) }
    /// SwiftUI's headline: 17 pt semibold.
    public static var headline: Font { Font(size: 17, weight: .semibold) }
    /// SwiftUI's body text: 17 pt.
    public static var body: Font { Font(size: 17) }
    /// SwiftUI's callout: 16 pt.
    public static var callout: Font { Font(size: 16) }
    /// SwiftUI's subheadline: 15 pt.
    public static var subheadline: Font { Font(size: 15) }
    /// SwiftUI's footnote: 13 pt.
    public static var footnote: Font { Font(size: 13) }
    /// SwiftUI's caption: 12 pt.
    public static var caption: Font { Font(size: 12) }
    /// SwiftUI's second caption: 11 pt.
    public static var caption2: Font { Font(size: 11) }
}
