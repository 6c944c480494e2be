import CCairo
import Foundation
import WidgetCore

/// Many widget previews on one image, grouped in titled sections, each preview
/// at its real point size with a caption under it.
///
/// ```swift
/// let sheet = ContactSheet(sections: sections, footer: "cairo 1.16 …")
/// let surface = try sheet.render(with: renderer)
/// ```
package struct ContactSheet {
    /// One preview and its caption.
    package struct Tile {
        package var image: CairoSurface
        /// The size the preview is drawn at, in points.
        package var size: Size
        package var caption: String
        /// A colour drawn behind the preview (a Lock Screen stand-in for accessory widgets).
        package var backdrop: Color?

        package init(image: CairoSurface, size: Size, caption: String, backdrop: Color? = nil) {
            self.image = image
            self.size = size
            self.caption = caption
            self.backdrop = backdrop
        }
    }

    /// A widget: a title, a line under it, and its previews in rows.
    package struct Section {
        package var title: String
        package var subtitle: String
        package var tiles: [Tile]

        package init(title: String, subtitle: String, tiles: [Tile]) {
            self.title = title
            self.subtitle = subtitle
            self.tiles = tiles
        }
    }

    package var sections: [Section]
    /// A line at the bottom, e.g. the versions that rendered the previews.
    package var footer: String
    /// Width of the sheet in points.
    package var width: Double
    /// Pixels per point.
    package var scale: Int

    static let margin = 32.0
    static let gap = 20.0
    static let captionGap = 6.0
    static var titleFont: Font { Font(size: 20, weight: .bold) }
    static var subtitleFont: Font { Font(size: 13) }
    static var captionFont: Font { Font(size: 11, weight: .medium) }

    package init(sections: [Section], footer: String, width: Double = 1240, scale: Int = 1) {
        self.sections = sections
        self.footer = footer
        self.width = width
        self.scale = scale
    }

    private struct Placed {
        var tile: Tile
        var origin: Point
    }

    private struct Plan {
        var height: Double
        var texts: [(String, Font, Point, Color)]
        var tiles: [Placed]
    }

    /// Positions everything; the same pass serves measuring and drawing.
    private func plan(_ text: PangoText) -> Plan {
        var texts: [(String, Font, Point, Color)] = []
        var tiles: [Placed] = []
        var y = Self.margin
        let captionHeight = text.lineHeight(of: Self.captionFont)
        for section in sections {
            texts.append((section.title, Self.titleFont, Point(x: Self.margin, y: y), .primary))
            y += text.lineHeight(of: Self.titleFont) + 2
            texts.append((section.subtitle, Self.subtitleFont, Point(x: Self.margin, y: y), .secondary))
            y += text.lineHeight(of: Self.subtitleFont) + 12
            var x = Self.margin
            var rowHeight = 0.0
            for tile in section.tiles {
                if x > Self.margin && x + tile.size.width > width - Self.margin {
                    y += rowHeight + Self.gap
                    x = Self.margin
                    rowHeight = 0
                }
                tiles.append(Placed(tile: tile, origin: Point(x: x, y: y)))
                texts.append(
                    (tile.caption, Self.captionFont, Point(x: x, y: y + tile.size.height + Self.captionGap), .secondary)
                )
                rowHeight = max(rowHeight, tile.size.height + Self.captionGap + captionHeight)
                x += tile.size.width + Self.gap
            }
            y += rowHeight + Self.margin
        }
        texts.append((footer, Self.captionFont, Point(x: Self.margin, y: y), .secondary))
        y += captionHeight + Self.margin
        return Plan(height: y, texts: texts, tiles: tiles)
    }

    /// Draws the sheet on a light grey ground.
    ///
    /// - Throws: ``RenderError`` when the surface cannot be made.
    package func render(with renderer: WidgetRenderer) throws(RenderError) -> CairoSurface {
        let text = try renderer.text(for: Locale(identifier: "en"))
        let plan = plan(text)
        let surface = try CairoSurface(
            width: Int((width * Double(scale)).rounded()), height: Int((plan.height * Double(scale)).rounded()))
        let context = try CairoContext(surface: surface)
        let cr = context.pointer
        cairo_scale(cr, Double(scale), Double(scale))
        context.setColor(Color.RGBA(hex: 0xF2F2F7))
        cairo_paint(cr)
        for placed in plan.tiles {
            let tile = placed.tile
            guard tile.image.width > 0, tile.image.height > 0 else { continue }
            if let backdrop = tile.backdrop {
                context.continuousRoundedRect(
                    Rect(
                        x: placed.origin.x - 6, y: placed.origin.y - 6, width: tile.size.width + 12,
                        height: tile.size.height + 12),
                    radius: 10)
                context.setColor(backdrop.resolved(in: .light))
                cairo_fill(cr)
            }
            cairo_save(cr)
            cairo_translate(cr, placed.origin.x, placed.origin.y)
            cairo_scale(cr, tile.size.width / Double(tile.image.width), tile.size.height / Double(tile.image.height))
            cairo_set_source_surface(cr, tile.image.pointer, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            cairo_restore(cr)
        }
        for (string, font, point, color) in plan.texts {
            let layout = text.makeLayout(
                string, font: font, width: width - 2 * Self.margin, lineLimit: 1, alignment: .leading)
            context.setColor(color.resolved(in: .light))
            cairo_move_to(cr, point.x, point.y)
            pango_cairo_show_layout(cr, layout)
            g_object_unref(UnsafeMutableRawPointer(layout))
        }
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
        return surface
    }
}
