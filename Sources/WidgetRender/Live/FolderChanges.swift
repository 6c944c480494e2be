import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Calls back when files in some folders change (inotify): what `watch --reload-on-change`
/// reloads on. Changes that come together (an editor's write, rename and chmod) are given as
/// one, after 100 ms of quiet. Not below the folders: a shared container's own files.
package final class FolderChanges: @unchecked Sendable {
    private let descriptor: Int32
    private let wake: (read: Int32, write: Int32)
    private let closed = LockedValue(false)

    /// Starts watching.
    ///
    /// - Parameters:
    ///   - folders: the folders.
    ///   - changed: called on a thread of its own after each burst of changes.
    /// - Throws: ``WidgetRenderError`` naming a folder that cannot be watched.
    package init(_ folders: [URL], changed: @escaping @Sendable () -> Void) throws(WidgetRenderError) {
        #if canImport(Glibc)
            let descriptor = inotify_init1(Int32(IN_CLOEXEC))
            guard descriptor >= 0 else {
                throw .unavailable("cannot watch files for changes (inotify): \(String(cString: strerror(errno)))")
            }
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)
            for folder in folders where inotify_add_watch(descriptor, folder.path, mask) < 0 {
                let reason = String(cString: strerror(errno))
                closeDescriptor(descriptor)
                throw .missingInput("\(folder.path): cannot watch it for changes: \(reason)")
            }
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else {
                closeDescriptor(descriptor)
                throw .unavailable("cannot make a pipe: \(String(cString: strerror(errno)))")
            }
            self.descriptor = descriptor
            wake = (ends[0], ends[1])
            let loop = Loop(descriptor: descriptor, wake: ends[0], changed: changed)
            let thread = Thread { loop.run() }
            thread.name = "folder changes"
            thread.start()
        #else
            throw .unavailable("watching files for changes needs inotify (Linux)")
        #endif
    }

    deinit { close() }

    /// Stops watching.
    package func close() {
        let first = closed.withLock { state -> Bool in
            defer { state = true }
            return !state
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        closeDescriptor(wake.write)
    }

    private struct Loop: Sendable {
        let descriptor: Int32
        let wake: Int32
        let changed: @Sendable () -> Void

        func run() {
            defer {
                closeDescriptor(descriptor)
                closeDescriptor(wake)
            }
            var fds = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            var buffer = [UInt8](repeating: 0, count: 65_536)
            var pending = false
            while true {
                fds[0].revents = 0
                fds[1].revents = 0
                // After a change, wait for 100 ms of quiet before telling.
                let ready = poll(&fds, 2, pending ? 100 : -1)
                if ready < 0 {
                    if errno == EINTR { continue }
                    return
                }
                if fds[1].revents != 0 { return }
                if ready == 0 {
                    pending = false
                    changed()
                    continue
                }
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { continue }
                if Self.hasChange(buffer[..<count]) { pending = true }
            }
        }

        /// Whether the events name a file other than this tool's temporary files.
        static func hasChange(_ bytes: ArraySlice<UInt8>) -> Bool {
            var offset = bytes.startIndex
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= bytes.endIndex {
                let length =
                    Int(bytes[offset + 12]) | Int(bytes[offset + 13]) << 8 | Int(bytes[offset + 14]) << 16
                    | Int(bytes[offset + 15]) << 24
                let nameBytes = bytes[(offset + header)..<min(bytes.endIndex, offset + header + length)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                if !name.hasSuffix(".widgetrender.tmp") && name != ".widgetrender.lock" { return true }
                offset += header + length
            }
            return false
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
