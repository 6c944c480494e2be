import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Calls back when files in some folders change (inotify): what `watch --reload-on-change`
/// reloads on. Changes that come together (an editor's write, rename and chmod) are given as
/// one, after 100 ms of quiet. Not below the folders: a shared container's own files.
package final class FolderChanges: @unchecked Sendable {
    private let thread: PollingThread

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
            // After a change, 100 ms of quiet before telling.
            let pending = LockedValue(false)
            let buffer = LockedValue([UInt8](repeating: 0, count: 65_536))
            guard
                let thread = PollingThread(
                    descriptor: descriptor, name: "folder changes",
                    step: { readable in
                        if readable {
                            let changes = buffer.withLock { bytes -> Bool in
                                let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                                return count > 0 && Self.hasChange(bytes[..<count])
                            }
                            if changes { pending.withLock { $0 = true } }
                        } else {
                            pending.withLock { $0 = false }
                            changed()
                        }
                        return pending.withLock { $0 } ? 100 : -1
                    })
            else {
                throw .unavailable("cannot make a pipe: \(String(cString: strerror(errno)))")
            }
            self.thread = thread
        #else
            throw .unavailable("watching files for changes needs inotify (Linux)")
        #endif
    }

    deinit { close() }

    /// Stops watching.
    package func close() {
        thread.stop()
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
            if !name.hasSuffix(".widgetrender.tmp"), !name.hasPrefix(".widgetrender.") { return true }
            offset += header + length
        }
        return false
    }
}
