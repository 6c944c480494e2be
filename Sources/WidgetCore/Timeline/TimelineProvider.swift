import Foundation

/// Supplies a widget's entries, as WidgetKit's `TimelineProvider`.
///
/// Implement either WidgetKit's completion-handler methods, so ported code compiles as
/// it is, or the `async` ones:
///
/// ```swift
/// struct Provider: TimelineProvider {
///     func placeholder(in context: Context) -> SimpleEntry { SimpleEntry(date: context.now) }
///
///     func getSnapshot(in context: Context, completion: @escaping (SimpleEntry) -> Void) {
///         completion(SimpleEntry(date: context.now))
///     }
///
///     func getTimeline(in context: Context, completion: @escaping (Timeline<SimpleEntry>) -> Void) {
///         let entries = (0..<4).map { SimpleEntry(date: context.now.addingTimeInterval(Double($0) * 3600)) }
///         completion(Timeline(entries: entries, policy: .atEnd))
///     }
/// }
/// ```
///
/// - `placeholder(in:)` must return at once without I/O; the result is drawn redacted.
/// - A snapshot is one entry for transient displays and the gallery (`context.isPreview`).
/// - A timeline is the entries to show and the reload policy.
///
/// Use `context.now`, never `Date()`: it is the time the provider is asked, which the
/// command (`--now`) and tests set. A provider that fails to fetch falls back to a default
/// entry, as WidgetKit providers do; the `async` methods may throw a ``ProviderError``
/// when the configuration or the user's own input is wrong, which the command reports.
public protocol TimelineProvider: Sendable {
    /// The entry type.
    associatedtype Entry: TimelineEntry

    /// WidgetKit's name for the context.
    typealias Context = TimelineProviderContext

    /// An entry with sample data shown while the widget loads; no I/O.
    ///
    /// - Parameter context: family, size and the time asked.
    /// - Returns: the entry, drawn redacted.
    func placeholder(in context: Context) -> Entry

    /// One entry for a transient display or the widget gallery.
    ///
    /// - Parameter context: family, size, the time asked; `isPreview` for the gallery.
    /// - Returns: the entry.
    /// - Throws: when the configured data cannot be read or parsed.
    func snapshot(in context: Context) async throws -> Entry

    /// The entries to show and when to ask again.
    ///
    /// - Parameter context: family, size, parameters and the time asked.
    /// - Returns: the timeline.
    /// - Throws: when the configured data cannot be read or parsed.
    func timeline(in context: Context) async throws -> Timeline<Entry>

    /// WidgetKit's snapshot method: call `completion` once with the entry.
    ///
    /// - Parameters:
    ///   - context: family, size, the time asked; `isPreview` for the gallery.
    ///   - completion: takes the entry.
    func getSnapshot(in context: Context, completion: @escaping @Sendable (Entry) -> Void)

    /// WidgetKit's timeline method: call `completion` once with the timeline.
    ///
    /// - Parameters:
    ///   - context: family, size, parameters and the time asked.
    ///   - completion: takes the timeline.
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void)
}

extension TimelineProvider {
    /// Calls ``getTimeline(in:completion:)``; a provider implements one of the two.
    ///
    /// - Parameter context: the context.
    /// - Returns: the timeline `getTimeline` completed with.
    /// - Throws: ``ProviderError`` when the provider implements neither method.
    public func timeline(in context: Context) async throws -> Timeline<Entry> {
        let bridged: Timeline<Entry>? = try await CompletionBridge.call(method: "getTimeline(in:completion:)") {
            probe, complete in
            CompletionBridge.$probe.withValue(probe) { getTimeline(in: context, completion: complete) }
        }
        guard let bridged else {
            throw ProviderError(
                .notImplemented, "\(Self.self) implements neither timeline(in:) nor getTimeline(in:completion:)")
        }
        return bridged
    }

    /// Calls ``getSnapshot(in:completion:)`` when the provider implements it; otherwise the
    /// timeline's entry on screen at the time asked (else its first), or the placeholder.
    ///
    /// - Parameter context: the context.
    /// - Returns: the entry.
    /// - Throws: what ``timeline(in:)`` throws.
    public func snapshot(in context: Context) async throws -> Entry {
        let bridged: Entry? = try await CompletionBridge.call(method: "getSnapshot(in:completion:)") {
            probe, complete in
            CompletionBridge.$probe.withValue(probe) { getSnapshot(in: context, completion: complete) }
        }
        if let bridged { return bridged }
        let timeline = try await timeline(in: context)
        return timeline.entry(at: context.now) ?? placeholder(in: context)
    }

    /// Completes with ``timeline(in:)``'s result when the provider implements the `async` method.
    ///
    /// - Parameters:
    ///   - context: the context.
    ///   - completion: takes the timeline; a failure gives a timeline of the placeholder, retried in 15 minutes.
    public func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void) {
        if let probe = CompletionBridge.probe {
            probe.markMissing()
            return
        }
        Task {
            do {
                completion(try await timeline(in: context))
            } catch {
                completion(
                    Timeline(entries: [placeholder(in: context)], policy: .after(context.now.addingTimeInterval(900))))
            }
        }
    }

    /// Completes with ``snapshot(in:)``'s result when the provider implements the `async` method.
    ///
    /// - Parameters:
    ///   - context: the context.
    ///   - completion: takes the entry; a failure gives the placeholder.
    public func getSnapshot(in context: Context, completion: @escaping @Sendable (Entry) -> Void) {
        if let probe = CompletionBridge.probe {
            probe.markMissing()
            return
        }
        Task {
            completion((try? await snapshot(in: context)) ?? placeholder(in: context))
        }
    }
}

/// Turns a completion-handler call into an `async` one: the completion resumes the caller once
/// (later calls are ignored), cancelling the task stops the wait, and a method the provider did
/// not implement (its default ran) is reported as `nil`.
enum CompletionBridge {
    /// Set while the bridge calls a provider method; the default implementations mark it.
    @TaskLocal static var probe: Probe?

    final class Probe: @unchecked Sendable {
        private let lock = NSLock()
        private var missing = false

        func markMissing() { lock.withLock { missing = true } }
        var isMissing: Bool { lock.withLock { missing } }
    }

    /// Resumes a continuation at most once.
    final class Once<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Value?, any Error>?

        init(_ continuation: CheckedContinuation<Value?, any Error>) {
            self.continuation = continuation
        }

        func resume(with result: Result<Value?, any Error>) {
            let pending = lock.withLock { () -> CheckedContinuation<Value?, any Error>? in
                defer { continuation = nil }
                return continuation
            }
            pending?.resume(with: result)
        }
    }

    /// Calls `start` with a probe and a completion; returns what the completion got, or `nil`
    /// when the provider's default implementation ran (the method is not implemented).
    static func call<Value: Sendable>(
        method: String,
        _ start: (Probe, @escaping @Sendable (Value) -> Void) -> Void
    ) async throws -> Value? {
        let probe = Probe()
        let holder = OnceHolder<Value>()
        // One error however early the wait is cancelled: before the provider was asked (a task
        // cancelled before it ran) or while it was waited for.
        let timedOut = ProviderError(.timedOut, "the provider did not call the completion of \(method) in time")
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value?, any Error>) in
                let once = Once(continuation)
                guard holder.set(once) else {
                    once.resume(with: .failure(timedOut))
                    return
                }
                start(probe) { value in once.resume(with: .success(value)) }
                if probe.isMissing { once.resume(with: .success(nil)) }
            }
        } onCancel: {
            holder.cancel()?.resume(with: .failure(timedOut))
        }
    }

    /// Lets the cancellation handler reach the continuation made inside the operation.
    final class OnceHolder<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var once: Once<Value>?
        private var cancelled = false

        /// Keeps the continuation; `false` when the task was already cancelled.
        func set(_ value: Once<Value>) -> Bool {
            lock.withLock {
                once = value
                return !cancelled
            }
        }

        /// Marks the wait cancelled and returns the continuation to resume, if there is one yet.
        func cancel() -> Once<Value>? {
            lock.withLock {
                cancelled = true
                return once
            }
        }
    }
}
