import CCairo
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
///
/// The lock also keeps Cairo 1.16's other text fault away: a scaled font released while another
/// thread evicts a glyph page takes the two locks in the opposite order (a deadlock seen by a
/// stress of many font sizes). Every release of a scaled font happens under this lock: layouts,
/// contexts and font maps are released here, and ``show(_:on:)`` draws inside a saved state, so
/// the context drops the fonts it drew with before the lock is given back.
package enum TextEngineLock {
    private static let lock = NSRecursiveLock()

    /// Runs `body` holding the lock (re-entrant: a text call inside another is fine).
    @inline(__always)
    package static func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Draws `layout` at the current point of `cr`, holding the lock, and leaves `cr` holding no
    /// font (its path and current point are kept: they are not part of the saved state).
    package static func show(_ layout: OpaquePointer, on cr: OpaquePointer) {
        run {
            cairo_save(cr)
            pango_cairo_show_layout(cr, layout)
            cairo_restore(cr)
        }
    }
}
