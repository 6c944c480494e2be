import ArgumentParser
import Foundation
import WidgetRender
import WidgetDrawing

/// `bench`: times rendering plus PNG encoding per widget and family, with Cairo's writer as the
/// baseline; or whole processes (`--cold`); or many PNGs written on every core (`--batch`).
struct BenchCommand<Bundle: WidgetBundle, Options: WidgetCommandOptions>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        let name = CommandName.current
        return CommandConfiguration(
            commandName: "bench",
            abstract: "Time rendering plus PNG encoding of each widget (use a release build).",
            discussion: """
                Three measures, one per run:

                warm (the default): each widget's entry on screen at --now is rendered --iterations \
                times in one process, data already loaded; the median and 95th percentile per \
                render (layout, drawing and encoding), drawing and encoding apart, the PNG size, \
                and, as baselines in the same run on the same image, the libpng writer and Cairo's \
                own PNG writer with the ratios of our encode time to theirs. A large image's encode \
                is shared with an idle core; the CPU column counts every thread's time, and \
                --jobs 1 times one thread alone.

                --cold: one process per run, timed from outside (start to exit): for each widget \
                one image (`render --snapshot --widget K`), then the whole job (`render` of every \
                selected widget, each entry). Each row is the median of --iterations runs after two \
                untimed ones.

                --batch N: N PNGs of the first selected widget written in one run through the same \
                path as `render` (every core, each PNG written when encoded, the manifest last), \
                into a temporary folder that is removed after: wall and CPU time, CPU/wall, and \
                the resident memory before and at peak, which stays flat as N grows.

                --callers N: N tasks at once render through the engine's public render call, \
                mixed widgets, families (each selected one), light and dark, at --now and a day \
                before: --iterations renders in all (default 400), their wall time, throughput and \
                median latency, and the peak resident memory; then N calls waiting for the \
                engine's renderers are cancelled, and the time each takes to return is given.

                --screen LAYOUT: the screen `screen --layout LAYOUT` composes on --device (trmnl-og \
                unless --device is a screen), in its panel's format: --iterations warm renders \
                (default 200) alternating with a medium widget of the first slot's kind, and the \
                ratio; then the `screen` command as a process beside the default job (`render`), \
                and beside headless Chromium screenshotting --html then ImageMagick making it 1-bit \
                (min(--iterations, 30) runs, default 10).

                --background puts a photo (a CC0 600×400 photograph shipped in the assets) in the \
                app groups' folder as bg.png, for widgets that draw one. --json prints one JSON \
                object per row instead of the table. The first line names the machine.

                Examples:
                  swift build -c release
                  .build/release/\(name) bench --family small,medium,large
                  .build/release/\(name) bench --family medium --background
                  .build/release/\(name) bench --family medium --jobs 1
                  .build/release/\(name) bench --family medium --cold
                  .build/release/\(name) bench --family medium --batch 1000 --json
                  .build/release/\(name) bench --family small,medium,large --callers 32
                  .build/release/\(name) bench --screen 'price:halfVertical,covid-country?country=JPN:quadrant,covid-country?country=KOR:quadrant'
                """)
    }

    @Option(name: .customLong("family"), help: FamilySelection.help)
    var families: [String] = []

    @Option(
        help: ArgumentHelp(
            "Renders per widget and family (default 200), or runs per row with --cold (default 30).", valueName: "n"))
    var iterations: Int?

    @Option(
        name: .customLong("baseline-iterations"),
        help: ArgumentHelp("Encodes per widget timed with each baseline writer.", valueName: "n"))
    var baselineIterations: Int = 30

    @Flag(help: "Time whole processes from outside, one per run, instead of renders in this process.")
    var cold = false

    @Option(help: ArgumentHelp("Write N PNGs in one run on every core and time the whole run.", valueName: "n"))
    var batch: Int?

    @Option(
        help: ArgumentHelp(
            "Render from N tasks at once through the engine, then cancel N waiting calls.", valueName: "n"))
    var callers: Int?

    @Option(
        help: ArgumentHelp(
            "Time a composed e-ink screen (a layout as `screen --layout` takes it) on --device, or trmnl-og: warm beside a medium widget, cold as a process beside the default job, and beside Chromium then ImageMagick drawing --html.",
            valueName: "layout"))
    var screen: String?

    @Option(
        help: ArgumentHelp(
            "The HTML page of the same widgets for --screen's Chromium row. Default: bench/trmnl-mashup.html.",
            valueName: "file"))
    var html: String = "bench/trmnl-mashup.html"

    @Flag(help: "Draw a photo behind widgets that read bg.png from their app group folder.")
    var background = false

    @Flag(help: "Print one JSON object per row (machine-readable) instead of the table.")
    var json = false

    @OptionGroup var common: CommonOptions
    @OptionGroup var time: NowOption
    @OptionGroup var options: Options

    init() {}

    func validate() throws {
        if let iterations, iterations < 1 || iterations > 1_000_000 {
            throw ValidationError("--iterations must be from 1 to 1000000")
        }
        if baselineIterations < 1 || baselineIterations > 100_000 {
            throw ValidationError("--baseline-iterations must be from 1 to 100000")
        }
        if let batch, batch < 1 || batch > 1_000_000 {
            throw ValidationError("--batch must be from 1 to 1000000")
        }
        if let callers, callers < 1 || callers > 10_000 {
            throw ValidationError("--callers must be from 1 to 10000")
        }
        if [cold, batch != nil, callers != nil, screen != nil].filter({ $0 }).count > 1 {
            throw ValidationError("--cold, --batch, --callers and --screen are separate runs; give one")
        }
        if let screen {
            do {
                _ = try ScreenLayout(parsing: screen)
            } catch {
                throw ValidationError("--screen: \(error.description)")
            }
        }
        if background && !common.sharedContainers.isEmpty {
            throw ValidationError("--background puts its photo in a folder of its own; leave out --shared-container")
        }
        // Checked here as well as in run(), so that a bad value prints this subcommand's usage line.
        _ = try makeRequest()
    }

    /// The request the options describe; throws `ValidationError` naming a bad option.
    private func makeRequest() throws -> RenderBatch {
        var request = try common.request(
            outputDirectory: URL(fileURLWithPath: "/dev/null"),
            families: try FamilySelection.parse(families, default: common.defaultFamilies))
        request.now = try time.date(in: request.timeZone)
        try options.apply(to: &request)
        return request
    }

    func run() async throws {
        var request = try makeRequest()
        RenderingProcess.prepare(for: request)
        let selected = try FamilySelection.parse(families, default: common.defaultFamilies)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "widgetrender-bench-\(getpid())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            if background {
                let container = scratch.appendingPathComponent("container", isDirectory: true)
                try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
                try FileManager.default.copyItem(
                    at: try Benchmark.photoURL(), to: container.appendingPathComponent("bg.png"))
                request.appGroups.defaultFolder = container
            }
        } catch {
            throw Console.fail(
                .cannotCreate(path: scratch.path, reason: "cannot prepare the benchmark's folder: \(error)"))
        }
        #if DEBUG
            Console.line("warning: this is a debug build; time a release build (swift build -c release)")
        #endif
        emit(machine: Benchmark.machine)
        do {
            let engine = try RenderEngine(bundle: Bundle())
            let families =
                selected
                ?? WidgetFamily.allCases.filter { family in
                    engine.widgets.contains { $0.supports(family) }
                }
            if let screen {
                try await screenRuns(screen, engine: engine, scratch: scratch, request: request)
            } else if cold {
                try coldRuns(families: families, engine: engine, scratch: scratch, request: request)
            } else if let callers {
                let benchmark = Benchmark(engine: engine, batch: request)
                emit(try await benchmark.callers(callers, renders: iterations ?? 400, families: families))
            } else if let batch {
                let benchmark = Benchmark(engine: engine, batch: request)
                for family in families {
                    let folder = scratch.appendingPathComponent("batch-\(family.shortName)", isDirectory: true)
                    let result = try await benchmark.batch(family: family, count: batch, into: folder)
                    try? FileManager.default.removeItem(at: folder)
                    emit(result)
                }
            } else {
                let benchmark = Benchmark(
                    engine: engine, batch: request, iterations: iterations ?? 200,
                    baselineIterations: baselineIterations)
                var results: [Benchmark.Result] = []
                for family in families { results += try await benchmark.run(family: family) }
                emit(results)
            }
        } catch let error as WidgetRenderError {
            throw Console.fail(error)
        }
    }

    // MARK: - A composed screen

    /// `--screen`: warm renders beside a medium widget, then processes beside the default job and
    /// beside Chromium then ImageMagick.
    func screenRuns(_ text: String, engine: RenderEngine, scratch: URL, request: RenderBatch) async throws {
        let layout = try ScreenLayout(parsing: text)
        let device = request.device.panel != nil ? request.device : try DeviceProfile.named("trmnl-og")
        guard let panel = device.panel else { return }
        let benchmark = Benchmark(engine: engine, batch: request, iterations: iterations ?? 200)
        var rows = try await benchmark.screenWarm(
            layout, device: device, encoder: panel.encoder)
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let now = DateText.iso8601(request.now) ?? "2026-01-01T00:00:00Z"
        rows += try Benchmark.screenCold(
            executable: executable, layout: layout, device: device,
            html: URL(fileURLWithPath: html).standardizedFileURL, scratch: scratch, runs: min(iterations ?? 10, 30),
            now: now)
        emit(rows)
    }

    func emit(_ rows: [Benchmark.ScreenRow]) {
        if json {
            for r in rows {
                var fields: [String: Field] = [
                    "row": .string("screen"), "label": .string(r.label), "runs": .int(r.runs),
                    "median_ms": .number(r.median), "p95_ms": .number(r.p95),
                ]
                if let other = r.comparedWith, let ratio = r.ratio {
                    fields["compared_with"] = .string(other)
                    fields["ratio"] = .number(ratio)
                }
                if let bytes = r.bytes { fields["bytes"] = .int(bytes) }
                print(Self.jsonLine(fields))
            }
            return
        }
        print("what                                                 runs  median ms  p95 ms   bytes  ratio")
        for r in rows {
            guard r.runs > 0 else {
                print(r.label)
                continue
            }
            print(
                Self.pad(r.label, 52)
                    + String(format: " %4d  %9.2f  %6.2f", r.runs, r.median, r.p95)
                    + (r.bytes.map { String(format: "  %6d", $0) } ?? "        ")
                    + (r.ratio.map { String(format: "  %5.2f × %@", $0, r.comparedWith ?? "") } ?? ""))
        }
        print(
            "warm: rendered and encoded in this process, alternating with the medium widget; cold: one process per run from start to exit, alternating, two untimed runs first"
        )
    }

    // MARK: - Cold runs

    /// One process per run: each widget's snapshot alone, then the whole job.
    func coldRuns(families: [WidgetFamily], engine: RenderEngine, scratch: URL, request: RenderBatch) throws {
        let runs = iterations ?? 30
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let forwarded = Self.forwardedArguments(CommandLine.arguments)
        let kinds = common.widgets.isEmpty ? engine.widgets.map(\.kind) : common.widgets
        var rows: [ColdRow] = []
        for family in families {
            var cases: [(label: String, arguments: [String])] = []
            for kind in kinds where engine.widgets.contains(where: { $0.kind == kind && $0.supports(family) }) {
                cases.append((kind, ["render", "--snapshot", "--widget", kind]))
            }
            cases.append(
                (
                    common.widgets.isEmpty ? "all (job)" : "selected (job)",
                    ["render"] + common.widgets.flatMap { ["--widget", $0] }
                ))
            for (label, arguments) in cases {
                let out = scratch.appendingPathComponent("cold", isDirectory: true)
                var full = arguments + ["--family", family.shortName, "--out", out.path, "--quiet"] + forwarded
                if let folder = request.appGroups.defaultFolder, background {
                    full += ["--shared-container", folder.path]
                }
                var times: [Double] = []
                for attempt in 0..<(runs + 2) {
                    let start = DispatchTime.now()
                    let status = try Self.spawn(executable, full)
                    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
                    guard status == 0 else {
                        throw WidgetRenderError.internalError(
                            "bench --cold: `\(([executable] + full).joined(separator: " "))` exited with \(status)")
                    }
                    if attempt >= 2 { times.append(elapsed) }
                }
                let pngs = Self.countPNGs(in: out)
                try? FileManager.default.removeItem(at: out)
                rows.append(
                    ColdRow(
                        label: label, family: family, pngs: pngs, runs: runs, median: Benchmark.quantile(times, 0.5),
                        p95: Benchmark.quantile(times, 0.95), min: times.min() ?? 0))
            }
        }
        emit(rows)
    }

    struct ColdRow {
        var label: String
        var family: WidgetFamily
        var pngs: Int
        var runs: Int
        var median: Double
        var p95: Double
        var min: Double
    }

    /// The arguments after `bench` that the child `render` understands: everything but the
    /// bench's own options and `--widget`, `--family` (each row sets them).
    static func forwardedArguments(_ arguments: [String]) -> [String] {
        guard let bench = arguments.firstIndex(of: "bench") else { return [] }
        let withValue: Set<String> = [
            "--family", "--iterations", "--baseline-iterations", "--batch", "--widget", "--out",
        ]
        let flags: Set<String> = ["--cold", "--background", "--json"]
        var kept: [String] = []
        var index = bench + 1
        while index < arguments.count {
            let argument = arguments[index]
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if withValue.contains(name) {
                index += argument.contains("=") ? 1 : 2
                continue
            }
            if !flags.contains(argument) { kept.append(argument) }
            index += 1
        }
        return kept
    }

    /// Runs a process with stdout and stderr discarded and returns its exit status.
    static func spawn(_ path: String, _ arguments: [String]) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw WidgetRenderError.internalError(
                "bench --cold: cannot start \(path): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, spelled out (the macros are not imported).
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    static func countPNGs(in folder: URL) -> Int {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return 0 }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".png") }.count
    }

    // MARK: - Output

    func emit(machine: String) {
        if json {
            print(Self.jsonLine(["row": .string("machine"), "machine": .string(machine)]))
        } else {
            print("machine: \(machine)")
        }
    }

    func emit(_ results: [Benchmark.Result]) {
        if json {
            for r in results {
                print(
                    Self.jsonLine([
                        "row": .string("warm"), "widget": .string(r.kind), "family": .string(r.family.shortName),
                        "width": .int(r.pixels.width), "height": .int(r.pixels.height),
                        "renders": .int(r.iterations), "median_ms": .number(r.median), "cpu_ms": .number(r.cpuMedian),
                        "p95_ms": .number(r.p95),
                        "draw_ms": .number(r.drawMedian), "layout_ms": .number(r.layoutMedian),
                        "encode_ms": .number(r.encodeMedian),
                        "png_bytes": .int(r.pngBytes), "libpng_encode_ms": .number(r.libpngEncodeMedian),
                        "libpng_png_bytes": .int(r.libpngPNGBytes), "ratio_libpng": .number(r.libpngRatio),
                        "cairo_encode_ms": .number(r.baselineEncodeMedian),
                        "cairo_png_bytes": .int(r.baselinePNGBytes), "ratio_cairo": .number(r.cairoRatio),
                    ]))
            }
            return
        }
        print(
            "widget          family         size       renders  median ms  p95 ms  cpu ms  draw ms  (layout)  encode ms  PNG bytes"
                + "  libpng ms  libpng bytes  ratio  cairo-writer ms  ratio")
        for r in results {
            print(
                Self.pad(r.kind, 15) + " " + Self.pad(r.family.shortName, 14) + " "
                    + Self.pad("\(r.pixels.width)x\(r.pixels.height)", 10) + " "
                    + String(
                        format: "%7d  %9.2f  %6.2f  %6.2f  %7.2f  %8.2f  %9.3f  %9d  %9.2f  %12d  %5.3f  %15.2f  %5.3f",
                        r.iterations, r.median, r.p95, r.cpuMedian, r.drawMedian, r.layoutMedian, r.encodeMedian,
                        r.pngBytes,
                        r.libpngEncodeMedian, r.libpngPNGBytes, r.libpngRatio, r.baselineEncodeMedian,
                        r.cairoRatio))
        }
        print(
            "median = layout + drawing + encoding of one render; cpu = the CPU time of every thread for the same (above the median when an idle core shared the encode; --jobs 1 for one thread); draw includes layout, timed alone in (layout); ratio = our encode median / the libpng writer's "
                + "(zlib level 1, SUB filter), then / Cairo's cairo_surface_write_to_png_stream, each timed on "
                + "the same surface in this run")
    }

    func emit(_ rows: [ColdRow]) {
        if json {
            for r in rows {
                print(
                    Self.jsonLine([
                        "row": .string("cold"), "widget": .string(r.label), "family": .string(r.family.shortName),
                        "pngs": .int(r.pngs), "runs": .int(r.runs), "median_ms": .number(r.median),
                        "p95_ms": .number(r.p95), "min_ms": .number(r.min),
                    ]))
            }
            return
        }
        print("widget          family         PNGs  runs  median ms  p95 ms  min ms")
        for r in rows {
            print(
                Self.pad(r.label, 15) + " " + Self.pad(r.family.shortName, 14)
                    + String(format: " %4d  %4d  %9.1f  %6.1f  %6.1f", r.pngs, r.runs, r.median, r.p95, r.min))
        }
        print("one process per run, timed from start to exit (wall), two untimed runs first")
    }

    func emit(_ r: Benchmark.BatchResult) {
        if json {
            print(
                Self.jsonLine([
                    "row": .string("batch"), "widget": .string(r.kind), "family": .string(r.family.shortName),
                    "width": .int(r.pixels.width), "height": .int(r.pixels.height), "pngs": .int(r.count),
                    "workers": .int(r.workers), "wall_ms": .number(r.wall), "per_png_ms": .number(r.perImage),
                    "cpu_ms": .number(r.cpu), "cpu_per_wall": .number(r.parallelism),
                    "rss_before_bytes": .int(r.residentBefore), "peak_rss_bytes": .int(r.peakResident),
                    "png_bytes": .int(r.pngBytes),
                ]))
            return
        }
        print(
            "widget          family         size        PNGs  workers  wall ms  per PNG ms   CPU ms  CPU/wall"
                + "  RSS before MiB  peak RSS MiB")
        print(
            Self.pad(r.kind, 15) + " " + Self.pad(r.family.shortName, 14) + " "
                + Self.pad("\(r.pixels.width)x\(r.pixels.height)", 10)
                + String(
                    format: " %5d  %7d  %7.0f  %10.3f  %7.0f  %8.2f  %14.1f  %12.1f", r.count, r.workers, r.wall,
                    r.perImage, r.cpu, r.parallelism, Double(r.residentBefore) / 1_048_576,
                    Double(r.peakResident) / 1_048_576))
        print("every PNG and the manifest written to a temporary folder, as `render` writes them; removed after")
    }

    func emit(_ r: Benchmark.CallersResult) {
        if json {
            print(
                Self.jsonLine([
                    "row": .string("callers"), "callers": .int(r.callers), "renderers": .int(r.renderers),
                    "renders": .int(r.renders), "wall_ms": .number(r.wall), "renders_per_s": .number(r.throughput),
                    "median_latency_ms": .number(r.medianLatency), "peak_rss_bytes": .int(r.peakResident),
                    "cancelled": .int(r.cancelled), "cancel_median_ms": .number(r.cancelMedian),
                    "cancel_max_ms": .number(r.cancelMax),
                ]))
            return
        }
        print(
            "callers  renderers  renders  wall ms  renders/s  median ms  peak RSS MiB  cancelled"
                + "  cancel median ms  max ms")
        print(
            String(
                format: "%7d  %9d  %7d  %7.0f  %9.1f  %9.2f  %12.1f  %9d  %16.2f  %6.2f", r.callers, r.renderers,
                r.renders, r.wall, r.throughput, r.medianLatency, Double(r.peakResident) / 1_048_576, r.cancelled,
                r.cancelMedian, r.cancelMax))
        print(
            "renders through RenderEngine.render from that many tasks at once; then that many calls waiting for a renderer, cancelled: the time from the cancellation to each call's return"
        )
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    enum Field {
        case string(String)
        case int(Int)
        case number(Double)
    }

    /// One JSON object on one line, keys sorted (so rows diff well).
    static func jsonLine(_ fields: [String: Field]) -> String {
        let body = fields.keys.sorted().map { key -> String in
            let value: String
            switch fields[key] {
            case .string(let text)?: value = jsonString(text)
            case .int(let number)?: value = String(number)
            case .number(let number)?: value = number.isFinite ? String(format: "%.4f", number) : "null"
            case nil: value = "null"
            }
            return jsonString(key) + ":" + value
        }
        return "{" + body.joined(separator: ",") + "}"
    }

    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
