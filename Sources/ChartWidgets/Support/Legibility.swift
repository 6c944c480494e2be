import Foundation
import WidgetRender

/// The chart widgets' rule for small text: nothing is drawn under 11 pt, the smallest size
/// Apple's own widgets use. A figure or label may shrink to fit, but only down to that size;
/// a title never shrinks: it is truncated at its own size, as Apple's widgets do.
enum Legibility {
    /// The smallest text size, in points.
    static let smallestText = 11.0

    /// The scale factor that lets text of `size` points shrink to ``smallestText`` and no further.
    static func scaleFloor(for size: Double) -> Double {
        size > smallestText ? smallestText / size : 1
    }
}

extension View {
    /// Lets text of `size` points shrink to fit, down to 11 pt (``Legibility``).
    func shrinks(from size: Double) -> ViewNode {
        minimumScaleFactor(Legibility.scaleFloor(for: size))
    }
}

/// How sibling figures print: all at one size and in one form, so they line up (a figure that
/// alone shrank to fit looked like a lesser one, and sat on another baseline).
struct FigureStyle: Equatable {
    /// The font size, in points.
    var size: Double
    /// Compact figures (`1.3M`, `134万`) instead of whole ones.
    var compact: Bool
    /// The sibling figures, which compact figures share one precision with.
    var siblings: [Double] = []

    /// The style for `values` when each has `width` points: whole at `size`, else whole at the
    /// size the longest needs (down to `smallest`), else compact at `size`.
    static func fitting(_ values: [Double], width: Double, size: Double, smallest: Double) -> FigureStyle {
        let longest = values.map { Formatting.estimatedWidth(Formatting.grouped($0), size: size) }.max() ?? 0
        guard longest > width else { return FigureStyle(size: size, compact: false) }
        let fitted = (size * width / longest * 2).rounded(.down) / 2
        return fitted >= smallest
            ? FigureStyle(size: fitted, compact: false) : FigureStyle(size: size, compact: true, siblings: values)
    }

    /// A value in this style; compact, at its siblings' precision (`3.47万` beside `5.80万`).
    func text(_ value: Double, _ locale: Locale) -> String {
        guard compact else { return Formatting.grouped(value, locale: locale) }
        guard let index = siblings.firstIndex(of: value) else { return Formatting.compact(value, locale: locale) }
        return Formatting.compact(siblings, locale: locale)[index]
    }
}
