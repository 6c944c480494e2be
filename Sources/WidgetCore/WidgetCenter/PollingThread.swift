import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A thread that waits on one descriptor with `poll(2)` until ``stop()``: the loop of the
/// WidgetCenter socket and of `watch --reload-on-change`. The descriptor is the thread's: it is
/// closed when the thread ends.
package final class PollingThread: @unchecked Sendable {
    private let wake: Int32
    private let stopped = LockedValue(false)

    /// Starts the thread, or returns `nil` when no pipe can be made to wake it (`errno` says why;
    /// the descriptor is then closed).
    ///
    /// - Parameters:
    ///   - descriptor: what to wait on.
    ///   - name: the thread's name.
    ///   - step: called with `true` when the descriptor is readable, with `false` when the
    ///     timeout it last returned passed; returns the next timeout in milliseconds (-1: none).
    package init?(descriptor: Int32, name: String, step: @escaping @Sendable (_ readable: Bool) -> Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            let code = errno
            closeDescriptor(descriptor)
            errno = code
            return nil
        }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        wake = ends[1]
        let loop = Loop(descriptor: descriptor, wake: ends[0], step: step)
        let thread = Thread { loop.run() }
        thread.name = name
        thread.start()
    }

    deinit { stop() }

    /// Ends the thread (after the step it is in, if any).
    package func stop() {
        let first = stopped.withLock { state -> Bool in
            defer { state = true }
            return !state
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wake, &byte, 1)
        closeDescriptor(wake)
    }

    private struct Loop: Sendable {
        let descriptor: Int32
        let wake: Int32
        let step: @Sendable (Bool) -> Int32

        func run() {
            defer {
                closeDescriptor(descriptor)
                closeDescriptor(wake)
            }
            var fds = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            var timeout: Int32 = -1
            while true {
                fds[0].revents = 0
                fds[1].revents = 0
                let ready = poll(&fds, 2, timeout)
                if ready < 0 {
                    if errno == EINTR { continue }
                    return
                }
                if fds[1].revents != 0 { return }
                if ready == 0 {
                    timeout = step(false)
                } else if fds[0].revents & Int16(POLLIN) != 0 {
                    timeout = step(true)
                }
            }
        }
    }
}

/// `close(2)`, by a name no type's `close()` hides.
package func closeDescriptor(_ descriptor: Int32) {
    #if canImport(Glibc)
        _ = Glibc.close(descriptor)
    #elseif canImport(Darwin)
        _ = Darwin.close(descriptor)
    #endif
}
