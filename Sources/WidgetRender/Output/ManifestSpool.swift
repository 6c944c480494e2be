import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The image records of a run, each written to a temporary file in the output folder as soon as
/// its PNG is staged, and read back in order into `manifest.json` at the commit: a run keeps
/// twelve bytes per image in memory, not the record (about 2.5 KB as values, and as much again
/// while encoded), so its memory stays flat however many PNGs it writes.
///
/// Records arrive from several workers in any order; each goes where its index says. The file is
/// removed when the run commits or fails, and, as every temporary file of this tool, by the next
/// run if this one was killed.
final class ManifestSpool: @unchecked Sendable {
    private let folder: FolderHandle
    /// The spool's name in the output folder.
    let name: String
    private let descriptor: Int32
    private let lock = NSLock()
    /// Where the file ends (the next record goes there).
    private var end = 0
    /// Each record's offset in the file, by index; -1 until it is written.
    private var offsets: [Int] = []
    /// Each record's length in bytes, by index.
    private var lengths: [Int32] = []
    private var removed = false

    /// Creates the spool file `name` in `folder` (it must not exist).
    ///
    /// - Throws: ``WidgetRenderError``  naming the file when it cannot be created.
    init(in folder: FolderHandle, name: String) throws(WidgetRenderError) {
        self.folder = folder
        self.name = name
        let file = openat(folder.descriptor, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else {
            throw .cannotCreate(
                path: (folder.path as NSString).appendingPathComponent(name),
                reason: "cannot create the file: \(String(cString: strerror(errno)))")
        }
        descriptor = file
    }

    deinit {
        remove()
        close(descriptor)
    }

    /// Room for `count` more records; returns the index of the first.
    func reserve(_ count: Int) -> Int {
        lock.withLock {
            let first = offsets.count
            offsets.append(contentsOf: repeatElement(-1, count: count))
            lengths.append(contentsOf: repeatElement(0, count: count))
            return first
        }
    }

    /// How many records have room (written or not).
    var count: Int { lock.withLock { offsets.count } }

    /// Encodes `record` as an item of the manifest's image list and writes it for index `index`.
    /// Safe to call from several threads.
    ///
    /// - Throws: ``WidgetRenderError``: `software` when the record cannot be encoded or the index has
    ///   no room; `io`  naming the file when it cannot be written (a full disk).
    func put(_ record: Manifest.ImageRecord, at index: Int) throws(WidgetRenderError) {
        let item: [UInt8]
        do {
            item = try Manifest.encodedListItem(record, encoder: Manifest.encoder())
        } catch {
            throw .internalError("cannot encode the manifest record of \(record.file): \(error)")
        }
        guard let length = Int32(exactly: item.count) else {
            throw .internalError("the manifest record of \(record.file) is too long: \(item.count) bytes")
        }
        let offset: Int? = lock.withLock {
            guard offsets.indices.contains(index), offsets[index] < 0 else { return nil }
            let offset = end
            end += item.count
            offsets[index] = offset
            lengths[index] = length
            return offset
        }
        guard let offset else { throw .internalError("no room for manifest record \(index) (\(record.file))") }
        let code: Int32 = item.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count, let base = buffer.baseAddress {
                let written = pwrite(descriptor, base + done, buffer.count - done, off_t(offset + done))
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                done += written
            }
            return 0
        }
        if code != 0 { throw failure("cannot write", code) }
    }

    /// Writes every record in index order, `",\n"` between them and `"\n"` after the list, as
    /// ``Manifest/encodedAroundImages()`` expects between its two parts.
    ///
    /// - Throws: ``WidgetRenderError``: `software` when a record was never written; what `sink` throws;
    ///   `io`  naming the file when it cannot be read back.
    func writeRecords(to sink: FileSink) throws(WidgetRenderError) {
        let (offsets, lengths) = lock.withLock { (self.offsets, self.lengths) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        for index in offsets.indices {
            guard offsets[index] >= 0 else { throw .internalError("manifest record \(index) was never written") }
            if index > 0 { try sink.write(",\n".utf8) }
            let length = Int(lengths[index])
            if buffer.count < length { buffer = [UInt8](repeating: 0, count: length) }
            var done = 0
            while done < length {
                let read = buffer.withUnsafeMutableBytes { bytes in
                    guard let base = bytes.baseAddress else { return -1 }
                    return pread(descriptor, base + done, length - done, off_t(offsets[index] + done))
                }
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else { throw failure("cannot read back", read < 0 ? errno : EIO) }
                done += read
            }
            try sink.write(buffer[0..<length])
        }
        try sink.write("\n".utf8)
    }

    /// Removes the file (the records stay readable through the open descriptor until it closes).
    func remove() {
        let first = lock.withLock {
            defer { removed = true }
            return !removed
        }
        if first { folder.remove(name) }
    }

    private func failure(_ what: String, _ code: Int32) -> WidgetRenderError {
        .cannotWrite(
            path: (folder.path as NSString).appendingPathComponent(name),
            reason: "\(what) the manifest's records (\(String(cString: strerror(code)))); is the disk full?")
    }
}
