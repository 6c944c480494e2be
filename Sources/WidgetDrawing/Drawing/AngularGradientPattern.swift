import CCairo
import Foundation
import WidgetCore

/// An angular gradient as a Cairo mesh pattern (Cairo has no conic gradient): a fan of thin
/// sectors about the centre, each a patch whose colour runs from one edge to the other and is
/// constant along its radius.
enum AngularGradientPattern {
    /// The widest sector, in radians (2°): within one, colour follows the chord rather than the
    /// angle, which is within 0.01% of the angle at this width.
    private static let sector = 2 * Double.pi / 180

    /// A mesh pattern covering `rect` (the caller destroys it), or `nil` without colours.
    ///
    /// - Parameters:
    ///   - stops: the colours, evenly spread from `start` to `end` (radians clockwise from the
    ///     trailing direction; `end - start` within one turn).
    ///   - center: the centre, in unit coordinates of `rect`.
    static func make(stops: [Color.RGBA], center: Point, start: Double, end: Double, in rect: Rect) -> OpaquePointer? {
        guard !stops.isEmpty, let pattern = cairo_pattern_create_mesh() else { return nil }
        let cx = rect.minX + center.x * rect.width
        let cy = rect.minY + center.y * rect.height
        // Far enough that each sector's straight outer edge is beyond every corner of the rect.
        let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)]
        let reach = corners.map { hypot($0.0 - cx, $0.1 - cy) }.max() ?? 0
        let radius = (reach + 1) / cos(sector / 2) + 1
        let span = end - start
        let gap = 2 * Double.pi - span
        // The gradient's span, then the gap: the last colour to its middle, then the first.
        var pieces: [(from: Double, to: Double, colour: (Double) -> Color.RGBA)] = []
        if span > 1e-9 { pieces.append((start, end, { colour(stops, at: ($0 - start) / span) })) }
        if gap > 1e-9 {
            let last = stops[stops.count - 1]
            let first = stops[0]
            pieces.append((end, end + gap / 2, { _ in last }))
            pieces.append((end + gap / 2, end + gap, { _ in first }))
        }
        for piece in pieces {
            let count = max(1, Int(((piece.to - piece.from) / sector).rounded(.up)))
            for index in 0..<count {
                let a0 = piece.from + (piece.to - piece.from) * Double(index) / Double(count)
                let a1 = piece.from + (piece.to - piece.from) * Double(index + 1) / Double(count)
                let c0 = piece.colour(a0)
                let c1 = piece.colour(a1)
                cairo_mesh_pattern_begin_patch(pattern)
                cairo_mesh_pattern_move_to(pattern, cx, cy)
                cairo_mesh_pattern_line_to(pattern, cx + radius * cos(a0), cy + radius * sin(a0))
                cairo_mesh_pattern_line_to(pattern, cx + radius * cos(a1), cy + radius * sin(a1))
                cairo_mesh_pattern_line_to(pattern, cx, cy)
                for (corner, rgba) in [(0, c0), (1, c0), (2, c1), (3, c1)] {
                    cairo_mesh_pattern_set_corner_color_rgba(
                        pattern, UInt32(corner), rgba.red, rgba.green, rgba.blue, rgba.alpha)
                }
                cairo_mesh_pattern_end_patch(pattern)
            }
        }
        return pattern
    }

    /// The colour at `t` (0…1) of evenly spread stops, blended as Cairo blends gradient stops
    /// (unpremultiplied; a transparent stop takes its neighbour's colour, as the other gradients).
    private static func colour(_ stops: [Color.RGBA], at t: Double) -> Color.RGBA {
        guard stops.count > 1 else { return stops[0] }
        let position = min(1, max(0, t)) * Double(stops.count - 1)
        let index = min(stops.count - 2, Int(position))
        let f = position - Double(index)
        var a = stops[index]
        var b = stops[index + 1]
        if a.alpha == 0 { a = Color.RGBA(red: b.red, green: b.green, blue: b.blue, alpha: 0) }
        if b.alpha == 0 { b = Color.RGBA(red: a.red, green: a.green, blue: a.blue, alpha: 0) }
        return Color.RGBA(
            red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
            blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
    }
}
