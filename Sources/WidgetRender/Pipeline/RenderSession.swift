import Foundation
import WidgetAssets
import WidgetCore
import WidgetDrawing

/// What stays loaded between renders: the widgets, the pinned fonts and the renderer with
/// its caches. Create one per process (or per test) and reuse it.
///
/// ```swift
/// let session = try RenderSession(bundle: MyWidgets())
/// ```
public final class RenderSession: @unchecked Sendable {
    /// The widgets this session renders, checked.
    public let widgets: [AnyWidget]
    package let fonts: FontLibrary
    /// The first renderer, for work done one image at a time (the gallery's contact sheet, tests).
    package let renderer: WidgetRenderer
    /// Renderers lent to parallel renders: Pango and its font map are not thread-safe, so each
    /// thread draws with fonts of its own. Created on demand, kept for reuse.
    private var idleRenderers: [WidgetRenderer] = []
    private let poolLock = NSLock()
    private let configFile: String
    /// The widgets' own font files (`.fonts(_:)`), admitted besides the configuration's.
    private let extraFontFiles: [String]
    /// How PNGs are encoded.
    package var encoder: PNGEncoder

    /// Loads the project's font configuration for a bundle's widgets.
    ///
    /// - Parameter bundle: the widgets to render.
    /// - Throws: ``PipelineError`` — `configuration` (78) when the bundle's declarations are
    ///   wrong (two widgets of one kind…), `unavailable` (69) when the fonts or the configuration
    ///   are missing, with the command that installs them.
    public convenience init(bundle: some WidgetBundle) throws(PipelineError) {
        let widgets: [AnyWidget]
        do {
            widgets = try bundle.resolvedWidgets()
        } catch {
            throw .configuration("\(type(of: bundle)): \(error.description)")
        }
        try self.init(widgets: widgets)
    }

    /// Loads the project's font configuration for some widgets.
    ///
    /// - Parameters:
    ///   - widgets: the widgets to render; checked as a bundle's are. Their font files
    ///     (`.fonts(_:)`) are admitted besides the configuration's.
    ///   - fontFiles: more font files to admit (for views drawn without a widget).
    /// - Throws: ``PipelineError`` as ``init(bundle:)`` does.
    public init(widgets: [AnyWidget], fontFiles: [URL] = []) throws(PipelineError) {
        do {
            self.widgets = try WidgetBundleError.check(widgets)
        } catch {
            throw .configuration(error.description)
        }
        let configFile: URL
        do {
            configFile = try WidgetAssets.url(WidgetAssets.fontConfigName)
        } catch {
            throw .unavailable(error.description)
        }
        extraFontFiles = Set((self.widgets.flatMap(\.fontFiles) + fontFiles).map(\.path)).sorted()
        do {
            fonts = try FontLibrary(configFile: configFile.path, extraFiles: extraFontFiles)
        } catch {
            throw .unavailable(error.description)
        }
        self.configFile = configFile.path
        encoder = .fast
        renderer = WidgetRenderer(fonts: fonts)
        idleRenderers = [renderer]
    }

    /// Runs `body` with a renderer no other thread is using, returned to the pool afterwards.
    ///
    /// - Throws: what `body` throws, or `unavailable` (69) when a new renderer's fonts cannot be loaded.
    package func withRenderer<T>(_ body: (WidgetRenderer) throws(PipelineError) -> T) throws(PipelineError) -> T {
        let renderer: WidgetRenderer
        if let lent = poolLock.withLock({ idleRenderers.popLast() }) {
            renderer = lent
        } else {
            do {
                renderer = WidgetRenderer(fonts: try FontLibrary(configFile: configFile, extraFiles: extraFontFiles))
            } catch {
                throw .unavailable(error.description)
            }
        }
        defer { poolLock.withLock { idleRenderers.append(renderer) } }
        return try body(renderer)
    }

    /// The widget of a kind, or `nil`.
    ///
    /// - Parameter kind: the kind.
    /// - Returns: the widget.
    public func widget(kind: String) -> AnyWidget? {
        widgets.first { $0.kind == kind }
    }

    /// The versions that decide the pixels and the bytes: Cairo, Pango, fontconfig, libpng, ISA-L
    /// and the pixel path it runs (which can change the compressed bytes, never the pixels), and
    /// the font files.
    public var renderStack: String {
        let files = fonts.fontFiles.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
        let vector = WidgetPNGWriter.vectorPathName ?? "scalar"
        return "\(FontLibrary.stackDescription), libpng \(PNGEncoder.libpngVersion), "
            + "ISA-L \(WidgetPNGWriter.isalVersion) (\(vector)); fonts: \(files)"
    }
}
