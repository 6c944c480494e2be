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
}
