import Foundation

/// Settings a widget shares with its app, as Foundation's `UserDefaults(suiteName:)` does over
/// an App Group, kept in the group's folder.
///
/// On iOS an app and its widget share small values through
/// `UserDefaults(suiteName: "group.com.example.todo")`, stored in the group container's
/// `Library/Preferences/group.com.example.todo.plist`. This type has that name and those
/// methods and keeps the same file in the folder that stands in for the group (see
/// ``AppGroupContainers``: `--shared-container`, or the group's standard folder), so ported
/// code reads what the app (or a test, or a script) wrote, unchanged:
///
/// ```swift
/// let defaults = UserDefaults(suiteName: "group.com.example.todo")!
/// defaults.set(3, forKey: "openCount")
/// let count = defaults.integer(forKey: "openCount")   // 3
/// ```
///
/// The folder is looked up on every read and write, while WidgetRender calls the provider or
/// builds the view, so a `static let` made before any render reads the mapped folder. The
/// mapping is task-local: code run on a thread of its own (a `DispatchQueue` callback) sees
/// the groups' standard folders instead, so read the defaults before leaving the call.
/// The file is read again when it changes (an app writing while `watch` or `serve` runs);
/// XML and binary property lists are read, XML is written (atomically). A file that is not a
/// property list reads as empty, with a warning naming it. ``standard`` (no suite) lives in
/// memory: a widget extension's own defaults are not shared with anyone.
///
/// `import WidgetRender` makes `UserDefaults` name this type (a type alias that hides
/// Foundation's). A file that also says `import Foundation` sees both and the name is ambiguous:
/// drop that line (WidgetRender exports Foundation), or write `AppGroupDefaults`.
public final class AppGroupDefaults: @unchecked Sendable {
    /// The suite (an App Group identifier), or `nil` for ``standard``.
    public let suiteName: String?

    /// The defaults of the widget itself, kept in memory for the process.
    public static let standard = AppGroupDefaults(memorySuite: ())

    /// The defaults of a suite: an App Group's, kept in its folder.
    ///
    /// - Parameter suiteName: the group identifier (`group.com.example.todo`); `nil` gives
    ///   the same store as ``standard``.
    /// - Returns: `nil` when the name cannot name a file (empty, or with `/`), or is
    ///   `NSGlobalDomain`, as Foundation refuses it.
    public init?(suiteName: String?) {
        if let suiteName {
            guard !suiteName.isEmpty, !suiteName.contains("/"), suiteName != "NSGlobalDomain",
                !suiteName.hasPrefix(".")
            else { return nil }
        }
        self.suiteName = suiteName
    }

    private init(memorySuite: Void) { suiteName = nil }

    // MARK: Reading

    /// The value stored for a key (a `String`, `Int`, `Double`, `Bool`, `Date`, `Data`, array
    /// or dictionary of these), else the registered default, else `nil`.
    public func object(forKey key: String) -> Any? {
        Self.store.value(forKey: key, in: location) ?? Self.registered.withLock { $0[key] }
    }

    /// The string stored for a key (a number is written out, as Foundation does).
    public func string(forKey key: String) -> String? {
        switch object(forKey: key) {
        case let text as String: text
        case let number as Int: String(number)
        case let number as Double: String(number)
        default: nil
        }
    }

    /// The integer stored for a key: a number (a fraction is cut toward zero), a Boolean as
    /// 0 or 1, or a string that reads as one; 0 otherwise.
    public func integer(forKey key: String) -> Int {
        switch object(forKey: key) {
        case let number as Int: number
        case let number as Double: Int(exactly: number.rounded(.towardZero)) ?? 0
        case let flag as Bool: flag ? 1 : 0
        case let text as String: Int(text.trimmingCharacters(in: .whitespaces)) ?? 0
        default: 0
        }
    }

    /// The number stored for a key (an integer, a Boolean, or a string that reads as one); 0 otherwise.
    public func double(forKey key: String) -> Double {
        switch object(forKey: key) {
        case let number as Double: number
        case let number as Int: Double(number)
        case let flag as Bool: flag ? 1 : 0
        case let text as String: Double(text.trimmingCharacters(in: .whitespaces)) ?? 0
        default: 0
        }
    }

    /// ``double(forKey:)`` as a `Float`.
    public func float(forKey key: String) -> Float { Float(double(forKey: key)) }

    /// The Boolean stored for a key: a non-zero number, or "YES"/"true"/"1" as text; `false` otherwise.
    public func bool(forKey key: String) -> Bool {
        switch object(forKey: key) {
        case let flag as Bool: flag
        case let number as Int: number != 0
        case let number as Double: number != 0
        case let text as String: ["yes", "true", "1"].contains(text.lowercased())
        default: false
        }
    }

    /// The bytes stored for a key (what `JSONEncoder` wrote, say).
    public func data(forKey key: String) -> Data? { object(forKey: key) as? Data }

    /// The array stored for a key.
    public func array(forKey key: String) -> [Any]? { object(forKey: key) as? [Any] }

    /// The array of strings stored for a key; `nil` when any element is not a string.
    public func stringArray(forKey key: String) -> [String]? { object(forKey: key) as? [String] }

    /// The dictionary stored for a key.
    public func dictionary(forKey key: String) -> [String: Any]? { object(forKey: key) as? [String: Any] }

    /// The URL stored for a key with ``set(_:forKey:)-(URL?,_)`` (or a string that is one;
    /// a path without a scheme is a file).
    public func url(forKey key: String) -> URL? {
        guard let text = object(forKey: key) as? String, !text.isEmpty else { return nil }
        if text.hasPrefix("/") || text.hasPrefix("~") {
            return URL(fileURLWithPath: (text as NSString).expandingTildeInPath)
        }
        return URL(string: text)
    }

    /// Every value stored, over the registered defaults.
    public func dictionaryRepresentation() -> [String: Any] {
        Self.registered.withLock { $0 }.merging(Self.store.values(in: location)) { _, stored in stored }
    }

    // MARK: Writing

    /// Stores a value for a key, or removes it for `nil`.
    ///
    /// Values are what a property list holds: `String`, `Int` (and the other integer
    /// types), `Double`, `Float`, `Bool`, `Date`, `Data`, and arrays and dictionaries (with
    /// string keys) of these. Anything else is not stored, with a warning naming the key.
    public func set(_ value: Any?, forKey key: String) {
        guard let value else { return removeObject(forKey: key) }
        guard let plain = Self.propertyListValue(value) else {
            AppGroupContainers.warnings?.warn(
                "UserDefaults(suiteName: \(suiteName.map { "\"\($0)\"" } ?? "nil")): the value for '\(key)' "
                    + "(\(type(of: value))) is not a property-list value, so it was not stored")
            return
        }
        Self.store.set(plain, forKey: key, in: location)
    }

    /// Stores an integer.
    public func set(_ value: Int, forKey key: String) { Self.store.set(value, forKey: key, in: location) }
    /// Stores a number.
    public func set(_ value: Double, forKey key: String) { Self.store.set(value, forKey: key, in: location) }
    /// Stores a number.
    public func set(_ value: Float, forKey key: String) { set(Double(value), forKey: key) }
    /// Stores a Boolean.
    public func set(_ value: Bool, forKey key: String) { Self.store.set(value, forKey: key, in: location) }
    /// Stores a URL as its string (a file URL as its path), or removes the key for `nil`.
    public func set(_ url: URL?, forKey key: String) {
        guard let url else { return removeObject(forKey: key) }
        Self.store.set(url.isFileURL ? url.path : url.absoluteString, forKey: key, in: location)
    }

    /// Removes the value stored for a key (the registered default shows again).
    public func removeObject(forKey key: String) { Self.store.remove(key, in: location) }

    /// Values returned for keys nothing is stored for, for every suite of the process, as
    /// Foundation's registration domain; not written to any file.
    public func register(defaults: [String: Any]) {
        let plain = defaults.compactMapValues(Self.propertyListValue)
        Self.registered.withLock { $0.merge(plain) { _, new in new } }
    }

    /// Writes are immediate; kept for code that calls it.
    @discardableResult
    public func synchronize() -> Bool { true }

    // MARK: Storage

    /// Where this suite's values are, for the groups mapped now.
    private var location: DefaultsStore.Location {
        guard let suiteName else { return .memory }
        guard let folder = AppGroupContainers.current.url(for: suiteName) else { return .memory }
        return .file(
            folder.appendingPathComponent("Library/Preferences", isDirectory: true)
                .appendingPathComponent("\(suiteName).plist").path)
    }

    /// The values of ``register(defaults:)``.
    private static let registered = LockedValue([String: Any]())
    /// The suites' values, by file.
    private static let store = DefaultsStore()

    /// `value` as property-list types (`Int`, `Double`, `Bool`, `String`, `Date`, `Data`,
    /// arrays and string-keyed dictionaries of these), or `nil` if it holds anything else.
    package static func propertyListValue(_ value: Any) -> Any? {
        switch value {
        case let flag as Bool: return flag
        case let number as Int: return number
        case let number as any BinaryInteger: return Int(exactly: number)
        case let number as Double: return number
        case let number as Float: return Double(number)
        case let text as String: return text
        case let text as Substring: return String(text)
        case let date as Date: return date
        case let data as Data: return data
        case let url as URL: return url.isFileURL ? url.path : url.absoluteString
        case let array as [Any]:
            let plain = array.compactMap(propertyListValue)
            return plain.count == array.count ? plain : nil
        case let dictionary as [String: Any]:
            let plain = dictionary.compactMapValues(propertyListValue)
            return plain.count == dictionary.count ? plain : nil
        default: return nil
        }
    }
}

/// The values of every suite in the process: a file's read once and again when it changes,
/// written through at each change.
private final class DefaultsStore: @unchecked Sendable {
    enum Location: Hashable {
        case memory
        case file(String)
    }

    /// A file's values and the state of the file they were read from.
    private struct Entry {
        var values: [String: Any]
        var stamp: Stamp?
    }

    /// What tells a changed file: its device and inode (an atomic write makes a new file), its
    /// modification and change times to the nanosecond, and its size; and whether it is a
    /// regular file (a FIFO or device could block a read).
    private struct Stamp: Equatable {
        var device: UInt64
        var inode: UInt64
        var modified: Int
        var modifiedNanoseconds: Int
        var changed: Int
        var changedNanoseconds: Int
        var size: Int
        var isRegular: Bool
    }

    private let lock = NSLock()
    private var entries: [Location: Entry] = [:]
    /// Files already warned about, so a broken file is named once.
    private var warned: Set<String> = []

    func value(forKey key: String, in location: Location) -> Any? {
        lock.lock()
        defer { lock.unlock() }
        return current(location)[key]
    }

    func values(in location: Location) -> [String: Any] {
        lock.lock()
        defer { lock.unlock() }
        return current(location)
    }

    func set(_ value: Any, forKey key: String, in location: Location) {
        change(location) { $0[key] = value }
    }

    func remove(_ key: String, in location: Location) {
        change(location) { $0[key] = nil }
    }

    /// Changes the values of `location` and writes them out.
    private func change(_ location: Location, _ body: (inout [String: Any]) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        var values = current(location)
        body(&values)
        // A file is read back at the next read: another process may write between this write
        // and a stamp taken now.
        entries[location] = Entry(values: values, stamp: nil)
        guard case .file(let path) = location else { return }
        do {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let data = try PropertyListSerialization.data(fromPropertyList: values, format: .xml, options: 0)
            try data.write(to: url, options: .atomic)
        } catch {
            AppGroupContainers.warnings?.warn("\(path): could not be written (\(error.localizedDescription))")
        }
    }

    /// The values of `location`, read again if its file changed. Call with the lock held.
    private func current(_ location: Location) -> [String: Any] {
        guard case .file(let path) = location else { return entries[location]?.values ?? [:] }
        let stamp = Self.stamp(path)
        if let entry = entries[location], entry.stamp == stamp { return entry.values }
        let values = read(path, stamp: stamp)
        entries[location] = Entry(values: values, stamp: stamp)
        return values
    }

    /// The values in a property-list file; empty (with one warning) when it is not one.
    private func read(_ path: String, stamp: Stamp?) -> [String: Any] {
        guard let stamp else { return [:] }
        guard stamp.size <= 4 << 20 else { return warn(path, "is larger than 4 MiB; settings are small values") }
        let problem: String
        if !stamp.isRegular {
            problem = "is not a regular file"
        } else if let data = FileManager.default.contents(atPath: path), data.count <= 4 << 20 {
            do {
                let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                if let values = object as? [String: Any] { return values }
                problem = "holds a \(type(of: object)), not a dictionary of settings"
            } catch {
                problem = "is not a property list (\(error.localizedDescription))"
            }
        } else {
            problem = "cannot be read"
        }
        return warn(path, problem)
    }

    private func warn(_ path: String, _ problem: String) -> [String: Any] {
        if warned.insert(path + problem).inserted {
            AppGroupContainers.warnings?.warn("\(path) \(problem); its settings read as empty")
        }
        return [:]
    }

    /// The file's stamp (links followed), or `nil` when there is none.
    private static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Stamp(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
            modified: Int(info.st_mtim.tv_sec), modifiedNanoseconds: Int(info.st_mtim.tv_nsec),
            changed: Int(info.st_ctim.tv_sec), changedNanoseconds: Int(info.st_ctim.tv_nsec),
            size: Int(info.st_size), isRegular: info.st_mode & S_IFMT == S_IFREG)
    }
}
