import CCairo
import WidgetCore

/// The display list's two effects that need a layer's pixels: a shadow beneath it and a blur of
/// it. Each takes the layer as Cairo's popped group (an image surface the size of the clip),
/// blurs its pixels with a Gaussian approximated by three box blurs (within 3% of a true
/// Gaussian; a standard deviation of `radius` points, as Core Animation's `shadowRadius` and
/// SwiftUI's `blur(radius:)`), and paints the result where the layer was.
enum LayerEffects {
    /// Paints `group` over a shadow of it: its coverage, blurred, in `color`, moved by `offset`
    /// (points, in the layer's coordinates).
    static func paintWithShadow(
        _ group: OpaquePointer, on cr: OpaquePointer, color: Color.RGBA, radius: Double, offset: Point
    ) {
        if let pixels = Pixels(group), let shadow = pixels.copy(blurring: sigma(radius, cr), alphaOnly: true) {
            // Colour the blurred coverage: premultiplied, so each channel is the colour times it.
            shadow.withPixels { row, _ in
                for x in row.indices {
                    let a = Double(row[x] >> 24) * color.alpha
                    row[x] =
                        UInt32((a).rounded()) << 24 | UInt32((color.red * a).rounded()) << 16
                        | UInt32((color.green * a).rounded()) << 8 | UInt32((color.blue * a).rounded())
                }
            }
            shadow.paint(like: group, on: cr, moved: offset)
        }
        cairo_set_source(cr, group)
        cairo_paint(cr)
    }

    /// Paints `group` blurred; its edges fade into what is behind it.
    static func paintBlurred(_ group: OpaquePointer, on cr: OpaquePointer, radius: Double) {
        guard let pixels = Pixels(group), let blurred = pixels.copy(blurring: sigma(radius, cr), alphaOnly: false)
        else {
            cairo_set_source(cr, group)
            cairo_paint(cr)
            return
        }
        blurred.paint(like: group, on: cr, moved: Point(x: 0, y: 0))
    }

    /// The standard deviation in device pixels of a blur of `radius` points.
    private static func sigma(_ radius: Double, _ cr: OpaquePointer) -> Double {
        var dx = radius
        var dy = 0.0
        cairo_user_to_device_distance(cr, &dx, &dy)
        let value = (dx * dx + dy * dy).squareRoot()
        return value.isFinite ? min(value, 1_000) : 0
    }

    /// A popped group's image surface, or a copy of one, and its pixels.
    private final class Pixels {
        let surface: OpaquePointer
        let width: Int
        let height: Int
        private let owned: Bool

        /// The image behind a group pattern; `nil` when it is not an image in ARGB32.
        init?(_ pattern: OpaquePointer) {
            var found: OpaquePointer?
            guard cairo_pattern_get_surface(pattern, &found) == CAIRO_STATUS_SUCCESS, let found,
                cairo_surface_get_type(found) == CAIRO_SURFACE_TYPE_IMAGE,
                cairo_image_surface_get_format(found) == CAIRO_FORMAT_ARGB32
            else { return nil }
            cairo_surface_flush(found)
            surface = found
            width = Int(cairo_image_surface_get_width(found))
            height = Int(cairo_image_surface_get_height(found))
            owned = false
        }

        private init?(width: Int, height: Int) {
            let made = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
            guard let made, cairo_surface_status(made) == CAIRO_STATUS_SUCCESS else {
                if let made { cairo_surface_destroy(made) }
                return nil
            }
            surface = made
            self.width = width
            self.height = height
            owned = true
        }

        deinit {
            if owned { cairo_surface_destroy(surface) }
        }

        /// Calls `body` with each row's pixels and its index, then marks the surface changed.
        func withPixels(_ body: (inout UnsafeMutableBufferPointer<UInt32>, Int) -> Void) {
            guard let data = cairo_image_surface_get_data(surface) else { return }
            let stride = Int(cairo_image_surface_get_stride(surface))
            for y in 0..<height {
                var row = UnsafeMutableBufferPointer(
                    start: UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self),
                    count: width)
                body(&row, y)
            }
            cairo_surface_mark_dirty(surface)
        }

        /// A blurred copy: every channel, or only the coverage (alpha, in the top byte).
        func copy(blurring sigma: Double, alphaOnly: Bool) -> Pixels? {
            guard width > 0, height > 0, let copy = Pixels(width: width, height: height) else { return nil }
            var source: [UInt32] = []
            source.reserveCapacity(width * height)
            withPixels { row, _ in source.append(contentsOf: row) }
            // Only the part with ink, grown by the blur's reach, needs blurring.
            var minX = width
            var minY = height
            var maxX = -1
            var maxY = -1
            for y in 0..<height {
                for x in 0..<width where source[y * width + x] != 0 {
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                    minY = min(minY, y)
                    maxY = max(maxY, y)
                }
            }
            guard maxX >= 0 else { return copy }
            let reach = Int((3 * sigma).rounded(.up)) + 1
            let box = (
                x: max(0, minX - reach), y: max(0, minY - reach), maxX: min(width - 1, maxX + reach),
                maxY: min(height - 1, maxY + reach)
            )
            let w = box.maxX - box.x + 1
            let h = box.maxY - box.y + 1
            let shifts: [UInt32] = alphaOnly ? [24] : [24, 16, 8, 0]
            var planes = shifts.map { shift in
                var plane = [Float](repeating: 0, count: w * h)
                for y in 0..<h {
                    for x in 0..<w {
                        plane[y * w + x] = Float((source[(y + box.y) * width + x + box.x] >> shift) & 0xFF)
                    }
                }
                return plane
            }
            if sigma > 0.2 {
                for index in planes.indices { Self.gaussian(&planes[index], width: w, height: h, sigma: sigma) }
            }
            copy.withPixels { row, y in
                guard y >= box.y, y <= box.maxY else { return }
                for x in box.x...box.maxX {
                    var pixel: UInt32 = 0
                    for (plane, shift) in zip(planes, shifts) {
                        let value = plane[(y - box.y) * w + x - box.x]
                        pixel |= UInt32(max(0, min(255, value.rounded()))) << shift
                    }
                    row[x] = pixel
                }
            }
            return copy
        }

        /// Paints this image where `group` would paint, moved by `offset` in user space.
        func paint(like group: OpaquePointer, on cr: OpaquePointer, moved offset: Point) {
            var x = 0.0
            var y = 0.0
            cairo_surface_get_device_offset(cairo_pattern_surface(group), &x, &y)
            cairo_surface_set_device_offset(surface, x, y)
            var sx = 1.0
            var sy = 1.0
            cairo_surface_get_device_scale(cairo_pattern_surface(group), &sx, &sy)
            cairo_surface_set_device_scale(surface, sx, sy)
            guard let pattern = cairo_pattern_create_for_surface(surface) else { return }
            var matrix = cairo_matrix_t()
            cairo_pattern_get_matrix(group, &matrix)
            cairo_matrix_translate(&matrix, -offset.x, -offset.y)
            cairo_pattern_set_matrix(pattern, &matrix)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
            cairo_pattern_destroy(pattern)
        }

        /// A Gaussian blur of a plane, as three box blurs each way (Kutskir's box sizes).
        private static func gaussian(_ plane: inout [Float], width: Int, height: Int, sigma: Double) {
            let passes = 3
            let ideal = (12 * sigma * sigma / Double(passes) + 1).squareRoot()
            var lower = Int(ideal.rounded(.down))
            if lower % 2 == 0 { lower -= 1 }
            lower = max(1, lower)
            let upper = lower + 2
            let split = Int(
                ((12 * sigma * sigma - Double(passes * lower * lower) - Double(4 * passes * lower)
                    - Double(3 * passes)) / Double(-4 * lower - 4)).rounded())
            var scratch = [Float](repeating: 0, count: plane.count)
            for pass in 0..<passes {
                let radius = ((pass < split ? lower : upper) - 1) / 2
                guard radius > 0 else { continue }
                box(plane, into: &scratch, count: height, length: width, step: 1, line: width, radius: radius)
                box(scratch, into: &plane, count: width, length: height, step: width, line: 1, radius: radius)
            }
        }

        /// A box blur along lines: `count` lines of `length` values, `step` apart within a line
        /// and `line` apart between lines; values beyond the ends are 0 (transparent).
        private static func box(
            _ input: [Float], into output: inout [Float], count: Int, length: Int, step: Int, line: Int, radius: Int
        ) {
            let scale = 1 / Float(2 * radius + 1)
            input.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { output in
                    for index in 0..<count {
                        let start = index * line
                        var sum: Float = 0
                        for k in 0..<min(radius, length) { sum += input[start + k * step] }
                        for k in 0..<length {
                            if k + radius < length { sum += input[start + (k + radius) * step] }
                            output[start + k * step] = sum * scale
                            if k - radius >= 0 { sum -= input[start + (k - radius) * step] }
                        }
                    }
                }
            }
        }
    }
}

/// The surface behind a surface pattern (the pattern keeps it alive).
private func cairo_pattern_surface(_ pattern: OpaquePointer) -> OpaquePointer? {
    var surface: OpaquePointer?
    cairo_pattern_get_surface(pattern, &surface)
    return surface
}
