import ChartWidgets
import Foundation
import Testing
import WidgetDrawing
import WidgetRender
import WidgetSnapshotTesting

@testable import WidgetRenderCLI

/// Every way of rendering goes through the one engine: the engine called directly, `render`'s
/// output folder, the gallery, a snapshot strategy and `bench` draw the same pixels for every
/// built-in widget and family.
@Suite struct OneEngineTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// The pixels a snapshot strategy draws for a widget.
    func snapshotPixels<W: Widget>(_ widget: W, family: WidgetFamily) async throws -> String {
        let async = Snapshotting<W, WidgetImage>.widget(family: family, at: Self.now).snapshot(widget)
        let image = await withCheckedContinuation { continuation in async.run { continuation.resume(returning: $0) } }
        let surface = try #require(image.surface, "\(image.failure ?? "")")
        return try WidgetPNGWriter.pixelsCRC64(surface)
    }

    @Test func everyCallerDrawsTheSamePixels() async throws {
        let engine = try RenderEngine(bundle: BuiltInWidgets())
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("one-engine-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        var batch = RenderBatch(outputDirectory: out.appendingPathComponent("render"))
        batch.families = nil
        batch.now = Self.now
        // `render`: every family of every widget, each entry; the entry on screen at now.
        let rendered = try await FolderRenderer(engine: engine).run(batch)
        // The gallery: every family's snapshot, light and dark.
        var galleryBatch = batch
        galleryBatch.outputDirectory = out.appendingPathComponent("gallery")
        let gallery = try await Gallery(engine: engine).build(galleryBatch, schemes: [.light])
        var compared = 0
        for widget in engine.widgets {
            // The default iPhone has neither extra large nor the e-ink screens' dashboard families.
            for family in widget.supportedFamilies where family != .systemExtraLarge && !family.isDashboard {
                let direct = try #require(
                    try await engine.render(RenderRequest(kind: widget.kind, family: family, askedAt: Self.now)).image)
                let image = try #require(
                    rendered.manifest.images.first {
                        $0.kind == widget.kind && $0.family == family.shortName && $0.status == .onScreen
                    })
                #expect(image.pixelsCRC64 == direct.pixelsCRC64, "render \(widget.kind) \(family.shortName)")
                // The first preview of a family is in its own mode (the tinted and StandBy ones follow).
                let preview = try #require(gallery.previews.first { $0.kind == widget.kind && $0.family == family })
                var previewRequest = RenderRequest(kind: widget.kind, family: family, askedAt: Self.now)
                previewRequest.colorScheme = preview.colorScheme
                let directPreview = try #require(try await engine.render(previewRequest).image)
                let previewPNG = try Data(contentsOf: galleryBatch.outputDirectory.appendingPathComponent(preview.file))
                let previewPixels = try PNGFile.decode(previewPNG).pixelsCRC64
                #expect(previewPixels == directPreview.pixelsCRC64, "gallery \(widget.kind) \(family.shortName)")
                let snapshot: String =
                    switch widget.kind {
                    case "price": try await snapshotPixels(PriceWidget(), family: family)
                    case "covid-global": try await snapshotPixels(GlobalStatsWidget(), family: family)
                    default: try await snapshotPixels(CountryStatusWidget(), family: family)
                    }
                #expect(snapshot == direct.pixelsCRC64, "snapshot \(widget.kind) \(family.shortName)")
                var benchBatch = batch
                benchBatch.kinds = [widget.kind]
                let bench = try await Benchmark(engine: engine, batch: benchBatch, iterations: 1, baselineIterations: 1)
                    .run(family: family)
                #expect(bench.first?.pixelsCRC64 == direct.pixelsCRC64, "bench \(widget.kind) \(family.shortName)")
                compared += 1
            }
        }
        #expect(compared >= 19, "every widget and family on the default device")
    }
}
