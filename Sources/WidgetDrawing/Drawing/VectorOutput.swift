import CCairo
import Foundation
import WidgetCore
import WidgetLayout

/// A vector file format Cairo writes.
package enum VectorFormat: Sendable {
    /// SVG 1.1, text as glyph outlines.
    case svg
    /// PDF 1.5, fonts embedded as subsets.
    case pdf
}

/// Bytes Cairo streams out.
private final class VectorSink {
    var data = Data()
}

extension WidgetRenderer {
    /// Draws a laid-out widget as SVG or PDF, from the same display list as its pixels, in
    /// full colour: `width × height` pixels like the PNG (SVG: `width`/`height` in pixels and
    /// the viewBox in points; PDF: a page of that many points), cut to the widget's shape.
    /// The bytes are the same on every run (PDF's dates are fixed).
    ///
    /// - Throws: ``RenderError/cairo(_:)`` for the accented and vibrant modes (layers of
    ///   pixels, which a vector file cannot hold) or when Cairo fails.
    package func drawVector(
        _ lists: Layout, metrics: WidgetMetrics, context viewContext: ViewContext, as format: VectorFormat
    )
        throws(RenderError) -> Data
    {
        try drawVector(
            [VectorPiece(lists: lists, metrics: metrics, context: viewContext, x: 0, y: 0)],
            pixelWidth: metrics.pixelWidth, pixelHeight: metrics.pixelHeight, scale: Double(metrics.scale),
            page: nil, as: format)
    }

    /// One laid-out widget on a vector page, its top left corner at `x`, `y` pixels.
    package struct VectorPiece {
        package var lists: Layout
        package var metrics: WidgetMetrics
        package var context: ViewContext
        package var x: Int
        package var y: Int

        package init(lists: Layout, metrics: WidgetMetrics, context: ViewContext, x: Int, y: Int) {
            self.lists = lists
            self.metrics = metrics
            self.context = context
            self.x = x
            self.y = y
        }
    }

    /// Several laid-out widgets on one vector page (a composed screen): the page painted with
    /// `page.background`, each widget at its place, cut to its shape, then `page.rules` in
    /// `page.ink` (rectangles in pixels).
    package func drawVector(
        _ pieces: [VectorPiece], pixelWidth width: Int, pixelHeight height: Int, scale: Double,
        page: (background: Color.RGBA, rules: [Rect], ink: Color.RGBA)?, as format: VectorFormat
    ) throws(RenderError) -> Data {
        for piece in pieces where piece.context.resolvedRenderingMode != .fullColor {
            throw .cairo(
                "the \(piece.context.resolvedRenderingMode) mode is drawn in layers of pixels; SVG and PDF are full colour"
            )
        }
        let sink = VectorSink()
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }
        let write: cairo_write_func_t = { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<VectorSink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }
        let pixelWidth = Double(width)
        let pixelHeight = Double(height)
        let made: OpaquePointer?
        switch format {
        case .svg:
            // In points, px as the unit: the viewBox is in points; the size is set in pixels below.
            made = cairo_svg_surface_create_for_stream(
                write, box.toOpaque(), pixelWidth / scale, pixelHeight / scale)
        case .pdf:
            made = cairo_pdf_surface_create_for_stream(write, box.toOpaque(), pixelWidth, pixelHeight)
        }
        guard let surface = made else { throw .cairo("cannot create a \(format) surface") }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .cairo(String(cString: cairo_status_to_string(cairo_surface_status(surface))))
        }
        switch format {
        case .svg:
            cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
        case .pdf:
            cairo_pdf_surface_restrict_to_version(surface, CAIRO_PDF_VERSION_1_5)
            // Fixed dates: the same widget gives the same bytes.
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2001-01-01T00:00:00Z")
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, "2001-01-01T00:00:00Z")
        }
        do {
            let context = try CairoContext(surfacePointer: surface)
            let cr = context.pointer
            // Everything below is in points.
            if format == .pdf { cairo_scale(cr, scale, scale) }
            if let page {
                context.setColor(page.background)
                cairo_paint(cr)
            }
            for piece in pieces {
                let metrics = piece.metrics
                let text = try text(for: piece.context.locale, monochrome: piece.context.monochromeGlyphs)
                cairo_save(cr)
                cairo_translate(cr, Double(piece.x) / scale, Double(piece.y) / scale)
                // The widget's shape as a clip (the pixels cut it after drawing instead).
                if metrics.family == .accessoryCircular {
                    cairo_arc(
                        cr, metrics.bounds.midX, metrics.bounds.midY,
                        min(metrics.size.width, metrics.size.height) / 2, 0, 2 * .pi)
                } else {
                    context.continuousRoundedRect(metrics.bounds, radius: metrics.cornerRadius)
                }
                cairo_clip(cr)
                let scheme = piece.context.environment.colorScheme
                if !metrics.family.isAccessory {
                    context.setColor(Color.background.resolved(in: scheme))
                    cairo_paint(cr)
                }
                try drawList(
                    piece.lists.background + piece.lists.content, in: context, text: text, scheme: scheme,
                    pixelsPerPoint: Double(metrics.scale), accentGroup: nil)
                cairo_restore(cr)
            }
            if let page {
                context.setColor(page.ink)
                for rule in page.rules {
                    cairo_rectangle(cr, rule.minX / scale, rule.minY / scale, rule.width / scale, rule.height / scale)
                }
                cairo_fill(cr)
            }
            try check(context)
        }
        cairo_surface_finish(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .cairo(String(cString: cairo_status_to_string(cairo_surface_status(surface))))
        }
        guard format == .svg else { return sink.data }
        return Self.sizedInPixels(sink.data, width: width, height: height)
    }

    /// The SVG's `width` and `height` set to the image's pixels, its viewBox left in points.
    static func sizedInPixels(_ svg: Data, width: Int, height: Int) -> Data {
        var text = String(decoding: svg, as: UTF8.self)
        guard let open = text.range(of: "<svg"), let close = text.range(of: ">", range: open.upperBound..<text.endIndex)
        else { return svg }
        var tag = String(text[open.lowerBound..<close.upperBound])
        for (name, value) in [("width", width), ("height", height)] {
            guard let start = tag.range(of: " \(name)=\""),
                let end = tag.range(of: "\"", range: start.upperBound..<tag.endIndex)
            else { continue }
            tag.replaceSubrange(start.lowerBound..<end.upperBound, with: " \(name)=\"\(value)\"")
        }
        text.replaceSubrange(open.lowerBound..<close.upperBound, with: tag)
        return Data(renumberedSurfaces(text).utf8)
    }

    /// Cairo names a drawing group `surface<N>` after a counter of every surface the process
    /// has made: renumbered in order of appearance, so that the same widget gives the same bytes.
    static func renumberedSurfaces(_ text: String) -> String {
        var numbers: [Substring: Int] = [:]
        var out = ""
        var rest = text[...]
        while let found = rest.range(of: "surface") {
            out += rest[..<found.upperBound]
            rest = rest[found.upperBound...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { continue }
            let number = numbers[digits] ?? numbers.count + 1
            numbers[digits] = number
            out += String(number)
            rest = rest.dropFirst(digits.count)
        }
        return out + rest
    }
}
