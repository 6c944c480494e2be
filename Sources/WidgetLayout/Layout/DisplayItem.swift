import WidgetCore

/// One thing to draw, in widget points, produced by ``LayoutEngine``.
///
/// The display list is plain data in back-to-front order: tests can check where
/// things landed without rendering, and the renderer just walks it.
package enum DisplayItem: Sendable, Hashable {
    case text(DisplayText)
    case shape(ShapeSpec.Kind, ShapeStyle, Rect, redacted: Bool)
    /// `labelColor` is for the min/max labels: the environment's foreground, dimmed.
    case lineChart(LineChartSpec, Rect, color: Color, labelColor: Color, redacted: Bool)
    case candlestickChart(CandlestickChartSpec, Rect, labelColor: Color, redacted: Bool)
    case image(ImageSpec, Rect, redacted: Bool)

    /// The rectangle the item occupies.
    package var frame: Rect {
        switch self {
        case .text(let text): text.frame
        case .shape(_, _, let rect, _), .lineChart(_, let rect, _, _, _), .candlestickChart(_, let rect, _, _),
            .image(_, let rect, _):
            rect
        }
    }
}

/// Text placed by layout: the font is final (after any shrinking to fit).
package struct DisplayText: Sendable, Hashable {
    package var string: String
    package var font: Font
    package var color: Color
    package var frame: Rect
    /// The width the text was measured against (wrapping and truncation depend on it).
    package var layoutWidth: Double
    package var lineLimit: Int?
    package var alignment: HorizontalAlignment
    package var redacted: Bool

    package init(
        string: String, font: Font, color: Color, frame: Rect, layoutWidth: Double, lineLimit: Int?,
        alignment: HorizontalAlignment,
        redacted: Bool
    ) {
        self.string = string
        self.font = font
        self.color = color
        self.frame = frame
        self.layoutWidth = layoutWidth
        self.lineLimit = lineLimit
        self.alignment = alignment
        self.redacted = redacted
    }
}
