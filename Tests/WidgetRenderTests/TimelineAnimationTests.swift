import Foundation
import Testing
import WidgetRender

/// A timeline's screens as an animated PNG and their changed regions (#33), read back by
/// Pillow and pngcheck: the frame count and each delay against the manifest's screen dates
/// and the speed, each frame's pixels against its screen's PNG, and each changed region
/// against Pillow's bounding box of the difference of consecutive files.
@Suite("Timeline animation")
struct TimelineAnimationTests {
    static var engine: RenderEngine { RenderEngineTests.engine }

    /// The price widget's built-in data ends on 1 March 2013: a new bar each day, and samples
    /// every 12 hours from 06:00 give screens of 12 and 6 hours, some unchanged.
    static var from: Date { Date(timeIntervalSince1970: 1_361_944_800) }  // 2013-02-27T06:00:00Z
    static var to: Date { Date(timeIntervalSince1970: 1_362_182_400) }  // 2013-03-02T00:00:00Z

    static func simulate(_ encoder: any ImageEncoder, animation: AnimatedPNG.Timing?) async throws -> (
        out: URL, result: RenderResult
    ) {
        let out = try Fixtures.temporaryDirectory()
        var batch = Fixtures.request(kind: "price", family: .systemMedium, out: out)
        batch.encoder = encoder
        batch.animation = animation
        let result = try await FolderRenderer(engine: engine).simulate(batch, from: from, to: to, every: 12 * 3_600)
        return (out, result)
    }

    @Test func eachFramePlaysItsScreensTimeScaled() async throws {
        let timing = AnimatedPNG.Timing(speed: 12 * 3_600, longest: .milliseconds(800))
        let (out, result) = try await Self.simulate(PNGImageEncoder(), animation: timing)
        defer { try? FileManager.default.removeItem(at: out) }
        // The manifest as written, not the result's copy.
        let manifest = try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifest.json")))
        let images = manifest.images
        let until = try #require(manifest.until)
        #expect(images.count >= 6)
        let apng = try #require(result.animations.first)
        #expect(apng.lastPathComponent == "timeline.apng" && result.animations.count == 1)
        let record = try #require(manifest.animations?.first)
        let bytes = try Data(contentsOf: apng)
        #expect(record.file == "price/medium/timeline.apng" && record.format == "apng")
        #expect(record.bytes == bytes.count && record.sha256 == SHA256.hex(bytes), "the manifest never lies")
        #expect(record.frames.map(\.file) == images.map(\.file))
        // Each screen stays until the next one's date, the last until the end of the span;
        // divided by the speed, kept within 50 ms…800 ms.
        let ends = images.dropFirst().map(\.shownAt) + [until]
        let expected = zip(images, ends).map { image, end in
            (min(0.8, max(0.05, end.timeIntervalSince(image.shownAt) / (12 * 3_600))) * 1_000).rounded()
        }
        #expect(Set(expected).count > 1, "delays of more than one length: \(expected)")
        #expect(expected.contains(800), "one delay is clamped")
        let read = try AnimatedPNGTests.pillow(apng, frames: images.map { out.appendingPathComponent($0.file) })
        #expect(read.count == images.count)
        #expect(read.durations == expected)
        #expect(read.loop == 0)
        #expect(read.same.allSatisfy { $0 } && read.same.count == images.count, "each frame is its screen's PNG")
        #expect(record.frames.map { ($0.delay * 1_000).rounded() } == expected)
        let check = try EInkEncoderTests.run("/usr/bin/pngcheck", ["-v", apng.path])
        #expect(check.status == 0 && check.output.contains("No errors detected"), "\(check.output)")
    }

    /// Pillow's bounding box of the difference between consecutive files: `nil` when the same,
    /// else x, y, width, height.
    static func pillowRegions(_ files: [URL]) throws -> [ChangedRegion?] {
        let script = """
            import sys, json
            from PIL import Image
            \(AnimatedPNGTests.pillowBox)
            images = [Image.open(path) for path in sys.argv[1:]]
            boxes = [box(a, b) for a, b in zip(images, images[1:])]
            print(json.dumps([None if box is None else [box[0], box[1], box[2] - box[0], box[3] - box[1]] for box in boxes]))
            """
        let result = try EInkEncoderTests.run("/usr/bin/python3", ["-c", script] + files.map(\.path))
        #expect(result.status == 0, "\(result.output)")
        let boxes = try JSONDecoder().decode([[Int]?].self, from: Data(result.output.utf8))
        return boxes.map { $0.map { ChangedRegion(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) } }
    }

    /// In colour, and in 1-bit greys dithered by diffusion (a change spreads past its pixels)
    /// on a turned panel: the region is of the file's pixels.
    @Test(arguments: [false, true])
    func changedRegionsAreThoseOfTheFiles(_ grey: Bool) async throws {
        let encoder: any ImageEncoder =
            grey
            ? GreyPNGEncoder(
                bitDepth: 1, greyscale: Greyscale(levels: 2, dither: .floydSteinberg, rotation: .clockwise90))
            : PNGImageEncoder()
        let (out, _) = try await Self.simulate(encoder, animation: nil)
        defer { try? FileManager.default.removeItem(at: out) }
        let manifest = try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifest.json")))
        let images = manifest.images
        #expect(manifest.animations == nil)
        let expected = try Self.pillowRegions(images.map { out.appendingPathComponent($0.file) })
        #expect(images.first?.pixelsChanged == nil && images.first?.changedRegion == nil)
        #expect(Array(images.dropFirst().map(\.changedRegion)) == expected)
        #expect(Array(images.dropFirst().map(\.pixelsChanged)) == expected.map { $0 != nil })
        #expect(expected.contains(nil) && expected.contains { $0 != nil }, "both changed and unchanged screens")
        if grey {
            // Turned: the region is in the 510×1092 file's coordinates, not the 1092×510 drawing's.
            #expect(expected.compactMap { $0 }.allSatisfy { $0.x + $0.width <= 510 && $0.height > 510 })
        }
    }

    /// An animation is made of a timeline's screens, of PNG frames.
    @Test func anAnimationNeedsATimelineOfPNGs() async throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var batch = Fixtures.request(kind: "price", family: .systemSmall, out: out)
        batch.animation = AnimatedPNG.Timing()
        await #expect(throws: WidgetRenderError.self) { try await FolderRenderer(engine: Self.engine).run(batch) }
        batch.encoder = BMPEncoder()
        await #expect(throws: WidgetRenderError.self) {
            try await FolderRenderer(engine: Self.engine).simulate(batch, from: Self.from, to: Self.to)
        }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("manifest.json").path))
    }
}
