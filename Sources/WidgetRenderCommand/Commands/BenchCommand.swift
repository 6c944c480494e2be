import ArgumentParser
import Foundation
import WidgetRender

/// `bench`: times rendering plus PNG encoding per widget, with Cairo's writer as the baseline.
struct BenchCommand<Bundle: WidgetBundle, Options: WidgetCommandOptions>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        let name = CommandName.current
        return CommandConfiguration(
            commandName: "bench",
            abstract: "Time rendering plus PNG encoding of each widget (use a release build).",
            discussion: """
                Renders each widget's entry on screen at --now many times in one process, data \
                already loaded, and prints the median and 95th percentile per render (layout, \
                drawing and encoding), the PNG size, and as a baseline in the same run \
                Cairo's own PNG writer on the same image.

                Example:
                  swift build -c release && .build/release/\(name) bench --family medium
                """)
    }

    @Option(name: .customLong("family"), help: ArgumentHelp("The family to time.", valueName: "family"))
    var family: String = "medium"

    @Option(help: ArgumentHelp("Renders per widget.", valueName: "n"))
    var iterations: Int = 200

    @OptionGroup var common: CommonOptions
    @OptionGroup var time: NowOption
    @OptionGroup var options: Options

    init() {}

    func validate() throws {
        if iterations < 1 || iterations > 1_000_000 {
            throw ValidationError("--iterations must be from 1 to 1000000")
        }
    }

    func run() async throws {
        guard let family = WidgetFamily(name: family) else {
            throw ValidationError("--family: unknown family '\(family)'")
        }
        var request = try common.request(outputDirectory: URL(fileURLWithPath: "/dev/null"), families: [family])
        request.now = try time.date(in: request.timeZone)
        try options.apply(to: &request)
        do {
            let session = try RenderSession(bundle: Bundle())
            let benchmark = Benchmark(session: session, request: request, iterations: iterations)
            let results = try await benchmark.run(family: family)
            #if DEBUG
                Console.line("warning: this is a debug build; time a release build (swift build -c release)")
            #endif
            print(
                "widget          size        renders  median ms  p95 ms  draw ms  encode ms  PNG bytes"
                    + "  libpng ms  libpng bytes  ratio  cairo-writer ms  ratio")
            for r in results {
                print(
                    r.kind.padding(toLength: 15, withPad: " ", startingAt: 0) + " "
                        + "\(r.pixels.width)x\(r.pixels.height)".padding(toLength: 11, withPad: " ", startingAt: 0)
                        + " "
                        + String(
                            format: "%7d  %9.2f  %6.2f  %7.2f  %9.3f  %9d  %9.2f  %12d  %5.3f  %15.2f  %5.3f",
                            r.iterations, r.median, r.p95, r.drawMedian, r.encodeMedian, r.pngBytes,
                            r.libpngEncodeMedian, r.libpngPNGBytes, r.libpngRatio, r.baselineEncodeMedian,
                            r.cairoRatio))
            }
            print(
                "ratio = our encode median / the libpng writer's (zlib level 1, SUB filter), then / Cairo's "
                    + "cairo_surface_write_to_png_stream, each timed on the same surface in this run")
        } catch {
            throw Console.fail(error)
        }
    }
}
