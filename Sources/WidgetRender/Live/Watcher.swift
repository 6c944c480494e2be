import Foundation
import WidgetCore
import WidgetDates
import WidgetLayout

/// Keeps an output folder showing what some widgets show now, in real time, as WidgetKit keeps
/// a widget on screen current: each entry at its date, a reload when the timeline's policy
/// says, and a reload when ``WidgetCenter`` asks (within a ``ReloadBudget``). What `watch`
/// runs.
///
/// Each widget and family is written to `<out>/<kind>/<family>/current.png`, one stable path
/// for kiosks that poll it, with `manifest.json` beside it naming every current image and the
/// latest changes with their reasons. Every write goes through the output transaction, so a
/// reader never sees a torn folder: the manifest names only files with the bytes it records.
///
/// As on iOS, a file changed in a shared container does not reload a widget by itself; the
/// app calls `WidgetCenter.shared.reloadTimelines(ofKind:)` (or ``fileChanged()`` is called,
/// for `--reload-on-change`).
package final class Watcher: WidgetCenterObserver, @unchecked Sendable {
    /// One widget and family on screen.
    package struct Target: Hashable, Sendable {
        package var kind: String
        package var family: WidgetFamily
    }

    private enum Event: Sendable {
        case reload(kind: String?, reason: Manifest.ChangeReason)
        case wake
        case stop
    }

    /// What is on a target's screen now.
    private struct Screen {
        var askedAt: Date
        var next: NextChange?
        var record: Manifest.ImageRecord
    }

    /// A redraw: a target, why, the time its provider is asked and the time its screen shows.
    private struct Redraw {
        var target: Target
        var reason: Manifest.ChangeReason
        var askedAt: Date
        var shownAt: Date
        var requests: Int?
    }

    private let engine: RenderEngine
    private let batch: RenderBatch
    private let budget: ReloadBudget
    /// Buffers of the screens' pixels as written, reused from one change to the next.
    private let buffers = PixelFrame.Buffers()
    /// The widgets and families shown, in the bundle's order.
    package let targets: [Target]
    /// Families skipped (a widget or device without them), for the user.
    package let notes: [String]
    package let bundleName: String?
    package let runningWidgets: [WidgetInfo]
    private let kinds: Set<String>
    private let warn = LockedValue<@Sendable (RenderWarning) -> Void>({ _ in })
    private let events: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation

    /// A watcher of a batch's widgets and families (its `now` and `mode` are not used: the
    /// clock is the real one).
    ///
    /// - Parameters:
    ///   - engine: the engine that draws.
    ///   - batch: the widgets, families, look, settings and output folder.
    ///   - budget: how often requested reloads may happen.
    ///   - bundleName: the bundle's name, for ``WidgetCenter`` calls that name one bundle.
    /// - Throws: ``WidgetRenderError`` as `render` does for unknown widgets, parameters, app
    ///   group folders, or when no family is left.
    package init(engine: RenderEngine, batch: RenderBatch, budget: ReloadBudget = .default, bundleName: String?)
        throws(WidgetRenderError)
    {
        var run = try OutputRun(engine: engine, batch: batch)
        var targets: [Target] = []
        var running: [WidgetInfo] = []
        for (widget, parameters) in run.widgets {
            var record = run.record(widget, parameters)
            for family in batch.families ?? widget.supportedFamilies {
                guard try run.question(widget, family, record: &record) != nil else { continue }
                targets.append(Target(kind: widget.kind, family: family))
                running.append(
                    WidgetInfo(
                        kind: widget.kind, family: family, configuration: parameters.values.mapValues(\.description),
                        bundle: bundleName.map(WidgetCenterChannel.socketStem) ?? "", processID: getpid()))
            }
        }
        guard !targets.isEmpty else { throw .invalidRequest("nothing to watch: " + run.notes.joined(separator: "; ")) }
        self.engine = engine
        self.batch = batch
        self.budget = budget
        self.targets = targets
        notes = run.notes
        self.bundleName = bundleName.map(WidgetCenterChannel.socketStem)
        runningWidgets = running
        kinds = Set(targets.map(\.kind))
        (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
    }

    /// Asks ``run(progress:)`` to end after the change it is writing, if any.
    package func stop() {
        continuation.yield(.stop)
    }

    /// A file in a shared container changed: reload every widget (within the budget).
    package func fileChanged() {
        continuation.yield(.reload(kind: nil, reason: .fileChange))
    }

    package func widgetCenterReload(kind: String?) {
        // A call for a kind this watcher does not show is not its business (WidgetCenter.shared
        // reaches every bundle).
        if let kind, !kinds.contains(kind) { return }
        continuation.yield(.reload(kind: kind, reason: .widgetCenter))
    }

    /// The file a target is written to.
    package func file(of target: Target) -> String {
        "\(target.kind)/\(target.family.shortName)/current.\(batch.encoder.format.fileExtension)"
    }

    /// Draws every target now, then keeps them current until ``stop()``.
    ///
    /// Registered with ``WidgetCenter/shared`` while it runs. A provider that fails after the
    /// first screens leaves its screen as it was (reported through `progress`); the first
    /// screens failing ends the run with the error.
    ///
    /// - Parameters:
    ///   - progress: one line per change, for people.
    ///   - warn: what a provider or the engine reported without failing a screen.
    /// - Throws: ``WidgetRenderError`` when the first screens cannot be drawn or written, or a
    ///   later write fails.
    package func run(
        progress: @escaping @Sendable (String) -> Void = { _ in },
        warn: @escaping @Sendable (RenderWarning) -> Void = { _ in }
    ) async throws(WidgetRenderError) {
        self.warn.withLock { $0 = warn }
        // The folder is this watch's while it runs: another watch or a render is refused.
        let hold = try OutputTransaction.holdForWatch(batch.outputDirectory)
        defer { close(hold) }
        WidgetCenter.shared.addObserver(self)
        defer { WidgetCenter.shared.removeObserver(self) }
        var state = State(run: try OutputRun(engine: engine, batch: batch), budget: budget)
        let start = Date()
        try await apply(
            targets.map { Redraw(target: $0, reason: .start, askedAt: start, shownAt: start) }, state: &state,
            progress: progress, failing: true)
        var iterator = events.makeAsyncIterator()
        var timer: Task<Void, Never>?
        defer { timer?.cancel() }
        while true {
            timer?.cancel()
            timer = nil
            if let wake = nextWake(&state) {
                let continuation = self.continuation
                timer = Task {
                    let delay = wake.timeIntervalSinceNow
                    if delay > 0 { try? await Task.sleep(nanoseconds: UInt64(min(delay, 86_400 * 365) * 1e9)) }
                    if !Task.isCancelled { continuation.yield(.wake) }
                }
            }
            guard let event = await iterator.next() else { break }
            switch event {
            case .stop: return
            case .wake: break
            case .reload(let kind, let reason):
                state.requested += 1
                state.pendingRequests += 1
                state.pendingReason = state.pendingReason ?? reason
                if let kind {
                    if state.pendingKinds != nil {
                        state.pendingKinds?.insert(kind)
                    } else if state.pendingRequests == 1 {
                        state.pendingKinds = [kind]
                    }
                } else {
                    state.pendingKinds = nil
                }
            }
            if Task.isCancelled { return }
            let now = Date()
            let redraws = due(&state, at: now)
            if state.pendingRequests == 1, case .reload = event {
                let next = state.bucket.nextAvailable(after: now)
                progress(
                    "reload requested: waiting for the budget (\(budget)) until \(DateText.iso8601(next) ?? "later"); requests until then are coalesced"
                )
            }
            if !redraws.isEmpty { try await apply(redraws, state: &state, progress: progress, failing: false) }
        }
    }

    /// What the loop keeps between changes.
    private struct State {
        var run: OutputRun
        var screens: [Target: Screen] = [:]
        /// Each screen's pixels as written, for the next one's changed region.
        var pixels: [Target: PixelFrame] = [:]
        var changes: [Manifest.Change] = []
        var bucket: ReloadBudget.Bucket
        var requested = 0
        var made = 0
        var coalesced = 0
        /// Requests waiting for the budget: how many, for which kinds (`nil`: all), and why.
        var pendingRequests = 0
        var pendingKinds: Set<String>?
        var pendingReason: Manifest.ChangeReason?

        init(run: OutputRun, budget: ReloadBudget) {
            self.run = run
            bucket = ReloadBudget.Bucket(budget)
        }
    }

    /// When the loop next has something to do: a screen's next change, or the budget allowing a
    /// pending reload.
    private func nextWake(_ state: inout State) -> Date? {
        var wake = state.screens.values.compactMap(\.next?.date).min()
        if state.pendingRequests > 0 {
            let available = state.bucket.nextAvailable(after: Date())
            wake = min(wake ?? available, available)
        }
        return wake
    }

    /// The redraws due at `now`: a pending requested reload the budget allows, then entries and
    /// policy reloads whose date has come.
    private func due(_ state: inout State, at now: Date) -> [Redraw] {
        var redraws: [Redraw] = []
        if state.pendingRequests > 0, state.bucket.take(at: now) {
            let requests = state.pendingRequests
            let chosen = targets.filter { state.pendingKinds?.contains($0.kind) ?? true }
            if let kinds = state.pendingKinds {
                for kind in kinds.sorted() { engine.reloadTimelines(ofKind: kind) }
            } else {
                engine.reloadAllTimelines()
            }
            state.made += 1
            state.coalesced += requests - 1
            redraws += chosen.map {
                Redraw(
                    target: $0, reason: state.pendingReason ?? .widgetCenter, askedAt: now, shownAt: now,
                    requests: requests)
            }
            state.pendingRequests = 0
            state.pendingKinds = nil
            state.pendingReason = nil
        }
        var reloaded: Set<String> = []
        for target in targets where !redraws.contains(where: { $0.target == target }) {
            guard let screen = state.screens[target], let next = screen.next, next.date <= now else { continue }
            switch next.reason {
            case .entry:
                redraws.append(Redraw(target: target, reason: .entry, askedAt: screen.askedAt, shownAt: next.date))
            case .reload:
                // The provider reads its sources again, as a new getTimeline call on iOS would.
                if reloaded.insert(target.kind).inserted { engine.reloadTimelines(ofKind: target.kind) }
                redraws.append(
                    Redraw(target: target, reason: .policyReload, askedAt: next.date, shownAt: next.date))
            }
        }
        return redraws
    }

    /// Draws the redraws and writes them, with the manifest, in one transaction.
    private func apply(
        _ redraws: [Redraw], state: inout State, progress: @Sendable (String) -> Void, failing: Bool
    ) async throws(WidgetRenderError) {
        var drawn: [(Redraw, Data, Manifest.ImageRecord, Bool, ChangedRegion?)] = []
        for redraw in redraws {
            var request = batch.request(kind: redraw.target.kind, family: redraw.target.family)
            request.askedAt = redraw.askedAt
            request.shownAt = redraw.shownAt
            let widget: RenderedWidget
            do throws(WidgetRenderError) {
                guard let chosen = engine.widget(kind: request.kind) else {
                    throw .invalidRequest("unknown widget '\(request.kind)'")
                }
                widget = try await engine.render(chosen, request, as: batch.encoder, keepPixels: buffers)
            } catch {
                if failing { throw error }
                progress(
                    "\(redraw.target.kind) \(redraw.target.family.shortName): \(error.description); the screen stays as it was"
                )
                // Try again at the next request or policy date; an entry that fails stays failed.
                state.screens[redraw.target]?.next = nil
                continue
            }
            let warn = self.warn.withLock { $0 }
            for warning in widget.warnings { warn(warning) }
            guard let image = widget.image, let digest = image.sha256 else {
                throw .internalError("\(redraw.target.kind): the image was not encoded")
            }
            guard let entry = widget.entry, let anyWidget = engine.widget(kind: redraw.target.kind) else { continue }
            var record = state.run.imageRecord(
                anyWidget, metrics: widget.metrics, entry: entry, index: widget.onScreen.entryIndex,
                shownAt: redraw.shownAt, file: file(of: redraw.target))
            record.status = .onScreen
            record.shownAtNow = true
            record.bytes = image.data.count
            record.sha256 = digest
            record.pixelsCRC64 = image.pixelsCRC64
            record.format = image.format.name
            record.widgetURL = widget.widgetURL?.absoluteString
            record.controls = widget.controls.isEmpty ? nil : widget.controls
            let changed = state.screens[redraw.target]?.record.pixelsCRC64 != image.pixelsCRC64
            // Where, in the pixels as written, against the screen before.
            var region: ChangedRegion?
            if let pixels = widget.writtenPixels {
                if let before = state.pixels[redraw.target] {
                    region = pixels.changedRegion(from: before)
                    buffers.give(before)
                }
                state.pixels[redraw.target] = pixels
            }
            state.screens[redraw.target] = Screen(askedAt: redraw.askedAt, next: widget.nextChange, record: record)
            drawn.append((redraw, image.data, record, changed, region))
        }
        guard !drawn.isEmpty else { return }
        let transaction = try OutputTransaction(folder: batch.outputDirectory, forWatch: true)
        do {
            for (_, data, record, _, _) in drawn { try transaction.stage(data, as: record.file) }
            let records = targets.compactMap { state.screens[$0]?.record }
            let first = try transaction.reserveRecords(records.count)
            for (index, record) in records.enumerated() { try transaction.keepRecord(record, at: first + index) }
            for (redraw, _, record, changed, region) in drawn {
                var change = Manifest.Change(
                    date: redraw.shownAt, kind: redraw.target.kind, family: redraw.target.family.shortName,
                    reason: redraw.reason, requests: redraw.requests, askedAt: redraw.askedAt, file: record.file,
                    sha256: record.sha256, pixelsChanged: changed)
                change.changedRegion = region
                state.changes.append(change)
            }
            if state.changes.count > Manifest.Change.historyLimit {
                state.changes.removeFirst(state.changes.count - Manifest.Change.historyLimit)
            }
            try transaction.commit(manifest: manifest(state))
        } catch {
            transaction.abort()
            throw error
        }
        for (redraw, _, record, changed, _) in drawn {
            let requests = redraw.requests.map { $0 > 1 ? " (\($0) requests)" : "" } ?? ""
            progress(
                "\(redraw.target.kind) \(redraw.target.family.shortName): \(redraw.reason.rawValue)\(requests)"
                    + (changed ? "" : ", same pixels") + " → \(record.file)")
        }
    }

    /// The manifest of the screens now.
    private func manifest(_ state: State) -> Manifest {
        var records: [Manifest.WidgetRecord] = []
        for (widget, parameters) in state.run.widgets where kinds.contains(widget.kind) {
            var record = state.run.record(widget, parameters)
            record.nextReload =
                targets.filter { $0.kind == widget.kind }
                .compactMap { state.screens[$0]?.next }.filter { $0.reason == .reload }.map(\.date).min()
            records.append(record)
        }
        var manifest = Manifest(
            generator: "widgetrender \(WidgetRenderVersion.current)",
            now: state.screens.values.map(\.askedAt).min() ?? Date(), mode: .watch, until: nil,
            device: batch.device.id, colorScheme: batch.colorScheme, locale: batch.locale.identifier,
            renderStack: engine.renderStack, widgets: records, images: [])
        manifest.changes = state.changes
        manifest.reloads = Manifest.ReloadCount(
            budget: budget.description, requested: state.requested, made: state.made, coalesced: state.coalesced,
            pending: state.pendingRequests)
        return manifest
    }
}
