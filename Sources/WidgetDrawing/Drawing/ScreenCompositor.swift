import CCairo
import WidgetCore

/// Puts drawn widgets on one screen: a page of the screen's size painted with the background,
/// each widget's pixels at its slot, then the dividers between slots.
package enum ScreenCompositor {
    /// A drawn widget and where its top left corner goes, in pixels.
    package struct Piece {
        package var surface: CairoSurface
        package var x: Int
        package var y: Int

        package init(surface: CairoSurface, x: Int, y: Int) {
            self.surface = surface
            self.x = x
            self.y = y
        }
    }

    /// The screen, on a spare surface of the renderer's (give it back with `recycle`).
    ///
    /// - Parameters:
    ///   - renderer: whose spare surfaces the page is drawn on.
    ///   - width: the screen's width in pixels.
    ///   - height: its height.
    ///   - background: the page's colour, under and between the widgets.
    ///   - pieces: the widgets, each copied at its place (its own transparent pixels show the page).
    ///   - rules: filled rectangles drawn over them, in pixels: the dividers.
    ///   - ink: the rules' colour.
    /// - Returns: the screen's pixels.
    /// - Throws: ``RenderError`` when Cairo cannot make the surface.
    package static func compose(
        with renderer: WidgetRenderer, width: Int, height: Int, background: Color.RGBA, pieces: [Piece], rules: [Rect],
        ink: Color.RGBA
    ) throws(RenderError) -> CairoSurface {
        let screen = try renderer.surface(width: width, height: height).surface
        let context = try CairoContext(surface: screen)
        let cr = context.pointer
        // Every pixel, whatever a spare surface held.
        context.setColor(background)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        for piece in pieces {
            cairo_set_source_surface(cr, piece.surface.pointer, Double(piece.x), Double(piece.y))
            cairo_rectangle(
                cr, Double(piece.x), Double(piece.y), Double(piece.surface.width), Double(piece.surface.height))
            cairo_fill(cr)
        }
        context.setColor(ink)
        for rule in rules {
            cairo_rectangle(cr, rule.minX, rule.minY, rule.width, rule.height)
        }
        cairo_fill(cr)
        cairo_surface_flush(screen.pointer)
        return screen
    }
}
