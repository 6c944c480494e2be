import Foundation

/// Joins the shards of a run (`render --shard K/N`, one folder each) into the folder one run
/// writes: every image copied, and the manifest one run would have written — the same images in
/// the same order, with the same `file` and `sha256`.
///
/// ```swift
/// let manifest = try ManifestMerge.merge([shard1, shard2, shard3], into: URL(fileURLWithPath: "Output"))
/// ```
///
/// Every shard must be there once, from the same run: the same widgets, time, device and look,
/// and the same libraries (`renderStack`). Each image's bytes are checked against the SHA-256
/// its shard's manifest records before they are copied. The output folder is written as a run
/// writes it: all or nothing.
public enum ManifestMerge {
    /// Merges shards' folders into `output`.
    ///
    /// - Parameters:
    ///   - shards: the shards' output folders, in any order.
    ///   - output: where the joined images and manifest go (not one of the shards).
    /// - Returns: the joined manifest.
    /// - Throws: ``WidgetRenderError``: `missingInput` for a folder without a manifest,
    ///   `badData` naming the folder (and field) for a manifest that is not a shard's, shards of
    ///   different runs, a shard missing or given twice, or an image whose bytes differ from its
    ///   record; `cannotCreate`/`cannotWrite` for the output.
    public static func merge(_ shards: [URL], into output: URL) throws(WidgetRenderError) -> Manifest {
        guard !shards.isEmpty else { throw .invalidRequest("no shard folders to merge") }
        var parts: [(folder: URL, manifest: Manifest, shard: Manifest.ShardRecord)] = []
        for folder in shards {
            let file = folder.appendingPathComponent(OutputTransaction.manifestName)
            let data: Data
            do {
                data = try Data(contentsOf: file)
            } catch {
                throw .missingInput("\(file.path): no manifest (is \(folder.path) a shard's output folder?)")
            }
            let manifest: Manifest
            do {
                manifest = try Manifest.decode(data)
            } catch {
                throw .badData("\(file.path): not a widgetrender manifest: \(error)")
            }
            guard let shard = manifest.shard else {
                throw .badData("\(file.path): not a shard's manifest (it has no `shard` record)")
            }
            if resolved(folder) == resolved(output) {
                throw .invalidRequest("\(output.path): the output folder is one of the shards; merge into another")
            }
            parts.append((folder, manifest, shard))
        }
        let count = parts[0].shard.count
        let first = parts[0]
        for part in parts {
            let file = part.folder.appendingPathComponent(OutputTransaction.manifestName).path
            guard part.shard.count == count else {
                throw .badData(
                    "\(file): shard \(part.shard.index)/\(part.shard.count), but \(first.folder.path) is a shard of \(count)"
                )
            }
            if let field = difference(part.manifest, first.manifest) {
                throw .badData(
                    "\(file): not the same run as \(first.folder.path) (\(field) differs)"
                        + (field == "now" ? "; render every shard for the same time" : ""))
            }
            guard part.shard.images == first.shard.images else {
                throw .badData("\(file): `shard.images` differs from \(first.folder.path)'s")
            }
        }
        var byIndex: [Int: (folder: URL, manifest: Manifest)] = [:]
        for part in parts {
            if let other = byIndex[part.shard.index] {
                throw .invalidRequest(
                    "shard \(part.shard.index)/\(count) is given twice: \(other.folder.path) and \(part.folder.path)")
            }
            byIndex[part.shard.index] = (part.folder, part.manifest)
        }
        let missing = (1...count).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            throw .missingInput(
                "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) missing: give every shard's folder"
            )
        }
        let total = first.shard.images
        let given = byIndex.values.reduce(0) { $0 + $1.manifest.images.count }
        guard given == total else {
            throw .badData("the shards hold \(given) images, but the run has \(total): a shard is incomplete")
        }
        // Image j of the run is image j / N of shard j % N + 1.
        var images: [(folder: URL, record: Manifest.ImageRecord)] = []
        images.reserveCapacity(total)
        for index in 0..<total {
            guard let part = byIndex[index % count + 1] else { continue }
            let position = index / count
            guard position < part.manifest.images.count else {
                throw .badData(
                    "\(part.folder.path): shard \(index % count + 1) lacks image \(position + 1) of its share")
            }
            images.append((part.folder, part.manifest.images[position]))
        }
        var manifest = first.manifest
        manifest.shard = nil
        manifest.images = images.map(\.record)
        let transaction = try OutputTransaction(folder: output)
        do {
            let start = try transaction.reserveRecords(images.count)
            for (offset, image) in images.enumerated() {
                let source = image.folder.appendingPathComponent(image.record.file)
                let bytes: Data
                do {
                    bytes = try Data(contentsOf: source)
                } catch {
                    throw WidgetRenderError.missingInput(
                        "\(source.path): the shard's manifest names it, but it cannot be read")
                }
                guard SHA256.hex(bytes) == image.record.sha256 else {
                    throw WidgetRenderError.badData(
                        "\(source.path): its bytes are not the ones its manifest records (sha256 differs); render that shard again"
                    )
                }
                try transaction.stage(bytes, as: image.record.file)
                try transaction.keepRecord(image.record, at: start + offset)
            }
            try transaction.commit(manifest: manifest)
        } catch let error as WidgetRenderError {
            transaction.abort()
            throw error
        } catch {
            transaction.abort()
            throw .internalError("\(error)")
        }
        return manifest
    }

    /// The first field, other than the images and the shard, in which two shards' manifests differ.
    static func difference(_ a: Manifest, _ b: Manifest) -> String? {
        if a.generator != b.generator { return "generator" }
        if a.now != b.now { return "now" }
        if a.mode != b.mode { return "mode" }
        if a.until != b.until { return "until" }
        if a.device != b.device { return "device" }
        if a.colorScheme != b.colorScheme { return "colorScheme" }
        if a.locale != b.locale { return "locale" }
        if a.renderStack != b.renderStack { return "renderStack" }
        if a.widgets != b.widgets { return "widgets" }
        return nil
    }

    private static func resolved(_ url: URL) -> String {
        url.standardizedFileURL.resolvingSymlinksInPath().path
    }
}
