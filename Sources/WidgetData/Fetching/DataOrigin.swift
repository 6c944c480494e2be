/// Where a data set's bytes came from, so a caller can tell fresh data from a stand-in by type,
/// never by a path prefix or a message.
///
/// An extensible set (a struct, not an enum): a `switch` over it needs a `default`.
///
/// ```swift
/// let result = try await fetcher.fetch(source)
/// if result.origin.isFallback { label = "cached" }
/// // A provider that falls back to its built-in data says so the same way:
/// let origin: DataOrigin = usedSample ? .builtInSample : result.origin
/// ```
public struct DataOrigin: Sendable, Hashable, CustomStringConvertible {
    private enum Base: String, Sendable {
        case file
        case network
        case cache = "cache (revalidated)"
        case staleCache = "stale cache"
        case builtInSample = "built-in sample"
    }

    private let base: Base

    private init(_ base: Base) {
        self.base = base
    }

    /// A file on this machine, read now.
    public static var file: DataOrigin { DataOrigin(.file) }
    /// A body downloaded now.
    public static var network: DataOrigin { DataOrigin(.network) }
    /// The cached copy, confirmed current by the server (`304 Not Modified`).
    public static var cache: DataOrigin { DataOrigin(.cache) }
    /// The cached copy, served because the live fetch failed: a fallback.
    public static var staleCache: DataOrigin { DataOrigin(.staleCache) }
    /// Data shipped with the program, used because the user's source failed: a fallback.
    /// WidgetData never returns it; a caller that falls back to its own sample sets it.
    public static var builtInSample: DataOrigin { DataOrigin(.builtInSample) }

    /// Whether the data stands in for a source that failed (``staleCache``, ``builtInSample``).
    public var isFallback: Bool { base == .staleCache || base == .builtInSample }

    /// `file`, `network`, `cache (revalidated)`, `stale cache`, `built-in sample`.
    public var description: String { base.rawValue }
}
