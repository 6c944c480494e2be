import Foundation
import Testing
import ChartWidgets
import WidgetCore
import WidgetLayout
@testable import WidgetRender
import WidgetDrawing
import WidgetAssets

/// What a renderer keeps between renders (surfaces drawn on again, shaped text) never shows in
/// the next picture, and the run's job queue keeps each worker on one widget and family.
@Suite("Renderer reuse and job queue")
struct RendererReuseTests {
    /// Renders `kind` in `family` on `renderer` and returns the PNG; the surface goes back to the renderer.
    private func png(
        _ kind: String, _ family: WidgetFamily, scheme: ColorScheme = .light, mode: WidgetRenderingMode? = nil,
        on renderer: WidgetRenderer
    ) async throws -> Data {
        let (entry, metrics) = try await Fixtures.entry(kind: kind, family: family)
        let context = ViewContext(
            family: family, displaySize: metrics.size, colorScheme: scheme, locale: Locale(identifier: "en"),
            date: Fixtures.now, renderingMode: mode)
        let surface = try renderer.render(entry.view, metrics: metrics, context: context).surface
        let png = try PNGEncoder.fast.encode(surface)
        renderer.recycle(surface)
        return png
    }

    @Test func aSurfaceDrawnOnAgainGivesTheSameBytesAsANewOne() async throws {
        let fonts = try FontLibrary(configFile: WidgetAssets.url(WidgetAssets.fontConfigName).path)
        // Each case first fills a surface of the same size with a dark widget's pixels, then
        // draws the case on it: the Home Screen look (its background paints every pixel), the
        // accessory families (transparent around the content) and the layered modes.
        let cases: [(String, WidgetFamily, WidgetRenderingMode?)] = [
            ("covid-country", .systemMedium, nil), ("price", .accessoryRectangular, nil),
            ("covid-global", .accessoryCircular, nil), ("price", .systemSmall, .accented),
            ("covid-global", .systemMedium, .vibrant),
        ]
        for (kind, family, mode) in cases {
            let fresh = try await png(kind, family, mode: mode, on: WidgetRenderer(fonts: fonts))
            let reusing = WidgetRenderer(fonts: fonts)
            _ = try await png("price", family, scheme: .dark, on: reusing)
            let again = try await png(kind, family, mode: mode, on: reusing)
            #expect(again == fresh, "\(kind) \(family.shortName) \(mode.map { "\($0)" } ?? "full colour")")
        }
    }

    @Test func shapedTextIsKeptUpToALimitAndDrawsTheSame() async throws {
        let fonts = try FontLibrary(configFile: WidgetAssets.url(WidgetAssets.fontConfigName).path)
        let text = try PangoText(fonts: fonts, language: "en")
        let styled = StyledText("29,039.01", font: Font(size: 17, weight: .semibold))
        let first = text.layoutToDraw(styled, width: 120, lineLimit: 1, alignment: .leading, scheme: .light)
        #expect(text.layoutToDraw(styled, width: 120, lineLimit: 1, alignment: .leading, scheme: .light) == first)
        #expect(text.layoutToDraw(styled, width: 121, lineLimit: 1, alignment: .leading, scheme: .light) != first)
        for value in 0..<1_200 {
            _ = text.layoutToDraw(
                StyledText("\(value)", font: Font(size: 13)), width: nil, lineLimit: 1, alignment: .leading,
                scheme: .light)
            #expect(text.drawnLayoutCount <= 512)
        }
        // Drawn twice by one renderer (the second time from the kept layouts): the same bytes.
        let renderer = WidgetRenderer(fonts: fonts)
        let once = try await png("price", .systemLarge, on: renderer)
        #expect(try await png("price", .systemLarge, on: renderer) == once)
    }

    @Test func aWorkerStaysOnItsWidgetAndFamily() {
        // Jobs: price ×3, covid-country ×1, covid-global ×3 (the default job's order).
        let queue = JobQueue(groups: ["p", "p", "p", "c", "g", "g", "g"])
        let first = queue.next(after: nil)
        let second = queue.next(after: nil)
        // The first worker takes price; the second the largest group nobody is on: covid-global.
        #expect(first?.group == 0 && first?.job == 0)
        #expect(second?.group == 2 && second?.job == 4)
        // Each keeps to its group, in job order.
        #expect(queue.next(after: 0)?.job == 1)
        #expect(queue.next(after: 2)?.job == 5)
        #expect(queue.next(after: 2)?.job == 6)
        // covid-global is done: its worker moves to the group nobody is on (covid-country),
        #expect(queue.next(after: 2)?.job == 3)
        // and then, with every group taken or done, helps with price.
        #expect(queue.next(after: 1)?.job == 2)
        #expect(queue.next(after: 0) == nil)
        #expect(queue.next(after: nil) == nil)
    }

    @Test func aStoppedQueueGivesNoMoreJobs() {
        let queue = JobQueue(groups: ["a", "a", "b"])
        #expect(queue.next(after: nil) != nil)
        queue.stop()
        #expect(queue.next(after: 0) == nil)
        #expect(queue.next(after: nil) == nil)
    }
}
