import Foundation
import WidgetCore
import WidgetLayout
import WidgetDrawing

/// Times rendering: for each widget, layout + drawing + PNG encoding of one
/// entry, many times in one process with the data already loaded.
///
/// Reports the median and 95th percentile, and, as baselines in the same run, the same
/// surface encoded by Cairo's own PNG writer and by the libpng writer (``PNGEncoder/libpngFast``).
package struct Benchmark {
    /// One widget's figures.
    package struct Result: Sendable {
        /// The widget's kind.
        package var kind: String
        /// The family timed.
        package var family: WidgetFamily
        /// The image size in pixels.
        package var pixels: (width: Int, height: Int)
        /// Renders timed.
        package var iterations: Int
        /// Render (view, layout, draw) plus encode, per iteration.
        package var median: Double
        /// The 95th percentile, in milliseconds.
        package var p95: Double
        /// The drawing part alone.
        package var drawMedian: Double
        /// The encoding part alone.
        package var encodeMedian: Double
        /// Cairo's `cairo_surface_write_to_png_stream` on the same surface.
        package var baselineEncodeMedian: Double
        /// The PNG's size in bytes.
        package var pngBytes: Int
        /// The size of Cairo's PNG of the same image.
        package var baselinePNGBytes: Int
        /// ``PNGEncoder/libpngFast`` (libpng, zlib level 1, SUB filter) on the same surface.
        package var libpngEncodeMedian: Double
        /// The size of the libpng writer's PNG of the same image.
        package var libpngPNGBytes: Int
        /// The layout part of drawing alone (bodies evaluated, sizes chosen, display list made).
        package var layoutMedian: Double = 0
        /// The process's CPU time per render plus encode: the rendering thread's and any helper
        /// thread's that compressed pieces of the image (``WidgetPNGWriter/helperThreadLimit``).
        /// Above `median` when a helper shared the encode; steadier than it on a busy machine.
        package var cpuMedian: Double = 0

        /// The encode median over the libpng writer's: below 1 is faster.
        package var libpngRatio: Double { libpngEncodeMedian > 0 ? encodeMedian / libpngEncodeMedian : 0 }
        /// The encode median over Cairo's writer's: below 1 is faster.
        package var cairoRatio: Double { baselineEncodeMedian > 0 ? encodeMedian / baselineEncodeMedian : 0 }
    }

    /// The widgets, fonts and renderer.
    package var session: RenderSession
    /// What to render.
    package var request: RenderRequest
    /// Renders timed.
    package var iterations: Int
    /// Encodes timed with Cairo's writer.
    package var baselineIterations: Int

    /// A benchmark.
    package init(session: RenderSession, request: RenderRequest, iterations: Int = 200, baselineIterations: Int = 30) {
        self.session = session
        self.request = request
        self.iterations = iterations
        self.baselineIterations = baselineIterations
    }

    static func milliseconds(_ start: DispatchTime, _ end: DispatchTime) -> Double {
        Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
    }

    /// The process's CPU time (every thread's), in milliseconds.
    static func processCPUTime() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }

    /// The value at quantile `q` (0...1) of unsorted samples (nearest rank).
    package static func quantile(_ samples: [Double], _ q: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[max(0, min(sorted.count - 1, rank))]
    }

    /// Runs the benchmark for every selected widget that supports the family.
    package func run(family: WidgetFamily) async throws(PipelineError) -> [Result] {
        let pipeline = RenderPipeline(session: session)
        var results: [Result] = []
        let run = try Run(pipeline: pipeline, request: request)
        for (widget, parameters) in run.widgets where widget.supports(family) {
            let metrics: WidgetMetrics
            do {
                metrics = try WidgetMetrics(family: family, device: request.device, scale: request.scale)
            } catch {
                throw .usage(error.description)
            }
            let context = run.providerContext(
                request, family: family, size: metrics.size, parameters: parameters, now: request.now)
            let timeline = try await RenderPipeline.call(widget, request: request) {
                try await widget.timeline(in: context)
            }
            guard let entry = timeline.entry(at: request.now) ?? timeline.entries.last else {
                throw .badData("\(widget.kind): empty timeline")
            }
            let viewContext = run.viewContext(
                family: family, size: metrics.size, shownAt: request.now, isPlaceholder: false)
            let render = { () throws(RenderError) -> CairoSurface in
                try session.renderer.render(
                    entry.view, metrics: metrics, context: viewContext,
                    contentMarginsDisabled: widget.contentMarginsDisabled
                ).surface
            }
            var totals: [Double] = []
            var draws: [Double] = []
            var encodes: [Double] = []
            var cpus: [Double] = []
            var bytes = 0
            var lastSurface: CairoSurface?
            do {
                // One warm-up render fills the font and text caches, as in a long-running process.
                let warmUp = try render()
                _ = try session.encoder.encode(warmUp)
                session.renderer.recycle(warmUp)
                for _ in 0..<iterations {
                    // The last render's surface is drawn on again, as in a run.
                    if let surface = lastSurface { session.renderer.recycle(surface) }
                    let cpuStart = Self.processCPUTime()
                    let start = DispatchTime.now()
                    let surface = try render()
                    let drawn = DispatchTime.now()
                    let png = try session.encoder.encode(surface)
                    let end = DispatchTime.now()
                    cpus.append(Self.processCPUTime() - cpuStart)
                    totals.append(Self.milliseconds(start, end))
                    draws.append(Self.milliseconds(start, drawn))
                    encodes.append(Self.milliseconds(drawn, end))
                    bytes = png.count
                    lastSurface = surface
                }
                var layouts: [Double] = []
                for _ in 0..<iterations {
                    let start = DispatchTime.now()
                    _ = try session.renderer.layout(
                        entry.view, metrics: metrics, context: viewContext,
                        contentMarginsDisabled: widget.contentMarginsDisabled)
                    layouts.append(Self.milliseconds(start, DispatchTime.now()))
                }
                var baseline: [Double] = []
                var baselineBytes = 0
                var libpng: [Double] = []
                var libpngBytes = 0
                if let surface = lastSurface {
                    for _ in 0..<baselineIterations {
                        var start = DispatchTime.now()
                        baselineBytes = try CairoPNGWriter.encode(surface).count
                        baseline.append(Self.milliseconds(start, DispatchTime.now()))
                        start = DispatchTime.now()
                        libpngBytes = try PNGEncoder.libpngFast.encode(surface).count
                        libpng.append(Self.milliseconds(start, DispatchTime.now()))
                    }
                }
                results.append(
                    Result(
                        kind: widget.kind, family: family, pixels: (metrics.pixelWidth, metrics.pixelHeight),
                        iterations: iterations, median: Self.quantile(totals, 0.5), p95: Self.quantile(totals, 0.95),
                        drawMedian: Self.quantile(draws, 0.5), encodeMedian: Self.quantile(encodes, 0.5),
                        baselineEncodeMedian: Self.quantile(baseline, 0.5), pngBytes: bytes,
                        baselinePNGBytes: baselineBytes, libpngEncodeMedian: Self.quantile(libpng, 0.5),
                        libpngPNGBytes: libpngBytes, layoutMedian: Self.quantile(layouts, 0.5),
                        cpuMedian: Self.quantile(cpus, 0.5)))
            } catch {
                throw .software(error.description)
            }
        }
        return results
    }
}
