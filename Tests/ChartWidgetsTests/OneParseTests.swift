import Foundation
import Testing
import WidgetData
import WidgetRender

@testable import ChartWidgets

/// A source read by several families and widgets is read and parsed once per engine: the
/// engine's provider cache is the one parsed copy.
@Suite struct OneParseTests {
    @Test func everyFamilyOfAWidgetSharesOneParseOfItsSource() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("one-parse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("WidgetDataTests/Fixtures/ohlc/backtesting-0.6.6_GOOG_daily.csv")
        // A name of this test's own, so the count is this run's alone.
        let source = folder.appendingPathComponent("GOOG.csv")
        try FileManager.default.copyItem(at: fixture, to: source)
        let engine = try RenderEngine(bundle: BuiltInWidgets())
        var batch = RenderBatch(outputDirectory: folder.appendingPathComponent("out"))
        batch.kinds = ["price"]
        batch.families = nil
        batch.parameters = ["range": "all"]
        batch.now = Date(timeIntervalSince1970: 1_700_000_000)
        batch.providerValues.chartData = ChartDataOptions(source: source.path)
        let result = try await FolderRenderer(engine: engine).run(batch)
        let families = Set(result.manifest.images.map(\.family))
        #expect(families.count >= 8, "every family the default device has: \(families.sorted())")
        #expect(ProviderData.loads(of: source.path) == 1, "one read and parse for \(families.count) families")
        // Rendering again through the same engine reads nothing.
        _ = try await engine.render(
            {
                var request = batch.request(kind: "price", family: .systemSmall)
                request.askedAt = batch.now.addingTimeInterval(60)
                return request
            }())
        #expect(ProviderData.loads(of: source.path) == 1)
    }
}
