import Foundation
import WidgetRender
import WidgetAssets
import WidgetCore
import WidgetLayout
import WidgetDrawing

extension Benchmark {
    /// What writing many PNGs in one run costs, through the same path as `render` (drawn on
    /// every core, each PNG staged in the output folder as soon as it is encoded, the manifest
    /// written last).
    package struct BatchResult: Sendable {
        /// The widget's kind.
        package var kind: String
        /// The family drawn.
        package var family: WidgetFamily
        /// The image size in pixels.
        package var pixels: (width: Int, height: Int)
        /// PNGs written.
        package var count: Int
        /// Images drawn at once.
        package var workers: Int
        /// Wall time from the first draw to the manifest in place, in milliseconds.
        package var wall: Double
        /// User plus system CPU time over the same span, in milliseconds.
        package var cpu: Double
        /// The process's resident memory before the batch, in bytes.
        package var residentBefore: Int
        /// The process's peak resident memory at the end (`ru_maxrss`), in bytes.
        package var peakResident: Int
        /// The bytes of all the PNGs.
        package var pngBytes: Int

        /// CPU time over wall time: how many cores were kept busy.
        package var parallelism: Double { wall > 0 ? cpu / wall : 0 }
        /// Wall time per PNG, in milliseconds.
        package var perImage: Double { count > 0 ? wall / Double(count) : 0 }
    }

    /// Renders the first selected widget that supports `family` `count` times (its entry on screen
    /// at `request.now`) into `folder`, as `<kind>/<family>/batch-NNNNN.png` plus `manifest.json`.
    /// The jobs are made as the workers take them and the request does not keep the image records
    /// (``RenderBatch/keepsImageRecords``): the records go to `manifest.json` through the output
    /// folder's spool, and the run's memory does not grow with `count`.
    ///
    /// - Throws: ``WidgetRenderError`` as `render` does; `usage` when no selected widget supports the family.
    package func batch(family: WidgetFamily, count: Int, into folder: URL) async throws(WidgetRenderError)
        -> BatchResult
    {
        var batch = self.batch
        batch.outputDirectory = folder
        batch.families = [family]
        batch.keepsImageRecords = false
        var run = try OutputRun(engine: engine, batch: batch)
        guard let (widget, parameters) = run.widgets.first(where: { $0.0.supports(family) }) else {
            throw .invalidRequest("no selected widget supports \(family.shortName)")
        }
        var record = run.record(widget, parameters)
        guard let question = try run.question(widget, family, record: &record) else {
            throw .invalidRequest(record.skipped.map(\.reason).joined(separator: "; "))
        }
        let timeline = try await engine.timeline(question, now: batch.now)
        guard let entry = timeline.entry(at: batch.now) else {
            throw .badData("\(widget.kind): the provider returned an empty timeline")
        }
        run.collectWarnings(from: question.diagnostics, widget: widget.kind)
        run.widgetRecords.append(record)
        let metrics = question.metrics
        let scene = RenderEngine.Scene(
            view: entry.view, metrics: metrics,
            context: run.viewContext(metrics, shownAt: batch.now, isPlaceholder: false),
            contentMarginsDisabled: widget.contentMarginsDisabled)
        // Made one at a time as the workers take them, and their records not kept in memory:
        // what a run holds does not grow with `count`.
        let digits = String(count).count
        let image = run.imageRecord(
            widget, metrics: metrics, entry: entry, index: nil, shownAt: batch.now, file: "")
        let folder = "\(widget.kind)/\(family.shortName)"
        let fileExtension = batch.encoder.format.fileExtension
        run.jobs = JobList(count: count) { index in
            let number = String(index + 1)
            var record = image
            record.file =
                "\(folder)/batch-\(String(repeating: "0", count: max(0, digits - number.count)) + number).\(fileExtension)"
            return ImageJob(scene: scene, image: record)
        }
        let residentBefore = Self.residentBytes()
        let cpuBefore = Self.cpuMilliseconds()
        let start = DispatchTime.now()
        let result = try await run.finish(mode: .benchBatch, until: nil)
        let wall = Self.milliseconds(start, DispatchTime.now())
        let cpu = Self.cpuMilliseconds() - cpuBefore
        return BatchResult(
            kind: widget.kind, family: family, pixels: (metrics.pixelWidth, metrics.pixelHeight), count: count,
            workers: min(count, batch.workers > 0 ? batch.workers : engine.renderers),
            wall: wall, cpu: cpu, residentBefore: residentBefore, peakResident: Self.peakResidentBytes(),
            pngBytes: result.imageBytes)
    }

    /// User plus system CPU time of this process so far, in milliseconds.
    static func cpuMilliseconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
        return ms(usage.ru_utime) + ms(usage.ru_stime)
    }

    /// The peak resident memory of this process so far, in bytes (`ru_maxrss` is in KiB on Linux).
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return usage.ru_maxrss.multipliedReportingOverflow(by: 1024).overflow ? Int.max : usage.ru_maxrss * 1024
    }

    /// The resident memory of this process now, in bytes (from `/proc/self/statm`), or 0.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        let page = sysconf(Int32(_SC_PAGESIZE))
        let (bytes, overflow) = pages.multipliedReportingOverflow(by: page > 0 ? page : 4096)
        return overflow ? Int.max : bytes
    }
}

extension Benchmark {
    /// The machine the figures come from: CPU model, cores, memory, kernel, load, and the build.
    package static var machine: String {
        var parts: [String] = []
        if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let colon = line.firstIndex(of: ":")
        {
            parts.append(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        parts.append("\(ProcessInfo.processInfo.activeProcessorCount) cores")
        let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
        parts.append(String(format: "%.1f GiB", memory))
        var name = utsname()
        if uname(&name) == 0 {
            let release = withUnsafeBytes(of: &name.release) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            parts.append("Linux \(release)")
        }
        if let load = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) {
            parts.append("load " + load.split(separator: " ").prefix(3).joined(separator: " "))
        }
        #if DEBUG
            parts.append("debug build")
        #else
            parts.append("release build")
        #endif
        return parts.joined(separator: ", ")
    }
}

extension Benchmark {
    /// The photo `bench --background` puts in the app groups' folder as `bg.png`: a 600×400
    /// CC0 photograph (scikit-image's `coffee.png`, see `Assets/README.md`).
    ///
    /// - Throws: ``WidgetRenderError`` (`missingInput`) when the assets cannot be found.
    package static func photoURL() throws(WidgetRenderError) -> URL {
        do {
            return try WidgetAssets.url("photos/coffee.png")
        } catch {
            throw .missingInput(error.description)
        }
    }
}
