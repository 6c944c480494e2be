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
        /// Text, font, where, colour, and how many lines it may take (`nil`: as many as it needs).
        var texts: [(String, Font, Point, Color, Int?)]
        var tiles: [Placed]
    }

    /// Positions everything; the same pass serves measuring and drawing.
    private func plan(_ text: PangoText) -> Plan {
        var texts: [(String, Font, Point, Color, Int?)] = []
        var tiles: [Placed] = []
        var y = Self.margin
        let captionHeight = text.lineHeight(of: Self.captionFont)
        for section in sections {
            texts.append((section.title, Self.titleFont, Point(x: Self.margin, y: y), .primary, 1))
            y += text.lineHeight(of: Self.titleFont) + 2
            texts.append((section.subtitle, Self.subtitleFont, Point(x: Self.margin, y: y), .secondary, 1))
            y += text.lineHeight(of: Self.subtitleFont) + 12
            var x = Self.margin
            var rowHeight = 0.0
            for tile in section.tiles {
                // A cell is as wide as its preview or its caption, whichever is wider, so a
                // caption never runs into the next one (a round Lock Screen widget is 76 pt wide,
                // its caption twice that).
                let captionWidth = text.measure(tile.caption, font: Self.captionFont, maxWidth: nil, lineLimit: 1).width
                let cellWidth = max(tile.size.width, captionWidth)
                if x > Self.margin && x + cellWidth > width - Self.margin {
                    y += rowHeight + Self.gap
                    x = Self.margin
                    rowHeight = 0
                }
                tiles.append(Placed(tile: tile, origin: Point(x: x, y: y)))
                texts.append(
                    (
                        tile.caption, Self.captionFont, Point(x: x, y: y + tile.size.height + Self.captionGap),
                        .secondary, 1
                    ))
                rowHeight = max(rowHeight, tile.size.height + Self.captionGap + captionHeight)
                x += cellWidth + Self.gap
            }
            y += rowHeight + Self.margin
        }
        // The footer wraps: it lists every font file.
        texts.append((footer, Self.captionFont, Point(x: Self.margin, y: y), .secondary, nil))
        y += text.measure(footer, font: Self.captionFont, maxWidth: width - 2 * Self.margin, lineLimit: nil).height
        y += Self.margin
        return Plan(height: y, texts: texts, tiles: tiles)
    }

    /// Where each caption and each preview go, in points, in order: for checking that none
    /// overlaps another.
    package func frames(with renderer: WidgetRenderer) throws(RenderError) -> (captions: [Rect], previews: [Rect]) {
        let text = try renderer.text(for: Locale(identifier: "en"))
        let plan = plan(text)
        let captions = plan.texts.filter { $0.1 == Self.captionFont && $0.4 == 1 }.map { item in
            let size = text.measure(item.0, font: item.1, maxWidth: nil, lineLimit: 1)
            return Rect(x: item.2.x, y: item.2.y, width: size.width, height: size.height)
        }
        let previews = plan.tiles.map {
            Rect(x: $0.origin.x, y: $0.origin.y, width: $0.tile.size.width, height: $0.tile.size.height)
        }
        return (captions, previews)
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
        for (string, font, point, color, lines) in plan.texts {
            context.setColor(color.resolved(in: .light))
            cairo_move_to(cr, point.x, point.y)
            TextEngineLock.run {
                let layout = text.makeLayout(
                    string, font: font, width: width - 2 * Self.margin, lineLimit: lines, alignment: .leading)
                TextEngineLock.show(layout, on: cr)
                g_object_unref(UnsafeMutableRawPointer(layout))
            }
        }
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
        return surface
    }
}
