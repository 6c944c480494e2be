import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open folder, used so that nothing below the output folder is reached through a symbolic
/// link: children are opened and created relative to it with `O_NOFOLLOW`. The descriptor is
/// closed when the handle goes.
final class FolderHandle {
    let descriptor: Int32
    /// The folder's path, for messages.
    let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        close(descriptor)
    }

    /// Opens (or creates, with its parents) the folder at `path`. The path itself may be a link:
    /// it is the user's choice of folder.
    static func root(_ path: String) throws(WidgetRenderError) -> FolderHandle {
        if mkdirs(path) != 0 {
            let reason =
                errno == ENOTDIR || errno == EEXIST ? "is a file, not a folder; choose another output folder" : ""
            throw .cannotCreate(
                path: path,
                reason: reason.isEmpty ? "cannot create the output folder: \(String(cString: strerror(errno)))" : reason
            )
        }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason =
                errno == ENOTDIR
                ? "is a file, not a folder; choose another output folder"
                : "cannot open the output folder: \(String(cString: strerror(errno)))"
            throw .cannotCreate(path: path, reason: reason)
        }
        return FolderHandle(descriptor: descriptor, path: path)
    }

    /// The child folder `name`, created when missing; a link or a file in its place is refused.
    ///
    /// - Parameters:
    ///   - name: the folder's name.
    ///   - create: create it when missing.
    ///   - created: set to true when this call created it.
    func child(_ name: String, create: Bool = true, created: UnsafeMutablePointer<Bool>? = nil)
        throws(WidgetRenderError) -> FolderHandle
    {
        let childPath = (path as NSString).appendingPathComponent(name)
        if create {
            if mkdirat(descriptor, name, 0o755) == 0 {
                created?.pointee = true
            } else if errno != EEXIST {
                throw .cannotCreate(
                    path: childPath, reason: "cannot create the folder: \(String(cString: strerror(errno)))")
            }
        }
        let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard child >= 0 else {
            let code = errno
            switch kind(of: name) {
            case .link:
                throw .cannotCreate(
                    path: childPath,
                    reason:
                        "is a symbolic link; widgetrender does not follow links inside the output folder (remove it or choose another output folder)"
                )
            case .file, .other:
                throw .cannotCreate(
                    path: childPath, reason: "is a file, not a folder; remove it or choose another output folder")
            default:
                throw .cannotCreate(
                    path: childPath, reason: "cannot open the folder: \(String(cString: strerror(code)))")
            }
        }
        return FolderHandle(descriptor: child, path: childPath)
    }

    /// What an entry is, without following a link.
    enum Kind {
        case missing, folder, file, link, other
    }

    func kind(of name: String) -> Kind {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        case S_IFLNK: return .link
        default: return .other
        }
    }

    /// The names in the folder, without `.` and `..`.
    func entries() -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let directory = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(directory) }
        rewinddir(directory)
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Writes `data` to a new file `name` (which must not exist), not following links.
    func create(_ name: String, _ data: Data) throws(WidgetRenderError) {
        try create(name) { sink throws(WidgetRenderError) in try sink.write(data) }
    }

    /// Writes a new file `name` (which must not exist), not following links, with what `body`
    /// gives its sink; the file is removed again when `body` or a write fails.
    func create(_ name: String, writing body: (FileSink) throws(WidgetRenderError) -> Void) throws(WidgetRenderError) {
        let filePath = (path as NSString).appendingPathComponent(name)
        let file = openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else {
            throw .cannotCreate(path: filePath, reason: "cannot create the file: \(String(cString: strerror(errno)))")
        }
        let sink = FileSink(descriptor: file, path: filePath)
        do {
            try body(sink)
            try sink.flush()
        } catch {
            close(file)
            unlinkat(descriptor, name, 0)
            throw error
        }
        if close(file) != 0 {
            let failure = errno
            unlinkat(descriptor, name, 0)
            throw FileSink.failure(filePath, failure)
        }
    }

    /// Renames `from` over `to`, both in this folder.
    func rename(_ from: String, to: String) throws(WidgetRenderError) {
        guard renameat(descriptor, from, descriptor, to) == 0 else {
            throw .cannotWrite(
                path: (path as NSString).appendingPathComponent(to),
                reason: "cannot rename into place: \(String(cString: strerror(errno)))")
        }
    }

    /// Removes the empty folder `name`; true when it was removed.
    @discardableResult
    func removeEmptyFolder(_ name: String) -> Bool {
        unlinkat(descriptor, name, AT_REMOVEDIR) == 0
    }

    /// Removes the file `name`; true when it was removed.
    @discardableResult
    func remove(_ name: String) -> Bool {
        unlinkat(descriptor, name, 0) == 0
    }

    /// Reads the regular file `name` (not following a link), up to `limit` bytes.
    func read(_ name: String, limit: Int) -> Data? {
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while data.count <= limit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data.count <= limit ? data : nil
    }

    /// `mkdir -p`, returning 0 or -1 with `errno` set (so the message is the system's, not Foundation's).
    static func mkdirs(_ path: String) -> Int32 {
        var info = stat()
        if stat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR { return 0 }
            errno = ENOTDIR
            return -1
        }
        // Not NSString.deletingLastPathComponent: Foundation 6.3 traps on a one-letter path ("x").
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        let parent = trimmed.lastIndex(of: "/").map { String(trimmed[..<$0]) } ?? ""
        if !parent.isEmpty, parent != path, mkdirs(parent) != 0 { return -1 }
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return 0 }
        return -1
    }
}

/// Bytes written to an open file through a 64 KB buffer; errors name the file.
final class FileSink {
    private let descriptor: Int32
    private let path: String
    private var buffer: [UInt8] = []

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
        buffer.reserveCapacity(Self.capacity)
    }

    private static let capacity = 65_536

    /// Appends `bytes`, writing the buffer out when it is full.
    func write<Bytes: Sequence>(_ bytes: Bytes) throws(WidgetRenderError) where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.capacity { try flush() }
    }

    /// Writes `data` out as it is (after what the buffer holds): no copy for a large block.
    func write(_ data: Data) throws(WidgetRenderError) {
        try flush()
        let code = data.withUnsafeBytes { writeOut($0) }
        if code != 0 { throw Self.failure(path, code) }
    }

    /// Writes out what the buffer holds.
    func flush() throws(WidgetRenderError) {
        let code = buffer.withUnsafeBytes { writeOut($0) }
        buffer.removeAll(keepingCapacity: true)
        if code != 0 { throw Self.failure(path, code) }
    }

    /// Writes every byte; 0, or the `errno` of a failed write.
    private func writeOut(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return 0
    }

    static func failure(_ path: String, _ code: Int32) -> WidgetRenderError {
        .cannotWrite(
            path: path,
            reason: "cannot write (\(String(cString: strerror(code)))); is the disk full or the folder read-only?")
    }
}
