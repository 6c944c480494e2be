import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file on this machine for ``DataLoader`` and ``DataFetcher``, with the same checks
/// and messages for both.
///
/// The file is opened first and then examined through its descriptor (`fstat`), so what is
/// checked is what is read. Only regular files are read: a directory, a FIFO, a device such as
/// `/dev/zero` or a socket is refused as ``DataError/notRegularFile(source:type:)`` without
/// blocking (the open is non-blocking, so a FIFO with no writer cannot hang it). Reading stops
/// one byte past the size limit, so a file that grows while it is read is still refused. Data
/// files are text: what certainly is not (a binary, UTF-16, a first line over 64 KiB that is
/// not JSON, …) is refused by ``ContentScreen`` from its first 64 KiB. A gzip file or zip
/// archive is read as it is, and screened when ``SeriesReader`` opens it.
enum LocalFile {
    /// The bytes at `path`.
    ///
    /// - Parameters:
    ///   - path: the file's path.
    ///   - source: the source as given, for messages.
    ///   - sizeLimit: the largest file read, so a wrong path cannot exhaust memory.
    ///   - screen: whether to refuse content no reader can read (``ContentScreen``) from its
    ///     first 64 KiB, before the rest is read.
    /// - Throws: ``DataError/unreadable(source:reason:)`` (`no such file`, `permission denied`,
    ///   or the system's reason), ``DataError/notRegularFile(source:type:)``,
    ///   ``DataError/tooLarge(source:size:limit:)``.
    static func read(path: String, source: String, sizeLimit: Int, screen: Bool = true) throws(DataError) -> Data {
        let limit = max(0, sizeLimit)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw openError(errno, path: path, source: source) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(source: source, reason: "cannot read: \(String(cString: strerror(errno)))")
        }
        if let type = irregularType(status.st_mode) { throw .notRegularFile(source: source, type: type) }
        return try readAll(
            descriptor, declared: Int(exactly: status.st_size), limit: limit, source: source, screen: screen)
    }

    /// What a file mode names when it is not a regular file, or `nil` for a regular file.
    static func irregularType(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }

    private static func openError(_ code: Int32, path: String, source: String) -> DataError {
        switch code {
        case ENOENT: return .unreadable(source: source, reason: "no such file")
        case EACCES, EPERM: return .unreadable(source: source, reason: "permission denied")
        case ENOTDIR: return .unreadable(source: source, reason: "no such file (a part of the path is not a folder)")
        case ENXIO:
            // A socket (or a device without a driver) cannot be opened; say what it is when we can.
            var status = stat()
            if stat(path, &status) == 0, let type = irregularType(status.st_mode) {
                return .notRegularFile(source: source, type: type)
            }
            return .unreadable(source: source, reason: "cannot open: \(String(cString: strerror(code)))")
        default:
            return .unreadable(source: source, reason: "cannot open: \(String(cString: strerror(code)))")
        }
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #elseif canImport(Musl)
            Musl.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// Reads until the end, or refuses the file once it passes `limit` bytes.
    private static func readAll(
        _ descriptor: Int32, declared: Int?, limit: Int, source: String, screen: Bool
    ) throws(DataError) -> Data {
        if let declared, declared > limit { throw .tooLarge(source: source, size: declared, limit: limit) }
        var data = Data()
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        // The first bytes are screened before the rest is read or room is made for it: a binary
        // or a 50 MB line of digits is refused after 64 KiB, not after the whole file.
        var screened = !screen
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, chunk) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(source: source, reason: "cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 {
                if !screened, CompressedInput.kind(of: data) == nil { try ContentScreen.check(data, source: source) }
                return data
            }
            guard data.count + count <= limit else { throw .tooLarge(source: source, size: nil, limit: limit) }
            data.append(contentsOf: buffer[0..<count])
            // An archive is screened when opened (``SeriesReader``, ``CompressedInput``): its
            // bytes are not text, what it holds may be.
            if !screened, CompressedInput.kind(of: data) != nil { screened = true }
            if !screened, data.count >= ContentScreen.prefixLength {
                try ContentScreen.check(data, isWhole: false, source: source)
                screened = true
                data.reserveCapacity(min(declared ?? 0, limit) + 1)
            }
        }
    }
}
