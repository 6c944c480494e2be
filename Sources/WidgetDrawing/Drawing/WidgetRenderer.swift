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
    private var scaledImages: [ScaledImageKey: CairoSurface] = [:]
    private let gradients = GradientCache()
    /// Surfaces given back after encoding (``recycle(_:)``), drawn on again by the next render of
    /// their size: a new 1092×510 surface is 2.2 MB of fresh pages that the kernel faults in and
    /// Cairo clears, on every render.
    private var spareSurfaces: [CairoSurface] = []

    /// An image resampled for one place at one device transform.
    private struct ScaledImageKey: Hashable {
        var path: String
        /// The image's own scale into `rect`.
        var scale: Double
        var xx: Double
        var yy: Double
        /// The transform's offset from the whole-pixel origin of the area.
        var x0: Double
        var y0: Double
        var rect: Rect
        var width: Int
        var height: Int
    }

    package init(fonts: FontLibrary) {
        self.fonts = fonts
    }

    /// The text measurer for a locale's fonts (created once per text language).
    package func text(for locale: Locale, monochrome: Bool = false) throws(RenderError) -> PangoText {
        let language = FontLibrary.fontLanguage(for: locale)
        let key = monochrome ? language + "|monochrome" : language
        if let text = texts[key] { return text }
        let text = try PangoText(
            fonts: monochrome ? try fonts.monochrome() : fonts, language: language, monochrome: monochrome)
        texts[key] = text
        return text
    }

    /// Gives a surface this renderer returned back for a later render to draw on; the caller
    /// must not use it afterwards. At most two are kept.
    package func recycle(_ surface: CairoSurface) {
        // Four: a composed screen holds its page and up to four slots at once.
        guard spareSurfaces.count < 4, !spareSurfaces.contains(where: { $0 === surface }) else { return }
        spareSurfaces.append(surface)
    }

    /// A surface of a size: a spare one (its old pixels still there, `reused` true) or a new, clear one.
    package func surface(width: Int, height: Int) throws(RenderError) -> (surface: CairoSurface, reused: Bool) {
        if let index = spareSurfaces.firstIndex(where: { $0.width == width && $0.height == height }) {
            return (spareSurfaces.remove(at: index), true)
        }
        return (try CairoSurface(width: width, height: height), false)
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

    /// What layout gives the renderer: the container background's and the content's display
    /// lists, the widget URL and the tappable areas.
    package struct Layout: Sendable {
        package var background: [DisplayItem]
        package var content: [DisplayItem]
        package var widgetURL: URL?
        /// Whether the view declares `.containerBackground(_:for: .widget)`, as iOS 17 asks.
        package var declaresContainerBackground = true

        package init(background: [DisplayItem], content: [DisplayItem], widgetURL: URL?) {
            self.background = background
            self.content = content
            self.widgetURL = widgetURL
        }
        /// Links, buttons and toggles with their rectangles, in points.
        /// A frame inside mirror layers (right-to-left layout) is mirrored as it is drawn.
        package var hitTargets: [(target: HitTarget, frame: Rect)] {
            var result: [(target: HitTarget, frame: Rect)] = []
            var layers: [DisplayLayer] = []
            for item in content {
                switch item {
                case .beginLayer(let layer): layers.append(layer)
                case .endLayer: _ = layers.popLast()
                case .hitTarget(let target, var frame):
                    for case .mirror(let about) in layers.reversed() {
                        frame.origin.x = 2 * about.midX - frame.maxX
                    }
                    result.append((target, frame))
                default: break
                }
            }
            return result
        }
    }

    /// Lays out a view for a widget.
    ///
    /// Every `body` is evaluated here, with the environment of its place, and with the
    /// context's app group folders as `FileManager.containerURL(…)` answers them.
    ///
    /// - Throws: ``RenderError/view(_:)`` for a symbol name the catalogue does not know.
    package func layout(
        _ root: ViewNode, metrics: WidgetMetrics, context: ViewContext, contentMarginsDisabled: Bool = false
    ) throws(RenderError) -> Layout {
        var context = context
        context.displayScale = Double(metrics.scale)
        let environment = context.environment
        let engine = LayoutEngine(measurer: try text(for: context.locale, monochrome: context.monochromeGlyphs))
        let lists = AppGroupContainers.$current.withValue(context.appGroups) {
            let resolved = root.resolved(in: environment)
            let split = resolved.containerBackgroundSplit
            var background: [DisplayItem] = []
            if let node = split.background, environment.showsWidgetContainerBackground {
                // The container background is not content: it stays visible in the placeholder.
                var backgroundEnvironment = environment
                backgroundEnvironment.redacted = false
                background = engine.layout(node, in: metrics.bounds, environment: backgroundEnvironment)
            }
            let contentRect = contentMarginsDisabled ? metrics.bounds : metrics.contentRect
            var layout = Layout(
                background: background,
                content: engine.layout(split.content, in: contentRect, environment: environment),
                widgetURL: resolved.widgetURL)
            layout.declaresContainerBackground = split.background != nil
            return layout
        }
        for item in lists.background + lists.content {
            if case .text(let text) = item, let name = text.text.runs.lazy.compactMap(\.unknownSymbol).first {
                throw .view(SymbolCatalog.unknownMessage(name))
            }
            if case .image(let spec, _, _) = item, case .named(let name, let bundle) = spec.source, spec.path == nil {
                throw .image(
                    path: name,
                    reason:
                        "no image named '\(name)' in \(bundle.path) (looked for \(name).png or .jpg, @3x, @2x, @1x and *.xcassets/\(name).imageset)"
                )
            }
        }
        return lists
    }

    /// The accented mode's colours: the glass that replaces a Home Screen widget's background
    /// (`nil` on the Lock Screen, which has none), the colour of the primary group and that of
    /// the accent group (`.widgetAccentable()`).
    package struct AccentedPalette: Sendable, Hashable {
        /// The glass plate, or `nil`.
        package var plate: Color.RGBA?
        /// The views not marked accentable: desaturated, near white (dark) or near black (light).
        package var primary: Color.RGBA
        /// The views marked `.widgetAccentable()`: the tint.
        package var accent: Color.RGBA
    }

    /// The accented mode's colours for a tint, as iOS's tinted Home Screen draws them: in dark
    /// appearance a dark glass of the tint under near-white content and the tint itself; in
    /// light appearance a pale glass of the tint under near-black content and the tint a little
    /// deeper, so it keeps its contrast.
    ///
    /// - Parameters:
    ///   - tint: the tint.
    ///   - scheme: the appearance.
    ///   - accessory: a Lock Screen family (no plate).
    package static func accentedPalette(tint: Color.RGBA, scheme: ColorScheme, accessory: Bool) -> AccentedPalette {
        let tint = Color.RGBA(red: tint.red, green: tint.green, blue: tint.blue)
        let white = Color.RGBA(hex: 0xFFFFFF)
        let ink = Color.RGBA(hex: 0x10141A)
        switch scheme {
        case .dark:
            var plate = Color.RGBA(hex: 0x1C1C1E).mixed(with: tint, by: 0.3)
            plate.alpha = 0.9
            return AccentedPalette(
                plate: accessory ? nil : plate, primary: white.mixed(with: tint, by: 0.12),
                accent: tint.mixed(with: white, by: 0.12))
        case .light:
            var plate = white.mixed(with: tint, by: 0.2)
            plate.alpha = 0.9
            return AccentedPalette(
                plate: accessory ? nil : plate, primary: ink.mixed(with: tint, by: 0.18),
                accent: tint.mixed(with: ink, by: 0.12))
        }
    }

    /// The vibrant mode's ink: white over a dark wallpaper, a near-black over a light one. It
    /// has no plate: StandBy, like the Lock Screen, shows no container background.
    package static func vibrantInk(scheme: ColorScheme) -> Color.RGBA {
        scheme == .dark ? Color.RGBA(hex: 0xFFFFFF) : Color.RGBA(hex: 0x1C1C1E)
    }

    /// Renders a view at a family's size and scale.
    ///
    /// - Parameters:
    ///   - root: the widget's view for one entry.
    ///   - metrics: size, scale, margins and corner radius.
    ///   - context: appearance, language, time shown, placeholder flag, rendering mode.
    ///   - contentMarginsDisabled: lay the content out edge to edge.
    /// - Returns: the surface of `metrics.pixelWidth × metrics.pixelHeight` pixels and the layout.
    /// - Throws: ``RenderError`` when Cairo fails, an image cannot be read or a symbol is unknown.
    package func render(
        _ root: ViewNode, metrics: WidgetMetrics, context viewContext: ViewContext, contentMarginsDisabled: Bool = false
    ) throws(RenderError) -> (surface: CairoSurface, layout: Layout) {
        let lists = try layout(
            root, metrics: metrics, context: viewContext, contentMarginsDisabled: contentMarginsDisabled)
        return (try draw(lists, metrics: metrics, context: viewContext), lists)
    }

    /// Draws a laid-out widget: the display lists ``layout(_:metrics:context:contentMarginsDisabled:)``
    /// made, on a surface of the metrics' pixel size.
    ///
    /// - Throws: ``RenderError`` when Cairo fails or an image cannot be decoded.
    package func draw(_ lists: Layout, metrics: WidgetMetrics, context viewContext: ViewContext) throws(RenderError)
        -> CairoSurface
    {
        let mode = viewContext.resolvedRenderingMode
        let colorScheme = viewContext.environment.colorScheme
        let text = try text(for: viewContext.locale, monochrome: viewContext.monochromeGlyphs)
        let items = lists.background + lists.content

        /// The widget's shape as the current path: its rounded card, or its circle.
        func traceShape(_ context: CairoContext) {
            let cr = context.pointer
            context.continuousRoundedRect(metrics.bounds, radius: metrics.cornerRadius)
            if metrics.family == .accessoryCircular {
                cairo_new_path(cr)
                cairo_arc(
                    cr, metrics.bounds.midX, metrics.bounds.midY, min(metrics.size.width, metrics.size.height) / 2, 0,
                    2 * .pi)
            }
        }

        /// A surface and context for the widget, unclipped (``cutToShape`` clears what lies
        /// outside its shape at the end); `painted` when the caller paints every pixel first.
        func newCanvas(painted: Bool = false) throws(RenderError) -> (CairoSurface, CairoContext) {
            let (surface, reused) = try self.surface(width: metrics.pixelWidth, height: metrics.pixelHeight)
            let context = try CairoContext(surface: surface)
            let cr = context.pointer
            if reused && !painted {
                cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
                cairo_paint(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            }
            cairo_scale(
                cr, Double(metrics.pixelWidth) / metrics.size.width, Double(metrics.pixelHeight) / metrics.size.height)
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY)
            return (surface, context)
        }

        /// Clears what lies outside the widget's shape, once, after drawing, instead of clipping
        /// every drawing operation to it: a clip to a curved path makes Cairo mask every fill and
        /// stroke (price, medium: about 12 % of the draw). The edge keeps its antialiased coverage
        /// and is now the finished picture's; clipped layer by layer, a photo under a scrim showed
        /// a faint fringe of the photo at the rim.
        ///
        /// A rounded card is cut corner by corner, each fill clipped to the whole device pixels
        /// around its corner: one fill of the card's outline made Cairo compose a mask as large as
        /// the card (4 % of a medium price widget's draw) for the few pixels outside the shape.
        func cutToShape(_ context: CairoContext) {
            let cr = context.pointer
            guard metrics.family == .accessoryCircular || metrics.cornerRadius > 0 else { return }
            func cut() {
                traceShape(context)
                cairo_rectangle(
                    cr, metrics.bounds.minX, metrics.bounds.minY, metrics.bounds.width, metrics.bounds.height)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
                cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
                cairo_fill(cr)
            }
            guard metrics.family != .accessoryCircular else {
                cairo_save(cr)
                cut()
                cairo_restore(cr)
                return
            }
            let bounds = metrics.bounds
            let extent = CairoContext.cornerExtent(of: bounds, radius: metrics.cornerRadius)
            var matrix = cairo_matrix_t()
            cairo_get_matrix(cr, &matrix)
            let width = Double(metrics.pixelWidth)
            let height = Double(metrics.pixelHeight)
            for (x0, y0) in [
                (bounds.minX, bounds.minY), (bounds.maxX - extent, bounds.minY),
                (bounds.minX, bounds.maxY - extent), (bounds.maxX - extent, bounds.maxY - extent),
            ] {
                var (left, top, right, bottom) = (x0, y0, x0 + extent, y0 + extent)
                cairo_user_to_device(cr, &left, &top)
                cairo_user_to_device(cr, &right, &bottom)
                left = max(0, left.rounded(.down) - 1)
                top = max(0, top.rounded(.down) - 1)
                right = min(width, right.rounded(.up) + 1)
                bottom = min(height, bottom.rounded(.up) + 1)
                guard right > left, bottom > top else { continue }
                cairo_save(cr)
                cairo_identity_matrix(cr)
                cairo_rectangle(cr, left, top, right - left, bottom - top)
                cairo_clip(cr)
                cairo_set_matrix(cr, &matrix)
                cut()
                cairo_restore(cr)
            }
        }

        func drawAll(_ context: CairoContext, group: Bool?) throws(RenderError) {
            try drawList(
                items, in: context, text: text, scheme: colorScheme, pixelsPerPoint: Double(metrics.scale),
                accentGroup: group)
        }

        let layered = mode == .accented || mode == .vibrant
        let paintsBackground = !layered && !metrics.family.isAccessory
        // Nothing is clipped to the widget's shape while drawing: what lies outside it is cut
        // once at the end (``cutToShape``); a clip to the rounded shape costs every context a
        // mask the size of the widget, and every paint through it a pass over it.
        let (surface, context) = try newCanvas(painted: paintsBackground)
        let cr = context.pointer
        let accessory = metrics.family.isAccessory
        switch mode {
        case .accented:
            // Each group drawn alone, then painted in its colour through its own opacity.
            let palette = Self.accentedPalette(
                tint: viewContext.tint, scheme: viewContext.colorScheme, accessory: accessory)
            if let plate = palette.plate {
                context.setColor(plate)
                cairo_paint(cr)
            }
            for (group, colour) in [(false, palette.primary), (true, palette.accent)] {
                let (layer, layerContext) = try newCanvas()
                try drawAll(layerContext, group: group)
                try check(layerContext)
                cairo_save(cr)
                cairo_identity_matrix(cr)
                context.setColor(colour)
                cairo_mask_surface(cr, layer.pointer, 0, 0)
                cairo_restore(cr)
                recycle(layer)
            }
        case .vibrant:
            let (layer, layerContext) = try newCanvas()
            try drawAll(layerContext, group: nil)
            try check(layerContext)
            Self.brightnessToOpacity(layer)
            cairo_save(cr)
            cairo_identity_matrix(cr)
            // The wallpaper's appearance, not the views' (which is dark in this mode).
            context.setColor(Self.vibrantInk(scheme: viewContext.colorScheme))
            cairo_mask_surface(cr, layer.pointer, 0, 0)
            cairo_restore(cr)
            recycle(layer)
        default:
            if paintsBackground {
                // Every pixel, whatever a reused surface held (on a clear one, the same as OVER).
                context.setColor(Color.background.resolved(in: colorScheme))
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_paint(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            }
            try drawAll(context, group: nil)
        }
        cutToShape(context)
        try check(context)
        return surface
    }

    func check(_ context: CairoContext) throws(RenderError) {
        let status = cairo_status(context.pointer)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
    }

    /// The vibrant look: each pixel becomes an opacity, its brightness times its opacity, for
    /// the ink to be painted through. Brightness is the strongest of red, green and blue (HSV's
    /// value), not luma: the Lock Screen keeps a red or green figure as bright as white text, so
    /// semantic colours stay at the primary level, above `.secondary` and `.tertiary` (with luma,
    /// a red trend fell below the secondary label beside it).
    static func brightnessToOpacity(_ surface: CairoSurface) {
        surface.withMutablePixels { data, stride in
            for y in 0..<surface.height {
                let row = UnsafeMutableRawPointer(data + y * stride)
                for x in 0..<surface.width {
                    let pixel = row.load(fromByteOffset: x * 4, as: UInt32.self)
                    // Premultiplied: the channels are value × alpha already.
                    let value = max((pixel >> 16) & 0xFF, (pixel >> 8) & 0xFF, pixel & 0xFF)
                    row.storeBytes(
                        of: value << 24 | value << 16 | value << 8 | value, toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
    }

    /// Draws a display list; `accentGroup` draws only the accent group (true), only the rest
    /// (false), or everything (nil). Layers are opened and closed in either case.
    func drawList(
        _ items: [DisplayItem], in context: CairoContext, text: PangoText, scheme: ColorScheme, pixelsPerPoint: Double,
        accentGroup: Bool?
    ) throws(RenderError) {
        let cr = context.pointer
        var layers: [DisplayLayer] = []
        // The innermost of the open `accent` and `unaccented` layers decides an item's group.
        var accentStack: [Bool] = []
        // Open mirror layers (right-to-left layout): with an odd count, text and images are
        // flipped back in place. Not the transform's sign: a view scaled by -1 stays mirrored.
        var mirrors = 0
        for item in items {
            switch item {
            case .beginLayer(let layer):
                layers.append(layer)
                switch layer {
                case .opacity, .shadow, .blur: cairo_push_group(cr)
                case .clip(let kind, let rect):
                    cairo_save(cr)
                    cairo_new_path(cr)
                    outline(kind, rect, in: context)
                    cairo_clip(cr)
                case .accent: accentStack.append(true)
                case .unaccented: accentStack.append(false)
                case .transform(let m):
                    cairo_save(cr)
                    var matrix = cairo_matrix_t(xx: m[0], yx: m[1], xy: m[2], yy: m[3], x0: m[4], y0: m[5])
                    cairo_transform(cr, &matrix)
                case .mirror(let rect):
                    cairo_save(cr)
                    Self.flip(cr, about: rect)
                    mirrors += 1
                }
            case .endLayer:
                guard let layer = layers.popLast() else { continue }
                switch layer {
                case .opacity(let value):
                    cairo_pop_group_to_source(cr)
                    cairo_paint_with_alpha(cr, value)
                case .shadow(let color, let radius, let x, let y):
                    guard let group = cairo_pop_group(cr) else { continue }
                    LayerEffects.paintWithShadow(
                        group, on: cr, color: color.resolved(in: scheme), radius: radius, offset: Point(x: x, y: y))
                    cairo_pattern_destroy(group)
                case .blur(let radius):
                    guard let group = cairo_pop_group(cr) else { continue }
                    LayerEffects.paintBlurred(group, on: cr, radius: radius)
                    cairo_pattern_destroy(group)
                case .clip, .transform: cairo_restore(cr)
                case .mirror:
                    cairo_restore(cr)
                    mirrors -= 1
                case .accent, .unaccented: _ = accentStack.popLast()
                }
            case .text, .shape, .stroke, .image, .drawing, .clear, .hitTarget:
                if let accentGroup, accentGroup != (accentStack.last ?? false) { continue }
                try draw(
                    item, in: context, text: text, scheme: scheme, pixelsPerPoint: pixelsPerPoint,
                    mirrored: mirrors % 2 == 1)
            }
        }
    }

    /// Mirrors what follows about `rect`'s vertical centre line: `x' = 2·midX − x`.
    private static func flip(_ cr: OpaquePointer, about rect: Rect) {
        cairo_translate(cr, 2 * rect.midX, 0)
        cairo_scale(cr, -1, 1)
    }

    /// Runs `body` with what it draws in `rect` read as written: when `mirrored` (inside an odd
    /// number of mirror layers, right-to-left layout), flipped back in place about `rect`'s
    /// centre line. Text and images are placed mirrored, never drawn so.
    private static func readable(_ cr: OpaquePointer, in rect: Rect, mirrored: Bool, _ body: () -> Void) {
        guard mirrored else { return body() }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        flip(cr, about: rect)
        body()
    }

    /// Adds a shape's outline in a rectangle to the path.
    private func outline(_ kind: ShapeSpec.Kind, _ rect: Rect, in context: CairoContext) {
        let cr = context.pointer
        switch kind {
        case .rectangle(let radius): context.continuousRoundedRect(rect, radius: radius)
        case .capsule: context.roundedRect(rect, radius: min(rect.width, rect.height) / 2)
        case .circle:
            cairo_new_sub_path(cr)
            cairo_arc(cr, rect.midX, rect.midY, min(rect.width, rect.height) / 2, 0, 2 * .pi)
        case .ellipse: trace(Path(ellipseIn: rect), in: context)
        case .arc(let start, let sweep):
            cairo_new_sub_path(cr)
            cairo_arc(cr, rect.midX, rect.midY, min(rect.width, rect.height) / 2, start, start + sweep)
        case .custom(let shape): trace(shape.path(in: rect), in: context)
        }
    }

    /// Adds a path to Cairo's path.
    private func trace(_ path: Path, in context: CairoContext) {
        let cr = context.pointer
        var current = Point(x: 0, y: 0)
        for element in path.elements {
            switch element {
            case .move(let p):
                cairo_move_to(cr, p.x, p.y)
                current = p
            case .line(let p):
                cairo_line_to(cr, p.x, p.y)
                current = p
            case .quadCurve(let p, let c):
                // As a cubic: control points two thirds of the way to the quadratic's.
                let c1 = Point(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
                let c2 = Point(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .curve(let p, let c1, let c2):
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .closeSubpath: cairo_close_path(cr)
            }
        }
    }

    private func setStroke(_ style: StrokeStyle, in context: CairoContext) {
        let cr = context.pointer
        cairo_set_line_width(cr, max(0, style.lineWidth))
        switch style.lineCap {
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        default: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        }
        switch style.lineJoin {
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        default: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        }
        let dashes = style.dash.filter { $0.isFinite && $0 >= 0 }
        cairo_set_dash(cr, dashes, Int32(dashes.count), 0)
    }

    /// Draws one item; `mirrored` when it is inside an odd number of mirror layers.
    private func draw(
        _ item: DisplayItem, in context: CairoContext, text: PangoText, scheme: ColorScheme, pixelsPerPoint: Double,
        mirrored: Bool
    ) throws(RenderError) {
        let cr = context.pointer
        // An image is placed mirrored in a right-to-left layout, not drawn so.
        var flippedBack = false
        if case .image(_, let rect, _) = item, mirrored {
            cairo_save(cr)
            Self.flip(cr, about: rect)
            flippedBack = true
        }
        defer { if flippedBack { cairo_restore(cr) } }
        switch item {
        case .beginLayer, .endLayer, .hitTarget:
            return
        case .text(let run):
            Self.readable(cr, in: run.frame, mirrored: mirrored) {
                if run.redacted {
                    drawRedactedText(run, text: text, context: context, scheme: scheme)
                } else {
                    drawText(run, text: text, context: context, scheme: scheme)
                }
            }
        case .shape(let kind, let style, let rect, let redacted):
            outline(kind, rect, in: context)
            fill(style, rect: rect, context: context, scheme: scheme, dimmed: redacted)
        case .stroke(let kind, let style, let stroke, let inside, let rect, let redacted):
            let inset = inside ? stroke.lineWidth / 2 : 0
            let inner = rect.inset(by: EdgeInsets(all: inset))
            outline(kind, inner, in: context)
            setStroke(stroke, in: context)
            strokeCurrentPath(style, rect: rect, context: context, scheme: scheme, dimmed: redacted)
            cairo_set_dash(cr, nil, 0, 0)
        case .clear(let kind, let rect):
            outline(kind, rect, in: context)
            cairo_save(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            cairo_fill(cr)
            cairo_restore(cr)
        case .drawing(let drawing, let rect, let redacted, let fast):
            cairo_save(cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(cr)
            // At 2x and 3x, Cairo's 4×4 samples per device pixel draw an edge no eye tells from
            // its 256-level default at 2.5 times the speed (restored with the state).
            if fast, pixelsPerPoint >= 2 { cairo_set_antialias(cr, CAIRO_ANTIALIAS_FAST) }
            for step in drawing {
                switch step {
                case .fill(let path, let style):
                    cairo_new_path(cr)
                    trace(path, in: context)
                    if fast, !redacted,
                        let (pattern, faint) = keptGradient(style, over: path.boundingRect, on: cr, scheme: scheme)
                    {
                        cairo_set_source(cr, pattern)
                        // A chart's area at most a third opaque, fading to nothing (under its
                        // line, which covers the top edge): at 2x and 3x drawn without
                        // antialiasing, whole device pixels in or out. No eye tells the edge
                        // from the 4×4-sampled one, and a medium price widget draws 0.3 ms
                        // (a fifth) faster.
                        if faint, pixelsPerPoint >= 2 {
                            let antialias = cairo_get_antialias(cr)
                            cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
                            cairo_fill(cr)
                            cairo_set_antialias(cr, antialias)
                        } else {
                            cairo_fill(cr)
                        }
                        cairo_pattern_destroy(pattern)
                    } else {
                        fill(
                            style, rect: bounds(of: path, for: style), context: context, scheme: scheme,
                            dimmed: redacted)
                    }
                case .stroke(let path, let style, let stroke):
                    cairo_new_path(cr)
                    trace(path, in: context)
                    setStroke(stroke, in: context)
                    strokeCurrentPath(
                        style, rect: bounds(of: path, for: style), context: context, scheme: scheme, dimmed: redacted)
                    cairo_set_dash(cr, nil, 0, 0)
                case .text(let styled, let color, let point):
                    let size = text.measure(styled, maxWidth: nil, lineLimit: 1)
                    let frame = Rect(x: point.x, y: point.y, width: size.width, height: size.height)
                    // A chart's labels and a canvas's text read as written in a mirrored layout.
                    Self.readable(cr, in: frame, mirrored: mirrored) {
                        drawText(
                            DisplayText(
                                text: styled, color: color, frame: frame, layoutWidth: size.width, lineLimit: 1,
                                alignment: .leading, redacted: redacted),
                            text: text, context: context, scheme: scheme)
                    }
                }
            }
            cairo_restore(cr)
        case .image(let spec, let rect, let redacted):
            if redacted {
                context.continuousRoundedRect(rect, radius: 8)
                context.setColor(Color.secondary.opacity(0.3).resolved(in: scheme))
                cairo_fill(cr)
                return
            }
            let path = spec.path
            let image: CairoSurface
            if let path {
                image = try self.image(at: path)
            } else if case .pixels(let pixels) = spec.source {
                image = try pixels.surface()
            } else {
                return
            }
            let iw = Double(image.width)
            let ih = Double(image.height)
            guard iw > 0, ih > 0, rect.width > 0, rect.height > 0 else { return }
            // `.resizable()` alone stretches to the frame, as SwiftUI's does; fit and fill keep
            // the image's aspect ratio.
            let (toWidth, toHeight) = (rect.width / iw, rect.height / ih)
            let (scaleX, scaleY): (Double, Double) =
                switch spec.contentMode {
                case .fill: (max(toWidth, toHeight), max(toWidth, toHeight))
                case .fit: (min(toWidth, toHeight), min(toWidth, toHeight))
                case .stretch: (toWidth, toHeight)
                case nil: (1, 1)
                }
            // The image, scaled and cut to `rect`, drawn with the current transform.
            func paintScaled(on cr: OpaquePointer) {
                cairo_save(cr)
                cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
                cairo_clip(cr)
                cairo_translate(cr, rect.midX - iw * scaleX / 2, rect.midY - ih * scaleY / 2)
                cairo_scale(cr, scaleX, scaleY)
                cairo_set_source_surface(cr, image.pointer, 0, 0)
                cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
                cairo_paint(cr)
                cairo_restore(cr)
            }
            if let path, scaleX == scaleY,
                let (scaled, x, y) = scaledImage(
                    path: path, scale: scaleX, rect: rect, context: context, paint: paintScaled)
            {
                // The same pixels, resampled once per size: a copy at whole device pixels.
                cairo_save(cr)
                cairo_identity_matrix(cr)
                cairo_set_source_surface(cr, scaled.pointer, Double(x), Double(y))
                cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
                cairo_paint(cr)
                cairo_restore(cr)
            } else {
                paintScaled(on: cr)
            }
        }
    }

    /// An image scaled and cut to `rect` as `paint` draws it, at the device pixels of
    /// `context`'s current transform, kept for the next render of the same size (a
    /// photo background is resampled once, not on every render). Painted at the returned
    /// whole-pixel origin with no transform, it gives the pixels `paint` would: the
    /// resampling positions are the same, moved by whole pixels.
    ///
    /// - Returns: `nil` when the transform rotates or shears, or the area is too large to keep.
    private func scaledImage(
        path: String, scale: Double, rect: Rect, context: CairoContext, paint: (OpaquePointer) -> Void
    ) -> (CairoSurface, Int, Int)? {
        let cr = context.pointer
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.yy > 0 else { return nil }
        var (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        cairo_user_to_device(cr, &x0, &y0)
        cairo_user_to_device(cr, &x1, &y1)
        let left = x0.rounded(.down)
        let top = y0.rounded(.down)
        let width = (x1.rounded(.up) - left)
        let height = (y1.rounded(.up) - top)
        guard left.isFinite, top.isFinite, width >= 1, height >= 1, width * height <= 4096 * 4096,
            abs(left) < 1_048_576, abs(top) < 1_048_576
        else { return nil }
        let key = ScaledImageKey(
            path: path, scale: scale, xx: matrix.xx, yy: matrix.yy, x0: matrix.x0 - left, y0: matrix.y0 - top,
            rect: rect,
            width: Int(width), height: Int(height))
        if let known = scaledImages[key] { return (known, Int(left), Int(top)) }
        guard let surface = try? CairoSurface(width: Int(width), height: Int(height)),
            let scratch = try? CairoContext(surface: surface)
        else { return nil }
        var moved = matrix
        moved.x0 -= left
        moved.y0 -= top
        cairo_set_matrix(scratch.pointer, &moved)
        paint(scratch.pointer)
        cairo_surface_flush(surface.pointer)
        // A handful of sizes at most in one run; start afresh rather than grow.
        if scaledImages.count >= 4 { scaledImages.removeAll() }
        scaledImages[key] = surface
        return (surface, Int(left), Int(top))
    }

    /// A bar, ring or gauge: the track, then the part filled (or the marker) in the tint.
    /// A vertical gradient of two colours over `rect` (a chart's area) as pixels kept between
    /// renders (``GradientCache``): the same pixels as the gradient, composited on pixman's fast
    /// path, and whether it is faint (neither end over a third opaque). `nil` for other styles,
    /// or when the transform rotates.
    private func keptGradient(_ style: ShapeStyle, over rect: Rect, on cr: OpaquePointer, scheme: ColorScheme)
        -> (OpaquePointer, faint: Bool)?
    {
        guard case .linearGradient(let colors, let start, let end) = style.kind, colors.count == 2, start.x == end.x,
            rect.width > 0, rect.height > 0
        else { return nil }
        let top = rect.minY + start.y * rect.height
        let bottom = rect.minY + end.y * rect.height
        var from = colors[0].resolved(in: scheme)
        var to = colors[1].resolved(in: scheme)
        // A transparent end takes the other's colour, as the other gradients do.
        if from.alpha == 0 { from = Color.RGBA(red: to.red, green: to.green, blue: to.blue, alpha: 0) }
        if to.alpha == 0 { to = Color.RGBA(red: from.red, green: from.green, blue: from.blue, alpha: 0) }
        guard let pattern = gradients.pattern(on: cr, area: rect, top: top, bottom: bottom, from: from, to: to)
        else { return nil }
        return (pattern, max(from.alpha, to.alpha) <= 0.34 && min(from.alpha, to.alpha) == 0)
    }

    private func strokeCurrentPath(
        _ style: ShapeStyle, rect: Rect, context: CairoContext, scheme: ColorScheme, dimmed: Bool
    ) {
        withSource(style, rect: rect, context: context, scheme: scheme, dimmed: dimmed) {
            cairo_stroke(context.pointer)
        }
    }

    private func fill(_ style: ShapeStyle, rect: Rect, context: CairoContext, scheme: ColorScheme, dimmed: Bool) {
        withSource(style, rect: rect, context: context, scheme: scheme, dimmed: dimmed) { cairo_fill(context.pointer) }
    }

    /// The rectangle a style's gradient spans over a path: its bounds; a colour needs none.
    private func bounds(of path: Path, for style: ShapeStyle) -> Rect {
        if case .color = style.kind { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return path.boundingRect
    }

    /// Sets a style as Cairo's source (a colour, or a gradient over `rect`) and runs `paint`.
    private func withSource(
        _ style: ShapeStyle, rect: Rect, context: CairoContext, scheme: ColorScheme, dimmed: Bool,
        _ paint: () -> Void
    ) {
        let cr = context.pointer
        switch style.kind {
        case .color(let color):
            context.setColor(Self.dimmed(color, dimmed, in: scheme))
            paint()
        case .linearGradient(let colors, let start, let end):
            guard
                let pattern = cairo_pattern_create_linear(
                    rect.minX + start.x * rect.width, rect.minY + start.y * rect.height,
                    rect.minX + end.x * rect.width, rect.minY + end.y * rect.height)
            else { return }
            paintGradient(pattern, colors, context: context, scheme: scheme, dimmed: dimmed, paint)
        case .radialGradient(let colors, let center, let startRadius, let endRadius):
            let x = rect.minX + center.x * rect.width
            let y = rect.minY + center.y * rect.height
            guard let pattern = cairo_pattern_create_radial(x, y, startRadius, x, y, endRadius) else { return }
            paintGradient(pattern, colors, context: context, scheme: scheme, dimmed: dimmed, paint)
        case .angularGradient(let colors, let center, let startAngle, let endAngle):
            guard
                let pattern = AngularGradientPattern.make(
                    stops: colors.map { Self.dimmed($0, dimmed, in: scheme) }, center: center,
                    start: startAngle, end: endAngle, in: rect)
            else { return }
            cairo_set_source(cr, pattern)
            paint()
            cairo_pattern_destroy(pattern)
        }
    }

    /// Adds `colors` as evenly spread stops to a gradient, makes it the source and paints.
    private func paintGradient(
        _ pattern: OpaquePointer, _ colors: [Color], context: CairoContext, scheme: ColorScheme, dimmed: Bool,
        _ paint: () -> Void
    ) {
        let stops = colors.map { Self.dimmed($0, dimmed, in: scheme) }
        for (index, rgba) in stops.enumerated() {
            let offset = stops.count == 1 ? 0 : Double(index) / Double(stops.count - 1)
            // Cairo blends stops without premultiplying, so green to `.clear` (transparent
            // black) would pass through grey; a transparent stop takes its neighbour's colour,
            // as SwiftUI fades green to nothing.
            var colour = rgba
            if rgba.alpha == 0,
                let neighbour = (stops[..<index].last { $0.alpha > 0 })
                    ?? stops[(index + 1)...].first(where: { $0.alpha > 0 })
            {
                colour = Color.RGBA(red: neighbour.red, green: neighbour.green, blue: neighbour.blue, alpha: 0)
            }
            cairo_pattern_add_color_stop_rgba(pattern, offset, colour.red, colour.green, colour.blue, colour.alpha)
        }
        cairo_set_source(context.pointer, pattern)
        paint()
        cairo_pattern_destroy(pattern)
    }

    private func drawText(_ run: DisplayText, text: PangoText, context: CairoContext, scheme: ColorScheme) {
        let cr = context.pointer
        let layout = text.layoutToDraw(
            run.text, width: run.layoutWidth, lineLimit: run.lineLimit, alignment: run.alignment, scheme: scheme)
        var logical = PangoRectangle()
        TextEngineLock.run { pango_layout_get_extents(layout, nil, &logical) }
        // Put the layout's logical box where layout placed the frame.
        let offsetX = Double(logical.x) / Double(PANGO_SCALE)
        let offsetY = Double(logical.y) / Double(PANGO_SCALE)
        context.setColor(run.color.resolved(in: scheme))
        cairo_move_to(cr, run.frame.minX - offsetX, run.frame.minY - offsetY)
        TextEngineLock.show(layout, on: cr)
    }

    private func drawRedactedText(_ run: DisplayText, text: PangoText, context: CairoContext, scheme: ColorScheme) {
        let cr = context.pointer
        // Text of nothing but spaces (a line kept for height) leaves no bar.
        guard run.string.contains(where: { !$0.isWhitespace }) else { return }
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
        context.setColor(Self.grey(run.color.opacity(0.18).resolved(in: scheme)))
        cairo_fill(cr)
    }

    /// A colour as a placeholder draws it: its grey (Rec. 709 luma), so a placeholder implies
    /// no trend, state or category by hue.
    static func grey(_ colour: Color.RGBA) -> Color.RGBA {
        let luma = 0.2126 * colour.red + 0.7152 * colour.green + 0.0722 * colour.blue
        return Color.RGBA(red: luma, green: luma, blue: luma, alpha: colour.alpha)
    }

    /// A shape's colour, or, redacted, its grey at 30 %.
    private static func dimmed(_ colour: Color, _ dimmed: Bool, in scheme: ColorScheme) -> Color.RGBA {
        dimmed ? grey(colour.opacity(0.3).resolved(in: scheme)) : colour.resolved(in: scheme)
    }
}
