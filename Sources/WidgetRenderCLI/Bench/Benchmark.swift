import Foundation
import WidgetRender
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
        /// The fingerprint of the pixels drawn (as `manifest.json`'s `pixelsCRC64`): what a
        /// test compares with the other ways of rendering the same widget.
        package var pixelsCRC64 = ""

        /// The encode median over the libpng writer's: below 1 is faster.
        package var libpngRatio: Double { libpngEncodeMedian > 0 ? encodeMedian / libpngEncodeMedian : 0 }
        /// The encode median over Cairo's writer's: below 1 is faster.
        package var cairoRatio: Double { baselineEncodeMedian > 0 ? encodeMedian / baselineEncodeMedian : 0 }
    }

    /// The engine that renders.
    package var engine: RenderEngine
    /// What to render.
    package var batch: RenderBatch
    /// Renders timed.
    package var iterations: Int
    /// Encodes timed with Cairo's writer.
    package var baselineIterations: Int

    /// A benchmark.
    package init(engine: RenderEngine, batch: RenderBatch, iterations: Int = 200, baselineIterations: Int = 30) {
        self.engine = engine
        self.batch = batch
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

    /// Runs the benchmark for every selected widget that supports the family: the entry on
    /// screen at `batch.now` (the engine's rule), laid out, drawn and encoded by the engine's
    /// own steps with one leased renderer, many times.
    package func run(family: WidgetFamily) async throws(WidgetRenderError) -> [Result] {
        var results: [Result] = []
        var run = try OutputRun(engine: engine, batch: batch)
        let iterations = self.iterations
        let baselineIterations = self.baselineIterations
        for (widget, parameters) in run.widgets where widget.supports(family) {
            var record = run.record(widget, parameters)
            guard let question = try run.question(widget, family, record: &record) else {
                throw .invalidRequest(record.skipped.map(\.reason).joined(separator: "; "))
            }
            let timeline = try await engine.timeline(question, now: batch.now)
            guard let entry = timeline.entry(at: batch.now) else {
                throw .badData("\(widget.kind): the provider returned an empty timeline")
            }
            let metrics = question.metrics
            let scene = RenderEngine.Scene(
                view: entry.view, metrics: metrics,
                context: run.viewContext(metrics, shownAt: batch.now, isPlaceholder: false),
                contentMarginsDisabled: widget.contentMarginsDisabled)
            let encoder = PNGImageEncoder()
            let result = try await engine.pool.withRenderer { renderer throws(WidgetRenderError) -> Result in
                func draw() throws(WidgetRenderError) -> CairoSurface {
                    try RenderEngine.drawSurface(
                        RenderEngine.layout(scene, with: renderer), scene: scene, with: renderer)
                }
                func encode(_ surface: CairoSurface) throws(WidgetRenderError) -> EncodedImage {
                    try RenderEngine.encode(surface, scale: metrics.scale, displayList: DisplayList(), with: encoder)
                }
                var totals: [Double] = []
                var draws: [Double] = []
                var encodes: [Double] = []
                var cpus: [Double] = []
                var bytes = 0
                var pixels = ""
                var lastSurface: CairoSurface?
                // One warm-up render fills the font and text caches, as in a long-running process.
                let warmUp = try draw()
                _ = try encode(warmUp)
                renderer.recycle(warmUp)
                for _ in 0..<iterations {
                    // The last render's surface is drawn on again, as in a run.
                    if let surface = lastSurface { renderer.recycle(surface) }
                    let cpuStart = Self.processCPUTime()
                    let start = DispatchTime.now()
                    let surface = try draw()
                    let drawn = DispatchTime.now()
                    let image = try encode(surface)
                    let end = DispatchTime.now()
                    cpus.append(Self.processCPUTime() - cpuStart)
                    totals.append(Self.milliseconds(start, end))
                    draws.append(Self.milliseconds(start, drawn))
                    encodes.append(Self.milliseconds(drawn, end))
                    bytes = image.data.count
                    pixels = image.pixelsCRC64
                    lastSurface = surface
                }
                var layouts: [Double] = []
                for _ in 0..<iterations {
                    let start = DispatchTime.now()
                    _ = try RenderEngine.layout(scene, with: renderer)
                    layouts.append(Self.milliseconds(start, DispatchTime.now()))
                }
                var baseline: [Double] = []
                var baselineBytes = 0
                var libpng: [Double] = []
                var libpngBytes = 0
                if let surface = lastSurface {
                    do {
                        for _ in 0..<baselineIterations {
                            var start = DispatchTime.now()
                            baselineBytes = try CairoPNGWriter.encode(surface).count
                            baseline.append(Self.milliseconds(start, DispatchTime.now()))
                            start = DispatchTime.now()
                            libpngBytes = try PNGEncoder.libpngFast.encode(surface).count
                            libpng.append(Self.milliseconds(start, DispatchTime.now()))
                        }
                    } catch {
                        throw .internalError("\(error)")
                    }
                    renderer.recycle(surface)
                }
                return Result(
                    kind: widget.kind, family: family, pixels: (metrics.pixelWidth, metrics.pixelHeight),
                    iterations: iterations, median: Self.quantile(totals, 0.5), p95: Self.quantile(totals, 0.95),
                    drawMedian: Self.quantile(draws, 0.5), encodeMedian: Self.quantile(encodes, 0.5),
                    baselineEncodeMedian: Self.quantile(baseline, 0.5), pngBytes: bytes,
                    baselinePNGBytes: baselineBytes, libpngEncodeMedian: Self.quantile(libpng, 0.5),
                    libpngPNGBytes: libpngBytes, layoutMedian: Self.quantile(layouts, 0.5),
                    cpuMedian: Self.quantile(cpus, 0.5), pixelsCRC64: pixels)
            }
            results.append(result)
        }
        return results
    }
}
