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
        let result = try await RenderPipeline(session: try RenderSession(bundle: BuiltInWidgets())).run(request)
        let written = try Data(contentsOf: try #require(result.files.first))
        #expect(written == shared)
    }

    @Test func oneWorkerOrManyGiveTheSameFilesAndManifest() async throws {
        let session = try RenderSession(bundle: BuiltInWidgets())
        var digests: [[String]] = []
        for workers in [1, 2, 4] {
            let out = try Fixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: out) }
            var request = Fixtures.request(kind: "price", out: out)
            request.families = nil
            request.workers = workers
            let result = try await RenderPipeline(session: session).run(request)
            digests.append(result.manifest.images.map { "\($0.file) \($0.sha256)" })
        }
        // Eight families (no extra large on an iPhone; the two Today families) × three entries.
        #expect(digests[0].count == 24)
        // Name what differs (file and digest), so a failure says which image and which run.
        for run in 1...2 {
            let differing = zip(digests[0], digests[run]).filter { $0 != $1 }.map { "\($0) ≠ \($1)" }
            #expect(differing.isEmpty, "\([1, 2, 4][run]) workers: \(differing.joined(separator: "; "))")
        }
    }
}
