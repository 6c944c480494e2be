import Foundation

/// One thing to draw, in widget points, produced by the layout engine (each view adds its own
/// in its ``ViewBehavior``).
///
/// The display list is plain data in back-to-front order: tests can check where
/// things landed without rendering, and the renderer just walks it. Layers (opacity,
/// clip, the accent group) open with `beginLayer` and close with the matching `endLayer`.
package enum DisplayItem: Sendable, Hashable {
    case text(DisplayText)
    case shape(ShapeSpec.Kind, ShapeStyle, Rect, redacted: Bool)
    /// An outline stroked; `inside` keeps the stroke within the rectangle (`strokeBorder`).
    case stroke(ShapeSpec.Kind, ShapeStyle, StrokeStyle, inside: Bool, Rect, redacted: Bool)
    case image(ImageSpec, Rect, redacted: Bool)
    /// A drawing (a canvas's, a chart's), in widget points, clipped to the rectangle. With
    /// `fast`, its strokes and fills may be antialiased more coarsely at 2x and above (Cairo's
    /// 4×4 samples a device pixel), which no eye tells from the default there: a chart's many
    /// segments are most of its drawing time.
    case drawing([DrawingItem], Rect, redacted: Bool, fast: Bool = false)
    /// What is drawn beneath cleared to transparent within an outline (a knock-out, as a
    /// gauge's gap around its marker).
    case clear(ShapeSpec.Kind, Rect)
    /// A tappable area; drawn as nothing, recorded in the manifest.
    case hitTarget(HitTarget, Rect)
    case beginLayer(DisplayLayer)
    case endLayer

    /// The rectangle the item occupies (a layer's clip, or an empty rectangle).
    package var frame: Rect {
        switch self {
        case .text(let text): text.frame
        case .shape(_, _, let rect, _), .stroke(_, _, _, _, let rect, _), .image(_, let rect, _),
            .drawing(_, let rect, _, _), .hitTarget(_, let rect), .clear(_, let rect):
            rect
        case .beginLayer(.clip(_, let rect)): rect
        case .beginLayer, .endLayer: Rect(x: 0, y: 0, width: 0, height: 0)
        }
    }

    /// True for items that put ink on the image (not layers or hit targets).
    package var draws: Bool {
        switch self {
        case .beginLayer, .endLayer, .hitTarget: false
        case .text, .shape, .stroke, .image, .drawing, .clear: true
        }
    }
}

/// A layer of the display list: what is drawn between `beginLayer` and `endLayer`.
package enum DisplayLayer: Sendable, Hashable {
    /// Drawn as one layer at an opacity.
    case opacity(Double)
    /// Clipped to an outline of a rectangle.
    case clip(ShapeSpec.Kind, Rect)
    /// In the accent group of the accented rendering mode.
    case accent
    /// In the default group of the accented rendering mode, even inside an accentable view: a
    /// chart's axes and annotations, text read at the default group's contrast, while the
    /// marks carry the accent.
    case unaccented
    /// Drawn through a matrix `(a, b, c, d, tx, ty)` in widget points (rotated or scaled):
    /// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
    case transform([Double])
    /// Drawn over a shadow of itself: its coverage blurred (a Gaussian of standard deviation
    /// `radius` points), in `color`, moved by `x` and `y` points.
    case shadow(color: Color, radius: Double, x: Double, y: Double)
    /// Drawn blurred by a Gaussian of standard deviation `radius` points.
    case blur(radius: Double)
    /// Laid out right to left within a rectangle: its places mirrored about the rectangle's
    /// vertical centre line, while text and images inside read as they are (not mirrored).
    /// Nested mirrors undo each other.
    case mirror(Rect)

    /// A layer drawn through the linear map `(a, b, c, d)` about `point`, which stays put.
    package static func transform(a: Double, b: Double, c: Double, d: Double, about point: Point) -> DisplayLayer {
        // Move the point to the origin, transform, move it back.
        .transform([a, b, c, d, point.x - a * point.x - c * point.y, point.y - b * point.x - d * point.y])
    }
}

/// One step of a canvas drawing, resolved for its environment and placed in widget points.
package enum DrawingItem: Sendable, Hashable {
    case fill(Path, ShapeStyle)
    case stroke(Path, ShapeStyle, StrokeStyle)
    /// Text on one line, its top leading corner at a point.
    case text(StyledText, color: Color, at: Point)
}

/// Text placed by layout: the font is final (after any shrinking to fit).
package struct DisplayText: Sendable, Hashable {
    package var text: StyledText
    package var color: Color
    package var frame: Rect
    /// The width the text was measured against (wrapping and truncation depend on it).
    package var layoutWidth: Double
    package var lineLimit: Int?
    package var alignment: HorizontalAlignment
    package var redacted: Bool

    package init(
        text: StyledText, color: Color, frame: Rect, layoutWidth: Double, lineLimit: Int?,
        alignment: HorizontalAlignment, redacted: Bool
    ) {
        self.text = text
        self.color = color
        self.frame = frame
        self.layoutWidth = layoutWidth
        self.lineLimit = lineLimit
        self.alignment = alignment
        self.redacted = redacted
    }

    /// All the text.
    package var string: String { text.string }
    /// The first run's font.
    package var font: Font { text.font }
}
