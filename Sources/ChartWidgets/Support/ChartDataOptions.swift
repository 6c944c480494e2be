import Foundation
import WidgetData
import WidgetRender

/// Where the built-in widgets read their data: the command's `--data`, `--format`,
/// `--column`, `--columns` and `--strict`, and the fetcher with its timeouts and cache.
///
/// The command puts it in the providers' context; a test can too:
///
/// ```swift
/// var values = ProviderValues()
/// values.chartData = ChartDataOptions(source: "Fixtures/BTC-USD.csv")
/// ```
public struct ChartDataOptions: Sendable {
    /// A path or URL to read instead of the embedded sample.
    public var source: String?
    /// The format of `source` when forced (`--format`); detected from the content otherwise.
    public var format: String?
    /// The column to plot when a file has several (`--column`).
    public var column: String?
    /// Each column's role, when inference is wrong (`--columns time,low,high,open,close`).
    public var columns: ColumnLayout?
    /// Fail instead of drawing cached or built-in data when `source` cannot be fetched.
    public var strict: Bool
    /// Fetches `source`; `nil` reads local files only.
    public var fetcher: (any DataFetching)?

    /// Options; all empty by default (the embedded samples).
    ///
    /// - Parameters:
    ///   - source: a path or URL.
    ///   - format: a format name from `widgetrender formats`.
    ///   - column: a column name.
    ///   - columns: each column's role.
    ///   - strict: fail rather than fall back.
    ///   - fetcher: fetches URLs.
    public init(
        source: String? = nil, format: String? = nil, column: String? = nil, columns: ColumnLayout? = nil,
        strict: Bool = false, fetcher: (any DataFetching)? = nil
    ) {
        self.source = source
        self.format = format
        self.column = column
        self.columns = columns
        self.strict = strict
        self.fetcher = fetcher
    }
}

/// The key of ``ChartDataOptions`` in ``ProviderValues``.
public enum ChartDataKey: ProviderValueKey {
    /// The embedded samples.
    public static var defaultValue: ChartDataOptions { ChartDataOptions() }
}

extension ProviderValues {
    /// Where the built-in widgets read their data.
    public var chartData: ChartDataOptions {
        get { self[ChartDataKey.self] }
        set { self[ChartDataKey.self] = newValue }
    }
}

extension TimelineProviderContext {
    /// Where the built-in widgets read their data (shorthand for `values.chartData`).
    var chartData: ChartDataOptions { values.chartData }
}

/// Bytes a provider asked for, and where they came from.
///
/// Whether they stand in for a source that failed is told by type, ``origin``'s
/// `isFallback`, never by a path or a message.
public struct FetchedData: Sendable {
    /// The bytes.
    public var bytes: Data
    /// The path or URL, as the user gave it.
    public var source: String
    /// Where the bytes came from: a file, the network, the cache revalidated, or the cache
    /// served stale because the fetch failed (`origin.isFallback`).
    public var origin: DataOrigin
    /// Why the fetch failed, when the bytes stand in for it.
    public var failure: DataError?
    /// Problems that did not stop the fetch, such as a cache entry that could not be written.
    public var warnings: [DataWarning]

    /// True when these are cached bytes served because the fetch failed.
    public var stale: Bool { origin.isFallback }

    /// Fetched bytes.
    ///
    /// ```swift
    /// let fixture = FetchedData(bytes: Data("Date,Close\n2024-01-02,187.15\n".utf8), source: "fixture.csv")
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: the bytes.
    ///   - source: the path or URL.
    ///   - origin: where they came from (a file by default).
    ///   - failure: why the fetch failed, for bytes that stand in for it.
    ///   - warnings: problems that did not stop the fetch.
    public init(
        bytes: Data, source: String, origin: DataOrigin = .file, failure: DataError? = nil,
        warnings: [DataWarning] = []
    ) {
        self.bytes = bytes
        self.source = source
        self.origin = origin
        self.failure = failure
        self.warnings = warnings
    }
}

/// Fetches a data source for a provider: a path, a `file://` URL or an `http(s)://` URL.
///
/// Contract: return fresh bytes that `validate` accepts; or, when the source fails (or sends
/// bytes `validate` refuses, such as an HTML page with `200 OK`) and a cached copy that
/// `validate` accepts exists, that copy with origin ``DataOrigin/staleCache`` and the failure;
/// throw when neither is possible. Bytes `validate` refuses never replace a cached copy.
///
/// ```swift
/// let fetched = try await fetcher.fetch(source) { data, name throws(DataError) in
///     _ = try SeriesReader().readOHLC(data, source: name)
/// }
/// if fetched.origin.isFallback { print("warning: \(fetched.failure?.description ?? source)") }
/// ```
public protocol DataFetching: Sendable {
    /// Fetches a source.
    ///
    /// - Parameters:
    ///   - source: a path or URL.
    ///   - validate: the provider's parse, which throws when bytes do not read as its data;
    ///     `nil` accepts any bytes.
    /// - Returns: the bytes, fresh or stale.
    /// - Throws: when neither fresh nor cached bytes can be had (a `DataError` for WidgetData's fetcher).
    func fetch(_ source: String, validate: DataFetcher.Validation?) async throws -> FetchedData
}

extension DataFetching {
    /// Fetches a source and accepts any bytes.
    ///
    /// - Parameter source: a path or URL.
    /// - Returns: the bytes, fresh or stale.
    /// - Throws: when neither fresh nor cached bytes can be had.
    public func fetch(_ source: String) async throws -> FetchedData {
        try await fetch(source, validate: nil)
    }
}
