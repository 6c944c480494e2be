import ChartWidgets
import Foundation
import Testing
import WidgetCore
import WidgetLayout
import WidgetRender
import WidgetSnapshotTesting

/// Composed e-ink screens (#33): TRMNL's mashup within its byte budget and readable at 1 and 2
/// bits, every screen preset, each dither mode and turn, and a span's changed regions.
@Suite("E-ink screens")
struct ScreenTests {
    static let mashup = "price:halfVertical,covid-country?country=JPN:quadrant,covid-country?country=KOR:quadrant"
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func request(_ device: String) throws -> RenderRequest {
        var request = RenderRequest(kind: "", family: .dashboardFull, askedAt: now)
        request.device = try DeviceProfile.named(device)
        return request
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("screen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// What tesseract reads on an image file; `nil`, with an issue, when it is not installed.
    static func ocr(_ file: URL) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tesseract") else {
            Issue.record("tesseract-ocr is not installed; scripts/setup.sh installs it")
            return nil
        }
        return try EInkEncoderTests.run("/usr/bin/tesseract", [file.path, "stdout"]).output
    }

    @Test(arguments: [1, 2])
    func theTRMNLMashupFitsItsBudgetAndTesseractReadsThePriceAndTheCaseTotals(_ bits: Int) async throws {
        let layout = try ScreenLayout(parsing: Self.mashup)
        let screen = try await RenderEngineTests.engine.render(
            layout, on: try Self.request("trmnl-og"), as: GreyPNGEncoder(bitDepth: bits))
        let image = try #require(screen.image)
        #expect((screen.width, screen.height) == (800, 480))
        #expect(image.data.count <= 90 * 1024, "\(image.data.count) bytes")
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("mashup-\(bits)bit.png")
        try image.data.write(to: file)
        let check = try EInkEncoderTests.run("/usr/bin/pngcheck", ["-v", file.path])
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("800 x 480 image, \(bits)-bit grayscale"), "\(check.output)")
        guard let text = try Self.ocr(file) else { return }
        // The price's close, and each country's case total, as the embedded data has them.
        for figure in ["430.47", "9,787", "10,635"] {
            #expect(text.contains(figure), "tesseract did not read \(figure) at \(bits) bits: \(text)")
        }
    }

    @Test(arguments: DeviceProfile.screens.map(\.id))
    func oneMashupPerScreenPreset(_ device: String) async throws {
        await assertSnapshot(
            of: BuiltInWidgets(), as: .screen(Self.mashup, device: try DeviceProfile.named(device), at: Self.now),
            named: "mashup-\(device)")
    }

    @Test(arguments: Greyscale.Dither.allCases)
    func eachDitherMode(_ dither: Greyscale.Dither) async throws {
        await assertSnapshot(
            of: BuiltInWidgets(),
            as: .screen(
                "covid-global:halfHorizontal,price:halfHorizontal", device: try DeviceProfile.named("trmnl-og"),
                at: Self.now, encoder: GreyPNGEncoder(bitDepth: 1, greyscale: Greyscale(levels: 2, dither: dither))),
            named: "dither-\(dither.rawValue)")
    }

    @Test(arguments: Greyscale.Rotation.allCases)
    func eachTurn(_ rotation: Greyscale.Rotation) async throws {
        await assertSnapshot(
            of: BuiltInWidgets(),
            as: .screen(
                "covid-global:halfHorizontal,price:halfHorizontal", device: try DeviceProfile.named("trmnl-og"),
                at: Self.now, encoder: GreyPNGEncoder(bitDepth: 2, greyscale: Greyscale(levels: 4, rotation: rotation))),
            named: "rotate-\(rotation.rawValue)")
    }

    @Test func aSpanWritesOneImagePerChangeWithTheChangedRegionPillowFinds() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The price sample's last days: a bar a day, each a new entry on screen.
        var request = try Self.request("trmnl-og")
        let start = try #require(ISO8601DateFormatter().date(from: "2013-02-25T12:00:00Z"))
        request.askedAt = start
        request.shownAt = start
        let layout = try ScreenLayout(parsing: "price:halfVertical,covid-global:halfVertical")
        let result = try await ScreenOutput(engine: RenderEngineTests.engine).run(
            layout, on: request, to: start.addingTimeInterval(4 * 86_400), as: GreyPNGEncoder(bitDepth: 1),
            into: folder)
        let images = result.manifest.images
        #expect(images.count >= 2, "\(images.map(\.shownAt))")
        #expect(images.first?.changedRegion == nil, "the first image has nothing to differ from")
        #expect(zip(images, images.dropFirst()).allSatisfy { $0.until == $1.shownAt && $0.shownAt < $1.shownAt })
        let manifest = result.folder.appendingPathComponent("manifest.json")
        #expect(FileManager.default.fileExists(atPath: manifest.path))
        // Pillow's box of the pixels that differ between consecutive files, in the files' pixels.
        let script = """
            import sys
            from PIL import Image, ImageChops
            files = sys.argv[1:]
            for a, b in zip(files, files[1:]):
                box = ImageChops.difference(Image.open(a).convert('L'), Image.open(b).convert('L')).getbbox()
                print('none' if box is None else '%d %d %d %d' % (box[0], box[1], box[2] - box[0], box[3] - box[1]))
            """
        let read = try EInkEncoderTests.run(
            "/usr/bin/python3", ["-c", script] + result.files.map(\.path))
        #expect(read.status == 0, "\(read.output)")
        let boxes = read.output.split(separator: "\n").map(String.init)
        for (image, box) in zip(images.dropFirst(), boxes) {
            guard let region = image.changedRegion else {
                Issue.record("image \(image.index) has no changedRegion")
                continue
            }
            // The region is of the pixels written: Pillow finds the same box in the files.
            let ours = "\(region.x) \(region.y) \(region.width) \(region.height)"
            #expect(ours == box, "image \(image.index): ours \(ours), Pillow's \(box)")
        }
    }

    @Test func aSpanAsAnAnimatedPNGThatPillowPlaysBack() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var request = try Self.request("trmnl-og")
        let start = try #require(ISO8601DateFormatter().date(from: "2013-02-25T12:00:00Z"))
        request.askedAt = start
        request.shownAt = start
        let end = start.addingTimeInterval(4 * 86_400)
        let result = try await ScreenOutput(engine: RenderEngineTests.engine).run(
            try ScreenLayout(parsing: "price:full"), on: request, to: end, as: GreyPNGEncoder(bitDepth: 1),
            into: folder, animation: AnimatedPNG.Timing(speed: 86_400))
        let animation = try #require(result.manifest.animation)
        let images = result.manifest.images
        #expect(animation.delays.count == images.count)
        // A day of widget time a second: each frame's delay is its time on screen in days.
        for (image, delay) in zip(images, animation.delays) {
            let onScreen = (image.until ?? end).timeIntervalSince(image.shownAt)
            #expect(abs(Double(delay) - onScreen / 86.4) <= 1, "\(image.file): \(delay) ms for \(onScreen) s")
        }
        let file = result.folder.appendingPathComponent(animation.file)
        let script = """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            print(im.format, im.mode, getattr(im, 'n_frames', 1))
            for i in range(im.n_frames):
                im.seek(i)
                print(im.info.get('duration'))
            """
        let read = try EInkEncoderTests.run("/usr/bin/python3", ["-c", script, file.path])
        let lines = read.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "PNG 1 \(images.count)", "\(read.output)")
        #expect(lines.dropFirst().compactMap { Double($0) }.map { Int($0.rounded()) } == animation.delays)
    }

    @Test(arguments: ["trmnl-og", "kindle-pw5"])
    func aScreenAsSVGAndPDFDrawsItsPNGsPicture(_ device: String) async throws {
        let layout = try ScreenLayout(parsing: Self.mashup)
        let request = try Self.request(device)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("screen.png")
        try #require(try await RenderEngineTests.engine.render(layout, on: request, as: PNGImageEncoder()).image).data
            .write(to: png)
        let svg = folder.appendingPathComponent("screen.svg")
        let svgData = try #require(
            try await RenderEngineTests.engine.render(layout, on: request, as: SVGEncoder()).image
        )
        .data
        try svgData.write(to: svg)
        #expect(!String(decoding: svgData, as: UTF8.self).contains("<text"), "text left as text")
        let fromSVG = folder.appendingPathComponent("svg.png")
        let drawn = try EInkEncoderTests.run("/usr/bin/rsvg-convert", ["-o", fromSVG.path, svg.path])
        #expect(drawn.status == 0, "\(drawn.output)")
        #expect(try VectorEncoderTests.meanDifference(fromSVG, png) < 3)
        let pdf = folder.appendingPathComponent("screen.pdf")
        try #require(try await RenderEngineTests.engine.render(layout, on: request, as: PDFEncoder()).image).data
            .write(to: pdf)
        let prefix = folder.appendingPathComponent("pdf")
        let converted = try EInkEncoderTests.run(
            "/usr/bin/pdftoppm", ["-r", "72", "-png", "-singlefile", pdf.path, prefix.path])
        #expect(converted.status == 0, "\(converted.output)")
        #expect(try VectorEncoderTests.meanDifference(prefix.appendingPathExtension("png"), png) < 4)
    }

    @Test func aPhoneIsNotAScreen() async throws {
        let layout = try ScreenLayout(parsing: "price:full")
        let error = await #expect(throws: WidgetRenderError.self) {
            _ = try await RenderEngineTests.engine.render(layout, on: try Self.request("iphone-393x852"), as: nil)
        }
        #expect(error?.message.contains("not a screen") == true)
    }

    @Test func dividersMeetWithTRMNLsGaps() throws {
        let three = try ScreenLayout(parsing: Self.mashup)
        let rules = RenderEngine.dividers(three, width: 800, height: 480, scale: 1)
        // One full-height line between the halves; one across the right half, meeting it.
        #expect(
            rules == [
                Rect(x: 399, y: 16, width: 2, height: 448), Rect(x: 400, y: 239, width: 384, height: 2),
            ])
        let four = try ScreenLayout(parsing: "a:quadrant,b:quadrant,c:quadrant,d:quadrant")
        #expect(RenderEngine.dividers(four, width: 800, height: 480, scale: 1).count == 2, "a cross")
        #expect(RenderEngine.dividers(try ScreenLayout(parsing: "a:full"), width: 800, height: 480, scale: 1).isEmpty)
    }
}
