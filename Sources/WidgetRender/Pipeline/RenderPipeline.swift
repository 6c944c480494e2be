import Foundation
import WidgetCore
import WidgetDates
import WidgetLayout
import WidgetDrawing

/// The result of a run: the manifest written, the files and the notes for the user.
public struct RenderResult: Sendable {
    /// The manifest, as written to `manifest.json`; without its image records when the request
    /// did not keep them (``RenderRequest/keepsImageRecords``).
    public var manifest: Manifest
    /// Absolute URLs of the PNGs written, in order; empty when the request did not keep the
    /// image records.
    public var files: [URL]
    /// Things the user should know (skipped families, removed PNGs of an earlier run).
    public var notes: [String]
    /// Skipped records and failed fetches, one line each, for stderr.
    public var warnings: [String]
    /// How many PNGs were written (also when their records were not kept).
    public var imageCount: Int
    /// The bytes of all the PNGs written.
    public var pngBytes: Int
    /// The kinds of the widgets drawn, in the bundle's (or the request's) order.
    public var kinds: [String]
}

/// Runs a ``RenderRequest``: asks each widget's provider for entries, lays out and
/// draws each family × entry, writes the PNGs atomically and then `manifest.json`.
///
/// ```swift
/// let session = try RenderSession(bundle: MyWidgets())
/// let result = try await RenderPipeline(session: session).run(request) { print($0) }
/// ```
public struct RenderPipeline {
    /// The widgets, fonts and renderer.
    public let session: RenderSession

    /// A pipeline over a session.
    ///
    /// - Parameter session: what stays loaded between renders.
    public init(session: RenderSession) {
        self.session = session
    }

    /// Renders the request: every entry of each timeline (or the placeholder, or the snapshot)
    /// for each widget and family.
    ///
    /// The providers are asked at `request.now`, all at once (each widget and family a task of
    /// its own, so a provider must not rely on another having run); their warnings, the
    /// images and any failure are then taken in the bundle's order. Each image shows its entry as the screen would:
    /// the entry on screen at `now` is drawn for `now`, the others for their own dates; the
    /// manifest says which entries are past, on screen, upcoming, or unreachable because a
    /// reload replaces the timeline first.
    ///
    /// - Parameters:
    ///   - request: what to render.
    ///   - progress: called with one line per widget and family, for stderr.
    /// - Returns: the manifest, files, notes and warnings.
    /// - Throws: ``PipelineError`` with the exit code for the command; nothing is written then.
    public func run(_ request: RenderRequest, progress: @escaping (String) -> Void = { _ in })
        async throws(PipelineError) -> RenderResult
    {
        try await run(request, progress: progress, checkpoint: {})
    }

    /// ``run(_:progress:)`` with a checkpoint called after each step of writing the output, for tests.
    package func run(
        _ request: RenderRequest, progress: @escaping (String) -> Void = { _ in },
        checkpoint: @escaping () -> Void
    ) async throws(PipelineError) -> RenderResult {
        var run = try Run(pipeline: self, request: request, waiting: progress)
        run.checkpoint = checkpoint
        // Every widget and family to ask, in order; each call gets warnings of its own, so
        // they reach the run in this order whichever provider answers first.
        struct Question {
            var widgetIndex: Int
            var widget: AnyWidget
            var family: WidgetFamily
            var metrics: WidgetMetrics
            var context: TimelineProviderContext
            var diagnostics: Diagnostics
        }
        var questions: [Question] = []
        var records: [Manifest.WidgetRecord] = []
        for (widget, parameters) in run.widgets {
            var record = run.record(widget, parameters)
            for family in request.families ?? widget.supportedFamilies {
                guard let metrics = try run.metrics(widget, family, record: &record) else { continue }
                let diagnostics = Diagnostics()
                let context = run.providerContext(
                    request, family: family, size: metrics.size, parameters: parameters, now: request.now,
                    diagnostics: diagnostics)
                questions.append(
                    Question(
                        widgetIndex: records.count, widget: widget, family: family, metrics: metrics,
                        context: context, diagnostics: diagnostics))
            }
            records.append(record)
        }
        // The providers are asked all at once (they read and parse their data on both cores
        // while nothing else runs); their answers are then taken in order, and the first
        // failure in that order is the run's, as when they were asked one by one.
        let answers = await ask(questions.map { ($0.widget, $0.context) }, request: request)
        for (question, answer) in zip(questions, answers) {
            let count = try render(
                question.widget, family: question.family, metrics: question.metrics, context: question.context,
                answer: answer.get(), diagnostics: question.diagnostics, run: &run,
                record: &records[question.widgetIndex])
            progress("\(question.widget.kind) \(question.family.shortName): \(count) PNG\(count == 1 ? "" : "s")")
        }
        run.widgetRecords += records
        return try await run.finish(mode: request.mode.rawValue, until: nil)
    }

    /// What a provider gave for a `render`: nothing yet for a placeholder (it is made when
    /// drawn, as WidgetKit does), its snapshot, or its timeline.
    private enum Answer: Sendable {
        case placeholder
        case snapshot(AnyTimelineEntry)
        case timeline(Timeline<AnyTimelineEntry>)
    }

    /// One provider's answer for the request's mode.
    private static func answer(
        _ widget: AnyWidget, _ context: TimelineProviderContext, request: RenderRequest
    ) async -> Result<Answer, PipelineError> {
        do throws(PipelineError) {
            switch request.mode {
            case .placeholder:
                return .success(.placeholder)
            case .snapshot:
                return .success(
                    .snapshot(
                        try await call(widget, request: request) { try await widget.snapshot(in: context) }))
            case .timeline:
                return .success(
                    .timeline(
                        try await call(widget, request: request) { try await widget.timeline(in: context) }))
            }
        } catch {
            return .failure(error)
        }
    }

    /// Asks each provider for what the request's mode needs, all at once; the answers (or
    /// errors) in the questions' order.
    private func ask(
        _ questions: [(widget: AnyWidget, context: TimelineProviderContext)], request: RenderRequest
    ) async -> [Result<Answer, PipelineError>] {
        guard questions.count > 1, request.mode != .placeholder else {
            var answers: [Result<Answer, PipelineError>] = []
            for (widget, context) in questions { answers.append(await Self.answer(widget, context, request: request)) }
            return answers
        }
        return await withTaskGroup(of: (Int, Result<Answer, PipelineError>).self) { group in
            for (index, question) in questions.enumerated() {
                let (widget, context) = question
                group.addTask { (index, await Self.answer(widget, context, request: request)) }
            }
            var answers = [Result<Answer, PipelineError>?](repeating: nil, count: questions.count)
            for await (index, answer) in group { answers[index] = answer }
            return answers.map { $0 ?? .failure(.software("a provider's answer went missing")) }
        }
    }

    /// Simulates WidgetKit's time model over `[from, to)` (see ``TimelineSimulation``) and
    /// renders one PNG per change of what is on screen, each drawn for the time it appears.
    ///
    /// - Parameters:
    ///   - request: what to render; `now` is ignored (the span starts at `from`).
    ///   - from: the first request's time.
    ///   - to: the end of the span, not included.
    ///   - every: also render the screen at this interval, for views whose text counts time.
    ///   - progress: called with one line per widget and family.
    /// - Returns: the manifest (with every request and the sequence of screens), files, notes, warnings.
    /// - Throws: ``PipelineError``; nothing is written then.
    public func simulate(
        _ request: RenderRequest, from: Date, to: Date, every: TimeInterval? = nil,
        progress: @escaping (String) -> Void = { _ in }
    ) async throws(PipelineError) -> RenderResult {
        var request = request
        request.now = from
        request.mode = .timeline
        var run = try Run(pipeline: self, request: request, waiting: progress)
        for (widget, parameters) in run.widgets {
            var record = run.record(widget, parameters)
            for family in request.families ?? widget.supportedFamilies {
                guard let metrics = try run.metrics(widget, family, record: &record) else { continue }
                let simulation: TimelineSimulation<AnyTimelineEntry>
                do {
                    simulation = try await TimelineSimulation.run(from: from, to: to, every: every) { now in
                        let context = run.providerContext(
                            request, family: family, size: metrics.size, parameters: parameters, now: now)
                        let timeline = try await Self.call(widget, request: request) {
                            try await widget.timeline(in: context)
                        }
                        run.collectWarnings()
                        return timeline
                    }
                } catch {
                    throw Self.pipelineError(error, widget: widget)
                }
                record.requests += simulation.requests.map { asked in
                    Manifest.RequestRecord(
                        family: family.shortName, index: asked.index, askedAt: asked.askedAt,
                        reloadPolicy: asked.timeline.policy.name, reloadAt: asked.reloadAt,
                        reloadThrottled: asked.reloadThrottled,
                        entries: asked.timeline.entries.indices.map { index in
                            Manifest.EntryRecord(
                                index: index, date: asked.timeline.entries[index].date,
                                status: simulation.status(ofEntry: index, inRequest: asked.index).rawValue)
                        })
                }
                if record.reloadPolicy == nil, let first = simulation.requests.first {
                    record.reloadPolicy = first.timeline.policy.name
                    record.nextReload = first.reloadAt
                    record.entryShownAtNow = first.timeline.entryIndex(at: from)
                    record.entryDateShownAtNow = first.timeline.entry(at: from)?.date
                    record.entryCount = first.timeline.entries.count
                }
                for (sequence, screen) in simulation.screens.enumerated() {
                    let asked = simulation.requests[screen.request]
                    let entry: AnyTimelineEntry
                    let isPlaceholder = screen.entry == nil
                    if let index = screen.entry {
                        entry = asked.timeline.entries[index]
                    } else {
                        entry = widget.placeholder(
                            in: run.providerContext(
                                request, family: family, size: metrics.size, parameters: parameters,
                                now: asked.askedAt))
                    }
                    let viewContext = run.viewContext(
                        family: family, size: metrics.size, shownAt: screen.time, isPlaceholder: isPlaceholder)
                    var image = run.imageRecord(
                        widget, metrics: metrics, entry: entry, index: screen.entry, shownAt: screen.time,
                        file: "\(widget.kind)/\(family.shortName)/\(sequence)-\(DateText.stamp(screen.time)).png")
                    image.request = screen.request
                    image.reason = screen.reason.rawValue
                    image.shownAtNow = screen.time == from
                    run.jobs.append(
                        RenderJob(
                            view: entry.view, metrics: metrics, context: viewContext,
                            contentMarginsDisabled: widget.contentMarginsDisabled, image: image))
                }
                progress(
                    "\(widget.kind) \(family.shortName): \(simulation.screens.count) screen\(simulation.screens.count == 1 ? "" : "s"), \(simulation.requests.count) request\(simulation.requests.count == 1 ? "" : "s")"
                )
            }
            run.widgetRecords.append(record)
        }
        return try await run.finish(mode: "simulation", until: to)
    }

    /// Plans one family of one widget in `render` from its provider's answer: a job for each entry to draw.
    private func render(
        _ widget: AnyWidget, family: WidgetFamily, metrics: WidgetMetrics, context: TimelineProviderContext,
        answer: Answer, diagnostics: Diagnostics, run: inout Run, record: inout Manifest.WidgetRecord
    ) throws(PipelineError) -> Int {
        let request = run.request
        var entries: [(entry: AnyTimelineEntry, index: Int?, shownAt: Date, status: String?)] = []
        switch answer {
        case .placeholder:
            entries = [(widget.placeholder(in: context), nil, request.now, nil)]
        case .snapshot(let entry):
            entries = [(entry, nil, request.now, nil)]
        case .timeline(let timeline):
            guard !timeline.entries.isEmpty else {
                throw .badData("\(widget.kind): the provider returned an empty timeline")
            }
            let onScreen = timeline.entryIndex(at: request.now)
            let reload = TimelineSimulation<AnyTimelineEntry>.reloadDate(of: timeline, askedAt: request.now)
            if record.reloadPolicy == nil {
                record.reloadPolicy = timeline.policy.name
                record.nextReload = timeline.nextReloadDate
                record.entryShownAtNow = onScreen
                record.entryDateShownAtNow = onScreen.map { timeline.entries[$0].date }
                record.entryCount = timeline.entries.count
            }
            var statuses: [Manifest.EntryRecord] = []
            for (index, entry) in timeline.entries.enumerated() {
                let status: String
                if let onScreen, index < onScreen {
                    status = "past"
                } else if index == onScreen {
                    status = "onScreen"
                } else if let date = reload.date, entry.date >= date {
                    status = "unreachable"
                } else {
                    status = "upcoming"
                }
                statuses.append(Manifest.EntryRecord(index: index, date: entry.date, status: status))
                entries.append((entry, index, index == onScreen ? request.now : entry.date, status))
            }
            record.requests.append(
                Manifest.RequestRecord(
                    family: family.shortName, index: 0, askedAt: request.now, reloadPolicy: timeline.policy.name,
                    reloadAt: reload.date, reloadThrottled: reload.throttled, entries: statuses))
        }
        run.collectWarnings(from: diagnostics)
        for item in entries {
            let viewContext = run.viewContext(
                family: family, size: metrics.size, shownAt: item.shownAt, isPlaceholder: request.mode == .placeholder)
            let name: String
            switch request.mode {
            case .timeline: name = "\(item.index ?? 0)-\(DateText.stamp(item.entry.date)).png"
            case .placeholder: name = "placeholder.png"
            case .snapshot: name = "snapshot.png"
            }
            var image = run.imageRecord(
                widget, metrics: metrics, entry: item.entry, index: item.index, shownAt: item.shownAt,
                file: "\(widget.kind)/\(family.shortName)/\(name)")
            image.status = item.status
            image.shownAtNow = request.mode == .timeline ? item.status == "onScreen" : true
            run.jobs.append(
                RenderJob(
                    view: item.entry.view, metrics: metrics, context: viewContext,
                    contentMarginsDisabled: widget.contentMarginsDisabled, image: image))
        }
        return entries.count
    }

    /// Renders one view to PNG bytes and its widget URL.
    ///
    /// - Parameters:
    ///   - view: the view of an entry.
    ///   - metrics: size, scale, margins.
    ///   - context: appearance, language, time shown.
    ///   - contentMarginsDisabled: lay out edge to edge.
    /// - Returns: the PNG and the widget URL.
    /// - Throws: `badData` (65) for an image that cannot be read, `configuration` (78) for a view
    ///   that names an unknown symbol, `software` (70) when drawing fails.
    public func renderPNG(
        _ view: ViewNode, metrics: WidgetMetrics, context: ViewContext, contentMarginsDisabled: Bool = false
    ) throws(PipelineError) -> (png: Data, widgetURL: URL?) {
        do {
            let (surface, layout) = try session.renderer.render(
                view, metrics: metrics, context: context, contentMarginsDisabled: contentMarginsDisabled)
            let png = try session.encoder.encode(surface)
            session.renderer.recycle(surface)
            return (png, layout.widgetURL)
        } catch .image(let path, let reason) {
            throw .badData("\(path): \(reason)")
        } catch .view(let message) {
            throw .configuration(message)
        } catch {
            throw .software(error.description)
        }
    }

    /// Calls a provider with the request's app groups, within its timeout.
    ///
    /// A provider that does not answer in time (a completion never called, a hung fetch) is an
    /// error naming the widget, not a hang.
    package static func call<Value: Sendable>(
        _ widget: AnyWidget, request: RenderRequest, _ work: @escaping @Sendable () async throws -> Value
    ) async throws(PipelineError) -> Value {
        do {
            return try await AppGroupContainers.$current.withValue(request.appGroups) {
                try await Deadline.run(seconds: request.providerTimeout, work)
            }
        } catch {
            throw Self.pipelineError(error, widget: widget)
        }
    }

    /// The command's error for what a provider threw.
    package static func pipelineError(_ error: any Error, widget: AnyWidget) -> PipelineError {
        switch error {
        case let error as PipelineError: return error
        case let error as ProviderError:
            switch error.reason {
            case .invalidConfiguration: return .usage("\(widget.kind): \(error.message)")
            case .badData: return .badData(error.message)
            case .missingInput: return .missingInput(error.message)
            case .unavailable: return .unavailable(error.message)
            default: return .software("\(widget.kind): \(error.message)")
            }
        case is Deadline.Expired:
            return .software(
                "\(widget.kind): the provider did not return its entries within \(error) (a completion handler never called?); --provider-timeout sets the limit"
            )
        default: return .badData("\(widget.kind): \(error)")
        }
    }
}

/// Runs work with a time limit, returning when the limit passes even if the work never ends.
package enum Deadline {
    /// The limit passed.
    package struct Expired: Error, CustomStringConvertible {
        let seconds: TimeInterval
        package var description: String { "\(DateParsing.format(duration: seconds))" }
    }

    /// Runs `work`, or throws ``Expired`` after `seconds`; the work is then cancelled.
    package static func run<Value: Sendable>(
        seconds: TimeInterval, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let limit = seconds.isFinite ? min(max(seconds, 0.001), 86_400) : 86_400
        let gate = Gate<Value>()
        return try await withCheckedThrowingContinuation { continuation in
            gate.set(continuation)
            let worker = Task {
                do {
                    gate.resume(with: .success(try await work()))
                } catch {
                    gate.resume(with: .failure(error))
                }
                gate.cancelTimer()
            }
            gate.setTimer(
                Task {
                    try? await Task.sleep(nanoseconds: UInt64(limit * 1e9))
                    if gate.resume(with: .failure(Expired(seconds: limit))) { worker.cancel() }
                })
        }
    }

    /// Resumes a continuation once.
    final class Gate<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Value, any Error>?
        private var timer: Task<Void, Never>?
        private var finished = false

        /// Keeps the timer, or cancels it at once when the work has already finished.
        func setTimer(_ task: Task<Void, Never>) {
            let cancel = lock.withLock { () -> Bool in
                timer = task
                return finished
            }
            if cancel { task.cancel() }
        }

        /// The work finished: the timer need not sleep on.
        func cancelTimer() {
            let task = lock.withLock { () -> Task<Void, Never>? in
                finished = true
                return timer
            }
            task?.cancel()
        }

        func set(_ continuation: CheckedContinuation<Value, any Error>) {
            lock.withLock { self.continuation = continuation }
        }

        /// Resumes unless resumed before; true when this call did.
        @discardableResult
        func resume(with result: Result<Value, any Error>) -> Bool {
            let pending = lock.withLock { () -> CheckedContinuation<Value, any Error>? in
                defer { continuation = nil }
                return continuation
            }
            pending?.resume(with: result)
            return pending != nil
        }
    }
}

/// The package version, printed by `--version` and recorded in manifests.
public enum WidgetRenderVersion {
    /// `0.2.0`.
    public static var current: String { "0.2.0" }
}
