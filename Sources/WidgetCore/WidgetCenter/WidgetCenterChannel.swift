import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How ``WidgetCenter`` reaches running widgets in other processes: a Unix socket per process
/// that runs widgets (`watch`, `serve`), in a folder only this user can enter.
///
/// The folder is `$XDG_RUNTIME_DIR/widgetrender/` (systemd gives each logged-in user a private
/// `/run/user/<uid>`); where that is unset (root shells, CI containers, cron) it is
/// `/tmp/widgetrender-<uid>/`. Either is created with mode 0700 and checked before use: a
/// folder that is a link, belongs to another user or that others may enter is refused. Each
/// socket is named `<bundle>.<pid>.sock`. A message is one line of JSON, answered by one line.
package enum WidgetCenterChannel {
    /// What a center asks.
    package enum Message: Codable, Sendable, Equatable {
        /// Reload one kind (or every kind: `nil`).
        case reload(kind: String?)
        /// List the running widgets.
        case configurations
    }

    /// A process's answer.
    package struct Reply: Codable, Sendable {
        package var ok: Bool
        package var widgets: [WidgetInfo]?
        package var error: String?

        package init(ok: Bool, widgets: [WidgetInfo]? = nil, error: String? = nil) {
            self.ok = ok
            self.widgets = widgets
            self.error = error
        }
    }

    /// Why the channel cannot be used.
    package struct ChannelError: Error, CustomStringConvertible, Sendable {
        package var description: String
        package init(_ description: String) { self.description = description }
    }

    /// The longest path a Unix socket may have (`sun_path` holds 108 bytes with its NUL).
    static var pathLimit: Int { 107 }

    /// The center's folder, created 0700 if missing and checked.
    ///
    /// - Parameter environment: the environment (tests give their own).
    /// - Throws: ``ChannelError`` naming the folder when it is not this user's private folder.
    package static func directory(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(ChannelError) -> URL
    {
        let path: String
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            path = (runtime as NSString).appendingPathComponent("widgetrender")
        } else {
            path = "/tmp/widgetrender-\(geteuid())"
        }
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw ChannelError("\(path): cannot create the WidgetCenter folder: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw ChannelError("\(path): \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw ChannelError("\(path): the WidgetCenter folder is not a folder (a link?); remove it")
        }
        guard info.st_uid == geteuid() else {
            throw ChannelError(
                "\(path): the WidgetCenter folder belongs to user \(info.st_uid), not to you (\(geteuid()))")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw ChannelError(
                "\(path): the WidgetCenter folder can be entered by others (mode \(String(info.st_mode & 0o777, radix: 8))); run chmod 700 on it"
            )
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// A bundle's name as a socket's: letters, digits, `.`, `-` and `_`, at most 40 of them.
    package static func socketStem(_ bundle: String) -> String {
        let kept = bundle.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "-_".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        }
        let stem = String(kept.prefix(40))
        return stem.isEmpty ? "_" : stem
    }

    /// The sockets of other processes in the folder, for one bundle or all.
    static func sockets(in folder: URL, bundle: String?) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let own = ".\(getpid()).sock"
        return names.filter { name in
            guard name.hasSuffix(".sock"), !name.hasSuffix(own) else { return false }
            guard let bundle else { return true }
            return name.hasPrefix(bundle + ".")
        }.sorted().map { folder.appendingPathComponent($0).path }
    }

    /// Sends a message to every other process's socket (of one bundle or all) and gathers their
    /// answers. A socket nobody listens on (its process died) is removed.
    ///
    /// - Throws: ``ChannelError`` when the folder is not private.
    package static func send(
        _ message: Message, bundle: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    )
        throws(ChannelError) -> [Reply]
    {
        let folder = try directory(environment: environment)
        var line: Data
        do {
            line = try JSONEncoder().encode(message)
        } catch {
            throw ChannelError("cannot encode a WidgetCenter message: \(error)")
        }
        line.append(0x0A)
        var replies: [Reply] = []
        for path in sockets(in: folder, bundle: bundle) {
            switch exchange(line, with: path) {
            case .reply(let reply): replies.append(reply)
            case .gone: removeStale(path)
            case .failed: continue
            }
        }
        return replies
    }

    private enum Exchange {
        case reply(Reply)
        case gone
        case failed
    }

    /// One request and its answer, each within two seconds.
    private static func exchange(_ line: Data, with path: String) -> Exchange {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .failed }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard var address = Self.address(path) else { return .failed }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            return errno == ECONNREFUSED || errno == ENOENT ? .gone : .failed
        }
        guard writeAll(line, to: descriptor) else { return .failed }
        guard let answer = readLine(from: descriptor, limit: 4 << 20),
            let reply = try? JSONDecoder().decode(Reply.self, from: answer)
        else { return .failed }
        return .reply(reply)
    }

    /// Removes a socket file of a process that is gone, if it is ours.
    private static func removeStale(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFSOCK, info.st_uid == geteuid() else { return }
        unlink(path)
    }

    /// A Unix socket address, or `nil` for a path too long for one.
    static func address(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count <= pathLimit else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        return address
    }

    static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    /// Bytes up to the first newline (not included), or `nil` past `limit` bytes, a timeout or an
    /// early end.
    static func readLine(from descriptor: Int32, limit: Int) -> Data? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.count <= limit {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            if let newline = buffer[..<count].firstIndex(of: 0x0A) {
                data.append(contentsOf: buffer[..<newline])
                return data
            }
            data.append(contentsOf: buffer[..<count])
        }
        return nil
    }

    /// Says once per process, on stderr, why the center could not reach other processes.
    package static func warnOnce(_ message: String) {
        let first = warned.withLock { state -> Bool in
            defer { state = true }
            return !state
        }
        if first {
            FileHandle.standardError.write(Data("WidgetCenter cannot reach other processes: \(message)\n".utf8))
        }
    }

    private static let warned = LockedValue(false)
}

/// A value under a lock.
package final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
