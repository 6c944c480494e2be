import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One run's writes into the output folder.
///
/// The guarantees, whatever happens to the run (an error, a kill at any moment, another run):
/// - **the manifest never lies**: every PNG `manifest.json` names has the bytes whose SHA-256
///   it gives. Files are staged as temporary files while the run renders; the commit first
///   removes the old manifest if a file it may name is about to change, then renames the new
///   files into place, then writes the new manifest, then removes what the new one leaves out.
///   A kill leaves the old manifest, none, or the new one — each true.
/// - **a failed run changes nothing** visible: its temporary files are removed.
/// - **one run at a time** per folder: a lock (`.widgetrender.lock`, released by the system if
///   the process dies) makes a second run wait for the first.
/// - **no link is followed** below the output folder: a symbolic link where a folder or file
///   would go is refused with a message, never written through.
/// - temporary files a killed run left behind are removed by the next run: only names this tool
///   gives them (a run id and `.widgetrender.tmp`), only in the folders a run writes, never in
///   another run's output folder; no other program's file is touched.
/// - **no system folder**: `/`, the home folder and system folders (`/etc`, `/usr`, `/proc`…)
///   are refused, and a folder inside another run's output folder is refused while it runs.
package final class OutputTransaction: @unchecked Sendable {
    /// The output folder's path, for messages.
    package let rootPath: String
    private let root: FolderHandle
    private let lockDescriptor: Int32
    private let runID: String
    private let lock = NSLock()
    private var folders: [String: FolderHandle] = [:]
    /// Folders this run created (relative paths), removed again if the run fails.
    private var createdFolders: [String] = []
    /// Folders written now that are another run's output folder (they hold a lock file): this
    /// run puts its files there but tidies nothing.
    private var otherRoots: Set<String> = []
    /// Staged files: (relative path, temporary name in its folder).
    private var staged: [(relative: String, temporary: String)] = []
    private var serial = 0
    private var finished = false
    /// The image records for the new manifest, made with the first.
    private var spool: ManifestSpool?
    /// Called after each step of ``commit(manifest:)`` that changes the folder; tests check the
    /// folder there, as a kill at that moment would leave it.
    package var checkpoint: () -> Void = {}

    /// The suffix of temporary files; anything with it belongs to a run that did not finish.
    static var temporarySuffix: String { ".widgetrender.tmp" }
    /// The manifest's name in the output folder.
    package static var manifestName: String { "manifest.json" }

    /// Opens (or creates) the output folder, waits for any other run writing to it, and removes
    /// temporary files a killed run left.
    ///
    /// - Parameters:
    ///   - folder: the output folder.
    ///   - waiting: told once, with a message for the user, when another run holds the folder.
    /// - Throws: ``WidgetRenderError``  naming the path when the folder cannot be made or opened.
    package init(folder: URL, waiting: (String) -> Void = { _ in }, forWatch: Bool = false) throws(WidgetRenderError) {
        try Self.checkPlace(folder.path)
        try Self.checkNotInsideARun(folder.path)
        rootPath = folder.path
        root = try FolderHandle.root(folder.path)
        if !forWatch, Self.isWatched(root) {
            throw .cannotCreate(
                path: folder.path,
                reason: "a running `watch` keeps this folder current; stop it, or write to another folder")
        }
        let lockFile = openat(
            root.descriptor, ".widgetrender.lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard lockFile >= 0 else {
            throw .cannotCreate(
                path: (folder.path as NSString).appendingPathComponent(".widgetrender.lock"),
                reason: "cannot create the lock file: \(String(cString: strerror(errno)))")
        }
        if flock(lockFile, LOCK_EX | LOCK_NB) != 0 {
            waiting("waiting for another widgetrender run to finish writing to \(folder.path)")
            while flock(lockFile, LOCK_EX) != 0 && errno == EINTR {}
        }
        lockDescriptor = lockFile
        runID = String(UUID().uuidString.prefix(8)).lowercased()
        removeLeftovers(in: root)
    }

    deinit {
        if !finished { abort() }
        close(lockDescriptor)
    }

    /// The lock a `watch` holds on its output folder for as long as it runs.
    static var watchLockName: String { ".widgetrender.watch.lock" }

    /// Whether a running watch holds the folder (its lock file, locked by another process).
    private static func isWatched(_ root: FolderHandle) -> Bool {
        let descriptor = openat(root.descriptor, watchLockName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_SH | LOCK_NB) != 0
    }

    /// Takes a folder for a `watch` for as long as the returned descriptor stays open: other
    /// runs (a `render`, another `watch`) are refused while it does.
    ///
    /// - Throws: ``WidgetRenderError/cannotCreate(path:reason:)`` when another watch holds it.
    package static func holdForWatch(_ folder: URL) throws(WidgetRenderError) -> Int32 {
        try checkPlace(folder.path)
        let root = try FolderHandle.root(folder.path)
        let descriptor = openat(
            root.descriptor, watchLockName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .cannotCreate(
                path: (folder.path as NSString).appendingPathComponent(watchLockName),
                reason: "cannot create the lock file: \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .cannotCreate(
                path: folder.path,
                reason: "another running `watch` keeps this folder current; stop it, or watch into another folder")
        }
        return descriptor
    }

    /// Removes temporary files of runs that did not finish from one folder (not below it);
    /// never this run's own.
    private func removeLeftovers(in folder: FolderHandle) {
        let own = ".\(runID)"
        for name in folder.entries()
        where Self.isLeftover(name) && !name.contains(own) && folder.kind(of: name) == .file {
            folder.remove(name)
        }
    }

    /// A name this tool gives a temporary file, and only such a name: a dot, the file's name,
    /// a run id of 8 lowercase hex digits (with `-N` for a staged file, `-records` for the
    /// manifest's records), `.widgetrender.tmp`. `.0-20230801T000000Z.png.1a2b3c4d-3.widgetrender.tmp`.
    static func isLeftover(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(temporarySuffix) else { return false }
        let stem = name.dropLast(temporarySuffix.count)
        guard let dot = stem.lastIndex(of: "."), dot > stem.index(after: stem.startIndex) else { return false }
        let id = stem[stem.index(after: dot)...]
        let hex = id.prefix(8)
        guard hex.count == 8, hex.allSatisfy({ ("0"..."9").contains($0) || ("a"..."f").contains($0) }) else {
            return false
        }
        let rest = id.dropFirst(8)
        if rest.isEmpty || rest == "-records" { return true }
        return rest.first == "-" && rest.count > 1 && rest.dropFirst().allSatisfy { ("0"..."9").contains($0) }
    }

    /// The name of the lock file that marks a folder as a run's output folder.
    static var lockName: String { ".widgetrender.lock" }

    /// Folders the output may not be: the root, the home folder, system folders, and a path that
    /// is a file (said before anything is rendered, not after).
    ///
    /// - Throws: ``WidgetRenderError/Kind-swift.struct/cannotCreateOutput`` naming the folder.
    package static func checkPlace(_ path: String, home: String? = ProcessInfo.processInfo.environment["HOME"])
        throws(WidgetRenderError)
    {
        guard !path.isEmpty else {
            throw .cannotCreate(path: "''", reason: "an empty path is no folder; name the output folder")
        }
        let resolved = resolvedPath(path)
        let refuse = { (what: String) throws(WidgetRenderError) in
            throw WidgetRenderError.cannotCreate(
                path: path,
                reason: "is \(what); refusing to write there (choose a folder of your own, such as ./Output)")
        }
        if resolved == "/" { try refuse("the root folder") }
        if let home, !home.isEmpty, resolved == resolvedPath(home) { try refuse("the home folder") }
        let top = "/" + (resolved.split(separator: "/").first.map(String.init) ?? "")
        if systemFolders.contains(top) && (resolved == top || systemTrees.contains(top)) {
            try refuse(resolved == top ? "a system folder" : "inside a system folder (\(top))")
        }
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
            throw .cannotCreate(path: path, reason: "is a file, not a folder; choose another output folder")
        }
    }

    /// Folders under `/` that are the system's, refused themselves.
    static var systemFolders: Set<String> {
        [
            "/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/run", "/sbin", "/sys",
            "/usr", "/var",
        ]
    }

    /// System folders refused with everything inside them (`/var` and `/run` hold users' folders too).
    static var systemTrees: Set<String> {
        ["/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/sbin", "/sys", "/usr"]
    }

    /// `path` absolute, `.` and `..` and links resolved as far as the path exists.
    static func resolvedPath(_ path: String) -> String {
        let absolute =
            path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var existing = absolute
        var rest: [String] = []
        while !existing.isEmpty, existing != "/", realpath(existing, nil) == nil {
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
        var base = "/"
        if let real = realpath(existing.isEmpty ? "/" : existing, nil) {
            base = String(cString: real)
            free(real)
        }
        var components = base.split(separator: "/").map(String.init)
        for component in rest {
            switch component {
            case "", ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// True when `folder` holds a lock file that another run holds now.
    static func isHeldByAnotherRun(_ folder: String) -> Bool {
        let descriptor = open((folder as NSString).appendingPathComponent(lockName), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return false
        }
        return errno == EWOULDBLOCK
    }

    /// A folder inside another run's output folder is refused while that run writes: it would
    /// tidy the folder this run writes into.
    static func checkNotInsideARun(_ path: String) throws(WidgetRenderError) {
        var folder = (resolvedPath(path) as NSString).deletingLastPathComponent
        while true {
            if isHeldByAnotherRun(folder) {
                throw .cannotCreate(
                    path: path,
                    reason:
                        "is inside \(folder), which another widgetrender run is writing to; wait for it to finish or choose another output folder"
                )
            }
            if folder == "/" || folder.isEmpty { return }
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    /// The folder holding `relative` (`price/medium/0-….png` → `price/medium`), opened once.
    private func folder(for relative: String) throws(WidgetRenderError) -> (FolderHandle, String) {
        var components = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let name = components.popLast(), !name.isEmpty,
            !components.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }), name != "..", name != "."
        else {
            throw .internalError("refusing to write '\(relative)' outside the output folder")
        }
        let key = components.joined(separator: "/")
        // Not opened by this run before (two threads may both get here: both tidy, harmlessly).
        if let open = lock.withLock({ folders[key] }) { return (open, name) }
        var current = root
        var prefix: [String] = []
        for component in components {
            var created = false
            prefix.append(component)
            let path = prefix.joined(separator: "/")
            if let open = lock.withLock({ folders[path] }) {
                current = open
                continue
            }
            current = try current.child(component, created: &created)
            let opened = current
            lock.withLock {
                folders[path] = opened
                if created { createdFolders.append(path) }
            }
        }
        let opened = current
        lock.withLock { folders[key] = opened }
        if !key.isEmpty {
            // A folder this run writes into for the first time: another run's output folder is
            // left as it is (or refused while that run writes), any other is tidied of what killed
            // runs left there.
            if opened.kind(of: Self.lockName) != .missing {
                if Self.isHeldByAnotherRun(opened.path) {
                    throw .cannotCreate(
                        path: opened.path,
                        reason:
                            "is the output folder of another widgetrender run, writing now; wait for it or choose another output folder"
                    )
                }
                _ = lock.withLock { otherRoots.insert(key) }
            } else {
                removeLeftovers(in: opened)
            }
        }
        return (opened, name)
    }

    /// Writes a file to a temporary name beside where it goes; it takes its place at ``commit(manifest:)``.
    /// Safe to call from several threads.
    ///
    /// - Parameters:
    ///   - data: the bytes.
    ///   - relative: the path in the output folder, e.g. `price/medium/0-20230801T000000Z.png`.
    /// - Throws: ``WidgetRenderError``  naming the file: a link in the way, a full disk.
    package func stage(_ data: Data, as relative: String) throws(WidgetRenderError) {
        let (folder, name) = try folder(for: relative)
        let existing = folder.kind(of: name)
        if existing == .link || existing == .folder {
            throw .cannotCreate(
                path: (folder.path as NSString).appendingPathComponent(name),
                reason:
                    "is a symbolic link or a folder; widgetrender does not write through it (remove it or choose another output folder)"
            )
        }
        let number = lock.withLock {
            serial += 1
            return serial
        }
        let temporary = ".\(name).\(runID)-\(number).\(Self.temporarySuffix.dropFirst())"
        try folder.create(temporary, data)
        lock.withLock { staged.append((relative, temporary)) }
    }

    /// Room for `count` more image records of the new manifest; returns the index of the first.
    ///
    /// - Throws: ``WidgetRenderError``  when the records' temporary file cannot be created.
    package func reserveRecords(_ count: Int) throws(WidgetRenderError) -> Int {
        try records().reserve(count)
    }

    /// Keeps `record` as the new manifest's image record `index` (see ``reserveRecords(_:)``),
    /// on disk until the commit. Safe to call from several threads.
    ///
    /// - Throws: ``WidgetRenderError``: `io`  naming the records' file when it cannot be written.
    package func keepRecord(_ record: Manifest.ImageRecord, at index: Int) throws(WidgetRenderError) {
        try records().put(record, at: index)
    }

    private func records() throws(WidgetRenderError) -> ManifestSpool {
        lock.lock()
        defer { lock.unlock() }
        if let spool { return spool }
        let made = try ManifestSpool(in: root, name: ".\(Self.manifestName).\(runID)-records\(Self.temporarySuffix)")
        spool = made
        return made
    }

    /// Puts the staged files in place and, with a manifest, replaces `manifest.json` so that it
    /// never names a file whose bytes differ from what it says; then removes PNGs of earlier runs
    /// with this tool's names from the folders written now.
    ///
    /// - Parameter manifest: the new manifest, whose image records are those kept with
    ///   ``keepRecord(_:at:)`` (its own `images` are not read), or `nil` (the gallery) to only put
    ///   files in place.
    /// - Returns: how many PNGs of earlier runs were removed.
    /// - Throws: ``WidgetRenderError``  when a file cannot be renamed or written.
    @discardableResult
    package func commit(manifest: Manifest?) throws(WidgetRenderError) -> Int {
        let files = lock.withLock { staged }
        let written = Set(files.map(\.relative))
        // Encoded before anything changes: a manifest that cannot be encoded stops the run here.
        let parts: (head: Data, tail: Data)?
        do {
            parts = try manifest?.encodedAroundImages()
        } catch {
            throw .internalError("cannot encode the manifest: \(error)")
        }
        if manifest != nil, root.kind(of: Self.manifestName) == .file {
            // 1. No manifest while files it may name change. The old manifest names only files
            //    that exist with its bytes, so it can name a file about to change only if that
            //    file exists. It used to be decoded and rewritten without them, which took 1.9 ms
            //    of a 65 ms run (JSONDecoder's first use) for a state that lasts until step 3;
            //    the new manifest names only this run's images either way.
            var replacing = false
            for (relative, _) in files {
                let (folder, name) = try folder(for: relative)
                if folder.kind(of: name) != .missing {
                    replacing = true
                    break
                }
            }
            if replacing {
                if !root.remove(Self.manifestName) {
                    let code = errno
                    if root.kind(of: Self.manifestName) != .missing {
                        throw .cannotWrite(
                            path: rootPath + "/" + Self.manifestName,
                            reason: "cannot remove the old manifest before replacing the files it names: "
                                + String(cString: strerror(code)))
                    }
                }
                checkpoint()
            }
        }
        // 2. The new files, one by one: no manifest names them yet, or it names their new bytes.
        for (relative, temporary) in files {
            let (folder, name) = try folder(for: relative)
            try folder.rename(temporary, to: name)
            checkpoint()
        }
        lock.withLock { staged.removeAll() }
        finished = true
        let spool = lock.withLock { self.spool }
        defer { spool?.remove() }
        guard let parts else { return 0 }
        // 3. The new manifest, its records read back from the spool. 4. What it leaves out of the
        // folders written now.
        try replace(Self.manifestName) { sink throws(WidgetRenderError) in
            try sink.write(parts.head)
            if let spool {
                try spool.writeRecords(to: sink)
            } else {
                try sink.write("\n".utf8)
            }
            try sink.write(parts.tail)
        }
        checkpoint()
        return removeStalePNGs(keeping: written)
    }

    /// Removes every staged file: the run failed, and the folder stays as it was.
    package func abort() {
        let files = lock.withLock {
            defer { staged.removeAll() }
            return staged
        }
        for (relative, temporary) in files {
            if let (folder, _) = try? folder(for: relative) { folder.remove(temporary) }
        }
        lock.withLock { spool }?.remove()
        // Folders this run made, deepest first, if nothing else has come into them.
        let made = lock.withLock { createdFolders }
        for path in made.sorted(by: { $0.count > $1.count }) {
            let (parentPath, name) = Self.split(path)
            let parent: FolderHandle? = parentPath.isEmpty ? root : lock.withLock { folders[parentPath] }
            parent?.removeEmptyFolder(name)
        }
        finished = true
    }

    /// Writes a file of the root folder, with what `body` gives its sink, through a temporary
    /// file and a rename.
    private func replace(_ name: String, writing body: (FileSink) throws(WidgetRenderError) -> Void)
        throws(WidgetRenderError)
    {
        let temporary = ".\(name).\(runID).\(Self.temporarySuffix.dropFirst())"
        root.remove(temporary)
        try root.create(temporary, writing: body)
        do {
            try root.rename(temporary, to: name)
        } catch {
            root.remove(temporary)
            throw error
        }
    }

    /// Removes the PNGs with names this tool gives (`0-20230805T000000Z.png`, `snapshot.png`,
    /// `placeholder.png`) from each folder written now that are not among `kept`.
    private func removeStalePNGs(keeping kept: Set<String>) -> Int {
        var removed = 0
        let others = lock.withLock { otherRoots }
        // The extensions this run writes in each folder: images of the same format are tidied.
        var extensions: [String: Set<String>] = [:]
        for relative in kept {
            let (folder, name) = Self.split(relative)
            if let dot = name.lastIndex(of: ".") {
                extensions[folder, default: []].insert(String(name[name.index(after: dot)...]))
            }
        }
        for folderPath in Set(kept.map { Self.split($0).folder }).sorted() where !others.contains(folderPath) {
            guard let folder = lock.withLock({ folders[folderPath] }) else { continue }
            let formats = extensions[folderPath] ?? []
            for name in folder.entries()
            where Self.isRenderedName(name, extensions: formats) && folder.kind(of: name) == .file {
                let relative = folderPath.isEmpty ? name : "\(folderPath)/\(name)"
                if !kept.contains(relative), folder.remove(name) { removed += 1 }
            }
        }
        return removed
    }

    /// `a/b/c.png` → (`a/b`, `c.png`); `c.png` → (``, `c.png`).
    static func split(_ relative: String) -> (folder: String, name: String) {
        guard let slash = relative.lastIndex(of: "/") else { return ("", relative) }
        return (String(relative[..<slash]), String(relative[relative.index(after: slash)...]))
    }

    /// An image name this tool gives, in one of `extensions`: `snapshot.png`, `placeholder.png`
    /// or `<n>-<yyyyMMdd'T'HHmmss'Z'>.png`.
    static func isRenderedName(_ name: String, extensions: Set<String> = ["png"]) -> Bool {
        guard let dot = name.lastIndex(of: "."), extensions.contains(String(name[name.index(after: dot)...])) else {
            return false
        }
        let base = name[..<dot]
        if base == "snapshot" || base == "placeholder" { return true }
        guard base.hasSuffix("Z"), let dash = base.firstIndex(of: "-") else { return false }
        let index = base[..<dash]
        let stamp = base[base.index(after: dash)...].dropLast(1)
        return !index.isEmpty && index.allSatisfy(\.isASCII) && index.allSatisfy(\.isNumber) && stamp.count == 15
            && stamp.enumerated().allSatisfy { offset, character in
                offset == 8 ? character == "T" : character.isASCII && character.isNumber
            }
    }
}
