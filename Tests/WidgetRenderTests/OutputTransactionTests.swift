import ChartWidgets
import Foundation
import Testing
import WidgetRender

/// The output folder's guarantees: the manifest never names a file whose bytes differ, a
/// failed run changes nothing, no link is followed, leftovers are cleaned up.
@Suite("Output folder")
struct OutputTransactionTests {
    /// Every PNG the manifest names exists with the SHA-256 it gives; `nil` when true, else what is wrong.
    static func manifestLie(in folder: URL) -> String? {
        let url = folder.appendingPathComponent("manifest.json")
        guard let data = try? Data(contentsOf: url) else { return nil }  // no manifest: nothing claimed
        guard let manifest = try? Manifest.decode(data) else { return "manifest.json does not decode" }
        for image in manifest.images {
            guard let bytes = try? Data(contentsOf: folder.appendingPathComponent(image.file)) else {
                return "\(image.file) is missing"
            }
            if SHA256.hex(bytes) != image.sha256 { return "\(image.file) has other bytes than the manifest says" }
        }
        return nil
    }

    @Test func writesCreateFoldersReplaceFilesAndLeaveNoTemporaryFile() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // One transaction at a time: each holds the folder's lock until it goes.
        do {
            let first = try OutputTransaction(folder: folder)
            try first.stage(Data([1, 2, 3]), as: "a/b/out.png")
            try first.commit(manifest: nil)
        }
        do {
            let second = try OutputTransaction(folder: folder)
            try second.stage(Data([4, 5]), as: "a/b/out.png")
            try second.commit(manifest: nil)
        }
        #expect(try Data(contentsOf: folder.appendingPathComponent("a/b/out.png")) == Data([4, 5]))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("a/b").path) == [
                "out.png"
            ])
    }

    @Test func anAbortedRunLeavesNothing() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let transaction = try OutputTransaction(folder: folder)
            try transaction.stage(Data([1]), as: "k/f/0-20230801T000000Z.png")
            // The spool of the manifest's records is made with the first room asked for.
            #expect(try transaction.reserveRecords(2) == 0)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(names.contains { $0.hasSuffix("-records.widgetrender.tmp") })
            // Released without a commit: the run failed.
        }
        // The staged file, the spool and the folders made for them are gone; only the lock file stays.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [".widgetrender.lock"])
    }

    @Test func leftoversOfAKilledRunAreRemoved() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let family = folder.appendingPathComponent("price/medium")
        try FileManager.default.createDirectory(at: family, withIntermediateDirectories: true)
        let leftovers = [
            ".0-20230801T000000Z.png.1a2b3c4d-1.widgetrender.tmp", ".manifest.json.1a2b3c4d.widgetrender.tmp",
            ".manifest.json.1a2b3c4d-records.widgetrender.tmp",
        ]
        try Data([0]).write(to: family.appendingPathComponent(leftovers[0]))
        try Data([0]).write(to: folder.appendingPathComponent(leftovers[1]))
        try Data([0]).write(to: folder.appendingPathComponent(leftovers[2]))
        // Not this tool's name (an earlier version's `.NAME.UUID.tmp` is also another program's):
        // never removed.
        let foreign = ".out.png.12345678-1234-1234-1234-123456789ABC.tmp"
        try Data([0]).write(to: family.appendingPathComponent(foreign))
        try Data([0]).write(to: family.appendingPathComponent("notes.txt"))
        let transaction = try OutputTransaction(folder: folder)
        // The output folder is tidied when the run opens it; a folder below, when the run writes there.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(leftovers[1]).path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(leftovers[2]).path))
        #expect(FileManager.default.fileExists(atPath: family.appendingPathComponent(leftovers[0]).path))
        try transaction.stage(Data([1]), as: "price/medium/0-20230802T000000Z.png")
        transaction.abort()
        #expect(try FileManager.default.contentsOfDirectory(atPath: family.path).sorted() == [foreign, "notes.txt"])
    }

    @Test func aLinkInsideTheOutputFolderIsRefusedAndNothingIsWrittenThroughIt() throws {
        let folder = try Fixtures.temporaryDirectory()
        let elsewhere = try Fixtures.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let kept = elsewhere.appendingPathComponent("medium/0-20200101T000000Z.png")
        try FileManager.default.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data([9]).write(to: kept)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("price"), withDestinationURL: elsewhere)
        let transaction = try OutputTransaction(folder: folder)
        let error = #expect(throws: WidgetRenderError.self) {
            try transaction.stage(Data([1]), as: "price/medium/0-20230801T000000Z.png")
        }
        #expect(error?.kind == .cannotCreateOutput)
        #expect(error?.description.contains("is a symbolic link") == true)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: kept.deletingLastPathComponent().path) == [
                "0-20200101T000000Z.png"
            ])
        // A link where a file goes is refused too.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("k/f"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("k/f/x.png"), withDestinationURL: kept)
        #expect(throws: WidgetRenderError.self) { try transaction.stage(Data([1]), as: "k/f/x.png") }
        #expect(try Data(contentsOf: kept) == Data([9]))
    }

    @Test func pathsOutsideTheFolderAreRefused() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let transaction = try OutputTransaction(folder: folder)
        for path in ["../x.png", "a/../../x.png", "/etc/x", "a//b.png", "a/./b.png"] {
            #expect(throws: WidgetRenderError.self, "\(path)") { try transaction.stage(Data([1]), as: path) }
        }
    }

    @Test func atEveryStepOfACommitTheManifestTellsTheTruth() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let engine = try RenderEngine(bundle: BuiltInWidgets())
        var request = Fixtures.request(kind: "price", out: folder)
        request.families = [.systemSmall, .systemMedium]
        _ = try await FolderRenderer(engine: engine).run(request)
        #expect(Self.manifestLie(in: folder) == nil)
        // The same files again, with other bytes (dark): check the folder after each step.
        request.colorScheme = .dark
        let probe = ProbeLog()
        let pipeline = FolderRenderer(engine: engine)
        _ = try await pipeline.run(request, checkpoint: { probe.add(Self.manifestLie(in: folder)) })
        #expect(probe.count >= 7, "a step per file and manifest")
        #expect(probe.lies.isEmpty, "\(probe.lies)")
        #expect(Self.manifestLie(in: folder) == nil)
    }
}

extension OutputTransactionTests {
    /// Whether `manifest.json` exists at each checkpoint of a run.
    static func manifestPresence(
        during request: RenderBatch, engine: RenderEngine, in folder: URL
    ) async throws -> [Bool] {
        let seen = ProbeLog()
        let manifest = folder.appendingPathComponent("manifest.json").path
        _ = try await FolderRenderer(engine: engine).run(
            request, checkpoint: { seen.add(FileManager.default.fileExists(atPath: manifest) ? nil : "missing") })
        return seen.all.map { $0 == nil }
    }

    @Test func aCommitRemovesTheOldManifestOnlyWhenAFileItMayNameChanges() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let engine = try RenderEngine(bundle: BuiltInWidgets())
        var request = Fixtures.request(kind: "price", out: folder)
        request.families = [.systemSmall]
        _ = try await FolderRenderer(engine: engine).run(request)
        // Another family: no file the old manifest names changes, so it stays until the new one.
        request.families = [.systemMedium]
        let adding = try await Self.manifestPresence(during: request, engine: engine, in: folder)
        #expect(!adding.isEmpty && adding.allSatisfy { $0 }, "\(adding)")
        // The same family again: its files are replaced, so the old manifest goes first.
        let replacing = try await Self.manifestPresence(during: request, engine: engine, in: folder)
        #expect(replacing.first == false, "\(replacing)")
        #expect(replacing.last == true, "\(replacing)")
        #expect(Self.manifestLie(in: folder) == nil)
    }
}

/// What the checkpoints saw.
final class ProbeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String?] = []

    func add(_ lie: String?) { lock.withLock { seen.append(lie) } }
    var count: Int { lock.withLock { seen.count } }
    var lies: [String] { lock.withLock { seen.compactMap { $0 } } }
    var all: [String?] { lock.withLock { seen } }
}
