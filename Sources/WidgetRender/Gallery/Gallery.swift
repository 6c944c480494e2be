import Foundation
import WidgetCore
import WidgetLayout
import WidgetDrawing

/// What `widgetrender gallery` wrote.
public struct GalleryResult: Sendable {
    /// One preview PNG.
    public struct Preview: Sendable, Equatable {
        /// The widget's kind.
        public var kind: String
        /// The family.
        public var family: WidgetFamily
        /// Light or dark; for a Lock Screen family or the vibrant mode, the wallpaper's.
        public var colorScheme: ColorScheme
        /// The mode it is drawn in: the family's own (full colour, vibrant on the Lock Screen), or
        /// accented and vibrant for the tinted Home Screen and StandBy previews.
        public var renderingMode: WidgetRenderingMode = .fullColor
        /// Path relative to the gallery folder.
        public var file: String
        /// The size in points.
        public var size: Size
    }

    /// The page, `index.html`.
    public var index: URL
    /// All previews on one image, `contact-sheet.png`.
    public var contactSheet: URL
    /// The previews, in order.
    public var previews: [Preview]
    /// Notes for the user (widgets and families left out), one line each, without a prefix.
    public var notes: [String]
    /// Skipped records, failed fetches and controls that do nothing.
    public var warnings: [RenderWarning]
}

/// The widget gallery, off the phone: every widget's snapshot (asked for with the
/// preview flag set, as WidgetKit's gallery asks) in every family it supports,
/// light and dark, as images plus an offline `index.html` and a `contact-sheet.png`.
///
/// ```swift
/// let result = try await Gallery(engine: engine).build(batch) { print($0) }
/// ```
public struct Gallery: Sendable {
    /// The engine that makes the images.
    public let engine: RenderEngine

    /// A gallery over an engine.
    ///
    /// - Parameter engine: the engine.
    public init(engine: RenderEngine) {
        self.engine = engine
    }

    /// Renders the gallery into `batch.outputDirectory`.
    ///
    /// Uses the batch's widgets, device, scale, locale, parameters, data and shared
    /// container; families are every supported one the device has; both color schemes.
    ///
    /// - Parameter schemes: the appearances shown (both by default; `--color-scheme` picks one).
    /// - Throws: ``WidgetRenderError`` as rendering a batch does.
    public func build(
        _ batch: RenderBatch, schemes: [ColorScheme] = [.light, .dark],
        progress: @escaping (String) -> Void = { _ in }
    ) async throws(WidgetRenderError) -> GalleryResult {
        var batch = batch
        batch.mode = .snapshot
        var run = try OutputRun(engine: engine, batch: batch, waiting: progress)
        var notes = run.notes
        run.notes = []
        /// What each job shows, in job order.
        var shown: [Shown] = []
        /// Each widget's Home Screen family shown in the other modes: its smallest.
        var modeFamily: [String: WidgetFamily] = [:]
        for (widget, _) in run.widgets {
            modeFamily[widget.kind] = widget.supportedFamilies.first { !$0.isAccessory && !$0.isToday }
        }
        for (index, (widget, _)) in run.widgets.enumerated() {
            var record = run.record(widget, run.widgets[index].1)
            for family in widget.supportedFamilies {
                guard let question = try run.question(widget, family, record: &record) else {
                    continue
                }
                let metrics = question.metrics
                let entry = try await engine.snapshot(question, now: batch.now)
                run.collectWarnings(from: question.diagnostics, widget: widget.kind)
                // Every family in its own mode, in each appearance (for the Lock Screen, over a
                // light and a dark wallpaper); the first Home Screen family also tinted
                // (accented) and in StandBy's vibrant mode, which drop the background.
                let modes: [WidgetRenderingMode?] =
                    family == modeFamily[widget.kind] ? [nil, .accented, .vibrant] : [nil]
                for mode in modes {
                    for scheme in schemes {
                        var context = run.viewContext(metrics, shownAt: batch.now, isPlaceholder: false)
                        context.colorScheme = scheme
                        if let mode { context.renderingMode = mode }
                        let modeName = mode.map { "-\($0)" } ?? ""
                        let file =
                            "\(widget.kind)/\(family.shortName)\(modeName)-\(scheme.rawValue).\(batch.encoder.format.fileExtension)"
                        run.jobs.append(
                            ImageJob(
                                scene: RenderEngine.Scene(
                                    view: entry.view, metrics: metrics, context: context,
                                    contentMarginsDisabled: widget.contentMarginsDisabled),
                                image: run.imageRecord(
                                    widget, metrics: metrics, entry: entry, index: nil, shownAt: batch.now, file: file),
                                keepSurface: true))
                        shown.append(
                            Shown(
                                widget: index, family: family, scheme: scheme, mode: context.resolvedRenderingMode,
                                file: file, size: metrics.size))
                    }
                }
            }
            // The e-ink slots are not a phone's: the e-ink section shows them.
            notes += record.skipped.filter { skipped in
                batch.device.panel != nil || WidgetFamily(name: skipped.family)?.isDashboard != true
            }.map { "\(widget.kind) \($0.family): \($0.reason); not in the gallery" }
        }
        // The previews are drawn as render draws, several at a time, into the same kind of transaction.
        let surfaces = try await run.renderJobs()
        var previews: [GalleryResult.Preview] = []
        var sections: [ContactSheet.Section] = []
        var htmlSections: [String] = []
        for (index, (widget, _)) in run.widgets.enumerated() {
            var tiles: [ContactSheet.Tile] = []
            var rows: [ColorScheme: [String]] = [:]
            for (job, item) in shown.enumerated() where item.widget == index {
                guard let surface = surfaces[job] else { continue }
                previews.append(
                    .init(
                        kind: widget.kind, family: item.family, colorScheme: item.scheme,
                        renderingMode: item.mode, file: item.file, size: item.size))
                tiles.append(
                    ContactSheet.Tile(
                        image: surface, size: item.size, caption: item.caption,
                        backdrop: item.onWallpaper ? Self.wallpaper(item.scheme) : nil))
                rows[item.scheme, default: []].append(Self.figure(item, widget: widget.displayName))
            }
            progress("gallery \(widget.kind): \(tiles.count) previews")
            sections.append(
                ContactSheet.Section(
                    title: widget.displayName, subtitle: "\(widget.kind) — \(widget.description)", tiles: tiles))
            htmlSections.append(Self.section(widget: widget, light: rows[.light] ?? [], dark: rows[.dark] ?? []))
        }
        guard let transaction = run.transaction else {
            throw .invalidRequest("nothing to show: no widget has a family the device has")
        }
        if batch.device.panel == nil,
            let eink = try await einkSection(
                batch, widgets: run.widgets.map(\.0), scheme: schemes.contains(.light) ? .light : .dark,
                into: transaction)
        {
            // A sheet of its own: beside the phones' it would pass 8,192 pixels, the most a side
            // image readers (ours among them) take.
            let einkSheet = ContactSheet(
                sections: [eink.section], footer: "widgetrender \(WidgetRenderVersion.current) · e-ink screens",
                scale: 2)
            let einkPNG = try await engine.pool.withRenderer { renderer throws(WidgetRenderError) in
                do {
                    return try PNGEncoder.fast.encode(try einkSheet.render(with: renderer))
                } catch {
                    throw .internalError("e-ink contact sheet: \(error)")
                }
            }
            try transaction.stage(einkPNG, as: "eink/contact-sheet.png")
            htmlSections.append(eink.html)
            previews += eink.previews
            progress("gallery e-ink: \(eink.previews.count) previews")
        }
        let stack = engine.renderStack
        let footer = "widgetrender \(WidgetRenderVersion.current) · \(batch.device.id) · \(stack)"
        let sheetURL = batch.outputDirectory.appendingPathComponent("contact-sheet.png")
        let sheet = ContactSheet(sections: sections, footer: footer, scale: 2)
        let png = try await engine.pool.withRenderer { renderer throws(WidgetRenderError) in
            do {
                let surface = try sheet.render(with: renderer)
                return try PNGEncoder.fast.encode(surface)
            } catch {
                throw .internalError("contact sheet: \(error)")
            }
        }
        try transaction.stage(png, as: "contact-sheet.png")
        let indexURL = batch.outputDirectory.appendingPathComponent("index.html")
        let html = Self.page(sections: htmlSections, total: previews.count, footer: footer)
        try transaction.stage(Data(html.utf8), as: "index.html")
        try transaction.commit(manifest: nil)
        return GalleryResult(
            index: indexURL, contactSheet: sheetURL, previews: previews, notes: notes, warnings: run.warnings)
    }

    // MARK: - E-ink

    /// The e-ink screens beside the phone families: the first widget with dashboard families in
    /// each screen preset's quadrant, as that panel's file holds it, then its half horizontal on a
    /// TRMNL at 1 bit in each dither mode. `nil` when no widget has dashboard families.
    private func einkSection(
        _ batch: RenderBatch, widgets: [AnyWidget], scheme: ColorScheme, into transaction: OutputTransaction
    )
        async throws(WidgetRenderError) -> (
            section: ContactSheet.Section, html: String, previews: [GalleryResult.Preview]
        )?
    {
        let dashboards = widgets.filter { $0.supports(.dashboardQuadrant) && $0.supports(.dashboardHalfHorizontal) }
        // The presets show the first such widget; the dithers the last (with the built-in widgets,
        // the world's daily bars: greys, which is where the modes differ).
        guard let widget = dashboards.first, let dithered = dashboards.last else { return nil }
        var shots:
            [(
                widget: AnyWidget, device: DeviceProfile, family: WidgetFamily, encoder: any ImageEncoder,
                caption: String, file: String
            )] =
                []
        for device in DeviceProfile.screens {
            guard let panel = device.panel else { continue }
            let encoder = panel.encoder
            let depth = panel.palette.isEmpty ? "\(panel.greys ?? 256) greys" : "\(panel.palette.count) inks"
            shots.append(
                (
                    widget, device, .dashboardQuadrant, encoder, "\(device.id) · quadrant · \(depth)",
                    "eink/\(device.id)-\(widget.kind)-quadrant.\(encoder.format.fileExtension)"
                ))
        }
        guard let trmnl = DeviceProfile.screens.first(where: { $0.id == "trmnl-og" }) else { return nil }
        for dither in Greyscale.Dither.allCases where dither != .threshold {
            shots.append(
                (
                    dithered, trmnl, .dashboardHalfHorizontal,
                    GreyPNGEncoder(bitDepth: 1, greyscale: Greyscale(levels: 2, dither: dither)),
                    "trmnl-og · 1 bit · dither \(dither.rawValue)",
                    "eink/dither-\(dither.rawValue)-\(dithered.kind).png"
                ))
        }
        var tiles: [ContactSheet.Tile] = []
        var figures: [String] = []
        var previews: [GalleryResult.Preview] = []
        for shot in shots {
            var request = batch.request(kind: shot.widget.kind, family: shot.family)
            request.device = shot.device
            request.scale = nil
            request.entry = .snapshot
            request.colorScheme = scheme
            request.renderingMode = nil
            request.monochromeGlyphs = RenderEngine.drawsFewGreys(shot.encoder)
            let rendered = try await engine.render(request, as: nil)
            let encoder = shot.encoder
            let (data, preview) = try await engine.pool.withRenderer { renderer throws(WidgetRenderError) in
                let surface: CairoSurface
                do throws(RenderError) {
                    surface = try renderer.draw(
                        rendered.displayList.layout(widgetURL: rendered.widgetURL), metrics: rendered.metrics,
                        context: rendered.viewContext)
                } catch {
                    throw RenderEngine.error(error)
                }
                defer { renderer.recycle(surface) }
                let data = try RenderEngine.encode(
                    surface, scale: rendered.metrics.scale, displayList: rendered.displayList, with: encoder
                ).data
                guard let previewing = encoder as? any PanelPreviewing else {
                    throw WidgetRenderError.internalError("\(encoder.format.name) cannot show what a panel shows")
                }
                return (data, try previewing.preview(of: surface))
            }
            try transaction.stage(data, as: shot.file)
            // The panel's pixels at its scale: a TRMNL's 400×240.
            let size = Size(
                width: Double(preview.width) / Double(max(1, rendered.metrics.scale)),
                height: Double(preview.height) / Double(max(1, rendered.metrics.scale)))
            tiles.append(ContactSheet.Tile(image: preview, size: size, caption: shot.caption))
            figures.append(
                """
                          <figure class="home">
                            <a href="\(Self.escape(shot.file))"><img src="\(Self.escape(shot.file))" width="\(Self.number(size.width))" height="\(Self.number(size.height))" alt="\(Self.escape("\(shot.widget.displayName), \(shot.caption)"))"></a>
                            <figcaption>\(Self.escape(shot.caption)) · \(preview.width)×\(preview.height) px</figcaption>
                          </figure>
                """)
            previews.append(
                GalleryResult.Preview(
                    kind: shot.widget.kind, family: shot.family, colorScheme: scheme, file: shot.file, size: size))
        }
        let title = "E-ink screens"
        let subtitle =
            "\(widget.displayName) on every screen preset, as its panel's file holds it; then \(dithered.displayName) on a TRMNL at 1 bit in each dither mode"
        let html = """
                  <section id="eink">
                    <h2>\(title)</h2>
                    <p class="description">\(Self.escape(subtitle)) (threshold is none: each pixel to its nearest grey). All on one image: <a href="eink/contact-sheet.png">eink/contact-sheet.png</a>.</p>
                    <div class="row \(scheme.rawValue)">
            \(figures.joined(separator: "\n"))
                    </div>
                  </section>
            """
        return (ContactSheet.Section(title: title, subtitle: subtitle, tiles: tiles), html, previews)
    }

    // MARK: - HTML

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// One preview as the gallery lays it out.
    struct Shown {
        var widget: Int
        var family: WidgetFamily
        var scheme: ColorScheme
        var mode: WidgetRenderingMode
        var file: String
        var size: Size

        /// Drawn without a background of its own, so shown over a wallpaper.
        var onWallpaper: Bool { family.isAccessory || mode != .fullColor }

        /// `small · light`, `small · tinted · dark`, `rectangular · lock screen · light wallpaper`.
        var caption: String {
            let place =
                family.isAccessory
                ? "lock screen" + (mode == .accented ? " · accented" : "")
                : mode == .accented ? "tinted" : mode == .vibrant ? "StandBy" : ""
            let look = onWallpaper ? "\(scheme.rawValue) wallpaper" : scheme.rawValue
            return ([family.shortName, place, look].filter { !$0.isEmpty }).joined(separator: " · ")
        }
    }

    /// The wallpaper under the previews without a background: a light one and a dark one.
    static func wallpaper(_ scheme: ColorScheme) -> Color {
        scheme == .dark ? Color(hex: 0x2C3E50) : Color(hex: 0xC9D6E3)
    }

    static func figure(_ item: Shown, widget: String) -> String {
        let alt = escape("\(widget), \(item.caption)")
        return """
                  <figure class="\(item.onWallpaper ? "wallpaper" : "home")">
                    <a href="\(escape(item.file))"><img src="\(escape(item.file))" width="\(number(item.size.width))" height="\(number(item.size.height))" alt="\(alt)"></a>
                    <figcaption>\(escape(item.caption)) · \(number(item.size.width))×\(number(item.size.height)) pt</figcaption>
                  </figure>
            """
    }

    static func section(widget: AnyWidget, light: [String], dark: [String]) -> String {
        """
              <section id="\(escape(widget.kind))">
                <h2>\(escape(widget.displayName))</h2>
                <p class="description">\(escape(widget.description))</p>
                <p class="kind"><code>\(escape(widget.kind))</code> · families: \(escape(widget.supportedFamilies.map(\.shortName).joined(separator: ", ")))</p>
        \([("light", light), ("dark", dark)].filter { !$0.1.isEmpty }.map { scheme, figures in
                """
                        <div class="row \(scheme)">
                \(figures.joined(separator: "\n"))
                        </div>
                """
            }.joined(separator: "\n"))
              </section>
        """
    }

    static func page(sections: [String], total: Int, footer: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
          <meta charset="utf-8">
          <title>Widget gallery</title>
          <style>
            body { font-family: Inter, system-ui, sans-serif; margin: 32px; background: #f2f2f7; color: #1c1c1e; }
            h1 { font-size: 28px; margin: 0 0 24px; }
            section { margin-bottom: 40px; }
            h2 { font-size: 20px; margin: 0 0 4px; }
            p { margin: 0 0 6px; color: #3c3c43; }
            .row { display: flex; flex-wrap: wrap; gap: 20px; align-items: flex-start; padding: 20px; border-radius: 16px; margin-top: 12px; }
            .row.light { background: #e5e5ea; }
            .row.dark { background: #000; }
            .row.dark figcaption { color: #aeaeb2; }
            figure { margin: 0; }
            figcaption { font-size: 12px; color: #636366; margin-top: 6px; }
            img { display: block; }
            figure.wallpaper a { display: block; padding: 10px; border-radius: 12px; background: linear-gradient(160deg, #2c3e50, #4a6073); }
            .row.light figure.wallpaper a { background: linear-gradient(160deg, #c9d6e3, #eef2f7); }
            footer { font-size: 12px; color: #636366; }
            #status.failed { background: #ff3b30; color: #fff; padding: 8px 12px; border-radius: 8px; }
          </style>
        </head>
        <body data-images-total="\(total)">
          <h1>Widget gallery</h1>
          <p id="status">\(total) previews.</p>
        \(sections.joined(separator: "\n"))
          <footer>\(escape(footer))</footer>
          <script>
            // Records how many previews actually loaded, for people and for the headless-browser check.
            window.addEventListener("load", function () {
              var images = Array.prototype.slice.call(document.images);
              var loaded = images.filter(function (image) { return image.complete && image.naturalWidth > 0; }).length;
              document.body.setAttribute("data-images-loaded", String(loaded));
              if (loaded !== images.length) {
                var status = document.getElementById("status");
                status.textContent = (images.length - loaded) + " of " + images.length + " previews failed to load.";
                status.className = "failed";
              }
            });
          </script>
        </body>
        </html>

        """
    }
}
