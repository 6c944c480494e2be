import Foundation

/// Values that providers compute once and share: one parsed copy of a data source for every
/// family and widget that reads it.
///
/// WidgetRender asks each widget's provider once per family, and several widgets may chart the
/// same source. A provider that reads a file or a URL keys the parsed result by what decides
/// it (the source, the format, the options) and gets the same value back however many
/// families ask, at once or one after another: the first caller computes it, the others wait
/// for that computation. The render engine gives every provider call of one engine the same
/// cache (``TimelineProviderContext/cache``), so a run, a test or a server parses a source once.
///
/// ```swift
/// struct SourceKey: Hashable, Sendable { var path: String; var column: String? }
///
/// let series = try await context.cache.value(for: SourceKey(path: path, column: column)) {
///     try parse(Data(contentsOf: URL(fileURLWithPath: path)))
/// }
/// ```
///
/// A failed computation is kept too, so the next caller gets the same error without reading
/// the source again; ``removeAll()`` and ``removeValues(where:)`` start over (a reload).
public final class ProviderCache: Sendable {
    private let storage: Storage
    /// Who reads through this view of the cache (a widget's kind), so a reload of that kind
    /// forgets what it read.
    private let reader: String?

    /// An empty cache.
    public init() {
        storage = Storage()
        reader = nil
    }

    private init(storage: Storage, reader: String) {
        self.storage = storage
        self.reader = reader
    }

    /// The same cache, whose values are marked as read by `reader` (a widget's kind) for
    /// ``removeValues(readBy:)``.
    package func reading(as reader: String) -> ProviderCache {
        ProviderCache(storage: storage, reader: reader)
    }

    /// The value for `key`, computed by `compute` if no caller has computed it yet.
    ///
    /// Concurrent callers with equal keys share one computation. The value is kept until the
    /// cache is emptied; a key's type is part of the key, so two types never collide.
    ///
    /// - Parameters:
    ///   - key: what decides the value (a source and its options).
    ///   - type: the value's type.
    ///   - compute: makes the value; called at most once per key.
    /// - Returns: the value.
    /// - Throws: what `compute` threw (for this caller or the first), or ``ProviderError`` when
    ///   a key was used before with a value of another type.
    public func value<Key: Hashable & Sendable, Value: Sendable>(
        for key: Key, as type: Value.Type = Value.self, compute: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let task = storage.task(for: AnyHashable(key), reader: reader) {
            Task { try await compute() as any Sendable }
        }
        let value = try await task.value
        guard let typed = value as? Value else {
            throw ProviderError(
                .invalidConfiguration,
                "the provider cache holds a \(Swift.type(of: value)) for this key, not a \(Value.self)")
        }
        return typed
    }

    /// How many values (or errors) the cache holds.
    public var count: Int { storage.count }

    /// Forgets every value: the next caller computes it again.
    public func removeAll() {
        storage.removeAll { _ in true }
    }

    /// Forgets the values whose keys match.
    ///
    /// - Parameter matches: true for a key to forget.
    public func removeValues(where matches: (AnyHashable) -> Bool) {
        storage.removeAll(where: matches)
    }

    /// Forgets the values a reader (a widget's kind) read, for every reader: the next caller
    /// reads the source again. What `WidgetCenter.reloadTimelines(ofKind:)` does.
    ///
    /// - Parameter reader: the reader, as given to ``reading(as:)``.
    package func removeValues(readBy reader: String) {
        storage.removeAll(readBy: reader)
    }

    /// The tasks by key, and who read each, under a lock.
    private final class Storage: @unchecked Sendable {
        private let lock = NSLock()
        private var tasks: [AnyHashable: Task<any Sendable, any Error>] = [:]
        private var readers: [String: Set<AnyHashable>] = [:]

        func task(
            for key: AnyHashable, reader: String?, make: () -> Task<any Sendable, any Error>
        ) -> Task<any Sendable, any Error> {
            lock.withLock {
                if let reader { readers[reader, default: []].insert(key) }
                if let task = tasks[key] { return task }
                let task = make()
                tasks[key] = task
                return task
            }
        }

        func removeAll(readBy reader: String) {
            lock.withLock {
                for key in readers.removeValue(forKey: reader) ?? [] { tasks[key] = nil }
            }
        }

        var count: Int { lock.withLock { tasks.count } }

        func removeAll(where matches: (AnyHashable) -> Bool) {
            lock.withLock {
                for key in tasks.keys where matches(key) { tasks[key] = nil }
                if tasks.isEmpty { readers.removeAll() }
            }
        }
    }
}
