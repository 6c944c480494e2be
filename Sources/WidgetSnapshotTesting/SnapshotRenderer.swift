import Foundation
import WidgetCore
import WidgetRender
import WidgetRendering

/// The one render session snapshot assertions share: fonts load once per test process,
/// and a lock keeps renders one at a time (a renderer is not thread-safe; tests run in parallel).
enum SnapshotRenderer {
    nonisolated(unsafe) private static var session: RenderSession?
    private static let lock = NSLock()

    /// Renders a view to PNG bytes, with the versions that decided the pixels.
    static func png(_ view: ViewNode, strategy: WidgetImageStrategy, isPlaceholder: Bool) throws -> (
        png: Data, stack: String
    ) {
        try lock.withLock {
            let session = try Self.session ?? RenderSession()
            Self.session = session
            let surface = try session.renderer.render(
                view, metrics: try strategy.metrics(), colorScheme: strategy.colorScheme, locale: strategy.locale,
                isPlaceholder: isPlaceholder)
            return (try session.encoder.encode(surface), session.renderStack)
        }
    }
}
