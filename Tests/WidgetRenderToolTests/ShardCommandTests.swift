import Foundation
import Testing
import WidgetRender

/// `render --shard K/N` and `manifest merge`: a run split across machines joins into the run.
@Suite("Shards")
struct ShardCommandTests {
    static let options = ["--family", "small,medium", "--now", "2026-01-01T09:00:00Z", "-q"]

    /// Every file under a folder (but the lock), with its bytes.
    static func files(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            guard !isDirectory.boolValue, url.lastPathComponent != ".widgetrender.lock" else { continue }
            files[String(url.path.dropFirst(folder.path.count))] = try Data(contentsOf: url)
        }
        return files
    }

    @Test(arguments: 1...4)
    func mergedShardsAreTheSingleRun(shards: Int) throws {
        let root = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let single = root.appendingPathComponent("single")
        #expect(try CommandRunner.run(Self.options + ["--out", single.path]).exitCode == 0)
        var folders: [String] = []
        for index in 1...shards {
            let folder = root.appendingPathComponent("shard-\(index)").path
            let result = try CommandRunner.run(Self.options + ["--shard", "\(index)/\(shards)", "--out", folder])
            #expect(result.exitCode == 0, "\(result.stderr)")
            folders.append(folder)
        }
        let merged = root.appendingPathComponent("merged")
        // In any order.
        let result = try CommandRunner.run(["manifest", "merge"] + folders.reversed() + ["--out", merged.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let expected = try Self.files(single)
        let got = try Self.files(merged)
        #expect(got.keys.sorted() == expected.keys.sorted())
        #expect(got == expected, "the same files with the same bytes, manifest.json included")
        let manifest = try Manifest.decode(try #require(got["/manifest.json"]))
        #expect(manifest.images.count > shards && manifest.shard == nil)
        // Each shard drew only its share.
        if shards > 1 {
            let first = try Manifest.decode(
                Data(contentsOf: URL(fileURLWithPath: folders[0]).appendingPathComponent("manifest.json")))
            #expect(first.shard == Manifest.ShardRecord(index: 1, count: shards, images: manifest.images.count))
            #expect(
                first.images.map(\.file)
                    == stride(from: 0, to: manifest.images.count, by: shards).map { manifest.images[$0].file })
        }
    }

    @Test func shardsOfDifferentRunsOrMissingOnesAreRefused() throws {
        let root = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        func render(_ shard: String, now: String = "2026-01-01T09:00:00Z", _ name: String) throws -> String {
            let folder = root.appendingPathComponent(name).path
            let result = try CommandRunner.run([
                "--widget", "price", "--family", "small,medium", "--now", now, "--shard", shard, "--out", folder, "-q",
            ])
            #expect(result.exitCode == 0, "\(result.stderr)")
            return folder
        }
        let one = try render("1/2", "a")
        let two = try render("2/2", "b")
        let later = try render("2/2", now: "2026-01-02T09:00:00Z", "c")
        let out = root.appendingPathComponent("out").path
        let missing = try CommandRunner.run(["manifest", "merge", one, "--out", out])
        #expect(missing.exitCode == 66)
        #expect(missing.stderr.contains("shard 2/2 missing"), "\(missing.stderr)")
        let twice = try CommandRunner.run(["manifest", "merge", one, two, two, "--out", out])
        #expect(twice.stderr.contains("shard 2/2 is given twice"), "\(twice.stderr)")
        let mixed = try CommandRunner.run(["manifest", "merge", one, later, "--out", out])
        #expect(mixed.exitCode == 65)
        #expect(mixed.stderr.contains("(now differs); render every shard for the same time"), "\(mixed.stderr)")
        // An image changed after its shard was written is not copied.
        let manifest = try Manifest.decode(
            Data(contentsOf: URL(fileURLWithPath: two).appendingPathComponent("manifest.json")))
        let image = URL(fileURLWithPath: two).appendingPathComponent(try #require(manifest.images.first).file)
        try Data("not the png".utf8).write(to: image)
        let tampered = try CommandRunner.run(["manifest", "merge", one, two, "--out", out])
        #expect(tampered.exitCode == 65)
        #expect(
            tampered.stderr.contains("\(image.path): its bytes are not the ones its manifest records"),
            "\(tampered.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/manifest.json"), "nothing is written")
        let bad = try CommandRunner.run(["--shard", "5/4"])
        #expect(bad.exitCode == 64)
        #expect(bad.stderr.contains("--shard: shard 5/4"), "\(bad.stderr)")
        let notAShard = try CommandRunner.run(["manifest", "merge", root.path, "--out", out])
        #expect(notAShard.exitCode == 66)
    }
}
