import WidgetCore

/// Measures text for layout; the renderer implements it with Pango so that layout
/// itself never touches Cairo.
///
/// Contract: the returned size is the ink-independent logical size of `text` set
/// in `font`, wrapped to `maxWidth` when given (never wider than it unless a
/// single glyph is), limited to `lineLimit` lines with an ellipsis when given.
/// The same arguments must always give the same size.
package protocol TextMeasuring {
    /// The size of `text` in points.
    func measure(_ text: String, font: Font, maxWidth: Double?, lineLimit: Int?) -> Size
    /// The size of styled text (runs of fonts, symbols, line spacing) in points.
    func measure(_ text: StyledText, maxWidth: Double?, lineLimit: Int?) -> Size
    /// Where the first and the last line's baselines fall, in points from the text's top.
    func baselines(_ text: StyledText, maxWidth: Double?, lineLimit: Int?) -> (first: Double, last: Double)
}

extension TextMeasuring {
    /// Styled text measured as its plain string in its first run's font.
    package func measure(_ text: StyledText, maxWidth: Double?, lineLimit: Int?) -> Size {
        measure(text.string, font: text.font, maxWidth: maxWidth, lineLimit: lineLimit)
    }

    /// Baselines from the font's size, for measurers that know no font metrics: the first at
    /// 0.97 of the size (Inter's ascent), the last a quarter of the size above the bottom.
    package func baselines(_ text: StyledText, maxWidth: Double?, lineLimit: Int?) -> (first: Double, last: Double) {
        let height = measure(text, maxWidth: maxWidth, lineLimit: lineLimit).height
        return (min(height, text.font.size * 0.97), max(0, height - text.font.size * 0.24))
    }
}

/// A proposal from a parent: a width and height, either of which may be left open.
package typealias ProposedSize = ProposedViewSize
