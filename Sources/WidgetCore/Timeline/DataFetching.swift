import Foundation

/// Bytes a provider asked for, and whether they are fresh.
public struct FetchedData: Sendable {
    public var bytes: Data
    /// The path or URL, as the user gave it.
    public var source: String
    /// True when these are cached bytes served after the fetch failed.
    public var stale: Bool
    /// Why the fetch failed, when `stale`.
    public var failure: String?

    public init(bytes: Data, source: String, stale: Bool = false, failure: String? = nil) {
        self.bytes = bytes
        self.source = source
        self.stale = stale
        self.failure = failure
    }
}

/// Fetches a data source for a provider: a path, a `file://` URL or an `http(s)://` URL.
///
/// The network comes in through ``TimelineProviderContext/fetcher`` so that tests can
/// serve fixtures; WidgetRender's implementation adds timeouts, retries and an on-disk cache.
///
/// Contract: return fresh bytes, or cached bytes with `stale` set and the reason when the
/// source fails but a cached copy exists; throw when neither is possible.
public protocol DataFetching: Sendable {
    func fetch(_ source: String) async throws -> FetchedData
}

/// Collects the warnings providers raise (skipped records, fallbacks) for the command to print.
public final class Diagnostics: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    public init() {}

    /// Adds a warning, e.g. `prices.csv:12: skipped: prices missing or not numbers`.
    public func warn(_ message: String) {
        lock.withLock { messages.append(message) }
    }

    /// The warnings so far, in order, and empties the list.
    public func drain() -> [String] {
        lock.withLock {
            defer { messages.removeAll() }
            return messages
        }
    }
}

/// A provider cannot serve the configuration it was given (a parameter its data cannot
/// satisfy); the command treats it as a usage error (exit 64) and names the widget.
public struct WidgetConfigurationError: Error, CustomStringConvertible, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
