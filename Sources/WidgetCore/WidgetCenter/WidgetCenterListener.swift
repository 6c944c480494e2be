import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process's socket for ``WidgetCenter``: what other processes' calls arrive through. What
/// arrives is given to this process's center (``WidgetCenter/deliverHere(_:)``), so a `watch`
/// reloads whether the call came from its own process or another.
///
/// Opened by `watch` (and `serve`); closed, and its file removed, by ``close()`` or when the
/// listener goes.
package final class WidgetCenterListener: @unchecked Sendable {
    /// The socket's path.
    package let path: String
    private let thread: PollingThread
    private let closed = LockedValue(false)

    /// Opens `<folder>/<bundle>.<pid>.sock` and starts answering on a thread of its own.
    ///
    /// - Parameters:
    ///   - bundle: the bundle's name (its `WidgetBundle` type's).
    ///   - center: where requests go (``WidgetCenter/shared``).
    ///   - environment: for the folder (tests give their own).
    /// - Throws: ``WidgetCenterChannel/ChannelError`` naming the folder or the socket.
    package init(
        bundle: String, center: WidgetCenter = .shared,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(WidgetCenterChannel.ChannelError) {
        let folder = try WidgetCenterChannel.directory(environment: environment)
        let path = folder.appendingPathComponent("\(WidgetCenterChannel.socketStem(bundle)).\(getpid()).sock").path
        guard var address = WidgetCenterChannel.address(path) else {
            throw .init(
                "\(path): the path is too long for a Unix socket (\(WidgetCenterChannel.pathLimit) bytes); set XDG_RUNTIME_DIR to a shorter folder"
            )
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .init("cannot open a socket: \(String(cString: strerror(errno)))") }
        unlink(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, chmod(path, 0o600) == 0, listen(descriptor, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            closeDescriptor(descriptor)
            unlink(path)
            throw .init("\(path): cannot listen: \(reason)")
        }
        guard
            let thread = PollingThread(
                descriptor: descriptor, name: "WidgetCenter listener",
                step: { _ in
                    let connection = accept(descriptor, nil, nil)
                    if connection >= 0 {
                        Self.answer(connection, center: center)
                        closeDescriptor(connection)
                    }
                    return -1
                })
        else {
            let reason = String(cString: strerror(errno))
            unlink(path)
            throw .init("cannot make a pipe: \(reason)")
        }
        self.path = path
        self.thread = thread
    }

    deinit { close() }

    /// Stops answering and removes the socket's file.
    package func close() {
        let first = closed.withLock { state -> Bool in
            defer { state = true }
            return !state
        }
        guard first else { return }
        unlink(path)
        thread.stop()
    }

    /// Reads one request from a connection and answers it.
    private static func answer(_ connection: Int32, center: WidgetCenter) {
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let reply: WidgetCenterChannel.Reply
        if let line = WidgetCenterChannel.readLine(from: connection, limit: 65_536),
            let message = try? JSONDecoder().decode(WidgetCenterChannel.Message.self, from: line)
        {
            switch message {
            case .reload:
                center.deliverHere(message)
                reply = .init(ok: true)
            case .configurations:
                reply = .init(ok: true, widgets: center.runningWidgetsHere())
            }
        } else {
            reply = .init(ok: false, error: "not a WidgetCenter message")
        }
        guard var data = try? JSONEncoder().encode(reply) else { return }
        data.append(0x0A)
        _ = WidgetCenterChannel.writeAll(data, to: connection)
    }
}
