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
        /// Light or dark.
        public var colorScheme: ColorScheme
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
    /// Notes and warnings for the user.
    public var notes: [String]
}

/// The widget gallery, off the phone: every widget's snapshot (asked for with the
/// preview flag set, as WidgetKit's gallery asks) in every family it supports,
/// light and dark, as PNGs plus an offline `index.html` and a `contact-sheet.png`.
///
/// ```swift
/// let result = try await Gallery(session: session).build(request) { print($0) }
/// ```
public struct Gallery {
    /// The widgets, fonts and renderer.
    public let session: RenderSession

    /// A gallery over a session.
    public init(session: RenderSession) {
        self.session = session
    }

    /// Renders the gallery into `request.outputDirectory`.
    ///
    /// Uses the request's widgets, device, scale, locale, parameters, data and shared
    /// container; families are every supported one the device has; both color schemes.
    ///
    /// - Parameter schemes: the appearances shown (both by default; `--color-scheme` picks one).
    /// - Throws: ``PipelineError`` as the render command does.
    public func build(
        _ request: RenderRequest, schemes: [ColorScheme] = [.light, .dark],
        progress: @escaping (String) -> Void = { _ in }
    ) async throws(PipelineError) -> GalleryResult {
        let pipeline = RenderPipeline(session: session)
        var request = request
        request.mode = .snapshot
        var run = try Run(pipeline: pipeline, request: request, waiting: progress)
        var notes = run.notes
        /// What each job shows, in job order: (widget index, family, scheme, file, size).
        var shown: [(widget: Int, family: WidgetFamily, scheme: ColorScheme, file: String, size: Size)] = []
        for (index, (widget, parameters)) in run.widgets.enumerated() {
            for family in widget.supportedFamilies {
                let metrics: WidgetMetrics
                do {
                    metrics = try WidgetMetrics(family: family, device: request.device, scale: request.scale)
                } catch  where error.reason == .familyUnavailable {
                    notes.append(
                        "note: \(widget.kind) \(family.shortName): \(request.device.id) has no such widget; not in the gallery"
                    )
                    continue
                } catch {
                    throw .usage(error.description)
                }
                let context = run.providerContext(
                    request, family: family, size: metrics.size, parameters: parameters, now: request.now)
                let entry = try await RenderPipeline.call(widget, request: request) {
                    try await widget.snapshot(in: context)
                }
                // Lock Screen widgets are drawn light on the wallpaper whatever the appearance: one preview.
                for scheme in family.isAccessory ? [ColorScheme.dark] : schemes {
                    var viewContext = run.viewContext(
                        family: family, size: metrics.size, shownAt: request.now, isPlaceholder: false)
                    viewContext.colorScheme = scheme
                    let file = "\(widget.kind)/\(family.shortName)-\(scheme.rawValue).png"
                    var job = RenderJob(
                        view: entry.view, metrics: metrics, context: viewContext,
                        contentMarginsDisabled: widget.contentMarginsDisabled,
                        image: run.imageRecord(
                            widget, metrics: metrics, entry: entry, index: nil, shownAt: request.now, file: file))
                    job.keepSurface = true
                    run.jobs.append(job)
                    shown.append((index, family, scheme, file, metrics.size))
                }
            }
            run.collectWarnings()
            for warning in run.warnings { notes.append("warning: \(warning)") }
            run.warnings.removeAll()
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
                        kind: widget.kind, family: item.family, colorScheme: item.scheme, file: item.file,
                        size: item.size))
                tiles.append(
                    ContactSheet.Tile(
                        image: surface, size: item.size,
                        caption:
                            "\(item.family.shortName) · \(item.family.isAccessory ? "lock screen" : item.scheme.rawValue)",
                        backdrop: item.family.isAccessory ? Color(hex: 0x2C3E50) : nil))
                rows[item.scheme, default: []].append(
                    Self.figure(
                        file: item.file, family: item.family, size: item.size, widget: widget.displayName,
                        scheme: item.scheme))
            }
            progress("gallery \(widget.kind): \(tiles.count) previews")
            sections.append(
                ContactSheet.Section(
                    title: widget.displayName, subtitle: "\(widget.kind) — \(widget.description)", tiles: tiles))
            htmlSections.append(Self.section(widget: widget, light: rows[.light] ?? [], dark: rows[.dark] ?? []))
        }
        guard let transaction = run.transaction else {
            throw .usage("nothing to show: no widget has a family the device has")
        }
        let stack = session.renderStack
        let footer = "widgetrender \(WidgetRenderVersion.current) · \(request.device.id) · \(stack)"
        let sheetURL = request.outputDirectory.appendingPathComponent("contact-sheet.png")
        do {
            let sheet = try ContactSheet(sections: sections, footer: footer, scale: 2).render(with: session.renderer)
            try transaction.stage(try session.encoder.encode(sheet), as: "contact-sheet.png")
        } catch let error as PipelineError {
            throw error
        } catch {
            throw .software("contact sheet: \(error)")
        }
        let indexURL = request.outputDirectory.appendingPathComponent("index.html")
        let html = Self.page(sections: htmlSections, total: previews.count, footer: footer)
        try transaction.stage(Data(html.utf8), as: "index.html")
        try transaction.commit(manifest: nil)
        return GalleryResult(index: indexURL, contactSheet: sheetURL, previews: previews, notes: notes)
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

    static func figure(file: String, family: WidgetFamily, size: Size, widget: String, scheme: ColorScheme) -> String {
        let alt = escape("\(widget), \(family.shortName), \(family.isAccessory ? "lock screen" : scheme.rawValue)")
        return """
                  <figure class="\(family.isAccessory ? "lockscreen" : "home")">
                    <a href="\(escape(file))"><img src="\(escape(file))" width="\(number(size.width))" height="\(number(size.height))" alt="\(alt)"></a>
                    <figcaption>\(escape(family.shortName)) · \(number(size.width))×\(number(size.height)) pt</figcaption>
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
            figure.lockscreen a { display: block; padding: 10px; border-radius: 12px; background: linear-gradient(160deg, #2c3e50, #4a6073); }
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
