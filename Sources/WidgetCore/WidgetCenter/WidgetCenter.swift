import Foundation

/// Tells running widgets that their data changed, as WidgetKit's `WidgetCenter` does: the
/// app side calls ``reloadTimelines(ofKind:)`` after it writes new data, and every running
/// widget of that kind asks its provider again.
///
/// ```swift
/// try JSONEncoder().encode(todos).write(to: container.appendingPathComponent("todos.json"))
/// WidgetCenter.shared.reloadTimelines(ofKind: "todo-list")
/// ```
///
/// A call reaches, on this machine and for this user:
/// - every engine and `watch` in this process (a test, a program rendering with the library),
///   at once, without any server;
/// - every running `watch` (and `serve`) of any bundle, through its socket in
///   ``WidgetCenterChannel/directory()`` (`$XDG_RUNTIME_DIR/widgetrender/`, or
///   `/tmp/widgetrender-<uid>/` when it is unset). A process ignores kinds it does not run.
///
/// When the call returns, every reachable process has the request; each applies it within its
/// reload budget (`watch --reload-budget`): requests that come faster are coalesced into one
/// reload and counted in its manifest. As in WidgetKit, nothing is thrown: a process that
/// cannot be reached is skipped (a stale socket of a process that died is removed).
public final class WidgetCenter: Sendable {
    /// The center of this process, reaching every bundle's running widgets.
    public static let shared = WidgetCenter(bundle: nil)

    /// The bundle whose widgets this center reaches, or `nil` for every bundle's.
    public let bundle: String?
    private let observers = Observers()

    /// A center that reaches only one bundle's running widgets (its `watch` and `serve`), by the
    /// bundle's name: the type name of its `WidgetBundle` (`reload --list` shows each running
    /// widget's).
    ///
    /// - Parameter bundle: the bundle's name, or `nil` for every bundle.
    public init(bundle: String?) {
        self.bundle = bundle.map(WidgetCenterChannel.socketStem)
    }

    /// Asks every running widget of a kind to reload its timeline now.
    ///
    /// - Parameter kind: the widget's kind, as its configuration declares it.
    public func reloadTimelines(ofKind kind: String) {
        deliver(.reload(kind: kind))
    }

    /// Asks every running widget to reload its timeline now.
    public func reloadAllTimelines() {
        deliver(.reload(kind: nil))
    }

    /// The running widgets: each `watch` (and `serve`) target's kind, family and configuration.
    ///
    /// - Parameter completion: called once with the widgets (or the error that kept the center
    ///   from listing them: its folder is not private).
    public func getCurrentConfigurations(_ completion: @escaping @Sendable (Result<[WidgetInfo], any Error>) -> Void) {
        Task.detached { completion(Result { try self.currentConfigurationsNow() }) }
    }

    /// The running widgets: each `watch` (and `serve`) target's kind, family and configuration.
    ///
    /// - Returns: the widgets, this process's first, then other processes' by socket name.
    /// - Throws: ``WidgetCenterChannel/ChannelError`` when the center's folder is not private.
    public func currentConfigurations() async throws -> [WidgetInfo] {
        try await Task.detached { try self.currentConfigurationsNow() }.value
    }

    /// The running widgets, asked now (blocking for at most two seconds per process).
    package func currentConfigurationsNow() throws -> [WidgetInfo] {
        var widgets = observers.live().flatMap { observer in
            observer.runningWidgets.filter { bundle == nil || $0.bundle == bundle }
        }
        let replies = try WidgetCenterChannel.send(.configurations, bundle: bundle)
        for reply in replies { widgets += reply.widgets ?? [] }
        return widgets
    }

    // MARK: - Delivery

    private func deliver(_ message: WidgetCenterChannel.Message) {
        deliverHere(message)
        do {
            _ = try WidgetCenterChannel.send(message, bundle: bundle)
        } catch {
            WidgetCenterChannel.warnOnce("\(error)")
        }
    }

    /// Reloads a kind (or all) here and in other processes, and says how many other processes
    /// took the request (for `reload`).
    package func reload(kind: String?) -> Int {
        let message = WidgetCenterChannel.Message.reload(kind: kind)
        deliverHere(message)
        do {
            return try WidgetCenterChannel.send(message, bundle: bundle).filter(\.ok).count
        } catch {
            WidgetCenterChannel.warnOnce("\(error)")
            return 0
        }
    }

    /// Gives a message to this process's observers (what a socket received, too).
    package func deliverHere(_ message: WidgetCenterChannel.Message) {
        guard case .reload(let kind) = message else { return }
        for observer in observers.live() where bundle == nil || observer.bundleName == bundle {
            observer.widgetCenterReload(kind: kind)
        }
    }

    /// The running widgets of this process's observers.
    package func runningWidgetsHere() -> [WidgetInfo] {
        observers.live().flatMap(\.runningWidgets)
    }

    /// Registers an engine or a watcher; it is held weakly and forgotten when it goes.
    package func addObserver(_ observer: any WidgetCenterObserver) {
        observers.add(observer)
    }

    /// Forgets an observer.
    package func removeObserver(_ observer: any WidgetCenterObserver) {
        observers.remove(observer)
    }

    /// Weak references to the observers, under a lock.
    private final class Observers: @unchecked Sendable {
        private struct Weak {
            weak var observer: (any WidgetCenterObserver)?
        }
        private let lock = NSLock()
        private var list: [Weak] = []

        func add(_ observer: any WidgetCenterObserver) {
            lock.withLock {
                list.removeAll { $0.observer == nil }
                list.append(Weak(observer: observer))
            }
        }

        func remove(_ observer: any WidgetCenterObserver) {
            lock.withLock { list.removeAll { $0.observer == nil || $0.observer === observer } }
        }

        func live() -> [any WidgetCenterObserver] {
            lock.withLock { list.compactMap(\.observer) }
        }
    }
}

/// A running widget, as ``WidgetCenter/currentConfigurations()`` lists it.
public struct WidgetInfo: Codable, Sendable, Hashable {
    /// The widget's kind.
    public var kind: String
    /// Its family.
    public var family: WidgetFamily
    /// Its configuration: the parameters it runs with (an intent's, or `--param`'s), as text.
    public var configuration: [String: String]
    /// The bundle that runs it (its `WidgetBundle` type's name).
    public var bundle: String
    /// The process that runs it.
    public var processID: Int32

    /// A running widget.
    public init(kind: String, family: WidgetFamily, configuration: [String: String], bundle: String, processID: Int32) {
        self.kind = kind
        self.family = family
        self.configuration = configuration
        self.bundle = bundle
        self.processID = processID
    }
}

/// Something in this process that reloads when ``WidgetCenter`` asks: a render engine (it
/// forgets what its providers answered) or a `watch` (it renders again).
package protocol WidgetCenterObserver: AnyObject, Sendable {
    /// The bundle it belongs to, for a center of one bundle; `nil` for any.
    var bundleName: String? { get }
    /// The running widgets it shows (empty for an engine).
    var runningWidgets: [WidgetInfo] { get }
    /// Reload a kind's timelines, or every kind's (`nil`).
    func widgetCenterReload(kind: String?)
}
