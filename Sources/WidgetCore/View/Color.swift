/// A colour that may differ between light and dark appearance.
///
/// Components are 0...1, not premultiplied. Semantic colours (`primary`,
/// `secondary`, `up`, `down`, `background`) follow Apple's system palette.
///
/// ```swift
/// Text("+2.3%").foregroundStyle(.up)
/// Color(red: 1, green: 0.6, blue: 0).opacity(0.5)
/// ```
public struct Color: Sendable, Hashable {
    /// One colour's components.
    public struct RGBA: Sendable, Hashable {
        /// Red, 0…1.
        public var red: Double
        /// Green, 0…1.
        public var green: Double
        /// Blue, 0…1.
        public var blue: Double
        /// Opacity, 0…1 (not premultiplied).
        public var alpha: Double

        /// Components, 0…1.
        public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// From a 0xRRGGBB literal.
        public init(hex: UInt32, alpha: Double = 1) {
            self.init(
                red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                blue: Double(hex & 0xFF) / 255, alpha: alpha)
        }

        /// This colour moved `t` of the way to `other` (0: this, 1: `other`), channel by channel.
        package func mixed(with other: RGBA, by t: Double) -> RGBA {
            RGBA(
                red: red + (other.red - red) * t, green: green + (other.green - green) * t,
                blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
        }
    }

    /// The colour in light appearance.
    public var light: RGBA
    /// The colour in dark appearance.
    public var dark: RGBA
    /// 0 for a plain colour; 1, 2, 3 for `.secondary`, `.tertiary`, `.quaternary`, which follow
    /// the foreground colour where they are used (see ``resolved(against:)``).
    package var level = 0

    /// The same colour in both appearances.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        let rgba = RGBA(red: red, green: green, blue: blue, alpha: opacity)
        light = rgba
        dark = rgba
    }

    /// Different colours for light and dark appearance.
    public init(light: RGBA, dark: RGBA) {
        self.light = light
        self.dark = dark
    }

    /// From a 0xRRGGBB literal, the same in both appearances.
    public init(hex: UInt32) {
        self.init(light: RGBA(hex: hex), dark: RGBA(hex: hex))
    }

    /// A grey, the same in both appearances, as SwiftUI's `Color(white:opacity:)`.
    ///
    /// - Parameters:
    ///   - white: 0 (black) … 1 (white).
    ///   - opacity: 0…1.
    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    private init(level: Int, light: RGBA, dark: RGBA) {
        self.init(light: light, dark: dark)
        self.level = level
    }

    /// The opacity a hierarchical level gives a foreground colour that is not the system's label colour.
    private static func levelOpacity(_ level: Int) -> Double {
        switch level {
        case 1: 0.6
        case 2: 0.3
        default: 0.18
        }
    }

    /// A hierarchical colour (`.secondary`, `.tertiary`, `.quaternary`) as it looks under a
    /// foreground colour, as SwiftUI's hierarchical shape styles: the system's label colours
    /// under the default foreground, the foreground at a lower opacity under any other
    /// (white at 60 % for `.secondary` on the Lock Screen). Plain colours are returned as they are.
    ///
    /// - Parameter foreground: the foreground colour where the colour is used.
    /// - Returns: a plain colour.
    public func resolved(against foreground: Color) -> Color {
        guard level > 0 else { return self }
        var plain = self
        plain.level = 0
        guard foreground != .primary else { return plain }
        // The extra opacity a view asked for (`.secondary.opacity(0.5)`) is kept.
        let base = Self.hierarchical(level).light.alpha
        let extra = base > 0 ? light.alpha / base : 1
        return foreground.opacity(Self.levelOpacity(level) * extra)
    }

    private static func hierarchical(_ level: Int) -> Color {
        switch level {
        case 1: secondary
        case 2: tertiary
        default: quaternary
        }
    }

    /// The components for an appearance.
    public func resolved(in scheme: ColorScheme) -> RGBA {
        scheme == .light ? light : dark
    }

    /// The colour with its alpha multiplied by `value`.
    public func opacity(_ value: Double) -> Color {
        var copy = self
        copy.light.alpha *= value
        copy.dark.alpha *= value
        return copy
    }

    /// Text and lines: near black on light, white on dark.
    public static var primary: Color { Color(light: RGBA(hex: 0x000000), dark: RGBA(hex: 0xFFFFFF)) }
    /// Labels and captions: iOS's secondary label colour, or the foreground at 60 % under
    /// another foreground colour (see ``resolved(against:)``).
    public static var secondary: Color {
        Color(level: 1, light: RGBA(hex: 0x3C3C43, alpha: 0.6), dark: RGBA(hex: 0xEBEBF5, alpha: 0.6))
    }
    /// Less important text: iOS's tertiary label colour, or the foreground at 30 %.
    public static var tertiary: Color {
        Color(level: 2, light: RGBA(hex: 0x3C3C43, alpha: 0.3), dark: RGBA(hex: 0xEBEBF5, alpha: 0.3))
    }
    /// Hints and disabled content: iOS's quaternary label colour, or the foreground at 18 %.
    public static var quaternary: Color {
        Color(level: 3, light: RGBA(hex: 0x3C3C43, alpha: 0.18), dark: RGBA(hex: 0xEBEBF5, alpha: 0.16))
    }
    /// iOS's separator colour, as ``Divider`` draws it.
    public static var separator: Color {
        Color(light: RGBA(hex: 0x3C3C43, alpha: 0.29), dark: RGBA(hex: 0x545458, alpha: 0.6))
    }
    /// The widget's default container background.
    public static var background: Color { Color(light: RGBA(hex: 0xFFFFFF), dark: RGBA(hex: 0x1C1C1E)) }
    /// The accent colour.
    public static var accentColor: Color { .blue }
    /// iOS's system red.
    public static var red: Color { Color(light: RGBA(hex: 0xFF3B30), dark: RGBA(hex: 0xFF453A)) }
    /// iOS's system orange.
    public static var orange: Color { Color(light: RGBA(hex: 0xFF9500), dark: RGBA(hex: 0xFF9F0A)) }
    /// iOS's system yellow.
    public static var yellow: Color { Color(light: RGBA(hex: 0xFFCC00), dark: RGBA(hex: 0xFFD60A)) }
    /// iOS's system green.
    public static var green: Color { Color(light: RGBA(hex: 0x34C759), dark: RGBA(hex: 0x30D158)) }
    /// iOS's system mint.
    public static var mint: Color { Color(light: RGBA(hex: 0x00C7BE), dark: RGBA(hex: 0x63E6E2)) }
    /// iOS's system teal.
    public static var teal: Color { Color(light: RGBA(hex: 0x30B0C7), dark: RGBA(hex: 0x40C8E0)) }
    /// iOS's system cyan.
    public static var cyan: Color { Color(light: RGBA(hex: 0x32ADE6), dark: RGBA(hex: 0x64D2FF)) }
    /// iOS's system blue.
    public static var blue: Color { Color(light: RGBA(hex: 0x007AFF), dark: RGBA(hex: 0x0A84FF)) }
    /// iOS's system indigo.
    public static var indigo: Color { Color(light: RGBA(hex: 0x5856D6), dark: RGBA(hex: 0x5E5CE6)) }
    /// iOS's system purple.
    public static var purple: Color { Color(light: RGBA(hex: 0xAF52DE), dark: RGBA(hex: 0xBF5AF2)) }
    /// iOS's system pink.
    public static var pink: Color { Color(light: RGBA(hex: 0xFF2D55), dark: RGBA(hex: 0xFF375F)) }
    /// iOS's system brown.
    public static var brown: Color { Color(light: RGBA(hex: 0xA2845E), dark: RGBA(hex: 0xAC8E68)) }
    /// iOS's system gray.
    public static var gray: Color { Color(light: RGBA(hex: 0x8E8E93), dark: RGBA(hex: 0x8E8E93)) }
    /// White in both appearances.
    public static var white: Color { Color(hex: 0xFFFFFF) }
    /// Black in both appearances.
    public static var black: Color { Color(hex: 0x000000) }
    /// Fully transparent.
    public static var clear: Color { Color(red: 0, green: 0, blue: 0, opacity: 0) }
}
