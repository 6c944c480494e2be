import ArgumentParser
import ChartWidgets
import Foundation
import WidgetData
import WidgetRenderCLI

/// The options only the built-in chart widgets understand: where their data comes from.
///
/// They go to the providers as ``ChartDataOptions`` in the request's provider values; a
/// user's own command does not have them.
package struct ChartDataCommandOptions: WidgetCommandOptions {
    package init() {}

    @Option(
        help: ArgumentHelp(
            "Chart widgets: read this path or http(s):// or file:// URL instead of the embedded sample; needs one --widget. The format is detected (see `widgetrender formats`).",
            valueName: "path|url"))
    var data: String?

    @Option(
        help: ArgumentHelp(
            "Chart widgets: force the --data format instead of detecting it, e.g. binance, jhu, yahoo.",
            valueName: "name"))
    var format: String?

    @Option(
        help: ArgumentHelp(
            "Chart widgets: the column to plot when a file has several, e.g. --column deaths or --column \"Adj Close\".",
            valueName: "name"))
    var column: String?

    @Option(
        help: ArgumentHelp(
            "Chart widgets: each column's role, in order, when reading by name and content gets them wrong: time, open, high, low, close, volume, or - to skip a column, e.g. --columns time,low,high,open,close,volume for Coinbase's arrays or a header-less file. time and close are required; open, high and low all or none. The manifest records the columns read and whether they were inferred or given.",
            valueName: "roles"))
    var columns: String?

    @Option(
        help: ArgumentHelp(
            "Chart widgets: history shown, 7d, 30d, 90d, 1y or all (same as --param range=). Default: auto (30d small, 90d medium, 1y large).",
            valueName: "range"))
    var range: String?

    @Option(
        name: .customLong("cache-dir"),
        help: ArgumentHelp(
            "Chart widgets: where fetched URLs are cached (revalidated with ETag / Last-Modified). Default: $XDG_CACHE_HOME/widgetrender or ~/.cache/widgetrender.",
            valueName: "dir"))
    var cacheDirectory: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Chart widgets: seconds one try at a URL may take in all (connecting, the answer, the whole body) before it is retried (2 retries).",
            valueName: "seconds"))
    var timeout: Double = 10

    @Option(
        name: .customLong("total-timeout"), parsing: .unconditional,
        help: ArgumentHelp(
            "Chart widgets: seconds the whole fetch of a URL may take, every try and the waits between them included.",
            valueName: "seconds"))
    var totalTimeout: Double = 120

    @Flag(
        help:
            "Chart widgets: exit 69 instead of drawing cached or built-in data when --data cannot be fetched (for scripts that need fresh data)."
    )
    var strict = false

    package static var subcommands: [any ParsableCommand.Type] { [Formats.self] }

    package static var examples: [String] {
        [
            "--widget covid-country --param country=KOR --locale ko",
            "--widget price --data ./BTC-USD.csv --range 90d --family large",
            "--widget price --data ./BTCUSDT-1m-2024-01.zip --columns time,open,high,low,close,volume",
            "--widget covid-global --shared-container ./group --family medium",
            "formats",
        ]
    }

    package func apply(to request: inout RenderBatch) throws {
        if data == nil {
            // The built-in samples have a known format; a forced one would only misread them.
            if format != nil { throw ValidationError("--format applies to --data; add --data PATH|URL") }
            if column != nil { throw ValidationError("--column applies to --data; add --data PATH|URL") }
            if columns != nil { throw ValidationError("--columns applies to --data; add --data PATH|URL") }
        } else {
            let kinds = request.kinds.isEmpty ? Self.allKinds : Array(Set(request.kinds))
            if kinds.count != 1 {
                throw ValidationError(
                    "--data applies to one widget; add --widget KIND (one of: \(Self.allKinds.joined(separator: ", ")))"
                )
            }
        }
        if let format, SeriesFormat(name: format) == nil {
            throw ValidationError(
                "--format: unknown format '\(format)'; use one of \(SeriesFormat.allCases.map(\.name).joined(separator: ", "))"
            )
        }
        var layout: ColumnLayout?
        if let columns {
            if column != nil {
                throw ValidationError("give --column (one series) or --columns (every column's role), not both")
            }
            if let format, SeriesFormat(name: format) != .generic {
                throw ValidationError(
                    "--columns reads the file as a table (format generic); --format \(format) reads its own columns: leave one out"
                )
            }
            do {
                layout = try ColumnLayout(parsing: columns)
            } catch {
                if case .unsupported(let source, let reason) = error {
                    throw ValidationError("--columns \(source): \(reason)")
                }
                throw ValidationError(error.description)
            }
        }
        if let range {
            if request.parameters["range"] != nil {
                throw ValidationError("give the range once: --range or --param range=")
            }
            request.parameters["range"] = range
        }
        var fetcher = DataFetcher()
        // WidgetData's own rule for timeouts (DATA-RULES.md, "Network"): positive, at most a day.
        do {
            fetcher.timeout = try DataFetcher.checkedTimeout(timeout, name: "--timeout")
            fetcher.totalTimeout = try DataFetcher.checkedTimeout(totalTimeout, name: "--total-timeout")
        } catch {
            if case .unsupported(_, let reason) = error { throw ValidationError(reason) }
            throw ValidationError(error.description)
        }
        if let cacheDirectory {
            fetcher.cacheDirectory = URL(fileURLWithPath: cacheDirectory, isDirectory: true)
        }
        request.providerValues.chartData = ChartDataOptions(
            source: data, format: format, column: column, columns: layout, strict: strict,
            fetcher: CachingDataFetcher(fetcher: fetcher))
    }

    static var allKinds: [String] {
        (try? BuiltInWidgets().resolvedWidgets().map(\.kind)) ?? []
    }
}
