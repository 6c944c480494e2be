import Foundation
import WidgetAssets
import WidgetRender
import WidgetData

/// Parsed data for a provider and where it came from.
struct LoadedData<Value: Sendable>: Sendable {
    var value: Value
    /// The path or URL drawn from.
    var source: String
    /// Where the bytes came from; ``DataOrigin/isFallback`` when they stand in for the user's
    /// source (the cached copy, or ``DataOrigin/builtInSample``).
    var origin: DataOrigin
    /// True when the data is the embedded sample: no source was given, or it stands in for one.
    var isBuiltIn: Bool
    /// The columns read and how they were chosen, when the reader says.
    var columns: ColumnMapping?

    /// True when drawn from a cached copy or the built-in sample after the user's source failed.
    var stale: Bool { origin.isFallback }
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
            column: context.chartData.column, columns: context.chartData.columns)
    }

    static func sample(_ name: String) throws -> (data: Data, source: String) {
        let url = try WidgetAssets.url("samples/\(name)")
        return (try DataLoader().load(url.path), "Assets/samples/\(name)")
    }

    /// The discreet word a widget shows when its data is not fresh, told from where it came
    /// from: `sample` when the built-in data stands in, else `cached`.
    static func staleLabel(for origin: DataOrigin, locale: Locale) -> String {
        origin == .builtInSample
            ? locale.word("sample")
            : locale.word("cached")
    }

    static func isRemote(_ source: String) -> Bool {
        if case .remote? = (try? DataSource(source))?.location { return true }
        return false
    }

    /// Loads and parses, reporting each skipped record as a warning.
    ///
    /// A remote source is fetched with `parse` as the fetcher's check, so a body that does not
    /// read (an HTML page sent with `200 OK`) never replaces the cached copy, and the failure
    /// reported is the fetch's own; the bytes accepted are parsed once.
    ///
    /// - Parameters:
    ///   - sample: the embedded file used when the user gave no source, and as the fallback.
    ///   - parse: reads bytes (with the user's options) into the value; a `DataError` means the
    ///     bytes are not the data, any other error (a configuration the data cannot serve) does not.
    /// - Throws: ``ProviderError``: for local files, their read or parse error (the command exits
    ///   65/66); for the sample, its error; a usage error (64) as such; with `strict`, a remote
    ///   source that fails (69). A failing remote source otherwise never throws: it falls back.
    ///
    /// The result is kept in the engine's cache (`context.cache`) under `reader` and the user's
    /// source and options, so every family and widget that reads the same source with the same
    /// reader shares one fetch, one parse and one copy in memory; its warnings are reported to
    /// each caller, as if it had read the source itself.
    ///
    /// - Parameter reader: what `parse` reads the bytes into, with anything it chooses by
    ///   (`ohlc`, `countries:KOR`): two parses share a result only when their readers are equal.
    static func load<Value: Sendable>(
        _ context: TimelineProviderContext, sample: String, reader: String,
        parse: @escaping @Sendable (Data, String) throws -> ParseResult<Value>
    ) async throws -> LoadedData<Value> {
        let options = context.chartData
        let key = LoadKey(
            reader: reader, sample: sample, source: options.source, format: options.format, column: options.column,
            columns: options.columns, strict: options.strict)
        let loaded = try await context.cache.value(for: key) { () async throws -> Reported<LoadedData<Value>> in
            let diagnostics = Diagnostics()
            var own = context
            own.diagnostics = diagnostics
            do {
                let value = try await loadRaw(own, sample: sample, parse: parse)
                return Reported(value: value, warnings: diagnostics.drain())
            } catch let error as ProviderError {
                throw error
            } catch let error as DataError {
                throw error.providerError
            } catch let error as WidgetAssets.MissingAsset {
                throw ProviderError(.unavailable, error.description)
            }
        }
        for warning in loaded.warnings { context.diagnostics.warn(warning) }
        return loaded.value
    }

    /// What decides a load's result: the reader, the sample, and the user's source and options.
    private struct LoadKey: Hashable, Sendable {
        var reader: String
        var sample: String
        var source: String?
        var format: String?
        var column: String?
        var columns: ColumnLayout?
        var strict: Bool
    }

    /// A value and the warnings made while computing it.
    private struct Reported<Value: Sendable>: Sendable {
        var value: Value
        var warnings: [String]
    }

    /// How many times each source was read and parsed in this process (the built-in sample as
    /// its asset name), for tests that check a run parses a source once.
    package static func loads(of source: String) -> Int {
        loadCounts.count(of: source)
    }

    private static let loadCounts = LoadCounts()

    private final class LoadCounts: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [String: Int] = [:]

        func add(_ source: String) { lock.withLock { counts[source, default: 0] += 1 } }
        func count(of source: String) -> Int { lock.withLock { counts[source] ?? 0 } }
    }

    private static func loadRaw<Value: Sendable>(
        _ context: TimelineProviderContext, sample: String,
        parse: @escaping @Sendable (Data, String) throws -> ParseResult<Value>
    ) async throws -> LoadedData<Value> {
        loadCounts.add(context.chartData.source ?? sample)
        func report(_ warnings: [DataWarning]) {
            for warning in warnings { context.diagnostics.warn(warning.description) }
        }
        let options = context.chartData
        guard let source = options.source else {
            let (data, name) = try Self.sample(sample)
            // The samples' own skipped rows (Yahoo's `null` days) are documented in Assets/README.md;
            // warning about them on every run would only teach people to ignore warnings.
            let result = try parse(data, name)
            return LoadedData(value: result.value, source: name, origin: .file, isBuiltIn: true)
        }
        do {
            let memo = ParseMemo(parse)
            let fetched: FetchedData
            if let fetcher = options.fetcher {
                fetched = try await fetcher.fetch(source, validate: memo.validation)
            } else {
                fetched = FetchedData(
                    bytes: try DataLoader().load(source), source: DataSource.redacted(source), origin: .file)
            }
            report(fetched.warnings)
            if fetched.origin.isFallback {
                // One line per failed fetch: the fetcher's failure names the source and the reason.
                let reason = fetched.failure?.description ?? "\(source): the fetch failed"
                if options.strict { throw ProviderError(.unavailable, "\(reason) (strict: no fallback is drawn)") }
                context.diagnostics.warn("\(reason); drawing the cached copy")
            }
            let result = try memo.result(for: fetched.bytes) ?? parse(fetched.bytes, fetched.source)
            report(result.warnings)
            return LoadedData(
                value: result.value, source: fetched.source, origin: fetched.origin, isBuiltIn: false,
                columns: result.columns)
        } catch let error as DataError where isRemote(source) && error.kind != .usage {
            if options.strict { throw ProviderError(.unavailable, "\(error) (strict: no fallback is drawn)") }
            // As a WidgetKit provider on `.failure`: draw the default data and ask again soon.
            let (data, name) = try Self.sample(sample)
            // A sample that cannot stand in for this configuration (a country it lacks): the fetch error stands.
            guard let result = try? parse(data, name) else { throw error }
            context.diagnostics.warn("\(error); drawing the built-in sample instead")
            return LoadedData(value: result.value, source: name, origin: .builtInSample, isBuiltIn: true)
        }
    }
}

/// A provider's parse as the fetcher's check, keeping the result of the bytes it accepted so
/// they are not parsed twice.
private final class ParseMemo<Value: Sendable>: @unchecked Sendable {
    private let parse: @Sendable (Data, String) throws -> ParseResult<Value>
    private let lock = NSLock()
    private var accepted: (data: Data, result: ParseResult<Value>)?

    init(_ parse: @escaping @Sendable (Data, String) throws -> ParseResult<Value>) {
        self.parse = parse
    }

    /// The check: a `DataError` refuses the bytes; any other error (a configuration the data
    /// cannot serve, such as a country a file lacks) says nothing against them.
    var validation: DataFetcher.Validation {
        { [self] data, source throws(DataError) in
            do {
                let result = try parse(data, source)
                lock.withLock { accepted = (data, result) }
            } catch let error as DataError {
                throw error
            } catch {
                return
            }
        }
    }

    /// The result for `data`, when the check parsed these very bytes.
    func result(for data: Data) -> ParseResult<Value>? {
        lock.withLock { accepted.flatMap { $0.data == data ? $0.result : nil } }
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
