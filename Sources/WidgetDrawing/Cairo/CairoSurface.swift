import CCairo
import ISALPNG
import WidgetCore

/// A Cairo image surface in premultiplied ARGB32, owned by Swift: destroyed in `deinit`.
package final class CairoSurface {
    let pointer: OpaquePointer

    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int

    /// A new transparent surface.
    ///
    /// - Throws: ``RenderError/cairo(_:)`` when Cairo cannot allocate it.
    package init(width: Int, height: Int) throws(RenderError) {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw .invalidSize(width: width, height: height)
        }
        guard let surface = Self.makeSurface(width: Int32(width), height: Int32(height)) else {
            throw .cairo("cannot create a \(width)×\(height) surface")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cairo(String(cString: cairo_status_to_string(status)))
        }
        pointer = surface
        self.width = width
        self.height = height
    }

    /// Surfaces of this many bytes or more get their pixels from ``wr_pages_create`` (huge pages).
    static let hugePageBytes = 1 << 20

    /// The key under which a surface holds the pages of its pixels (the key's address is the key).
    nonisolated(unsafe) private static let pagesKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    /// A new transparent ARGB32 surface. A large one draws on zeroed memory mapped on huge pages,
    /// which the surface releases when Cairo destroys it: a widget's first surface is then faulted
    /// in a few times instead of once per 4 KB (a medium surface, 2.2 MB: 544 faults).
    private static func makeSurface(width: Int32, height: Int32) -> OpaquePointer? {
        let stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width)
        let bytes = Int(stride) * Int(height)
        guard stride > 0, bytes >= hugePageBytes, let pages = wr_pages_create(bytes) else {
            return cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
        }
        let surface = cairo_image_surface_create_for_data(
            pages.pointee.data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, width, height, stride)
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
            cairo_surface_set_user_data(surface, pagesKey, pages, wr_pages_release) == CAIRO_STATUS_SUCCESS
        else {
            // Cairo's error surface ignores user data: the pages are still ours to release.
            if let surface { cairo_surface_destroy(surface) }
            wr_pages_release(pages)
            return cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
        }
        // Cairo knows a surface it allocated is clear, and draws on a clear surface with other
        // pixman operations (OVER on nothing becomes SOURCE), whose rounding can differ by one
        // level; memory handed to it is not known clear until it is cleared. Cleared here, the
        // pixels come out as on a surface Cairo made (the mapping is zero already, so this costs
        // one pass over it and no more faults than drawing would).
        if let context = cairo_create(surface) {
            cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
            cairo_paint(context)
            cairo_destroy(context)
        }
        return surface
    }

    /// Wraps a surface Cairo created (takes ownership).
    init(taking surface: OpaquePointer) {
        pointer = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    deinit {
        cairo_surface_destroy(pointer)
    }

    /// Bytes per row; read from Cairo, never assumed.
    package var stride: Int {
        cairo_surface_flush(pointer)
        return Int(cairo_image_surface_get_stride(pointer))
    }

    /// Calls `body` with the raw pixel rows (premultiplied ARGB32, native endian).
    package func withPixels<R>(_ body: (UnsafePointer<UInt8>, _ stride: Int) throws -> R) rethrows -> R? {
        cairo_surface_flush(pointer)
        guard let data = cairo_image_surface_get_data(pointer) else { return nil }
        return try body(UnsafePointer(data), stride)
    }

    /// Calls `body` with writable pixel rows; marks the surface dirty afterwards.
    package func withMutablePixels<R>(_ body: (UnsafeMutablePointer<UInt8>, _ stride: Int) throws -> R) rethrows -> R? {
        cairo_surface_flush(pointer)
        guard let data = cairo_image_surface_get_data(pointer) else { return nil }
        defer { cairo_surface_mark_dirty(pointer) }
        return try body(data, Int(cairo_image_surface_get_stride(pointer)))
    }

    /// The pixel at (x, y) as straight (not premultiplied) RGBA bytes; clear outside the surface
    /// (a point read past an edge is never memory past the rows).
    package func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return (0, 0, 0, 0) }
        return withPixels { data, stride in
            let raw = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
            let a = raw >> 24
            func straight(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
            return (straight((raw >> 16) & 0xFF), straight((raw >> 8) & 0xFF), straight(raw & 0xFF), UInt8(a))
        } ?? (0, 0, 0, 0)
    }
}

/// A Cairo drawing context on one surface, owned by Swift.
final class CairoContext {
    let pointer: OpaquePointer

    convenience init(surface: CairoSurface) throws(RenderError) {
        try self.init(surfacePointer: surface.pointer)
    }

    /// A context on any Cairo surface.
    init(surfacePointer: OpaquePointer) throws(RenderError) {
        guard let context = cairo_create(surfacePointer) else { throw .cairo("cannot create a drawing context") }
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(context)
            throw .cairo(String(cString: cairo_status_to_string(status)))
        }
        pointer = context
    }

    deinit {
        cairo_destroy(pointer)
    }

    func setColor(_ rgba: Color.RGBA) {
        cairo_set_source_rgba(pointer, rgba.red, rgba.green, rgba.blue, rgba.alpha)
    }

    /// How far a continuous corner of `radius` reaches along each edge of `rect` (from its corner).
    static func cornerExtent(of rect: Rect, radius: Double) -> Double {
        min(radius * 1.528, min(rect.width, rect.height) / 2)
    }

    /// Adds a rectangle with continuous ("squircle") corners to the path.
    ///
    /// Each corner is three cubic Béziers spanning 1.528 × radius along each edge
    /// (``cornerExtent(of:radius:)``), the usual approximation of Apple's continuous corner curve.
    func continuousRoundedRect(_ rect: Rect, radius: Double) {
        let cr = pointer
        guard radius > 0 else {
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            return
        }
        let extent = Self.cornerExtent(of: rect, radius: radius)
        // One corner in unit space, from the end of a straight edge to the start of the next.
        let curves: [(Double, Double, Double, Double, Double, Double)] = [
            (0.3, 0, 0.473, 0, 0.619, 0.039),
            (0.804, 0.088, 0.912, 0.196, 0.961, 0.381),
            (1, 0.527, 1, 0.7, 1, 1),
        ]
        // Corner frames: origin where the corner starts, and the two unit directions.
        let corners: [(ox: Double, oy: Double, ux: (Double, Double), uy: (Double, Double))] = [
            (rect.maxX - extent, rect.minY, (1, 0), (0, 1)),  // top right
            (rect.maxX, rect.maxY - extent, (0, 1), (-1, 0)),  // bottom right
            (rect.minX + extent, rect.maxY, (-1, 0), (0, -1)),  // bottom left
            (rect.minX, rect.minY + extent, (0, -1), (1, 0)),  // top left
        ]
        cairo_new_sub_path(cr)
        cairo_move_to(cr, rect.minX + extent, rect.minY)
        for corner in corners {
            cairo_line_to(cr, corner.ox, corner.oy)
            func map(_ a: Double, _ b: Double) -> (Double, Double) {
                (
                    corner.ox + (a * corner.ux.0 + b * corner.uy.0) * extent,
                    corner.oy + (a * corner.ux.1 + b * corner.uy.1) * extent
                )
            }
            for c in curves {
                let p1 = map(c.0, c.1)
                let p2 = map(c.2, c.3)
                let p3 = map(c.4, c.5)
                cairo_curve_to(cr, p1.0, p1.1, p2.0, p2.1, p3.0, p3.1)
            }
        }
        cairo_close_path(cr)
    }

    /// Adds a plain rounded rectangle (circular arcs) to the path.
    func roundedRect(_ rect: Rect, radius: Double) {
        let r = max(0, min(radius, min(rect.width, rect.height) / 2))
        let cr = pointer
        guard r > 0 else {
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            return
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -Double.pi / 2, 0)
        cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, Double.pi / 2)
        cairo_arc(cr, rect.minX + r, rect.maxY - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, rect.minX + r, rect.minY + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }
}
