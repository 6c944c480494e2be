import Foundation
import WidgetCore
import WidgetDates
import WidgetLayout
import WidgetDrawing

import Foundation
import WidgetCore
import WidgetDates
import WidgetDrawing
import WidgetLayout

/// One run into an output folder: the widgets chosen, what has been drawn so far, and the notes
/// and warnings for the user. Everything is drawn before anything is committed, so a run that
/// fails leaves the output folder as it was. Images are made by the engine, one way for all.
package struct OutputRun {
    package let engine: RenderEngine
    package let batch: RenderBatch
    /// The widgets to render, each with its validated parameters.
    package let widgets: [(AnyWidget, WidgetParameters)]
    /// Notes for the user (skipped families, parameters that do not apply), without a prefix.
    package var notes: [String] = []
    package var warnings: [RenderWarning] = []
    private var seenWarnings: Set<RenderWarning> = []
    package var widgetRecords: [Manifest.WidgetRecord] = []
    var images: [Manifest.ImageRecord] = []
    /// The output folder's writes, opened with the first image (so a run refused before drawing
    /// creates nothing).
    package var transaction: OutputTransaction?
    /// Told when another run holds the output folder.
    let waiting: (String) -> Void
    /// Called after each step of writing the output (tests check the folder there).
    var checkpoint: () -> Void = {}

    package init(engine: RenderEngine, batch: RenderBatch, waiting: @escaping (String) -> Void = { _ in })
        throws(WidgetRenderError)
    {
        self.engine = engine
        self.batch = batch
        self.waiting = waiting
        let chosen = try Self.select(batch, from: engine.widgets)
        var notes: [String] = []
        let parameters = try Self.resolveParameters(
            batch.parameters, for: chosen, all: engine.widgets, notes: &notes)
        widgets = chosen.map { ($0, parameters[$0.kind] ?? WidgetParameters()) }
        self.notes = notes
        try Self.checkAppGroups(batch.appGroups)
    }

    /// The widgets of `batch.kinds`, in the order given, or every widget.
    static func select(_ batch: RenderBatch, from all: [AnyWidget]) throws(WidgetRenderError) -> [AnyWidget] {
        var widgets: [AnyWidget] = []
        for kind in batch.kinds {
            guard let widget = all.first(where: { $0.kind == kind }) else {
                throw .invalidRequest("unknown widget '\(kind)'; known: \(all.map(\.kind).joined(separator: ", "))")
            }
            if !widgets.contains(where: { $0.kind == kind }) { widgets.append(widget) }
        }
        return widgets.isEmpty ? all : widgets
    }

    /// Each widget gets the pairs it declares; a key no selected widget declares is an error.
    static func resolveParameters(
        _ raw: [String: String], for widgets: [AnyWidget], all: [AnyWidget], notes: inout [String]
    ) throws(WidgetRenderError) -> [String: WidgetParameters] {
        let declared = Set(widgets.flatMap { $0.parameters.map(\.key) })
        for key in raw.keys.sorted() where !declared.contains(key) {
            let known = widgets.flatMap { widget in widget.parameters.map { "\($0.key) (\(widget.kind))" } }
            let takers = all.filter { $0.parameters.contains { $0.key == key } }.map(\.kind)
            throw .invalidRequest(
                "unknown parameter '\(key)' for \(widgets.map(\.kind).joined(separator: ", ")); "
                    + (takers.isEmpty ? "" : "it belongs to \(takers.joined(separator: ", ")); ")
                    + (known.isEmpty
                        ? "the selected widgets take no parameters" : "parameters: \(known.joined(separator: ", "))"))
        }
        // A key some selected widgets declare applies to those; say so for the others.
        for key in raw.keys.sorted() {
            let ignoring = widgets.filter { widget in !widget.parameters.contains { $0.key == key } }
            if !ignoring.isEmpty {
                notes.append(
                    "\(key) does not apply to \(ignoring.map(\.kind).joined(separator: ", ")) (no such parameter)")
            }
        }
        var result: [String: WidgetParameters] = [:]
        for widget in widgets {
            let mine = raw.filter { pair in widget.parameters.contains { $0.key == pair.key } }
            do {
                result[widget.kind] = try WidgetParameters.resolve(mine, against: widget.parameters)
            } catch {
                throw .invalidRequest("\(widget.kind): \(error.description)")
            }
        }
        return result
    }

    /// Every app group folder must be a folder that exists.
    static func checkAppGroups(_ groups: AppGroupContainers) throws(WidgetRenderError) {
        let folders =
            (groups.defaultFolder.map { [$0] } ?? [])
            + groups.folders.keys.sorted().compactMap {
                groups.folders[$0]
            }
        for folder in folders {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw .missingInput("\(folder.path): shared container folder does not exist")
            }
        }
    }

    package func record(_ widget: AnyWidget, _ parameters: WidgetParameters) -> Manifest.WidgetRecord {
        Manifest.WidgetRecord(
            kind: widget.kind, displayName: widget.displayName, description: widget.description,
            families: widget.supportedFamilies.map(\.shortName), parameters: parameters.values.mapValues(\.description))
    }

    /// The engine's question for a widget and family, or `nil` (with a note) when the widget or
    /// the device lacks the family.
    package mutating func question(_ widget: AnyWidget, _ family: WidgetFamily, record: inout Manifest.WidgetRecord)
        throws(WidgetRenderError) -> RenderEngine.Question?
    {
        guard widget.supports(family) else {
            let reason = RenderEngine.unsupported(widget, family)
            record.skipped.append(.init(family: family.shortName, reason: reason))
            notes.append("skipped \(family.shortName) for \(widget.kind): \(reason)")
            return nil
        }
        var request = batch.request(kind: widget.kind, family: family)
        request.parameters = [:]
        do {
            var question = try engine.question(widget, request)
            question.parameters = widgets.first { $0.0.kind == widget.kind }?.1 ?? question.parameters
            return question
        } catch  where (try? WidgetMetrics(family: family, device: batch.device, scale: batch.scale)) == nil {
            let reason = RenderEngine.noSuchFamily(family, on: batch.device)
            record.skipped.append(.init(family: family.shortName, reason: reason))
            // With every family asked for, a phone's lack of e-ink slots (and a screen's of phone
            // families) goes without saying: the manifest keeps it, stderr does not repeat it.
            if batch.families != nil || family.isDashboard == (batch.device.panel != nil) {
                notes.append("skipped \(family.shortName) for \(widget.kind): \(reason)")
            }
            return nil
        }
    }

    /// Where a view is drawn, for the time its screen shows.
    package func viewContext(_ metrics: WidgetMetrics, shownAt: Date, isPlaceholder: Bool) -> ViewContext {
        var request = batch.request(kind: "", family: metrics.family)
        request.shownAt = shownAt
        return engine.viewContext(request, metrics: metrics, isPlaceholder: isPlaceholder)
    }

    /// Moves the warnings of one provider call to the run's list, once each.
    package mutating func collectWarnings(from diagnostics: Diagnostics, widget: String) {
        for warning in diagnostics.drain() { addWarning(RenderWarning(.provider, widget: widget, warning)) }
    }

    /// The record of an image still to draw (its bytes, digest and URL are filled in when drawn).
    ///
    /// A relevance or data summary with a number JSON cannot hold (infinity, NaN) is left out of
    /// the record, with a warning, rather than failing the run when the manifest is encoded.
    package mutating func imageRecord(
        _ widget: AnyWidget, metrics: WidgetMetrics, entry: AnyTimelineEntry, index: Int?, shownAt: Date,
        file: String
    ) -> Manifest.ImageRecord {
        var relevance = entry.relevance
        if let given = relevance, !given.score.isFinite || !given.duration.isFinite {
            addWarning(
                RenderWarning(
                    .manifest, widget: widget.kind,
                    "\(widget.kind): an entry's relevance (score \(given.score), duration \(given.duration)) "
                        + "is not a finite number; left out of the manifest"))
            relevance = nil
        }
        var summary = entry.dataSummary
        if let given = summary, ![given.lastValue, given.min, given.max].allSatisfy(\.isFinite) {
            addWarning(
                RenderWarning(
                    .manifest, widget: widget.kind,
                    "\(widget.kind): an entry's data summary holds a number that is not finite; left out of the manifest"
                ))
            summary = nil
        }
        return Manifest.ImageRecord(
            kind: widget.kind, family: metrics.family.shortName, device: metrics.deviceID, scale: metrics.scale,
            sizePoints: .init(width: metrics.size.width, height: metrics.size.height),
            sizePixels: .init(width: Double(metrics.pixelWidth), height: Double(metrics.pixelHeight)),
            colorScheme: batch.colorScheme, locale: batch.locale.identifier, entryIndex: index,
            entryDate: entry.date, shownAt: shownAt, status: nil, request: nil, reason: nil,
            relevance: relevance.map { .init(score: $0.score, duration: $0.duration) }, shownAtNow: false,
            widgetURL: nil, file: file, bytes: 0, sha256: "", data: summary,
            renderingMode: Manifest.RenderingMode(batch.renderingMode ?? .default(for: metrics.family)))
    }

    /// The file name of an image: `name` and the format's extension.
    func fileName(_ name: String) -> String {
        "\(name).\(batch.encoder.format.fileExtension)"
    }

    /// `3 PNGs`, `1 PNG`: a count of images in the batch's format.
    func count(_ images: Int) -> String {
        "\(images) \(batch.encoder.format.name.uppercased())\(images == 1 ? "" : "s")"
    }

    /// Adds a warning, once however often it is given.
    mutating func addWarning(_ warning: RenderWarning) {
        if seenWarnings.insert(warning).inserted { warnings.append(warning) }
    }

    /// The images still to draw, in manifest order.
    package var jobs = JobList()
    /// The animations to make of the jobs' images (`timeline --image-format apng`).
    var animations: [AnimationAssembly.Plan] = []
    /// The animations made.
    var animationRecords: [Manifest.AnimationRecord] = []
    /// How many images have been drawn, and their bytes.
    var imageCount = 0
    var imageBytes = 0
    /// The kinds of the widgets drawn.
    var kindsDrawn: Set<String> = []
    /// With a shard: how many images the whole run has planned so far, every shard's.
    var jobsPlanned = 0

    /// Draws every job, several at a time (at most one per renderer of the engine, or
    /// `batch.workers`), staging each image in the output folder as soon as it is encoded and
    /// its manifest record beside it (``OutputTransaction/keepRecord(_:at:)``), so finished images
    /// and records leave memory at once and at most one image per worker is held. The manifest
    /// keeps the jobs' order.
    ///
    /// Each worker leases one renderer from the engine for its jobs and takes them from a
    /// ``JobQueue`` that keeps it on the widget and family it drew last: a renderer's first image
    /// of a widget loads that widget's fonts, shapes and glyphs (with jobs dealt in order, both
    /// workers loaded every widget's, and the default job's first images took 24 ms each instead of 5).
    ///
    /// - Returns: the drawn surfaces, by job, for jobs that asked to keep theirs (the gallery's
    ///   contact sheet); `nil` for the others.
    @discardableResult
    package mutating func renderJobs() async throws(WidgetRenderError) -> [CairoSurface?] {
        if let shard = batch.shard {
            let planned = jobs.count
            jobs = jobs.sharded(shard, offset: jobsPlanned)
            jobsPlanned += planned
        }
        guard !jobs.isEmpty else { return [] }
        if transaction == nil {
            transaction = try OutputTransaction(folder: batch.outputDirectory, waiting: waiting)
            transaction?.checkpoint = checkpoint
        }
        guard let transaction else { return [] }
        let pending = jobs
        jobs = JobList()
        let first = try transaction.reserveRecords(pending.count)
        let engine = self.engine
        let encoder = batch.encoder
        let maxBytes = batch.maxBytes
        let workers = max(1, min(batch.workers > 0 ? batch.workers : engine.renderers, pending.count))
        let queue = JobQueue(count: pending.count) { index in pending.group(of: index) }
        let drawn = DrawnJobs(count: pending.count, keepingRecords: batch.keepsImageRecords)
        // A shard's jobs are not in sequence (the screen before may be another shard's).
        let comparison = batch.shard == nil ? ScreenComparison() : nil
        let assembly = AnimationAssembly(animations)
        animations = []
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<workers {
                    group.addTask {
                        do {
                            try await engine.pool.withRenderer { renderer throws(WidgetRenderError) in
                                try WidgetPNGWriter.asRenderWorker { () throws(WidgetRenderError) in
                                    var last: Int?
                                    while let (groupIndex, index) = queue.next(after: last) {
                                        last = groupIndex
                                        let job = pending[index]
                                        let compares = job.previousScreen != nil || job.keepsPixels
                                        var result = try job.draw(
                                            with: renderer, encoder: encoder, maxBytes: maxBytes, into: transaction,
                                            keepPixels: compares ? comparison?.buffers : nil,
                                            keepData: assembly.isFrame(index))
                                        // The comparison alone holds the pixels, so their buffer
                                        // is reused without a copy.
                                        let pixels = result.pixels
                                        result.pixels = nil
                                        let ready =
                                            comparison?.complete(
                                                .init(
                                                    index: index, drawn: result, pixels: pixels,
                                                    previous: job.previousScreen, keepsPixels: job.keepsPixels))
                                            ?? [(index, result)]
                                        for (index, result) in ready {
                                            try transaction.keepRecord(result.image, at: first + index)
                                            if let data = result.data {
                                                try assembly.add(data, job: index, into: transaction)
                                            }
                                            drawn.add(result, at: index)
                                        }
                                    }
                                }
                            }
                        } catch {
                            // The others stop after their current image.
                            queue.stop()
                            throw error
                        }
                    }
                }
                try await group.waitForAll()
            }
        } catch let error as WidgetRenderError {
            throw error
        } catch {
            throw .internalError("\(error)")
        }
        if let file = comparison?.stillWaiting {
            throw .internalError("\(file): the screen before it was never drawn")
        }
        animationRecords += try assembly.finished()
        let done = drawn.take()
        // WidgetKit gives a small widget one tap target, its widgetURL: links there do nothing.
        for kind in done.smallWidgetsWithLinks { addWarning(RenderEngine.linkInSmallWidget(kind)) }
        imageCount += pending.count
        imageBytes += done.bytes
        kindsDrawn.formUnion(done.kinds)
        if batch.keepsImageRecords { images += done.records }
        return done.surfaces
    }

    /// Draws what is left, puts the images in place, tidies images of earlier runs in the folders
    /// written, and writes the manifest.
    package mutating func finish(mode: Manifest.Mode, until: Date?) async throws(WidgetRenderError) -> RenderResult {
        try await renderJobs()
        guard imageCount > 0 || (batch.shard != nil && jobsPlanned > 0) else {
            throw .invalidRequest(
                "nothing to render: " + widgetRecords.flatMap(\.skipped).map(\.reason).joined(separator: "; "))
        }
        var manifest = Manifest(
            generator: "widgetrender \(WidgetRenderVersion.current)", now: batch.now, mode: mode, until: until,
            device: batch.device.id, colorScheme: batch.colorScheme, locale: batch.locale.identifier,
            renderStack: engine.renderStack, widgets: widgetRecords, images: [],
            animations: animationRecords.isEmpty ? nil : animationRecords)
        if let shard = batch.shard {
            manifest.shard = Manifest.ShardRecord(index: shard.index, count: shard.count, images: jobsPlanned)
            // A shard with no image of its own (more shards than images) still says so.
            if transaction == nil {
                transaction = try OutputTransaction(folder: batch.outputDirectory, waiting: waiting)
            }
        }
        guard let transaction else { throw .internalError("no image was staged") }
        // The image records come from the transaction's spool, in job order.
        let removed = try transaction.commit(manifest: manifest)
        manifest.images = images
        let files = images.map { batch.outputDirectory.appendingPathComponent($0.file) }
        let animationFiles = animationRecords.map { batch.outputDirectory.appendingPathComponent($0.file) }
        var notes = self.notes
        if removed > 0 {
            notes.append("removed \(count(removed)) of an earlier run from the folders rendered now")
        }
        return RenderResult(
            manifest: manifest, files: files, notes: notes, warnings: warnings, imageCount: imageCount,
            imageBytes: imageBytes, kinds: widgets.map(\.0.kind).filter { kindsDrawn.contains($0) },
            animations: animationFiles)
    }
}

/// The jobs of a run, in manifest order: listed one by one, or made from their index (a batch
/// of thousands of images of one widget, so that they are not all held at once).
package struct JobList: Sendable {
    private var listed: [ImageJob] = []
    private var made: (count: Int, make: @Sendable (Int) -> ImageJob)?

    init() {}

    /// `count` jobs, job `index` being `make(index)`.
    package init(count: Int, make: @escaping @Sendable (Int) -> ImageJob) {
        made = (count, make)
    }

    var count: Int { made?.count ?? listed.count }
    var isEmpty: Bool { count == 0 }

    subscript(index: Int) -> ImageJob {
        if let made { return made.make(index) }
        return listed[index]
    }

    /// A job's group for the ``JobQueue``: its widget and family.
    func group(of index: Int) -> [String] {
        if let made {
            let job = made.make(index)
            return [job.image.kind, job.image.family]
        }
        return [listed[index].image.kind, listed[index].image.family]
    }

    /// The jobs of one shard: of these, the ones whose index in the whole run (counting from
    /// `offset`) is `shard.index - 1` modulo `shard.count`, in order.
    func sharded(_ shard: RenderBatch.Shard, offset: Int) -> JobList {
        let all = self
        let first = ((shard.index - 1 - offset) % shard.count + shard.count) % shard.count
        let indices = Array(stride(from: first, to: count, by: shard.count))
        return JobList(count: indices.count) { all[indices[$0]] }
    }

    /// Adds a job after the others (not to a list made from indices).
    mutating func append(_ job: ImageJob) {
        precondition(made == nil, "a job list made from indices takes no more jobs")
        listed.append(job)
    }
}

/// What the workers drew, gathered under a lock: the records (when the run keeps them), the
/// surfaces jobs asked to keep, and what the run reports.
final class DrawnJobs: @unchecked Sendable {
    struct Gathered {
        var records: [Manifest.ImageRecord] = []
        var surfaces: [CairoSurface?] = []
        var bytes = 0
        var kinds: Set<String> = []
        /// Kinds of small widgets with a Link, in job order.
        var smallWidgetsWithLinks: [String] = []
    }

    private let lock = NSLock()
    private let keepingRecords: Bool
    private var records: [Manifest.ImageRecord?]
    private var surfaces: [Int: CairoSurface] = [:]
    private var bytes = 0
    private var kinds: Set<String> = []
    /// Kind → first job index, for small widgets with a Link.
    private var linked: [String: Int] = [:]
    private let count: Int

    init(count: Int, keepingRecords: Bool) {
        self.count = count
        self.keepingRecords = keepingRecords
        records = keepingRecords ? Array(repeating: nil, count: count) : []
    }

    func add(_ drawn: ImageJob.Drawn, at index: Int) {
        let image = drawn.image
        let linkInSmall =
            image.family == WidgetFamily.systemSmall.shortName
            && image.controls?.contains(where: { $0.kind == .link }) == true
        lock.withLock {
            if keepingRecords { records[index] = image }
            if let surface = drawn.surface { surfaces[index] = surface.surface }
            bytes += image.bytes
            kinds.insert(image.kind)
            if linkInSmall { linked[image.kind] = min(linked[image.kind] ?? index, index) }
        }
    }

    /// Everything gathered, once every worker is done.
    func take() -> Gathered {
        lock.withLock {
            Gathered(
                records: records.compactMap { $0 },
                surfaces: surfaces.isEmpty ? Array(repeating: nil, count: count) : (0..<count).map { surfaces[$0] },
                bytes: bytes, kinds: kinds,
                smallWidgetsWithLinks: linked.sorted { $0.value < $1.value }.map(\.key))
        }
    }
}

/// One image to draw: a scene, and its manifest record (completed when drawn).
package struct ImageJob: Sendable {
    let scene: RenderEngine.Scene
    let image: Manifest.ImageRecord
    /// Keep the drawn surface (the gallery puts it on its contact sheet).
    var keepSurface = false
    /// The job drawing the screen before this one of the same widget and family (a
    /// `timeline`'s), in the same list: the record gets the region that changed since.
    var previousScreen: Int?
    /// Whether the screen after this one is compared with it.
    var keepsPixels = false

    package init(scene: RenderEngine.Scene, image: Manifest.ImageRecord, keepSurface: Bool = false) {
        self.scene = scene
        self.image = image
        self.keepSurface = keepSurface
    }

    /// What drawing a job gives: its completed record and, when asked for, its surface, its
    /// pixels as written and its file's bytes.
    struct Drawn: Sendable {
        var image: Manifest.ImageRecord
        let surface: SurfaceBox?
        var pixels: PixelFrame? = nil
        var data: Data? = nil
    }

    /// A drawn surface handed from a worker back to the run; nothing draws on it any more.
    final class SurfaceBox: @unchecked Sendable {
        let surface: CairoSurface

        init(_ surface: CairoSurface) {
            self.surface = surface
        }
    }

    /// `92,160`, in every locale.
    static func bytes(_ n: Int) -> String { n.formatted(.number.locale(Locale(identifier: "en_US"))) }

    /// Draws and encodes with a worker's renderer (the engine's one way), stages the image, and
    /// returns the record with its size, digests and the widget URL.
    ///
    /// An image over `maxBytes` fails the run (nothing is written), naming its size and the
    /// sizes of the encoder's smaller forms.
    func draw(
        with renderer: WidgetRenderer, encoder: any ImageEncoder, maxBytes: Int? = nil,
        into transaction: OutputTransaction, keepPixels: PixelFrame.Buffers? = nil, keepData: Bool = false
    ) throws(WidgetRenderError) -> Drawn {
        let drawn = try RenderEngine.draw(
            scene, with: renderer, encoder: encoder, keepSurface: keepSurface, keepPixels: keepPixels)
        guard let encoded = drawn.image else { throw .internalError("\(image.file) was not encoded") }
        if let maxBytes, encoded.data.count > maxBytes {
            var smaller: [String] = []
            for (label, form) in (encoder as? any ImageBudgetAdvice)?.smallerForms ?? [] {
                guard let bytes = try? RenderEngine.draw(scene, with: renderer, encoder: form).image?.data.count
                else { continue }
                smaller.append("\(label): \(Self.bytes(bytes)) bytes\(bytes <= maxBytes ? " (fits)" : "")")
            }
            throw .cannotCreate(
                path: image.file,
                reason: "the image is \(Self.bytes(encoded.data.count)) bytes, over the budget of "
                    + "\(Self.bytes(maxBytes)) bytes"
                    + (smaller.isEmpty
                        ? "" : "; the same image in smaller forms: " + smaller.joined(separator: "; ")))
        }
        try transaction.stage(encoded.data, as: image.file)
        var record = image
        record.bytes = encoded.data.count
        guard let digest = encoded.sha256 else {
            throw .internalError("cannot compute the SHA-256 of \(image.file): out of memory")
        }
        record.sha256 = digest
        record.pixelsCRC64 = encoded.pixelsCRC64
        record.format = encoded.format.name
        record.widgetURL = drawn.layout.widgetURL?.absoluteString
        let controls = drawn.layout.hitTargets.map { Manifest.Control($0.target, frame: $0.frame) }
        record.controls = controls.isEmpty ? nil : controls
        return Drawn(
            image: record, surface: drawn.surface.map(SurfaceBox.init), pixels: drawn.pixels,
            data: keepData ? encoded.data : nil)
    }
}

/// The jobs of a run, dealt to workers so that each stays on one widget and family.
///
/// A worker asking again gets the next job of the group (widget and family) it drew last;
/// when that group is done, the group with the most jobs left that no other worker is on, and
/// only when every group left has a worker, the largest of those. Which worker draws a job
/// never changes its pixels: the results are kept by job.
final class JobQueue: @unchecked Sendable {
    private let lock = NSLock()
    /// Job indices left, by group, in order.
    private var remaining: [[Int]]
    /// How many workers are on each group.
    private var workers: [Int]
    private var stopped = false

    /// - Parameters:
    ///   - count: how many jobs.
    ///   - group: each job's group key, by job index.
    init<Key: Hashable>(count: Int, group: (Int) -> Key) {
        var order: [Key: Int] = [:]
        var remaining: [[Int]] = []
        for index in 0..<count {
            let key = group(index)
            if let group = order[key] {
                remaining[group].append(index)
            } else {
                order[key] = remaining.count
                remaining.append([index])
            }
        }
        self.remaining = remaining.map { $0.reversed() }
        workers = Array(repeating: 0, count: remaining.count)
    }

    /// - Parameter groups: each job's group key, in job order.
    convenience init<Key: Hashable>(groups: [Key]) {
        self.init(count: groups.count) { groups[$0] }
    }

    /// The next job for a worker that drew a job of group `last` (or none yet): its group and index.
    func next(after last: Int?) -> (group: Int, job: Int)? {
        lock.withLock {
            guard !stopped else { return nil }
            if let last, let job = remaining[last].popLast() { return (last, job) }
            if let last { workers[last] -= 1 }
            // Nobody on it first, then the most jobs left, then the earliest.
            func rank(_ group: Int) -> (Int, Int, Int) { (workers[group] == 0 ? 1 : 0, remaining[group].count, -group) }
            guard let group = remaining.indices.filter({ !remaining[$0].isEmpty }).max(by: { rank($0) < rank($1) }),
                let job = remaining[group].popLast()
            else { return nil }
            workers[group] += 1
            return (group, job)
        }
    }

    /// No more jobs are given out (a worker failed).
    func stop() {
        lock.withLock { stopped = true }
    }
}
