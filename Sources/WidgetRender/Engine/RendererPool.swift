import Foundation
import WidgetDrawing

/// The engine's renderers, lent to one caller at a time.
///
/// Pango and its font maps are not thread-safe, and a renderer keeps caches over them (shaped
/// text, decoded images, spare surfaces), so each renderer draws for one caller at a time. The
/// pool holds at most ``capacity`` of them (one per processor by default), made when first
/// needed: a caller beyond that waits for one to come back, so memory stays bounded however
/// many tasks render at once. A waiting caller that is cancelled stops waiting at once.
///
/// A caller may name an affinity (a widget and family): a renderer that last drew the same is
/// lent first, since a renderer's first image of a widget loads its fonts and glyphs.
package final class RendererPool: @unchecked Sendable {
    /// At most this many renderers exist.
    package let capacity: Int
    private let makeRenderer: () throws(WidgetRenderError) -> WidgetRenderer
    private let lock = NSLock()
    /// Renderers not lent, with what each last drew.
    private var idle: [(renderer: WidgetRenderer, affinity: String?)] = []
    private var made = 0
    /// Callers waiting for a renderer, oldest first.
    private var waiters: [(id: UInt64, continuation: CheckedContinuation<Grant, Never>)] = []
    private var nextWaiter: UInt64 = 0

    /// A pool.
    ///
    /// - Parameters:
    ///   - capacity: the most renderers at once (at least 1).
    ///   - first: a renderer made already (its fonts loaded), lent first.
    ///   - make: makes another renderer with fonts of its own.
    package init(
        capacity: Int, first: WidgetRenderer?,
        make: @escaping () throws(WidgetRenderError) -> WidgetRenderer
    ) {
        self.capacity = max(1, capacity)
        makeRenderer = make
        if let first {
            idle = [(first, nil)]
            made = 1
        }
    }

    /// Runs `body` with a renderer no other caller is using, and takes it back afterwards.
    ///
    /// - Parameters:
    ///   - affinity: what the caller draws (a widget and family), to prefer a renderer that drew it last.
    ///   - body: the work; it must not keep the renderer.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws; ``WidgetRenderError/Kind-swift.struct/cancelled`` when the
    ///   task is cancelled while it waits; `unavailable` when a new renderer's fonts cannot load.
    package func withRenderer<T>(
        affinity: String? = nil, _ body: (WidgetRenderer) throws(WidgetRenderError) -> T
    ) async throws(WidgetRenderError) -> T {
        let renderer = try await lease(affinity: affinity)
        defer { giveBack(renderer, affinity: affinity) }
        return try body(renderer)
    }

    /// How many renderers exist now (lent or idle).
    package var count: Int { lock.withLock { made } }

    /// How many callers are waiting.
    package var waiting: Int { lock.withLock { waiters.count } }

    /// What a caller asking for a renderer gets (a renderer passes to one caller at a time).
    private enum Grant: @unchecked Sendable {
        case renderer(WidgetRenderer)
        /// Room for one more: the caller makes it (outside the lock: loading fonts takes a millisecond).
        case make
        case cancelled
    }

    /// An idle renderer or room for a new one, under the lock; `nil` when the caller must wait.
    private func grantNow(affinity: String?) -> Grant? {
        if let index = idle.lastIndex(where: { affinity != nil && $0.affinity == affinity })
            ?? (idle.isEmpty ? nil : idle.count - 1)
        {
            return .renderer(idle.remove(at: index).renderer)
        }
        if made < capacity {
            made += 1
            return .make
        }
        return nil
    }

    /// Takes a renderer out of the pool until ``giveBack(_:affinity:)`` (for a benchmark that must
    /// hold every renderer without holding a thread); prefer ``withRenderer(affinity:_:)``.
    package func lease(affinity: String?) async throws(WidgetRenderError) -> WidgetRenderer {
        if Task.isCancelled { throw WidgetRenderError(.cancelled, "the render was cancelled") }
        var grant = lock.withLock { grantNow(affinity: affinity) }
        if grant == nil {
            let id = lock.withLock { () -> UInt64 in
                nextWaiter += 1
                return nextWaiter
            }
            grant = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Grant, Never>) in
                    // Asked again under the lock that gives renderers back, so none is missed.
                    let now = lock.withLock { () -> Grant? in
                        if Task.isCancelled { return .cancelled }
                        if let grant = grantNow(affinity: affinity) { return grant }
                        waiters.append((id, continuation))
                        return nil
                    }
                    if let now { continuation.resume(returning: now) }
                }
            } onCancel: {
                let waiter = lock.withLock { () -> CheckedContinuation<Grant, Never>? in
                    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return waiters.remove(at: index).continuation
                }
                waiter?.resume(returning: .cancelled)
            }
        }
        switch grant {
        case .renderer(let renderer):
            return renderer
        case .make:
            do {
                return try makeRenderer()
            } catch {
                // The room is given to a waiter, who tries to make one in turn.
                let waiter = lock.withLock { () -> CheckedContinuation<Grant, Never>? in
                    if !waiters.isEmpty { return waiters.removeFirst().continuation }
                    made -= 1
                    return nil
                }
                waiter?.resume(returning: .make)
                throw error
            }
        case .cancelled, nil:
            throw WidgetRenderError(.cancelled, "the render was cancelled")
        }
    }

    /// Returns a leased renderer to the pool, or to the first caller waiting for one.
    package func giveBack(_ renderer: WidgetRenderer, affinity: String?) {
        let waiter = lock.withLock { () -> CheckedContinuation<Grant, Never>? in
            if !waiters.isEmpty { return waiters.removeFirst().continuation }
            idle.append((renderer, affinity))
            return nil
        }
        waiter?.resume(returning: .renderer(renderer))
    }
}
