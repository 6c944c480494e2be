import WidgetRender
/// Which way a change went, as the widgets show it: a change that rounds to zero at the
/// shown precision is flat (no arrow, no sign, secondary colour), not up.
public enum ChangeTrend: Sendable, Hashable {
    case up
    case down
    case flat

    /// The trend of a percentage shown with two decimals: `0.004` is flat, `0.005` is up.
    ///
    /// ```swift
    /// ChangeTrend(percent: 0)      // .flat
    /// ChangeTrend(percent: -1.2)   // .down
    /// ```
    ///
    /// - Parameters:
    ///   - percent: the change in percent; not finite counts as flat.
    public init(percent: Double) {
        let hundredths = (percent * 100).rounded()
        if !hundredths.isFinite || hundredths == 0 {
            self = .flat
        } else {
            self = hundredths > 0 ? .up : .down
        }
    }
}

extension Color {
    /// The built-in widgets' accent: a darker orange than iOS's in light mode, for 4.5:1 text contrast.
    static var chartAccent: Color { Color(light: RGBA(hex: 0xC93400), dark: RGBA(hex: 0xFF9F0A)) }
}

/// The COVID-19 widgets' colours: orange cases, purple deaths, green recoveries, the same hues
/// in light and dark mode. Each reads as text on the widget (4.5:1 or more) and each pair stays
/// at least ΔE 34 apart in CIELAB for protanopia, deuteranopia and tritanopia as well as for
/// typical vision (`CaseColorTests` checks all three; a purple beside a blue, as before, fell to
/// ΔE 9 for protanopes).
enum CaseColors {
    /// Confirmed cases.
    static var cases: Color { .chartAccent }
    /// Deaths.
    static var deaths: Color { Color(light: .init(hex: 0x7A3FA8), dark: .init(hex: 0xC7A0F5)) }
    /// Recoveries.
    static var recovered: Color { Color(light: .init(hex: 0x007A5E), dark: .init(hex: 0x3DD69A)) }
    /// Active cases.
    static var active: Color { Color.secondary.opacity(0.6) }

    /// A category's label (Cases, Deaths, Recovered): its colour in full colour; `secondary` in
    /// the accented and vibrant modes, where one tint or ink would draw it as loud as its figure.
    static func label(_ color: Color, fullColor: Bool, secondary: Color = .secondary) -> Color {
        fullColor ? color : secondary
    }

    /// The share bar's and its legend's colours: hues in full colour; in the accented and
    /// vibrant modes, where one tint or ink draws every part, opacities that keep neighbouring
    /// segments apart (active 30 %, recovered 100 %, deaths 60 %).
    static func shares(in mode: WidgetRenderingMode) -> (active: Color, recovered: Color, deaths: Color) {
        guard mode != .fullColor else { return (active, recovered, deaths) }
        return (Color.primary.opacity(0.3), Color.primary, Color.primary.opacity(0.6))
    }
}
