import Foundation

/// A value a view reads from `UserDefaults` (``AppGroupDefaults``), as SwiftUI's `@AppStorage`: the stored value
/// for the key, else the default written after `=`.
///
/// ```swift
/// struct CountView: View {
///     @AppStorage("openCount", store: AppGroupDefaults(suiteName: "group.com.example.todo"))
///     var openCount = 0
///     var body: some View { Text("Opened \(openCount) times") }
/// }
/// ```
///
/// The value is read each time the view's `body` is (in the folder mapped to the group at
/// that moment); assigning writes it. Without `store:` it reads ``AppGroupDefaults/standard``
/// (SwiftUI's `defaultAppStorage(_:)` is not read). There is no `$value` binding: a widget's
/// views do not edit.
@propertyWrapper
public struct AppStorage<Value: Sendable>: Sendable {
    private let key: String
    private let store: AppGroupDefaults?
    private let defaultValue: Value
    private let read: @Sendable (AppGroupDefaults, String) -> Value?
    private let write: @Sendable (AppGroupDefaults, String, Value) -> Void

    private init(
        key: String, store: AppGroupDefaults?, defaultValue: Value,
        read: @escaping @Sendable (AppGroupDefaults, String) -> Value?,
        write: @escaping @Sendable (AppGroupDefaults, String, Value) -> Void
    ) {
        self.key = key
        self.store = store
        self.defaultValue = defaultValue
        self.read = read
        self.write = write
    }

    /// The stored value, or the default; setting it stores it.
    public var wrappedValue: Value {
        get { read(store ?? .standard, key) ?? defaultValue }
        nonmutating set { write(store ?? .standard, key, newValue) }
    }
}

extension AppStorage {
    /// A Boolean stored under `key`.
    public init(wrappedValue: Value, _ key: String, store: AppGroupDefaults? = nil) where Value == Bool {
        self.init(
            key: key, store: store, defaultValue: wrappedValue,
            read: { $0.object(forKey: $1) == nil ? nil : $0.bool(forKey: $1) }, write: { $0.set($2, forKey: $1) })
    }

    /// An integer stored under `key`.
    public init(wrappedValue: Value, _ key: String, store: AppGroupDefaults? = nil) where Value == Int {
        self.init(
            key: key, store: store, defaultValue: wrappedValue,
            read: { $0.object(forKey: $1) == nil ? nil : $0.integer(forKey: $1) }, write: { $0.set($2, forKey: $1) })
    }

    /// A number stored under `key`.
    public init(wrappedValue: Value, _ key: String, store: AppGroupDefaults? = nil) where Value == Double {
        self.init(
            key: key, store: store, defaultValue: wrappedValue,
            read: { $0.object(forKey: $1) == nil ? nil : $0.double(forKey: $1) }, write: { $0.set($2, forKey: $1) })
    }

    /// A string stored under `key`.
    public init(wrappedValue: Value, _ key: String, store: AppGroupDefaults? = nil) where Value == String {
        self.init(
            key: key, store: store, defaultValue: wrappedValue,
            read: { $0.string(forKey: $1) }, write: { $0.set($2, forKey: $1) })
    }

    /// A URL stored under `key`.
    public init(wrappedValue: Value, _ key: String, store: AppGroupDefaults? = nil) where Value == URL {
        self.init(
            key: key, store: store, defaultValue: wrappedValue,
            read: { $0.url(forKey: $1) }, write: { $0.set($2, forKey: $1) })
    }

    /// Bytes stored under `key`.
    public init(wrappedValue: Value, _ key: String, store: AppGroupDefaults? = nil) where Value == Data {
        self.init(
            key: key, store: store, defaultValue: wrappedValue,
            read: { $0.data(forKey: $1) }, write: { $0.set($2, forKey: $1) })
    }

    /// A date stored under `key`.
    public init(wrappedValue: Value, _ key: String, store: AppGroupDefaults? = nil) where Value == Date {
        self.init(
            key: key, store: store, defaultValue: wrappedValue,
            read: { $0.object(forKey: $1) as? Date }, write: { $0.set($2, forKey: $1) })
    }

    /// An enumeration stored as its integer raw value under `key`; a stored value that is no
    /// case reads as the default.
    public init(wrappedValue: Value, _ key: String, store: AppGroupDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == Int {
        self.init(
            key: key, store: store, defaultValue: wrappedValue,
            read: { $0.object(forKey: $1) == nil ? nil : Value(rawValue: $0.integer(forKey: $1)) },
            write: { $0.set($2.rawValue, forKey: $1) })
    }

    /// An enumeration stored as its string raw value under `key`; a stored value that is no
    /// case reads as the default.
    public init(wrappedValue: Value, _ key: String, store: AppGroupDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == String {
        self.init(
            key: key, store: store, defaultValue: wrappedValue,
            read: { $0.string(forKey: $1).flatMap(Value.init(rawValue:)) },
            write: { $0.set($2.rawValue, forKey: $1) })
    }
}

extension AppStorage where Value: ExpressibleByNilLiteral {
    /// An optional Boolean under `key`: `nil` until one is stored.
    public init(_ key: String, store: AppGroupDefaults? = nil) where Value == Bool? {
        self.init(
            key: key, store: store, defaultValue: nil,
            read: { $0.object(forKey: $1) == nil ? nil : $0.bool(forKey: $1) },
            write: { $0.set($2, forKey: $1) })
    }

    /// An optional integer under `key`: `nil` until one is stored.
    public init(_ key: String, store: AppGroupDefaults? = nil) where Value == Int? {
        self.init(
            key: key, store: store, defaultValue: nil,
            read: { $0.object(forKey: $1) == nil ? nil : $0.integer(forKey: $1) },
            write: { $0.set($2, forKey: $1) })
    }

    /// An optional number under `key`: `nil` until one is stored.
    public init(_ key: String, store: AppGroupDefaults? = nil) where Value == Double? {
        self.init(
            key: key, store: store, defaultValue: nil,
            read: { $0.object(forKey: $1) == nil ? nil : $0.double(forKey: $1) },
            write: { $0.set($2, forKey: $1) })
    }

    /// An optional string under `key`: `nil` until one is stored.
    public init(_ key: String, store: AppGroupDefaults? = nil) where Value == String? {
        self.init(
            key: key, store: store, defaultValue: nil, read: { $0.string(forKey: $1) },
            write: { $0.set($2, forKey: $1) })
    }

    /// Optional bytes under `key`: `nil` until some are stored.
    public init(_ key: String, store: AppGroupDefaults? = nil) where Value == Data? {
        self.init(
            key: key, store: store, defaultValue: nil, read: { $0.data(forKey: $1) },
            write: { $0.set($2, forKey: $1) })
    }

    /// An optional URL under `key`: `nil` until one is stored.
    public init(_ key: String, store: AppGroupDefaults? = nil) where Value == URL? {
        self.init(
            key: key, store: store, defaultValue: nil, read: { $0.url(forKey: $1) },
            write: { $0.set($2, forKey: $1) })
    }
}
