import Foundation
import WidgetAssets
import WidgetCore
import WidgetDates
import WidgetDrawing
import WidgetLayout

/// WidgetRender's front door: a widget, a family and a time in, a rendered widget and its image
/// out, in memory, from any number of tasks at once.
///
/// An engine is made once from a bundle: it checks the widgets, loads the project's pinned
/// fonts, and keeps a pool of renderers (one per processor) and a cache of what providers
/// computed. Each ``render(_:as:)`` asks the widget's provider as WidgetKit would, picks the
/// entry on screen at the time shown, lays it out, draws it and encodes it:
///
/// ```swift
/// let engine = try RenderEngine(bundle: MyWidgets())
/// var request = RenderRequest(kind: "com.example.steps", family: .systemSmall)
/// request.colorScheme = .dark
/// let widget = try await engine.render(request)
/// try widget.image?.data.write(to: URL(fileURLWithPath: "steps.png"))
/// ```
///
/// Every client of WidgetRender renders through an engine: `render`, `timeline`, `gallery` and
/// `bench`, the snapshot strategies, and your own code. It is safe to call from any number of
/// tasks: callers beyond the pool's renderers wait for one (so memory stays bounded), and a
/// cancelled call stops waiting at once. It knows nothing of folders, flags or exit codes.
public final class RenderEngine: Sendable {
    /// The widgets this engine renders, checked as a bundle's.
    public let widgets: [AnyWidget]
    /// What the providers computed, shared by every call: one parsed copy of a data source for
    /// every family and widget that reads it (``TimelineProviderContext/cache``).
    public let cache: ProviderCache
    /// The renderers, lent to one call at a time.
    package let pool: RendererPool
    /// The font files the renderers admit (for ``renderStack``).
    private let fontFiles: [String]
    /// Providers' answers by everything that decides them.
    private let answers = AnswerCache()
    /// How many reloads each kind has had (`all` for every kind's).
    private let reloads = LockedValue((all: 0, kinds: [String: Int]()))

    /// An engine for a bundle's widgets.
    ///
    /// - Parameters:
    ///   - bundle: the widgets.
    ///   - renderers: the most images drawn at once; 0 (the default) for one per processor.
    /// - Throws: ``WidgetRenderError`` — `invalidBundle` when the bundle's declarations are wrong
    ///   (two widgets of one kind…), `unavailable` when the fonts or their configuration are missing.
    public convenience init(bundle: some WidgetBundle, renderers: Int = 0) throws(WidgetRenderError) {
        let widgets: [AnyWidget]
        do {
            widgets = try bundle.resolvedWidgets()
        } catch {
            throw .invalidBundle("\(type(of: bundle)): \(error.description)")
        }
        try self.init(widgets: widgets, renderers: renderers)
    }

    /// An engine for some widgets.
    ///
    /// - Parameters:
    ///   - widgets: the widgets, checked as a bundle's; their font files (`.fonts(_:)`) are
    ///     admitted besides the configuration's.
    ///   - fontFiles: more font files to admit (for views drawn without a widget).
    ///   - renderers: the most images drawn at once; 0 (the default) for one per processor.
    /// - Throws: ``WidgetRenderError`` as ``init(bundle:renderers:)`` does.
    public init(widgets: [AnyWidget], fontFiles: [URL] = [], renderers: Int = 0) throws(WidgetRenderError) {
        do {
            self.widgets = try WidgetBundleError.check(widgets)
        } catch {
            throw .invalidBundle(error.description)
        }
        let configFile: String
        do {
            configFile = try WidgetAssets.url(WidgetAssets.fontConfigName).path
        } catch {
            throw .unavailable(error.description)
        }
        let extraFiles = Set((self.widgets.flatMap(\.fontFiles) + fontFiles).map(\.path)).sorted()
        let fonts: FontLibrary
        do {
            fonts = try FontLibrary(configFile: configFile, extraFiles: extraFiles)
        } catch {
            throw .unavailable(error.description)
        }
        self.fontFiles = fonts.fontFiles
        cache = ProviderCache()
        let capacity = renderers > 0 ? renderers : ProcessInfo.processInfo.activeProcessorCount
        pool = RendererPool(capacity: capacity, first: WidgetRenderer(fonts: fonts)) {
            () throws(WidgetRenderError) -> WidgetRenderer in
            do {
                return WidgetRenderer(fonts: try FontLibrary(configFile: configFile, extraFiles: extraFiles))
            } catch {
                throw .unavailable("\(error)")
            }
        }
        WidgetCenter.shared.addObserver(self)
    }

    /// Forgets every provider answer and everything providers computed, so the next render asks
    /// the providers again and reads their sources again: what WidgetKit does for
    /// `WidgetCenter.reloadAllTimelines()`. `WidgetCenter.shared.reloadAllTimelines()` calls it
    /// for every engine of the process.
    public func reloadAllTimelines() {
        reloads.withLock { $0.all += 1 }
        answers.removeAll()
        cache.removeAll()
    }

    /// Forgets a kind's provider answers and what its provider read through
    /// ``TimelineProviderContext/cache``, so its next render asks its provider again and reads
    /// its sources again: what WidgetKit does for `WidgetCenter.reloadTimelines(ofKind:)`, which
    /// calls it for every engine of the process. Other kinds keep their answers.
    ///
    /// - Parameter kind: the widget's kind.
    public func reloadTimelines(ofKind kind: String) {
        reloads.withLock { $0.kinds[kind, default: 0] += 1 }
        answers.removeAll(kind: kind)
        cache.removeValues(readBy: kind)
    }

    /// How many times a kind's timelines were reloaded (by ``reloadTimelines(ofKind:)`` or
    /// ``reloadAllTimelines()``): a number that grows with each, so what a client keeps of a
    /// render (an image in a server's cache) can say which answers it was drawn from.
    ///
    /// - Parameter kind: the widget's kind.
    /// - Returns: the count.
    package func reloadCount(ofKind kind: String) -> Int {
        reloads.withLock { $0.all + $0.kinds[kind, default: 0] }
    }

    /// The widget of a kind, or `nil`.
    ///
    /// - Parameter kind: the kind.
    /// - Returns: the widget.
    public func widget(kind: String) -> AnyWidget? {
        widgets.first { $0.kind == kind }
    }

    /// The most images drawn at once: the pool's renderers.
    public var renderers: Int { pool.capacity }

    /// The versions that decide the pixels and the bytes: Cairo, Pango, fontconfig, libpng, ISA-L
    /// and the pixel path it runs (which can change the compressed bytes, never the pixels), and
    /// the font files.
    public var renderStack: String {
        let files = fontFiles.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
        let vector = WidgetPNGWriter.vectorPathName ?? "scalar"
        return "\(FontLibrary.stackDescription), libpng \(PNGEncoder.libpngVersion), "
            + "ISA-L \(WidgetPNGWriter.isalVersion) (\(vector)); fonts: \(files)"
    }

    // MARK: - Rendering

    /// Renders one widget: asks its provider, picks what is on screen, draws and encodes it.
    ///
    /// For ``RenderRequest/Entry-swift.enum/onScreen`` the provider is asked at
    /// ``RenderRequest/askedAt`` and WidgetKit's time model is followed up to the time shown:
    /// the latest entry whose date is not after it (before the first entry, the first), and a
    /// reload asks the provider again when its policy says, its new timeline replacing the old.
    ///
    /// - Parameters:
    ///   - request: the widget, family, device, times, settings and look.
    ///   - encoder: the image format; `nil` to lay out only (``RenderedWidget/image`` is then
    ///     `nil`; ``image(of:as:)`` draws it later).
    /// - Returns: the rendered widget.
    /// - Throws: ``WidgetRenderError``: `invalidRequest` for an unknown widget, a family the
    ///   widget or device lacks, or a parameter it does not take; what the provider threw, by
    ///   kind; `providerTimedOut`; `cancelled`.
    public func render(_ request: RenderRequest, as encoder: (any ImageEncoder)? = PNGImageEncoder())
        async throws(WidgetRenderError) -> RenderedWidget
    {
        guard let widget = widget(kind: request.kind) else {
            throw .invalidRequest(
                "unknown widget '\(request.kind)'; known: \(widgets.map(\.kind).joined(separator: ", "))")
        }
        return try await render(widget, request, as: encoder)
    }

    /// Renders a widget that need not be one of ``widgets`` (its font files must be admitted:
    /// the engine's widgets' or `fontFiles`). Without `sharingAnswers`, the provider is asked
    /// afresh, with a provider cache of this call's own (as a test needs).
    package func render(
        _ widget: AnyWidget, _ request: RenderRequest, as encoder: (any ImageEncoder)?, sharingAnswers: Bool = true,
        keepPixels: PixelFrame.Buffers? = nil
    ) async throws(WidgetRenderError) -> RenderedWidget {
        var request = request
        if Self.drawsFewGreys(encoder) { request.monochromeGlyphs = true }
        var question = try self.question(widget, request)
        if !sharingAnswers {
            question.sharesAnswers = false
            question.cache = ProviderCache()
        }
        let shown = try await entryOnScreen(question, request)
        var warnings = question.diagnostics.drain().map { RenderWarning(.provider, widget: widget.kind, $0) }
        if let warning = Self.entriesAfterTheTimeAsked(widget.kind, shown.onScreen) { warnings.append(warning) }
        let scene = Scene(
            view: shown.entry.view, metrics: question.metrics,
            context: viewContext(request, metrics: question.metrics, isPlaceholder: request.entry == .placeholder),
            contentMarginsDisabled: widget.contentMarginsDisabled)
        let drawn = try await draw(
            scene, affinity: "\(widget.kind)/\(request.family.shortName)", encoder: encoder, keepPixels: keepPixels)
        if request.family == .systemSmall, drawn.layout.hitTargets.contains(where: { $0.target.kind == "link" }) {
            warnings.append(Self.linkInSmallWidget(widget.kind))
        }
        if !drawn.layout.declaresContainerBackground, request.entry != .placeholder {
            warnings.append(Self.noContainerBackground(widget.kind))
        }
        var rendered = RenderedWidget(
            kind: widget.kind, metrics: question.metrics, askedAt: request.askedAt, shownAt: request.timeShown,
            onScreen: shown.onScreen, nextChange: shown.nextChange, entry: shown.entry,
            displayList: DisplayList(drawn.layout), widgetURL: drawn.layout.widgetURL,
            controls: drawn.layout.hitTargets.map { Manifest.Control($0.target, frame: $0.frame) },
            warnings: warnings, image: drawn.image, viewContext: scene.context)
        rendered.writtenPixels = drawn.pixels
        return rendered
    }

    /// Renders a view in a family's frame, without a widget or a provider: the request's family,
    /// device, scale, look, app groups and time shown apply; its kind, parameters and provider
    /// settings do not, and ``RenderRequest/Entry-swift.enum/placeholder`` draws it redacted.
    ///
    /// ```swift
    /// let badge = try await engine.render(Text("42").font(.largeTitle), in: RenderRequest(kind: "", family: .systemSmall))
    /// ```
    ///
    /// - Parameters:
    ///   - view: the view.
    ///   - request: where and how to draw it.
    ///   - contentMarginsDisabled: lay it out edge to edge instead of inside the family's margins.
    ///   - encoder: the image format, or `nil` to lay out only.
    /// - Returns: the rendered view (``RenderedWidget/kind`` is `nil`).
    /// - Throws: ``WidgetRenderError``: `invalidRequest` for a family the device lacks, `badData`
    ///   for an image the view draws that cannot be read, `invalidBundle` for an unknown symbol.
    public func render(
        _ view: some View, in request: RenderRequest, contentMarginsDisabled: Bool = false,
        as encoder: (any ImageEncoder)? = PNGImageEncoder()
    ) async throws(WidgetRenderError) -> RenderedWidget {
        var request = request
        if Self.drawsFewGreys(encoder) { request.monochromeGlyphs = true }
        let metrics = try Self.metrics(request.family, device: request.device, scale: request.scale)
        let isPlaceholder = request.entry == .placeholder
        let scene = Scene(
            view: view.node, metrics: metrics,
            context: viewContext(request, metrics: metrics, isPlaceholder: isPlaceholder),
            contentMarginsDisabled: contentMarginsDisabled)
        let drawn = try await draw(scene, affinity: nil, encoder: encoder)
        return RenderedWidget(
            kind: nil, metrics: metrics, askedAt: request.askedAt, shownAt: request.timeShown,
            onScreen: OnScreen(reason: isPlaceholder ? .placeholder : .view), nextChange: nil, entry: nil,
            displayList: DisplayList(drawn.layout), widgetURL: drawn.layout.widgetURL,
            controls: drawn.layout.hitTargets.map { Manifest.Control($0.target, frame: $0.frame) },
            warnings: [], image: drawn.image, viewContext: scene.context)
    }

    /// Draws and encodes a widget rendered before (for instance without an encoder), from its
    /// display list: the same pixels as when it was rendered with one.
    ///
    /// - Parameters:
    ///   - widget: the rendered widget.
    ///   - encoder: the image format.
    /// - Returns: the image.
    /// - Throws: ``WidgetRenderError`` when drawing or encoding fails, or `cancelled`.
    public func image(of widget: RenderedWidget, as encoder: any ImageEncoder = PNGImageEncoder())
        async throws(WidgetRenderError) -> EncodedImage
    {
        let layout = widget.displayList.layout(widgetURL: widget.widgetURL)
        let metrics = widget.metrics
        let context = widget.viewContext
        return try await pool.withRenderer(affinity: widget.kind.map { "\($0)/\(metrics.family.shortName)" }) {
            renderer throws(WidgetRenderError) in
            let surface: CairoSurface
            do throws(RenderError) {
                surface = try renderer.draw(layout, metrics: metrics, context: context)
            } catch {
                throw Self.error(error)
            }
            defer { renderer.recycle(surface) }
            return try Self.encode(
                surface, scale: metrics.scale, displayList: widget.displayList, with: encoder,
                vectorSource: VectorSource(renderer: renderer, layout: layout, metrics: metrics, context: context))
        }
    }

    // MARK: - The one way to draw and encode

    /// One image to draw: a view, where, and for which time.
    package struct Scene: Sendable {
        package var view: ViewNode
        package var metrics: WidgetMetrics
        package var context: ViewContext
        package var contentMarginsDisabled: Bool

        package init(view: ViewNode, metrics: WidgetMetrics, context: ViewContext, contentMarginsDisabled: Bool) {
            self.view = view
            self.metrics = metrics
            self.context = context
            self.contentMarginsDisabled = contentMarginsDisabled
        }
    }

    /// What drawing a scene gave: its layout, its image when an encoder was given, its
    /// surface when the caller keeps it (the gallery's contact sheet), and the pixels as
    /// written when asked for (a `timeline`'s changed regions).
    package struct Drawn {
        package var layout: WidgetRenderer.Layout
        package var image: EncodedImage?
        package var surface: CairoSurface?
        package var pixels: PixelFrame? = nil
    }

    /// Lays out, draws and (with an encoder) encodes a scene with a leased renderer.
    package func draw(
        _ scene: Scene, affinity: String?, encoder: (any ImageEncoder)?, keepPixels: PixelFrame.Buffers? = nil
    ) async throws(WidgetRenderError) -> (layout: WidgetRenderer.Layout, image: EncodedImage?, pixels: PixelFrame?) {
        try await pool.withRenderer(affinity: affinity) { renderer throws(WidgetRenderError) in
            let drawn = try Self.draw(scene, with: renderer, encoder: encoder, keepPixels: keepPixels)
            return (drawn.layout, drawn.image, drawn.pixels)
        }
    }

    /// Lays out, draws and (with an encoder) encodes a scene with a renderer the caller holds:
    /// the one place an image is made. With `keepPixels`, also the pixels as the encoder wrote
    /// them (``WrittenPixelsEncoding``), or as drawn (copied into a buffer of the pool given).
    package static func draw(
        _ scene: Scene, with renderer: WidgetRenderer, encoder: (any ImageEncoder)?, keepSurface: Bool = false,
        keepPixels: PixelFrame.Buffers? = nil
    ) throws(WidgetRenderError) -> Drawn {
        let layout = try Self.layout(scene, with: renderer)
        guard let encoder else { return Drawn(layout: layout, image: nil, surface: nil) }
        let surface = try drawSurface(layout, scene: scene, with: renderer)
        defer { if !keepSurface { renderer.recycle(surface) } }
        let (image, pixels) = try encode(
            surface, scale: scene.metrics.scale, displayList: DisplayList(layout), with: encoder,
            vectorSource: VectorSource(
                renderer: renderer, layout: layout, metrics: scene.metrics, context: scene.context),
            keepPixels: keepPixels)
        return Drawn(layout: layout, image: image, surface: keepSurface ? surface : nil, pixels: pixels)
    }

    /// Lays out a scene: every `body` evaluated, sizes chosen, the display lists made.
    package static func layout(_ scene: Scene, with renderer: WidgetRenderer) throws(WidgetRenderError)
        -> WidgetRenderer.Layout
    {
        do {
            return try renderer.layout(
                scene.view, metrics: scene.metrics, context: scene.context,
                contentMarginsDisabled: scene.contentMarginsDisabled)
        } catch {
            throw Self.error(error)
        }
    }

    /// Draws a laid-out scene; the caller gives the surface back with `renderer.recycle`.
    package static func drawSurface(_ layout: WidgetRenderer.Layout, scene: Scene, with renderer: WidgetRenderer)
        throws(WidgetRenderError) -> CairoSurface
    {
        do {
            return try renderer.draw(layout, metrics: scene.metrics, context: scene.context)
        } catch {
            throw Self.error(error)
        }
    }

    /// Encodes a drawn surface: WidgetRender's own encoders straight from the surface, with the
    /// pixels' fingerprint in the same pass; any other through ``RenderedImage``.
    package static func encode(
        _ surface: CairoSurface, scale: Int, displayList: DisplayList, with encoder: any ImageEncoder,
        vectorSource: VectorSource? = nil
    ) throws(WidgetRenderError) -> EncodedImage {
        try encode(
            surface, scale: scale, displayList: displayList, with: encoder, vectorSource: vectorSource,
            keepPixels: nil
        ).image
    }

    /// ``encode(_:scale:displayList:with:vectorSource:)``, and with `keepPixels` the pixels as
    /// written.
    package static func encode(
        _ surface: CairoSurface, scale: Int, displayList: DisplayList, with encoder: any ImageEncoder,
        vectorSource: VectorSource?, keepPixels: PixelFrame.Buffers?
    ) throws(WidgetRenderError) -> (image: EncodedImage, pixels: PixelFrame?) {
        do {
            if let direct = encoder as? any SurfaceEncoding {
                let (data, pixels) = try direct.encode(surface: surface)
                return (
                    EncodedImage(data: data, format: encoder.format, pixelsCRC64: pixels),
                    keepPixels.map { PixelFrame(surface: surface, buffers: $0) }
                )
            }
            let data: Data
            var written: PixelFrame?
            do {
                let image = RenderedImage(
                    surface: surface, scale: scale, displayList: displayList, vectorSource: vectorSource)
                if keepPixels != nil, let writing = encoder as? any WrittenPixelsEncoding {
                    (data, written) = try writing.encodeWithPixels(image)
                } else {
                    data = try encoder.encode(image)
                    if let keepPixels { written = PixelFrame(surface: surface, buffers: keepPixels) }
                }
            } catch let error as WidgetRenderError {
                throw error
            } catch {
                throw WidgetRenderError.internalError("\(encoder.format.name) encoding failed: \(error)")
            }
            return (
                EncodedImage(
                    data: data, format: encoder.format, pixelsCRC64: try WidgetPNGWriter.pixelsCRC64(surface)),
                written
            )
        } catch let error as WidgetRenderError {
            throw error
        } catch let error as RenderError {
            throw Self.error(error)
        } catch {
            throw .internalError("\(error)")
        }
    }

    /// The library's error for a drawing failure.
    package static func error(_ error: RenderError) -> WidgetRenderError {
        switch error {
        case .image(let path, let reason): .badData("\(path): \(reason)")
        case .view(let message): .invalidBundle(message)
        default: .internalError(error.description)
        }
    }

    /// `trmnl-og has no medium widget; its families: full, halfHorizontal, …`.
    package static func noSuchFamily(_ family: WidgetFamily, on device: DeviceProfile) -> String {
        let families = device.families.map(\.shortName).joined(separator: ", ")
        return "\(device.id) has no \(family.shortName) widget; its families: \(families)"
    }

    /// The warning for a `Link` in a small widget.
    /// The `Date()` trap: a timeline whose first entry is dated after the time its provider was
    /// asked leaves nothing of its own on screen until then (WidgetRender draws the first entry
    /// early). A provider that dates entries with `Date()` dates them by this machine's clock,
    /// not the time asked (`--now`), and does just that.
    package static func entriesAfterTheTimeAsked(_ kind: String, _ onScreen: OnScreen) -> RenderWarning? {
        guard onScreen.reason == .beforeFirstEntry, let first = onScreen.entryDate,
            let asked = onScreen.timelineAskedAt, first > asked
        else { return nil }
        let iso = Date.ISO8601FormatStyle()
        return RenderWarning(
            .provider, widget: kind,
            "\(kind): no entry is on screen at \(asked.formatted(iso)), the time the provider was asked: its first entry is dated \(first.formatted(iso)), so that entry is drawn early. Entries dated with Date() take this machine's clock, not the time asked: date them from context.now"
        )
    }

    /// iOS 17 and later draw "Please adopt containerBackground API" in place of a widget whose
    /// view does not declare its background.
    package static func noContainerBackground(_ kind: String) -> RenderWarning {
        RenderWarning(
            .provider, widget: kind,
            "\(kind): the view declares no .containerBackground(_:for: .widget): on iOS 17 and later the widget shows \"Please adopt containerBackground API\" instead. Add .containerBackground(.background, for: .widget), or your own background, to the view"
        )
    }

    package static func linkInSmallWidget(_ kind: String) -> RenderWarning {
        RenderWarning(
            .controls, widget: kind,
            "\(kind): a Link in a small widget does nothing on iOS (one tap target: use widgetURL)")
    }

    // MARK: - Asking providers

    /// One provider to ask: the widget, the family's size and the request's settings.
    package struct Question: Sendable {
        package var widget: AnyWidget
        package var metrics: WidgetMetrics
        package var parameters: WidgetParameters
        package var appGroups: AppGroupContainers
        package var values: ProviderValues
        package var timeout: TimeInterval
        /// Where this caller's warnings go.
        package var diagnostics = Diagnostics()
        /// The providers' cache: the engine's, or one of the caller's own.
        package var cache: ProviderCache
        /// Whether the answer may come from, and go to, the engine's answers (false for a caller
        /// that must see its provider asked, such as a test).
        package var sharesAnswers = true

        package init(
            widget: AnyWidget, metrics: WidgetMetrics, parameters: WidgetParameters, appGroups: AppGroupContainers,
            values: ProviderValues, timeout: TimeInterval, cache: ProviderCache
        ) {
            self.cache = cache
            self.widget = widget
            self.metrics = metrics
            self.parameters = parameters
            self.appGroups = appGroups
            self.values = values
            self.timeout = timeout
        }
    }

    /// The question a request asks of a widget: its family checked, its parameters resolved.
    package func question(_ widget: AnyWidget, _ request: RenderRequest) throws(WidgetRenderError) -> Question {
        guard widget.supports(request.family) else {
            throw .invalidRequest(Self.unsupported(widget, request.family))
        }
        let metrics = try Self.metrics(request.family, device: request.device, scale: request.scale)
        let parameters: WidgetParameters
        do {
            parameters = try WidgetParameters.resolve(request.parameters, against: widget.parameters)
        } catch {
            throw .invalidRequest("\(widget.kind): \(error.description)")
        }
        return Question(
            widget: widget, metrics: metrics, parameters: parameters, appGroups: request.appGroups,
            values: request.providerValues, timeout: request.providerTimeout, cache: cache.reading(as: widget.kind))
    }

    /// "price does not support small (supports: medium, large)".
    package static func unsupported(_ widget: AnyWidget, _ family: WidgetFamily) -> String {
        "\(widget.kind) does not support \(family.shortName) (supports: \(widget.supportedFamilies.map(\.shortName).joined(separator: ", ")))"
    }

    /// A family's size on a device.
    ///
    /// - Throws: `invalidRequest` when the device has no such widget (extra large on an iPhone).
    package static func metrics(_ family: WidgetFamily, device: DeviceProfile, scale: Int?) throws(WidgetRenderError)
        -> WidgetMetrics
    {
        do {
            return try WidgetMetrics(family: family, device: device, scale: scale)
        } catch  where error.reason == .familyUnavailable {
            throw .invalidRequest(Self.noSuchFamily(family, on: device))
        } catch {
            throw .invalidRequest(error.description)
        }
    }

    /// What a provider is told: family, size, preview flag, parameters, the time asked, app
    /// groups, values, and the engine's cache.
    package func context(_ question: Question, now: Date, isPreview: Bool = false, diagnostics: Diagnostics? = nil)
        -> TimelineProviderContext
    {
        TimelineProviderContext(
            family: question.metrics.family, displaySize: question.metrics.size, isPreview: isPreview,
            parameters: question.parameters, now: now, diagnostics: diagnostics ?? question.diagnostics,
            appGroups: question.appGroups, values: question.values, cache: question.cache)
    }

    /// Where a view is drawn, for the time its screen shows.
    package func viewContext(_ request: RenderRequest, metrics: WidgetMetrics, isPlaceholder: Bool) -> ViewContext {
        var context = ViewContext(
            family: metrics.family, displaySize: metrics.size, colorScheme: request.colorScheme,
            locale: request.locale, timeZone: request.timeZone, isPlaceholder: isPlaceholder, date: request.timeShown,
            appGroups: request.appGroups, renderingMode: request.renderingMode)
        if let tint = request.tint { context.tint = tint }
        context.screenDevice = request.screenDevice
        context.monochromeGlyphs = request.monochromeGlyphs
        return context
    }

    /// Whether an encoder writes so few greys (four or fewer) that colour emoji would vanish
    /// or blot: its images draw them from a monochrome font instead.
    package static func drawsFewGreys(_ encoder: (any ImageEncoder)?) -> Bool {
        if let grey = encoder as? GreyPNGEncoder { return grey.greyscale.levels <= 4 }
        if let bitmap = encoder as? BMPEncoder { return bitmap.bitsPerPixel < 24 && bitmap.greyscale.levels <= 4 }
        return false
    }

    /// The provider's placeholder: at once, no I/O.
    package func placeholder(_ question: Question, now: Date) -> AnyTimelineEntry {
        question.widget.placeholder(in: context(question, now: now))
    }

    /// The provider's snapshot, asked with `isPreview` set, within its time limit.
    package func snapshot(_ question: Question, now: Date) async throws(WidgetRenderError) -> AnyTimelineEntry {
        try await answer(question, now: now, mode: .snapshot) { context in
            .snapshot(try await question.widget.snapshot(in: context))
        }.snapshotEntry
    }

    /// The provider's timeline asked at `now`, within its time limit; one answer per question
    /// and time, shared by every caller that asks the same.
    package func timeline(_ question: Question, now: Date) async throws(WidgetRenderError)
        -> Timeline<AnyTimelineEntry>
    {
        try await answer(question, now: now, mode: .timeline) { context in
            .timeline(try await question.widget.timeline(in: context))
        }.timelineValue
    }

    /// A provider's answer, from the cache or asked now; its warnings go to the question's diagnostics.
    private func answer(
        _ question: Question, now: Date, mode: AnswerCache.Mode,
        ask: @escaping @Sendable (TimelineProviderContext) async throws -> AnswerCache.Answer
    ) async throws(WidgetRenderError) -> AnswerCache.Answer {
        let key = AnswerCache.Key(
            kind: question.widget.kind, family: question.metrics.family, size: question.metrics.size,
            parameters: question.parameters, now: now, mode: mode, appGroups: question.appGroups,
            values: question.values)
        let widget = question.widget
        let timeout = question.timeout
        let diagnostics = Diagnostics()
        let context = self.context(question, now: now, isPreview: mode == .snapshot, diagnostics: diagnostics)
        let appGroups = question.appGroups
        let call = { @Sendable () async -> AnswerCache.Result in
            do throws(WidgetRenderError) {
                let answer = try await Self.call(
                    widget, appGroups: appGroups, timeout: timeout, diagnostics: diagnostics
                ) {
                    try await ask(context)
                }
                return AnswerCache.Result(answer: .success(answer), warnings: diagnostics.drain())
            } catch {
                return AnswerCache.Result(answer: .failure(error), warnings: diagnostics.drain())
            }
        }
        let result = question.sharesAnswers ? await answers.answer(for: key, ask: call) : await call()
        for warning in result.warnings { question.diagnostics.warn(warning) }
        return try result.answer.get()
    }

    /// Calls a provider with its app groups, within its time limit.
    ///
    /// A provider that does not answer in time (a completion never called, a hung fetch) is an
    /// error naming the widget, not a hang.
    package static func call<Value: Sendable>(
        _ widget: AnyWidget, appGroups: AppGroupContainers, timeout: TimeInterval, diagnostics: Diagnostics? = nil,
        _ work: @escaping @Sendable () async throws -> Value
    ) async throws(WidgetRenderError) -> Value {
        do {
            return try await AppGroupContainers.$current.withValue(appGroups) {
                try await AppGroupContainers.$warnings.withValue(diagnostics) {
                    try await Deadline.run(seconds: timeout, work)
                }
            }
        } catch {
            throw Self.error(error, widget: widget)
        }
    }

    /// The library's error for what a provider threw.
    package static func error(_ error: any Error, widget: AnyWidget) -> WidgetRenderError {
        switch error {
        case let error as WidgetRenderError: return error
        case let error as ProviderError:
            switch error.reason {
            case .invalidConfiguration: return .invalidRequest("\(widget.kind): \(error.message)")
            case .badData: return .badData(error.message)
            case .missingInput: return .missingInput(error.message)
            case .unavailable: return .unavailable(error.message)
            case .timedOut: return WidgetRenderError(.providerTimedOut, "\(widget.kind): \(error.message)")
            default: return .internalError("\(widget.kind): \(error.message)")
            }
        case let expired as Deadline.Expired:
            return WidgetRenderError(
                .providerTimedOut,
                "\(widget.kind): the provider did not return its entries within \(expired) (a completion handler never called?)"
            )
        case is CancellationError:
            return WidgetRenderError(.cancelled, "\(widget.kind): the render was cancelled")
        default: return .badData("\(widget.kind): \(error)")
        }
    }

    // MARK: - The time model

    /// The entry a request shows, why, and when the screen next changes.
    private func entryOnScreen(_ question: Question, _ request: RenderRequest) async throws(WidgetRenderError) -> (
        entry: AnyTimelineEntry, onScreen: OnScreen, nextChange: NextChange?
    ) {
        switch request.entry {
        case .placeholder:
            return (placeholder(question, now: request.askedAt), OnScreen(reason: .placeholder), nil)
        case .snapshot:
            return (try await snapshot(question, now: request.askedAt), OnScreen(reason: .snapshot), nil)
        case .onScreen:
            let shownAt = request.timeShown
            // WidgetKit's time model up to the time shown, reloads included: one request when the
            // screen is shown at or before the time asked.
            let simulation: TimelineSimulation<AnyTimelineEntry>
            do {
                simulation = try await TimelineSimulation.run(
                    from: request.askedAt, to: max(shownAt, request.askedAt).addingTimeInterval(0.001),
                    maximumScreens: 100_000
                ) { now in
                    try await self.timeline(question, now: now)
                }
            } catch {
                throw Self.error(error, widget: question.widget)
            }
            guard let screen = simulation.screens.last(where: { $0.time <= max(shownAt, request.askedAt) }),
                let index = screen.entry
            else {
                throw .badData("\(question.widget.kind): the provider returned an empty timeline")
            }
            let asked = simulation.requests[screen.request]
            let timeline = asked.timeline
            // Shown before the time asked: the first request's entry at that time.
            let shownIndex = shownAt < request.askedAt ? (timeline.entryIndex(at: shownAt) ?? index) : index
            let entry = timeline.entries[shownIndex]
            let onScreen = OnScreen(
                reason: timeline.isBeforeFirstEntry(shownAt) ? .beforeFirstEntry : .entry, entryIndex: shownIndex,
                entryDate: entry.date, reloads: screen.request, timelineAskedAt: asked.askedAt)
            let nextEntry = timeline.entries.first { $0.date > shownAt }?.date
            var nextChange: NextChange?
            if let reload = asked.reloadAt, reload > shownAt, nextEntry.map({ reload <= $0 }) ?? true {
                nextChange = NextChange(date: reload, reason: .reload)
            } else if let nextEntry {
                nextChange = NextChange(date: nextEntry, reason: .entry)
            }
            return (entry, onScreen, nextChange)
        }
    }
}

extension RenderEngine: WidgetCenterObserver {
    package var bundleName: String? { nil }
    package var runningWidgets: [WidgetInfo] { [] }

    package func widgetCenterReload(kind: String?) {
        if let kind { reloadTimelines(ofKind: kind) } else { reloadAllTimelines() }
    }
}

/// Providers' answers by everything that decides them, so that callers asking the same share one
/// call; the oldest are forgotten past a bound (a server asks at ever new times).
private final class AnswerCache: @unchecked Sendable {
    enum Mode: Hashable, Sendable {
        case timeline, snapshot
    }

    enum Answer: Sendable {
        case timeline(Timeline<AnyTimelineEntry>)
        case snapshot(AnyTimelineEntry)

        var timelineValue: Timeline<AnyTimelineEntry> {
            if case .timeline(let timeline) = self { return timeline }
            return Timeline(entries: [], policy: .never)
        }

        var snapshotEntry: AnyTimelineEntry {
            switch self {
            case .snapshot(let entry): entry
            case .timeline(let timeline):
                timeline.entries.first ?? AnyTimelineEntry(date: .distantPast, relevance: nil, view: .empty)
            }
        }
    }

    struct Key: Hashable, Sendable {
        var kind: String
        var family: WidgetFamily
        var size: Size
        var parameters: WidgetParameters
        var now: Date
        var mode: Mode
        var appGroups: AppGroupContainers
        var values: ProviderValues
    }

    struct Result: Sendable {
        var answer: Swift.Result<Answer, WidgetRenderError>
        var warnings: [String]
    }

    /// The most answers kept.
    static var limit: Int { 256 }

    private let lock = NSLock()
    private var tasks: [Key: Task<Result, Never>] = [:]
    private var order: [Key] = []

    /// Forgets every answer.
    func removeAll() {
        lock.withLock {
            tasks.removeAll()
            order.removeAll()
        }
    }

    /// Forgets a kind's answers.
    func removeAll(kind: String) {
        lock.withLock {
            for key in order where key.kind == kind { tasks[key] = nil }
            order.removeAll { $0.kind == kind }
        }
    }

    /// The answer for `key`, asked by the first caller; a caller cancelled while it waits gets
    /// `cancelled` at once (the provider goes on for the others).
    func answer(for key: Key, ask: @escaping @Sendable () async -> Result) async -> Result {
        let task = lock.withLock { () -> Task<Result, Never> in
            if let task = tasks[key] { return task }
            let task = Task { await ask() }
            tasks[key] = task
            order.append(key)
            if order.count > Self.limit {
                tasks[order.removeFirst()] = nil
            }
            return task
        }
        let cancelled = Result(
            answer: .failure(WidgetRenderError(.cancelled, "\(key.kind): the render was cancelled")), warnings: [])
        let gate = Gate()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result, Never>) in
                gate.set(continuation)
                Task { gate.resume(await task.value) }
                if Task.isCancelled { gate.resume(cancelled) }
            }
        } onCancel: {
            gate.resume(cancelled)
        }
    }

    /// Resumes a continuation once, with whichever comes first: the answer or the cancellation.
    private final class Gate: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Result, Never>?
        private var early: Result?

        func set(_ continuation: CheckedContinuation<Result, Never>) {
            let ready = lock.withLock { () -> Result? in
                if let early { return early }
                self.continuation = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }

        func resume(_ result: Result) {
            let pending = lock.withLock { () -> CheckedContinuation<Result, Never>? in
                defer { continuation = nil }
                if continuation == nil, early == nil { early = result }
                return continuation
            }
            pending?.resume(returning: result)
        }
    }
}
