/// A font: size, weight, slant and design, with SwiftUI's text styles as presets.
///
/// WidgetRender draws Latin text in Inter, Japanese and Korean in Noto Sans CJK, emoji in
/// Noto Color Emoji, `.monospaced` text in Noto Sans Mono and `.serif` text in Noto Serif
/// CJK; which files is pinned by the project's fontconfig file, not the machine.
///
/// ```swift
/// Text("29,039").font(.system(size: 28, weight: .bold).monospacedDigit())
/// Text("Note").font(.body.italic())
/// ```
public struct Font: Sendable, Hashable {
    /// A font weight, as CSS and Pango number them, as SwiftUI's `Font.Weight`.
    ///
    /// A struct, so that weights can be added without breaking a `switch`.
    public struct Weight: Sendable, Hashable, Comparable {
        /// The CSS weight: 100 (thin) to 900 (black).
        public let rawValue: Int

        /// A weight by its CSS number (clamped to 100…900).
        ///
        /// - Parameter rawValue: 100…900.
        public init(rawValue: Int) {
            self.rawValue = min(900, max(100, rawValue))
        }

        /// 100.
        public static var ultraLight: Weight { Weight(rawValue: 100) }
        /// 200.
        public static var thin: Weight { Weight(rawValue: 200) }
        /// 300.
        public static var light: Weight { Weight(rawValue: 300) }
        /// 400.
        public static var regular: Weight { Weight(rawValue: 400) }
        /// 500.
        public static var medium: Weight { Weight(rawValue: 500) }
        /// 600.
        public static var semibold: Weight { Weight(rawValue: 600) }
        /// 700.
        public static var bold: Weight { Weight(rawValue: 700) }
        /// 800.
        public static var heavy: Weight { Weight(rawValue: 800) }
        /// 900.
        public static var black: Weight { Weight(rawValue: 900) }

        /// Every named weight, lightest first.
        public static var allCases: [Weight] {
            [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black]
        }

        /// Lighter weights sort first.
        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The design of a typeface, as SwiftUI's `Font.Design`.
    ///
    /// `.rounded` has no face of its own here and draws in the default design.
    public struct Design: Sendable, Hashable {
        private let name: String

        /// The system face (Inter).
        public static var `default`: Design { Design(name: "default") }
        /// A serif face (Noto Serif CJK).
        public static var serif: Design { Design(name: "serif") }
        /// Rounded terminals: SF Pro Rounded on iOS; the default face here.
        public static var rounded: Design { Design(name: "rounded") }
        /// Every character the same width (Noto Sans Mono).
        public static var monospaced: Design { Design(name: "monospaced") }
    }

    /// Size in points.
    public var size: Double
    /// The weight.
    public var weight: Weight
    /// Digits of equal width, so changing numbers do not jitter.
    public var monospacedDigits: Bool
    /// Slanted.
    public var isItalic: Bool = false
    /// The typeface's design.
    public var design: Design = .default
    /// A font family of your own, admitted by the font configuration; `nil` for the system's.
    public var customFamily: String?

    /// A font of a size in points, a weight, and optionally tabular digits.
    public init(size: Double, weight: Weight = .regular, monospacedDigits: Bool = false) {
        self.size = size
        self.weight = weight
        self.monospacedDigits = monospacedDigits
    }

    /// A font of a given size, weight and design, as SwiftUI's `Font.system(size:weight:design:)`.
    public static func system(size: Double, weight: Weight = .regular, design: Design = .default) -> Font {
        var font = Font(size: size, weight: weight)
        font.design = design
        return font
    }

    /// A font family by name, as SwiftUI's `Font.custom(_:size:)`.
    ///
    /// The family must be admitted by the font configuration (see `docs/OUTPUT.md`,
    /// "Determinism"); text in a family that is not falls back to Inter.
    ///
    /// - Parameters:
    ///   - name: the family name, e.g. `"Noto Sans Mono"`.
    ///   - size: the size in points.
    /// - Returns: the font.
    public static func custom(_ name: String, size: Double) -> Font {
        var font = Font(size: size)
        font.customFamily = name
        return font
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

    /// The same font in bold.
    public func bold() -> Font { weight(.bold) }

    /// The same font, slanted.
    public func italic() -> Font {
        var copy = self
        copy.isItalic = true
        return copy
    }

    /// The same font in a design (`.monospaced`, `.serif`).
    public func design(_ design: Design) -> Font {
        var copy = self
        copy.design = design
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
