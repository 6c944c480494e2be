import CCairo
import Foundation
import WidgetCore
import WidgetLayout

/// Draws a widget's view into pixels: layout, then Cairo.
///
/// One renderer serves many renders: fonts, text measurements and decoded
/// images are kept between them, and each render gets its own surface.
///
/// ```swift
/// let renderer = WidgetRenderer(fonts: fonts)
/// let surface = try renderer.render(view, metrics: metrics, context: ViewContext(family: .systemSmall, …))
/// let png = try PNGEncoder.fast.encode(surface)
/// ```
package final class WidgetRenderer {
    private let fonts: FontLibrary
    private var texts: [String: PangoText] = [:]
    private var images: [String: CairoSurface] = [:]

    package init(fonts: FontLibrary) {
        self.fonts = fonts
    }

    /// The text measurer for a locale's fonts (created once per text language).
    package func text(for locale: Locale) throws(RenderError) -> PangoText {
        let language = FontLibrary.fontLanguage(for: locale)
        if let text = texts[language] { return text }
        let text = try PangoText(fonts: fonts, language: language)
        texts[language] = text
        return text
    }

    /// Decodes an image once per renderer.
    ///
    /// - Throws: ``RenderError/image(path:reason:)`` naming the file.
    package func image(at path: String) throws(RenderError) -> CairoSurface {
        if let image = images[path] { return image }
        let image = try PNGImage.read(path: path)
        images[path] = image
        return image
    }

    /// Lays out a view for a widget, returning the container background's and the content's
    /// display lists and the widget URL.
    ///
    /// Every `body` is evaluated here, with the environment of its place, and with the
    /// context's app group folders as `FileManager.containerURL(…)` answers them.
    package func layout(
        _ root: ViewNode, metrics: WidgetMetrics, context: ViewContext, contentMarginsDisabled: Bool = false
    ) throws(RenderError) -> (background: [DisplayItem], content: [DisplayItem], widgetURL: URL?) {
        let environment = context.environment
        let engine = LayoutEngine(measurer: try text(for: context.locale))
        return AppGroupContainers.$current.withValue(context.appGroups) {
            let resolved = root.resolved(in: environment)
            let split = resolved.containerBackgroundSplit
            var background: [DisplayItem] = []
            if let node = split.background, !metrics.family.isAccessory {
                // The container background is not content: it stays visible in the placeholder.
                var backgroundEnvironment = environment
                backgroundEnvironment.redacted = false
                background = engine.layout(node, in: metrics.bounds, environment: backgroundEnvironment)
            }
            let contentRect = contentMarginsDisabled ? metrics.bounds : metrics.contentRect
            return (
                background, engine.layout(split.content, in: contentRect, environment: environment),
                resolved.widgetURL
            )
        }
    }

    /// Renders a view at a family's size and scale.
    ///
    /// - Parameters:
    ///   - root: the widget's view for one entry.
    ///   - metrics: size, scale, margins and corner radius.
    ///   - context: appearance, language, time shown, placeholder flag.
    ///   - contentMarginsDisabled: lay the content out edge to edge.
    /// - Returns: the surface of `metrics.pixelWidth × metrics.pixelHeight` pixels and the widget URL.
    /// - Throws: ``RenderError`` when Cairo fails or an image cannot be read.
    package func render(
        _ root: ViewNode, metrics: WidgetMetrics, context viewContext: ViewContext, contentMarginsDisabled: Bool = false
    ) throws(RenderError) -> (surface: CairoSurface, widgetURL: URL?) {
        let lists = try layout(
            root, metrics: metrics, context: viewContext, contentMarginsDisabled: contentMarginsDisabled)
        let colorScheme = viewContext.colorScheme
        let surface = try CairoSurface(width: metrics.pixelWidth, height: metrics.pixelHeight)
        let context = try CairoContext(surface: surface)
        let cr = context.pointer
        cairo_scale(
            cr, Double(metrics.pixelWidth) / metrics.size.width, Double(metrics.pixelHeight) / metrics.size.height)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY)

        // Everything is clipped to the widget's shape.
        context.continuousRoundedRect(metrics.bounds, radius: metrics.cornerRadius)
        if metrics.family == .accessoryCircular {
            cairo_new_path(cr)
            cairo_arc(
                cr, metrics.bounds.midX, metrics.bounds.midY, min(metrics.size.width, metrics.size.height) / 2, 0,
                2 * .pi)
        }
        cairo_clip(cr)
        if !metrics.family.isAccessory {
            context.setColor(Color.background.resolved(in: colorScheme))
            cairo_paint(cr)
        }
        let text = try text(for: viewContext.locale)
        for item in lists.background + lists.content {
            try draw(item, in: context, text: text, scheme: colorScheme, pixelsPerPoint: Double(metrics.scale))
        }
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
        return (surface, lists.widgetURL)
    }

    private func draw(
        _ item: DisplayItem, in context: CairoContext, text: PangoText, scheme: ColorScheme, pixelsPerPoint: Double
    ) throws(RenderError) {
        let cr = context.pointer
        switch item {
        case .text(let run):
            if run.redacted {
                drawRedactedText(run, text: text, context: context, scheme: scheme)
            } else {
                drawText(run, text: text, context: context, scheme: scheme)
            }
        case .shape(let kind, let style, let rect, let redacted):
            switch kind {
            case .rectangle(let radius): context.continuousRoundedRect(rect, radius: radius)
            case .capsule: context.roundedRect(rect, radius: min(rect.width, rect.height) / 2)
            case .circle:
                cairo_new_sub_path(cr)
                cairo_arc(cr, rect.midX, rect.midY, min(rect.width, rect.height) / 2, 0, 2 * .pi)
            }
            fill(style, rect: rect, context: context, scheme: scheme, dimmed: redacted)
        case .lineChart(let spec, let rect, let color, let labelColor, let redacted):
            ChartDrawing(context: context, text: text, scheme: scheme, pixelsPerPoint: pixelsPerPoint).drawLineChart(
                spec, in: rect, color: color, labelColor: labelColor, redacted: redacted)
        case .candlestickChart(let spec, let rect, let labelColor, let redacted):
            ChartDrawing(context: context, text: text, scheme: scheme, pixelsPerPoint: pixelsPerPoint).drawCandles(
                spec, in: rect, labelColor: labelColor, redacted: redacted)
        case .image(let spec, let rect, let redacted):
            if redacted {
                context.continuousRoundedRect(rect, radius: 8)
                context.setColor(Color.secondary.opacity(0.3).resolved(in: scheme))
                cairo_fill(cr)
                return
            }
            let image = try image(at: spec.path)
            let iw = Double(image.width)
            let ih = Double(image.height)
            guard iw > 0, ih > 0, rect.width > 0, rect.height > 0 else { return }
            let scale: Double =
                switch spec.contentMode {
                case .fill: max(rect.width / iw, rect.height / ih)
                case .fit: min(rect.width / iw, rect.height / ih)
                case nil: 1
                }
            cairo_save(cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(cr)
            cairo_translate(cr, rect.midX - iw * scale / 2, rect.midY - ih * scale / 2)
            cairo_scale(cr, scale, scale)
            cairo_set_source_surface(cr, image.pointer, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }

    private func fill(_ style: ShapeStyle, rect: Rect, context: CairoContext, scheme: ColorScheme, dimmed: Bool) {
        let cr = context.pointer
        switch style {
        case .color(let color):
            context.setColor((dimmed ? color.opacity(0.3) : color).resolved(in: scheme))
            cairo_fill(cr)
        case .linearGradient(let colors, let start, let end):
            guard
                let pattern = cairo_pattern_create_linear(
                    rect.minX + start.x * rect.width, rect.minY + start.y * rect.height,
                    rect.minX + end.x * rect.width, rect.minY + end.y * rect.height)
            else { return }
            for (index, color) in colors.enumerated() {
                let rgba = (dimmed ? color.opacity(0.3) : color).resolved(in: scheme)
                let offset = colors.count == 1 ? 0 : Double(index) / Double(colors.count - 1)
                cairo_pattern_add_color_stop_rgba(pattern, offset, rgba.red, rgba.green, rgba.blue, rgba.alpha)
            }
            cairo_set_source(cr, pattern)
            cairo_fill(cr)
            cairo_pattern_destroy(pattern)
        }
    }

    private func drawText(_ run: DisplayText, text: PangoText, context: CairoContext, scheme: ColorScheme) {
        let cr = context.pointer
        let layout = text.makeLayout(
            run.string, font: run.font, width: run.layoutWidth, lineLimit: run.lineLimit, alignment: run.alignment)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        // Put the layout's logical box where layout placed the frame.
        let offsetX = Double(logical.x) / Double(PANGO_SCALE)
        let offsetY = Double(logical.y) / Double(PANGO_SCALE)
        context.setColor(run.color.resolved(in: scheme))
        cairo_move_to(cr, run.frame.minX - offsetX, run.frame.minY - offsetY)
        pango_cairo_show_layout(cr, layout)
    }

    private func drawRedactedText(_ run: DisplayText, text: PangoText, context: CairoContext, scheme: ColorScheme) {
        let cr = context.pointer
        let lineHeight = max(1, text.lineHeight(of: run.font))
        let lines = max(1, Int((run.frame.height / lineHeight).rounded()))
        let barHeight = max(2, run.font.size * 0.72)
        for line in 0..<lines {
            let width = line == lines - 1 && lines > 1 ? run.frame.width * 0.6 : run.frame.width
            let y = run.frame.minY + Double(line) * lineHeight + (lineHeight - barHeight) / 2
            var x = run.frame.minX
            if run.alignment == .center { x += (run.frame.width - width) / 2 }
            if run.alignment == .trailing { x += run.frame.width - width }
            context.roundedRect(Rect(x: x, y: y, width: width, height: barHeight), radius: min(4, barHeight / 2))
        }
        context.setColor(run.color.opacity(0.18).resolved(in: scheme))
        cairo_fill(cr)
    }
}
