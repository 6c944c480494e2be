import CCairo
import WidgetCore

/// Vertical gradients drawn once per place, size and colour, and reused by the next render.
///
/// A chart's area fill is a vertical gradient under the line. Filling a path with a gradient
/// makes pixman compute the gradient and composite it on its general (slow) path on every
/// render; the same gradient kept as pixels at whole device pixels composites on its fast
/// path, with the same pixels (the gradient is sampled at the same device pixel centres).
final class GradientCache {
    private struct Key: Hashable {
        var width: Int
        var height: Int
        /// The transform (scale, and offset from the area's whole-pixel origin).
        var xx: Double
        var yy: Double
        var x0: Double
        var y0: Double
        /// The gradient, in user space: from `top` with `from` to `bottom` with `to`.
        var top: Double
        var bottom: Double
        var from: Color.RGBA
        var to: Color.RGBA
    }

    private var surfaces: [Key: CairoSurface] = [:]

    /// A vertical linear gradient pattern (the caller destroys it).
    static func linear(top: Double, bottom: Double, from: Color.RGBA, to: Color.RGBA) -> OpaquePointer? {
        guard let pattern = cairo_pattern_create_linear(0, top, 0, bottom) else { return nil }
        cairo_pattern_add_color_stop_rgba(pattern, 0, from.red, from.green, from.blue, from.alpha)
        cairo_pattern_add_color_stop_rgba(pattern, 1, to.red, to.green, to.blue, to.alpha)
        return pattern
    }

    /// A source pattern for filling inside `area` (user space) with the vertical gradient
    /// from `top` (colour `from`) to `bottom` (colour `to`); the caller destroys it.
    ///
    /// - Returns: `nil` when the transform rotates or shears, or the area is too large to
    ///   keep; the caller then uses a gradient pattern.
    func pattern(
        on cr: OpaquePointer, area: Rect, top: Double, bottom: Double, from: Color.RGBA, to: Color.RGBA
    ) -> OpaquePointer? {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.yy > 0 else { return nil }
        var (x0, y0, x1, y1) = (area.minX, area.minY, area.maxX, area.maxY)
        cairo_user_to_device(cr, &x0, &y0)
        cairo_user_to_device(cr, &x1, &y1)
        let left = x0.rounded(.down)
        let upper = y0.rounded(.down)
        let width = x1.rounded(.up) - left
        let height = y1.rounded(.up) - upper
        guard left.isFinite, upper.isFinite, width >= 1, height >= 1, width * height <= 2048 * 2048,
            abs(left) < 1_048_576, abs(upper) < 1_048_576
        else { return nil }
        let key = Key(
            width: Int(width), height: Int(height), xx: matrix.xx, yy: matrix.yy, x0: matrix.x0 - left,
            y0: matrix.y0 - upper, top: top, bottom: bottom, from: from, to: to)
        var moved = matrix
        moved.x0 -= left
        moved.y0 -= upper
        let surface: CairoSurface
        if let known = surfaces[key] {
            surface = known
        } else {
            guard let made = try? CairoSurface(width: key.width, height: key.height),
                let scratch = try? CairoContext(surface: made),
                let gradient = Self.linear(top: top, bottom: bottom, from: from, to: to)
            else { return nil }
            cairo_set_matrix(scratch.pointer, &moved)
            cairo_set_source(scratch.pointer, gradient)
            cairo_paint(scratch.pointer)
            cairo_pattern_destroy(gradient)
            cairo_surface_flush(made.pointer)
            // A few sizes and colours in one run; start afresh rather than grow.
            if surfaces.count >= 6 { surfaces.removeAll() }
            surfaces[key] = made
            surface = made
        }
        guard let pattern = cairo_pattern_create_for_surface(surface.pointer) else { return nil }
        // User space → the kept pixels: the current transform, then back to the area's origin.
        cairo_pattern_set_matrix(pattern, &moved)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
        return pattern
    }
}
