import Foundation
import WidgetRender

/// Where the built-in widgets read their data: the command's `--data`, `--format`,
/// `--column` and `--strict`, and the fetcher with its timeouts and cache.
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
    ///   - strict: fail rather than fall back.
    ///   - fetcher: fetches URLs.
    public init(
        source: String? = nil, format: String? = nil, column: String? = nil, strict: Bool = false,
        fetcher: (any DataFetching)? = nil
    ) {
        self.source = source
        self.format = format
        self.column = column
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

/// Bytes a provider asked for, and whether they are fresh.
public struct FetchedData: Sendable {
    /// The bytes.
    public var bytes: Data
    /// The path or URL, as the user gave it.
    public var source: String
    /// True when these are cached bytes served after the fetch failed.
    public var stale: Bool
    /// Why the fetch failed, when `stale`.
    public var failure: String?

    /// Fetched bytes.
    ///
    /// - Parameters:
    ///   - bytes: the bytes.
    ///   - source: the path or URL.
    ///   - stale: served from the cache after a failure.
    ///   - failure: the failure, when stale.
    public init(bytes: Data, source: String, stale: Bool = false, failure: String? = nil) {
        self.bytes = bytes
        self.source = source
        self.stale = stale
        self.failure = failure
    }
}

/// Fetches a data source for a provider: a path, a `file://` URL or an `http(s)://` URL.
///
/// Contract: return fresh bytes, or cached bytes with `stale` set and the reason when the
/// source fails but a cached copy exists; throw when neither is possible.
public protocol DataFetching: Sendable {
    /// Fetches a source.
    ///
    /// - Parameter source: a path or URL.
    /// - Returns: the bytes, fresh or stale.
    /// - Throws: when neither fresh nor cached bytes can be had.
    func fetch(_ source: String) async throws -> FetchedData
}
