import Foundation

/// The output folder: created when missing, refused when a file is in the way, and tidied of
/// PNGs an earlier run left in the `<kind>/<family>/` folders a run writes.
enum OutputFolder {
    /// Creates `folder` (and its parents) unless it exists.
    ///
    /// - Throws: ``PipelineError/io(path:reason:)`` when a file stands at the path or the folder
    ///   cannot be created, with the system's reason.
    static func prepare(_ folder: URL) throws(PipelineError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .io(path: folder.path, reason: "is a file, not a folder; choose another --out")
            }
            return
        }
        if mkdirs(folder.path) != 0 {
            throw .io(path: folder.path, reason: "cannot create the output folder: \(String(cString: strerror(errno)))")
        }
    }

    /// `mkdir -p`, returning 0 or -1 with `errno` set (so the message is the system's, not Foundation's).
    static func mkdirs(_ path: String) -> Int32 {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return 0 }
            errno = ENOTDIR
            return -1
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, mkdirs(parent) != 0 { return -1 }
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return 0 }
        return -1
    }

    /// Removes the PNGs with names this tool gives (`0-20230805T000000Z.png`, `snapshot.png`,
    /// `placeholder.png`) from each folder in `kept` that are not themselves in `kept`.
    ///
    /// - Returns: how many were removed.
    static func removeStalePNGs(in root: URL, keeping kept: [String]) -> Int {
        let keep = Set(kept)
        var removed = 0
        for folder in Set(kept.map { ($0 as NSString).deletingLastPathComponent }).sorted() {
            let names =
                (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            for name in names where isRenderedName(name) && !keep.contains("\(folder)/\(name)") {
                if (try? FileManager.default.removeItem(at: root.appendingPathComponent("\(folder)/\(name)"))) != nil {
                    removed += 1
                }
            }
        }
        return removed
    }

    static func isRenderedName(_ name: String) -> Bool {
        if name == "snapshot.png" || name == "placeholder.png" { return true }
        guard name.hasSuffix("Z.png"), let dash = name.firstIndex(of: "-") else { return false }
        let index = name[..<dash]
        let stamp = name[name.index(after: dash)...].dropLast(5)
        return !index.isEmpty && index.allSatisfy(\.isASCII) && index.allSatisfy(\.isNumber) && stamp.count == 15
            && stamp.enumerated().allSatisfy { offset, character in
                offset == 8 ? character == "T" : character.isASCII && character.isNumber
            }
    }
}
