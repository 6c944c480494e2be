import Foundation
import WidgetDrawing
import WidgetRender

/// Renders views and widgets for the snapshot strategies through the render engine, exactly as
/// the command does: drawn, encoded to PNG and decoded again.
enum SnapshotRendering {
    /// Engines (fonts, renderers) by the font files their widgets add, shared by every test in
    /// the process so fonts load once. A cache, not test state: each render asks its provider
    /// afresh, with a provider cache of its own.
    final class Engines: @unchecked Sendable {
        private let lock = NSLock()
        private var engines: [[String]: RenderEngine] = [:]

        func engine(fonts: [URL]) throws(WidgetRenderError) -> RenderEngine {
            let key = Set(fonts.map(\.path)).sorted()
            lock.lock()
            defer { lock.unlock() }
            if let engine = engines[key] { return engine }
            let engine = try RenderEngine(widgets: [], fontFiles: key.map { URL(fileURLWithPath: $0) })
            engines[key] = engine
            return engine
        }
    }

    static let engines = Engines()

    /// The image a rendered widget's PNG decodes to.
    static func image(_ rendered: RenderedWidget, engine: RenderEngine) -> WidgetImage {
        guard let png = rendered.image?.data else {
            return WidgetImage(surface: nil, failure: "no image was encoded", renderStack: "")
        }
        do {
            return WidgetImage(surface: try PNGImage.read(data: png), failure: nil, renderStack: engine.renderStack)
        } catch {
            return WidgetImage(surface: nil, failure: "\(error)", renderStack: "")
        }
    }

    /// Draws a view for a family; a failure becomes an image that says why.
    static func image(
        _ view: ViewNode, request: RenderRequest, contentMarginsDisabled: Bool, fonts: [URL] = []
    ) async -> WidgetImage {
        do {
            let engine = try engines.engine(fonts: fonts)
            let rendered = try await engine.render(
                view, in: request, contentMarginsDisabled: contentMarginsDisabled, as: PNGImageEncoder())
            return image(rendered, engine: engine)
        } catch {
            return WidgetImage(surface: nil, failure: "\(error)", renderStack: "")
        }
    }

    /// Asks a widget's provider as WidgetKit would and draws the entry on screen.
    static func widget(_ widget: AnyWidget, request: RenderRequest) async -> WidgetImage {
        do {
            let engine = try engines.engine(fonts: widget.fontFiles)
            let rendered = try await engine.render(widget, request, as: PNGImageEncoder(), sharingAnswers: false)
            return image(rendered, engine: engine)
        } catch  where error.kind == .providerTimedOut {
            return WidgetImage(
                surface: nil, failure: "\(error); .widget(providerTimeout:) sets the limit", renderStack: "")
        } catch {
            let message = error.message.hasPrefix("\(widget.kind):") ? error.message : "\(widget.kind): \(error)"
            return WidgetImage(surface: nil, failure: message, renderStack: "")
        }
    }
}
