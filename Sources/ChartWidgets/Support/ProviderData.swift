import Foundation
import WidgetAssets
import WidgetRender
import WidgetData

/// Parsed data for a provider and where it came from.
struct LoadedData<Value: Sendable>: Sendable {
    var value: Value
    /// The path or URL drawn from.
    var source: String
    /// True when drawn from a cached copy or the built-in sample after the user's source failed.
    var stale: Bool
}

/// How providers get their data, as WidgetKit providers do: the user's source when given
/// (through the context's fetcher), else the embedded sample; a remote source that fails
/// falls back to the cached copy (the fetcher's job) or to the sample, with a warning.
enum ProviderData {
    /// How long a provider waits before asking again after a failed fetch, as the seeds' 15-minute retry.
    static var retryInterval: TimeInterval { 15 * 60 }

    /// The reading options the user chose (`--format`, `--column`), plus a region.
    static func options(_ context: TimelineProviderContext, region: String? = nil) -> SeriesOptions {
        SeriesOptions(
            format: context.chartData.format.flatMap(SeriesFormat.init(name:)), region: region,
            column: context.chartData.column)
    }

    static func sample(_ name: String) throws -> (data: Data, source: String) {
        let url = try WidgetAssets.url("samples/\(name)")
        return (try DataLoader().load(url.path), "Assets/samples/\(name)")
    }

    /// True for the path ``sample(_:)`` reports, e.g. `Assets/samples/btc-usd-daily.csv`.
    static func isSample(_ source: String) -> Bool {
        source.hasPrefix("Assets/samples/")
    }

    /// The discreet word a widget shows when its data is not fresh: `sample` when it fell back
    /// to the built-in data, else `cached`.
    static func staleLabel(source: String, locale: Locale) -> String {
        isSample(source)
            ? locale.pick(en: "sample", ja: "サンプル", ko: "샘플")
            : locale.pick(en: "cached", ja: "キャッシュ", ko: "캐시")
    }

    static func isRemote(_ source: String) -> Bool {
        if case .remote? = (try? DataSource(source))?.location { return true }
        return false
    }

    /// Loads and parses, reporting each skipped record as a warning.
    ///
    /// - Parameters:
    ///   - sample: the embedded file used when the user gave no source, and as the fallback.
    ///   - parse: reads bytes (with the user's options) into the value.
    /// - Throws: ``ProviderError``: for local files, their read or parse error (the command exits
    ///   65/66); for the sample, its error; with `strict`, a remote source that fails (69). A failing
    ///   remote source otherwise never throws: it falls back.
    static func load<Value: Sendable>(
        _ context: TimelineProviderContext, sample: String,
        parse: (Data, String) throws -> ParseResult<Value>
    ) async throws -> LoadedData<Value> {
        do {
            return try await loadRaw(context, sample: sample, parse: parse)
        } catch let error as ProviderError {
            throw error
        } catch let error as DataError {
            throw error.providerError
        } catch let error as WidgetAssets.MissingAsset {
            throw ProviderError(.unavailable, error.description)
        }
    }

    private static func loadRaw<Value: Sendable>(
        _ context: TimelineProviderContext, sample: String,
        parse: (Data, String) throws -> ParseResult<Value>
    ) async throws -> LoadedData<Value> {
        func report(_ warnings: [DataWarning]) {
            for warning in warnings { context.diagnostics.warn(warning.description) }
        }
        let options = context.chartData
        guard let source = options.source else {
            let (data, name) = try Self.sample(sample)
            // The samples' own skipped rows (Yahoo's `null` days) are documented in Assets/README.md;
            // warning about them on every run would only teach people to ignore warnings.
            let result = try parse(data, name)
            return LoadedData(value: result.value, source: name, stale: false)
        }
        do {
            let fetched: FetchedData
            if let fetcher = options.fetcher {
                fetched = try await fetcher.fetch(source)
            } else {
                fetched = FetchedData(bytes: try DataLoader().load(source), source: source)
            }
            if fetched.stale {
                let reason = "\(source): \(fetched.failure ?? "fetch failed")"
                if options.strict { throw ProviderError(.unavailable, "\(reason) (--strict: nothing was written)") }
                context.diagnostics.warn("\(reason); drawing the cached copy")
            }
            let result = try parse(fetched.bytes, fetched.source)
            report(result.warnings)
            return LoadedData(value: result.value, source: fetched.source, stale: fetched.stale)
        } catch  where isRemote(source) && !(error is ProviderError) {
            if options.strict { throw ProviderError(.unavailable, "\(error) (--strict: nothing was written)") }
            // As a WidgetKit provider on `.failure`: draw the default data and ask again soon.
            let (data, name) = try Self.sample(sample)
            // A sample that cannot stand in for this configuration (a country it lacks): the fetch error stands.
            guard let result = try? parse(data, name) else { throw error }
            context.diagnostics.warn("\(error); drawing the built-in sample instead")
            return LoadedData(value: result.value, source: name, stale: true)
        }
    }
}

extension DataError {
    /// The provider error the command reports, with its exit code: usage 64, bad data 65,
    /// missing input 66, unavailable 69.
    var providerError: ProviderError {
        switch kind {
        case .usage: ProviderError(.invalidConfiguration, description)
        // Missing, a folder or a device, or not readable: the input cannot be opened (EX_NOINPUT).
        case .missingInput, .notRegularFile: ProviderError(.missingInput, description)
        case .unavailable: ProviderError(.unavailable, description)
        // Bad data, over the size limit, and any kind added later.
        default: ProviderError(.badData, description)
        }
    }
}
