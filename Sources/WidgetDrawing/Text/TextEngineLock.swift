import Foundation

/// One lock for every Pango and Cairo text call in the process: shaping, measuring, drawing
/// glyphs, and creating or releasing layouts, contexts and font maps.
///
/// Each renderer has fonts of its own, but Cairo's FreeType backend shares one `FT_Face` per
/// font file among them and keeps at most ten open: when a thread needs an eleventh, Cairo
/// 1.16–1.18 closes another font's face after reading, without that font's lock, that nobody
/// holds it — while another thread may have just locked it and be loading a glyph from it
/// (`_cairo_ft_unscaled_font_lock_face` against `_cairo_ft_scaled_glyph_init`: a use after
/// free, seen as SIGSEGV in `_cairo_ft_scaled_glyph_init`). A stress of four threads with
/// fonts of their own crashed within a second without this lock and never with it.
/// Shapes, images and PNG encoding run outside it, on every core.
package enum TextEngineLock {
    private static let lock = NSRecursiveLock()

    /// Runs `body` holding the lock (re-entrant: a text call inside another is fine).
    @inline(__always)
    package static func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
