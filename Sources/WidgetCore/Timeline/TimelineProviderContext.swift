import Foundation

/// What a provider knows when it is asked for entries, as WidgetKit's `TimelineProviderContext`.
///
/// The time asked (``now``), the parameters, the app group folders and any values a
/// command adds come in here so that a test can pin them; a provider must not read the
/// wall clock itself.
///
/// ```swift
/// func timeline(in context: Context) async throws -> Timeline<Entry> {
///     let start = context.now
///     let folder = context.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.todo")
///     …
/// }
/// ```
public struct TimelineProviderContext: Sendable {
    /// The family being rendered.
    public var family: WidgetFamily
    /// The widget's size in points on the target device.
    public var displaySize: Size
    /// True when asked for the widget gallery.
    public var isPreview: Bool
    /// The user's configuration, validated against the widget's parameter definitions.
    public var parameters: WidgetParameters
    /// The time the provider is asked; entries are usually dated from it.
    public var now: Date
    /// Where the provider reports what the user should know (skipped records, fallbacks).
    public var diagnostics: Diagnostics
    /// The folders standing in for app group containers.
    public var appGroups: AppGroupContainers
    /// Values a command or test adds for the providers of its bundle (a data source, a fetcher).
    public var values: ProviderValues
    /// Values shared by every provider call of one render engine: one parsed copy of a data
    /// source for every family and widget that reads it (see ``ProviderCache``).
    public var cache: ProviderCache

    /// A context.
    ///
    /// - Parameters:
    ///   - family: the family being rendered.
    ///   - displaySize: its size in points.
    ///   - isPreview: true for the gallery.
    ///   - parameters: the validated parameters.
    ///   - now: the time asked.
    ///   - diagnostics: where warnings go.
    ///   - appGroups: app group folders.
    ///   - values: extra values for the providers.
    ///   - cache: the cache shared with other calls; a new, empty one by default.
    public init(
        family: WidgetFamily, displaySize: Size, isPreview: Bool = false,
        parameters: WidgetParameters = WidgetParameters(), now: Date, diagnostics: Diagnostics = Diagnostics(),
        appGroups: AppGroupContainers = AppGroupContainers(), values: ProviderValues = ProviderValues(),
        cache: ProviderCache = ProviderCache()
    ) {
        self.family = family
        self.displaySize = displaySize
        self.isPreview = isPreview
        self.parameters = parameters
        self.now = now
        self.diagnostics = diagnostics
        self.appGroups = appGroups
        self.values = values
        self.cache = cache
    }

    /// The folder standing in for an app group container, as
    /// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` on iOS.
    ///
    /// - Parameter groupIdentifier: e.g. `group.com.example.todo`.
    /// - Returns: the folder mapped to that group (or the default folder, or else the group's
    ///   standard folder, with a warning: ``AppGroupContainers/url(for:)``).
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        AppGroupContainers.$warnings.withValue(AppGroupContainers.warnings ?? diagnostics) {
            appGroups.url(for: groupIdentifier)
        }
    }
}

/// Values a command or a test hands to the providers of its bundle, by key type, as
/// SwiftUI's environment does for views.
///
/// ```swift
/// struct ServerKey: ProviderValueKey { static let defaultValue = URL(string: "https://example.com")! }
/// context.values[ServerKey.self]
/// ```
///
/// Two sets of values are equal when one is a copy of the other with no value set since: the
/// render engine keys a provider's answers by them without comparing the values themselves,
/// which need not be `Hashable`.
public struct ProviderValues: Sendable, Hashable {
    private var storage: [ObjectIdentifier: any Sendable] = [:]
    /// Changes with every value set; equality and hashing use it alone.
    private var version = UUID()

    /// No values: every key gives its default.
    public init() {}

    /// The value for a key, or its default.
    ///
    /// - Parameter key: the key type.
    public subscript<Key: ProviderValueKey>(key: Key.Type) -> Key.Value {
        get { (storage[ObjectIdentifier(key)] as? Key.Value) ?? Key.defaultValue }
        set {
            storage[ObjectIdentifier(key)] = newValue
            version = UUID()
        }
    }

    /// True when one is a copy of the other with no value set since.
    public static func == (lhs: ProviderValues, rhs: ProviderValues) -> Bool { lhs.version == rhs.version }

    /// Hashes the version.
    public func hash(into hasher: inout Hasher) { hasher.combine(version) }
}

/// A key for ``ProviderValues``.
public protocol ProviderValueKey {
    /// The type of the value.
    associatedtype Value: Sendable
    /// The value when none was set.
    static var defaultValue: Value { get }
}

/// Collects the warnings providers raise (skipped records, fallbacks) for the command to print.
public final class Diagnostics: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    /// An empty list.
    public init() {}

    /// Adds a warning, e.g. `prices.csv:12: skipped: prices missing or not numbers`.
    ///
    /// - Parameter message: one line naming the file, line or field.
    public func warn(_ message: String) {
        lock.withLock { messages.append(message) }
    }

    /// The warnings so far, in order, and empties the list.
    ///
    /// - Returns: the warnings.
    public func drain() -> [String] {
        lock.withLock {
            defer { messages.removeAll() }
            return messages
        }
    }
}
