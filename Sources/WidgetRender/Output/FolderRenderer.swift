import Foundation
import WidgetCore
import WidgetDates
import WidgetDrawing
import WidgetLayout

/// What a batch wrote: the manifest, the files, and what the user should know.
public struct RenderResult: Sendable {
    /// The manifest, as written to `manifest.json`; without its image records when the batch
    /// did not keep them (``RenderBatch/keepsImageRecords``).
    public var manifest: Manifest
    /// Absolute URLs of the images written, in order; empty when the batch did not keep the
    /// image records.
    public var files: [URL]
    /// Things the user should know (skipped families, removed images of an earlier run), one
    /// line each, without a prefix.
    public var notes: [String]
    /// Skipped records, failed fetches and controls that do nothing.
    public var warnings: [RenderWarning]
    /// How many images were written (also when their records were not kept).
    public var imageCount: Int
    /// The bytes of all the images written.
    public var imageBytes: Int
    /// The kinds of the widgets drawn, in the bundle's (or the batch's) order.
    public var kinds: [String]
    /// Absolute URLs of the animations written (``RenderBatch/animation``), in order.
    public var animations: [URL] = []
}

/// Renders batches of widgets into an output folder, as the `render` and `timeline` commands
/// do: the engine makes each image; this adds the folder transaction, the file names and
/// `manifest.json`.
///
/// ```swift
/// let engine = try RenderEngine(bundle: MyWidgets())
/// let result = try await FolderRenderer(engine: engine).run(batch) { print($0) }
/// ```
public struct FolderRenderer: Sendable {
    /// The engine that makes the images.
    public let engine: RenderEngine

    /// A renderer over an engine.
    ///
    /// - Parameter engine: the engine.
    public init(engine: RenderEngine) {
        self.engine = engine
    }

    /// Renders the batch: every entry of each timeline (or the placeholder, or the snapshot)
    /// for each widget and family.
    ///
    /// The providers are asked at `batch.now`, all at once (each widget and family a task of
    /// its own, so a provider must not rely on another having run); their warnings, the images
    /// and any failure are then taken in the bundle's order. Each image shows its entry as the
    /// screen would: the entry on screen at `now` (the latest not after it; before the first
    /// entry, the first) is drawn for `now`, the others for their own dates; the manifest says
    /// which entries are past, on screen, upcoming, or unreachable because a reload replaces the
    /// timeline first.
    ///
    /// - Parameters:
    ///   - batch: what to render.
    ///   - progress: called with one line per widget and family, for people.
    /// - Returns: the manifest, files, notes and warnings.
    /// - Throws: ``WidgetRenderError``; nothing is written then.
    public func run(_ batch: RenderBatch, progress: @escaping (String) -> Void = { _ in })
        async throws(WidgetRenderError) -> RenderResult
    {
        try await run(batch, progress: progress, checkpoint: {})
    }

    /// ``run(_:progress:)`` with a checkpoint called after each step of writing the output, for tests.
    package func run(
        _ batch: RenderBatch, progress: @escaping (String) -> Void = { _ in },
        checkpoint: @escaping () -> Void
    ) async throws(WidgetRenderError) -> RenderResult {
        guard batch.animation == nil else {
            throw .invalidRequest(
                "an animation is made of a timeline's screens: simulate(_:from:to:) makes one; run(_:) draws each entry once"
            )
        }
        var run = try OutputRun(engine: engine, batch: batch, waiting: progress)
        run.checkpoint = checkpoint
        // Every widget and family to ask, in order; each call gets warnings of its own, so
        // they reach the run in this order whichever provider answers first.
        struct Item {
            var widgetIndex: Int
            var question: RenderEngine.Question
        }
        var items: [Item] = []
        var records: [Manifest.WidgetRecord] = []
        for (widget, parameters) in run.widgets {
            var record = run.record(widget, parameters)
            for family in batch.families ?? widget.supportedFamilies {
                guard let question = try run.question(widget, family, record: &record) else { continue }
                items.append(Item(widgetIndex: records.count, question: question))
            }
            records.append(record)
        }
        // The providers are asked all at once (they read and parse their data on both cores
        // while nothing else runs); their answers are then taken in order, and the first
        // failure in that order is the run's, as when they were asked one by one.
        let answers = await ask(items.map(\.question), batch: batch)
        for (item, answer) in zip(items, answers) {
            let count = try plan(
                item.question, answer: answer.get(), run: &run, record: &records[item.widgetIndex])
            let family = item.question.metrics.family.shortName
            progress("\(item.question.widget.kind) \(family): \(run.count(count))")
        }
        run.widgetRecords += records
        return try await run.finish(mode: Manifest.Mode(batch.mode), until: nil)
    }

    /// What a provider gave for a `render`: nothing yet for a placeholder (it is made when
    /// drawn, as WidgetKit does), its snapshot, or its timeline.
    private enum Answer: Sendable {
        case placeholder
        case snapshot(AnyTimelineEntry)
        case timeline(Timeline<AnyTimelineEntry>)
    }

    /// One provider's answer for the batch's mode.
    private func answer(_ question: RenderEngine.Question, batch: RenderBatch) async -> Result<
        Answer, WidgetRenderError
    > {
        do throws(WidgetRenderError) {
            switch batch.mode {
            case .placeholder: return .success(.placeholder)
            case .snapshot: return .success(.snapshot(try await engine.snapshot(question, now: batch.now)))
            case .timeline: return .success(.timeline(try await engine.timeline(question, now: batch.now)))
            }
        } catch {
            return .failure(error)
        }
    }

    /// Asks each provider for what the batch's mode needs, all at once; the answers (or
    /// errors) in the questions' order.
    private func ask(_ questions: [RenderEngine.Question], batch: RenderBatch) async -> [Result<
        Answer, WidgetRenderError
    >] {
        guard questions.count > 1, batch.mode != .placeholder else {
            var answers: [Result<Answer, WidgetRenderError>] = []
            for question in questions { answers.append(await answer(question, batch: batch)) }
            return answers
        }
        return await withTaskGroup(of: (Int, Result<Answer, WidgetRenderError>).self) { group in
            for (index, question) in questions.enumerated() {
                group.addTask { (index, await answer(question, batch: batch)) }
            }
            var answers = [Result<Answer, WidgetRenderError>?](repeating: nil, count: questions.count)
            for await (index, answer) in group { answers[index] = answer }
            return answers.map { $0 ?? .failure(.internalError("a provider's answer went missing")) }
        }
    }

    /// Simulates WidgetKit's time model over `[from, to)` (see ``TimelineSimulation``) and
    /// renders one image per change of what is on screen, each drawn for the time it appears.
    ///
    /// Each image after a widget and family's first records whether its pixels as written differ
    /// from the one before and where (``Manifest/ImageRecord/changedRegion``). With
    /// ``RenderBatch/animation``, each widget and family's screens are also joined into
    /// `<kind>/<family>/timeline.apng`, each frame shown for the time its screen stayed on
    /// (until the next screen, the last until `to`) at that timing.
    ///
    /// - Parameters:
    ///   - batch: what to render; `now` is ignored (the span starts at `from`).
    ///   - from: the first request's time.
    ///   - to: the end of the span, not included.
    ///   - every: also render the screen at this interval, for views whose text counts time.
    ///   - progress: called with one line per widget and family.
    /// - Returns: the manifest (with every request and the sequence of screens), files, notes, warnings.
    /// - Throws: ``WidgetRenderError``; nothing is written then.
    public func simulate(
        _ batch: RenderBatch, from: Date, to: Date, every: TimeInterval? = nil,
        progress: @escaping (String) -> Void = { _ in }
    ) async throws(WidgetRenderError) -> RenderResult {
        var batch = batch
        batch.now = from
        batch.mode = .timeline
        if batch.animation != nil {
            guard batch.encoder.format == .png else {
                throw .invalidRequest(
                    "an animated PNG's frames are PNGs; the batch's encoder writes \(batch.encoder.format.name)")
            }
            guard batch.shard == nil else {
                throw .invalidRequest("an animation needs every screen: a shard draws only some")
            }
        }
        var run = try OutputRun(engine: engine, batch: batch, waiting: progress)
        for (widget, parameters) in run.widgets {
            var record = run.record(widget, parameters)
            for family in batch.families ?? widget.supportedFamilies {
                guard let question = try run.question(widget, family, record: &record) else { continue }
                let metrics = question.metrics
                let simulation: TimelineSimulation<AnyTimelineEntry>
                do {
                    simulation = try await TimelineSimulation.run(from: from, to: to, every: every) { now in
                        try await engine.timeline(question, now: now)
                    }
                } catch {
                    throw RenderEngine.error(error, widget: widget)
                }
                run.collectWarnings(from: question.diagnostics, widget: widget.kind)
                record.requests += simulation.requests.map { asked in
                    Manifest.RequestRecord(
                        family: family.shortName, index: asked.index, askedAt: asked.askedAt,
                        reloadPolicy: Manifest.ReloadPolicy(asked.timeline.policy), reloadAt: asked.reloadAt,
                        reloadThrottled: asked.reloadThrottled,
                        entries: asked.timeline.entries.indices.map { index in
                            Manifest.EntryRecord(
                                index: index, date: asked.timeline.entries[index].date,
                                status: Manifest.EntryStatus(simulation.status(ofEntry: index, inRequest: asked.index)))
                        })
                }
                if record.reloadPolicy == nil, let first = simulation.requests.first {
                    record.reloadPolicy = Manifest.ReloadPolicy(first.timeline.policy)
                    record.nextReload = first.reloadAt
                    record.entryShownAtNow = first.timeline.entryIndex(at: from)
                    record.entryDateShownAtNow = first.timeline.entry(at: from)?.date
                    record.entryCount = first.timeline.entries.count
                }
                var frames: [AnimationAssembly.Frame] = []
                for (sequence, screen) in simulation.screens.enumerated() {
                    let asked = simulation.requests[screen.request]
                    let entry: AnyTimelineEntry
                    let isPlaceholder = screen.entry == nil
                    if let index = screen.entry {
                        entry = asked.timeline.entries[index]
                    } else {
                        entry = engine.placeholder(question, now: asked.askedAt)
                    }
                    var image = run.imageRecord(
                        widget, metrics: metrics, entry: entry, index: screen.entry, shownAt: screen.time,
                        file: "\(widget.kind)/\(family.shortName)/"
                            + run.fileName("\(sequence)-\(DateText.stamp(screen.time))"))
                    image.request = screen.request
                    image.reason = Manifest.ScreenReason(rawValue: screen.reason.rawValue)
                    image.shownAtNow = screen.time == from
                    var job = ImageJob(
                        scene: RenderEngine.Scene(
                            view: entry.view, metrics: metrics,
                            context: run.viewContext(metrics, shownAt: screen.time, isPlaceholder: isPlaceholder),
                            contentMarginsDisabled: widget.contentMarginsDisabled),
                        image: image)
                    job.previousScreen = sequence > 0 ? run.jobs.count - 1 : nil
                    job.keepsPixels = sequence < simulation.screens.count - 1
                    if let timing = batch.animation {
                        let until =
                            sequence + 1 < simulation.screens.count ? simulation.screens[sequence + 1].time : to
                        let screenTime = until.timeIntervalSince(screen.time)
                        let delay = timing.delay(forScreenTime: screenTime)
                        let (numerator, denominator) = AnimatedPNG.delayFraction(delay)
                        frames.append(
                            AnimationAssembly.Frame(
                                job: run.jobs.count,
                                record: Manifest.AnimationFrame(
                                    file: image.file, shownAt: screen.time, screenTime: screenTime,
                                    delay: Double(numerator) / Double(denominator)),
                                delay: delay))
                    }
                    run.jobs.append(job)
                }
                if let timing = batch.animation, !frames.isEmpty {
                    run.animations.append(
                        AnimationAssembly.Plan(
                            kind: widget.kind, family: family.shortName,
                            file: "\(widget.kind)/\(family.shortName)/timeline.apng", timing: timing, frames: frames))
                }
                let screens = simulation.screens.count
                let requests = simulation.requests.count
                progress(
                    "\(widget.kind) \(family.shortName): \(screens) screen\(screens == 1 ? "" : "s"), "
                        + "\(requests) request\(requests == 1 ? "" : "s")")
            }
            run.widgetRecords.append(record)
        }
        return try await run.finish(mode: .simulation, until: to)
    }

    /// Plans one family of one widget in `run` from its provider's answer: a job for each entry to draw.
    private func plan(
        _ question: RenderEngine.Question, answer: Answer, run: inout OutputRun, record: inout Manifest.WidgetRecord
    ) throws(WidgetRenderError) -> Int {
        let batch = run.batch
        let widget = question.widget
        let family = question.metrics.family
        var entries: [(entry: AnyTimelineEntry, index: Int?, shownAt: Date, status: Manifest.EntryStatus?)] = []
        switch answer {
        case .placeholder:
            entries = [(engine.placeholder(question, now: batch.now), nil, batch.now, nil)]
        case .snapshot(let entry):
            entries = [(entry, nil, batch.now, nil)]
        case .timeline(let timeline):
            guard !timeline.entries.isEmpty else {
                throw .badData("\(widget.kind): the provider returned an empty timeline")
            }
            let onScreen = timeline.entryIndex(at: batch.now)
            let reload = TimelineSimulation<AnyTimelineEntry>.reloadDate(of: timeline, askedAt: batch.now)
            if record.reloadPolicy == nil {
                record.reloadPolicy = Manifest.ReloadPolicy(timeline.policy)
                record.nextReload = timeline.nextReloadDate
                record.entryShownAtNow = onScreen
                record.entryDateShownAtNow = onScreen.map { timeline.entries[$0].date }
                record.entryCount = timeline.entries.count
            }
            var statuses: [Manifest.EntryRecord] = []
            for (index, entry) in timeline.entries.enumerated() {
                let status: Manifest.EntryStatus
                if let onScreen, index < onScreen {
                    status = .past
                } else if index == onScreen {
                    status = .onScreen
                } else if let date = reload.date, entry.date >= date {
                    status = .unreachable
                } else {
                    status = .upcoming
                }
                statuses.append(Manifest.EntryRecord(index: index, date: entry.date, status: status))
                entries.append((entry, index, index == onScreen ? batch.now : entry.date, status))
            }
            record.requests.append(
                Manifest.RequestRecord(
                    family: family.shortName, index: 0, askedAt: batch.now,
                    reloadPolicy: Manifest.ReloadPolicy(timeline.policy), reloadAt: reload.date,
                    reloadThrottled: reload.throttled, entries: statuses))
        }
        run.collectWarnings(from: question.diagnostics, widget: widget.kind)
        for item in entries {
            let name: String
            switch batch.mode {
            case .timeline: name = "\(item.index ?? 0)-\(DateText.stamp(item.entry.date))"
            case .placeholder: name = "placeholder"
            case .snapshot: name = "snapshot"
            }
            var image = run.imageRecord(
                widget, metrics: question.metrics, entry: item.entry, index: item.index, shownAt: item.shownAt,
                file: "\(widget.kind)/\(family.shortName)/\(run.fileName(name))")
            image.status = item.status
            image.shownAtNow = batch.mode == .timeline ? item.status == .onScreen : true
            run.jobs.append(
                ImageJob(
                    scene: RenderEngine.Scene(
                        view: item.entry.view, metrics: question.metrics,
                        context: run.viewContext(
                            question.metrics, shownAt: item.shownAt, isPlaceholder: batch.mode == .placeholder),
                        contentMarginsDisabled: widget.contentMarginsDisabled),
                    image: image))
        }
        return entries.count
    }
}

extension Manifest.Mode {
    /// A batch's mode.
    package init(_ mode: RenderBatch.Mode) {
        switch mode {
        case .timeline: self = .timeline
        case .placeholder: self = .placeholder
        case .snapshot: self = .snapshot
        }
    }
}

extension Manifest.EntryStatus {
    /// A simulation's status.
    package init<Entry>(_ status: TimelineSimulation<Entry>.EntryStatus) {
        switch status {
        case .shown: self = .shown
        case .past: self = .past
        case .unreachable: self = .unreachable
        case .afterSpan: self = .afterSpan
        }
    }
}
