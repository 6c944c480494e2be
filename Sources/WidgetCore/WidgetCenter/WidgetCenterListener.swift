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
    private let descriptor: Int32
    private let wake: (read: Int32, write: Int32)
    private let center: WidgetCenter
    private let closed = LockedValue(false)
    private let thread: Thread

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
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            closeDescriptor(descriptor)
            unlink(path)
            throw .init("cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
        self.path = path
        self.descriptor = descriptor
        self.center = center
        wake = (pipeEnds[0], pipeEnds[1])
        let loop = Loop(descriptor: descriptor, wake: pipeEnds[0], center: center)
        thread = Thread { loop.run() }
        thread.name = "WidgetCenter listener"
        thread.start()
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
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        // The loop closes the listening socket and the pipe's read end when it ends.
        closeDescriptor(wake.write)
    }

    /// The thread's work: accept, read a line, answer, until woken to stop.
    private struct Loop: Sendable {
        let descriptor: Int32
        let wake: Int32
        let center: WidgetCenter

        func run() {
            defer {
                closeDescriptor(descriptor)
                closeDescriptor(wake)
            }
            var fds = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            while true {
                fds[0].revents = 0
                fds[1].revents = 0
                let ready = poll(&fds, 2, -1)
                if ready < 0 {
                    if errno == EINTR { continue }
                    return
                }
                if fds[1].revents != 0 { return }
                guard fds[0].revents & Int16(POLLIN) != 0 else { continue }
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { continue }
                answer(connection)
                closeDescriptor(connection)
            }
        }

        private func answer(_ connection: Int32) {
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
}

/// `close(2)`, by a name no type's `close()` hides.
private func closeDescriptor(_ descriptor: Int32) {
    #if canImport(Glibc)
        _ = Glibc.close(descriptor)
    #elseif canImport(Darwin)
        _ = Darwin.close(descriptor)
    #endif
}
