import Foundation
import Testing
import ChartWidgets
import WidgetRender

/// Same input, same bytes: within a session and across fresh sessions.
@Suite("Determinism")
struct DeterminismTests {
    @Test(arguments: ["price", "covid-country", "covid-global"])
    func sameInputGivesSameBytes(kind: String) async throws {
        let first = try await Fixtures.renderPNG(kind: kind)
        let second = try await Fixtures.renderPNG(kind: kind)
        #expect(first == second)
    }

    @Test func aFreshSessionGivesTheSameBytes() async throws {
        let shared = try await Fixtures.renderPNG(kind: "covid-country", locale: Locale(identifier: "ja"))
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var request = Fixtures.request(kind: "covid-country", out: out, locale: Locale(identifier: "ja"))
        request.now = Fixtures.now
        let result = try await FolderRenderer(engine: try RenderEngine(bundle: BuiltInWidgets())).run(request)
        let written = try Data(contentsOf: try #require(result.files.first))
        #expect(written == shared)
    }

    @Test func oneWorkerOrManyGiveTheSameFilesAndManifest() async throws {
        let engine = try RenderEngine(bundle: BuiltInWidgets())
        var digests: [[String]] = []
        var manifests: [Data] = []
        // The last run keeps no image record in memory: its manifest comes from the spool alone.
        for (workers, keeps) in [(1, true), (2, true), (4, true), (2, false)] {
            let out = try Fixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: out) }
            var request = Fixtures.request(kind: "price", out: out)
            request.families = nil
            request.workers = workers
            request.keepsImageRecords = keeps
            let result = try await FolderRenderer(engine: engine).run(request)
            let written = try Data(contentsOf: out.appendingPathComponent("manifest.json"))
            let manifest = try Manifest.decode(written)
            // The pixel fingerprint beside the file's digest: a failure then says whether the
            // pixels or only the compressed bytes differ.
            digests.append(manifest.images.map { "\($0.file) \($0.sha256) pixels \($0.pixelsCRC64 ?? "-")" })
            manifests.append(written)
            #expect(result.imageCount == manifest.images.count)
            #expect(result.imageBytes == manifest.images.reduce(0) { $0 + $1.bytes })
            #expect(result.kinds == ["price"])
            if keeps {
                // The records read back from the spool are the result's, byte for byte.
                #expect(result.manifest == manifest)
                #expect(try result.manifest.encoded() == written)
                #expect(result.files.count == manifest.images.count)
            } else {
                #expect(result.manifest.images.isEmpty && result.files.isEmpty)
            }
            // Nothing of the run's own is left beside the PNGs and the manifest.
            let left = try FileManager.default.subpathsOfDirectory(atPath: out.path)
            #expect(left.filter { $0.hasSuffix(".tmp") }.isEmpty, "\(left)")
        }
        // Eight families (no extra large on an iPhone; the two Today families) × three entries.
        #expect(digests[0].count == 24)
        // Name what differs (file and digest), so a failure says which image and which run.
        for run in 1..<digests.count {
            let differing = zip(digests[0], digests[run]).filter { $0 != $1 }.map { "\($0) ≠ \($1)" }
            #expect(differing.isEmpty, "run \(run): \(differing.joined(separator: "; "))")
            #expect(manifests[run] == manifests[0], "run \(run): manifest.json differs")
        }
    }
}
