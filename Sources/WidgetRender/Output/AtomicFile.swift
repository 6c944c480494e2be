import Foundation

/// Writes files so that a reader never sees half of one: bytes go to a temporary
/// file in the same folder, which is then renamed over the target.
package enum AtomicFile {
    /// Writes `data` to `url`, creating folders as needed.
    ///
    /// - Throws: ``PipelineError/io(path:reason:)`` naming the file; no temporary file is left behind.
    package static func write(_ data: Data, to url: URL) throws(PipelineError) {
        let folder = url.deletingLastPathComponent()
        if OutputFolder.mkdirs(folder.path) != 0 {
            throw .io(path: folder.path, reason: "cannot create folder: \(String(cString: strerror(errno)))")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
            try? FileManager.default.removeItem(at: temporary)
            throw .io(path: url.path, reason: "cannot write (is the folder writable and the disk not full?)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw .io(path: url.path, reason: "cannot rename into place: \(reason)")
        }
    }
}
