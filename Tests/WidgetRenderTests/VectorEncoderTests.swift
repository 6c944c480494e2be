import ChartWidgets
import Foundation
import Testing
import WidgetRender

/// SVG and PDF of a widget (#33), drawn again from its display list, read back by independent
/// renderers (rsvg-convert, pdftoppm) and compared with the widget's PNG by Pillow.
@Suite("Vector encoders")
struct VectorEncoderTests {
    static var engine: RenderEngine { RenderEngineTests.engine }

    static func bytes(_ kind: String, _ encoder: any ImageEncoder, mode: WidgetRenderingMode? = nil) async throws
        -> Data
    {
        var request = RenderRequest(kind: kind, family: .systemMedium, askedAt: Fixtures.now)
        request.renderingMode = mode
        let widget = try await engine.render(request, as: encoder)
        return try #require(widget.image?.data)
    }

    /// The mean difference, 0…255 per channel, between two images laid on white (Pillow).
    static func meanDifference(_ a: URL, _ b: URL) throws -> Double {
        let script = """
            import sys
            from PIL import Image, ImageChops, ImageStat
            def flat(p):
                im = Image.open(p).convert('RGBA')
                return Image.alpha_composite(Image.new('RGBA', im.size, 'white'), im).convert('RGB')
            a, b = flat(sys.argv[1]), flat(sys.argv[2])
            if a.size != b.size:
                print('size', a.size, b.size); sys.exit(1)
            print(sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3)
            """
        let result = try EInkEncoderTests.run("/usr/bin/python3", ["-c", script, a.path, b.path])
        return try #require(Double(result.output.trimmingCharacters(in: .whitespacesAndNewlines)), "\(result.output)")
    }

    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("vector-\(UUID().uuidString)-\(name)")
    }

    @Test(arguments: ["price", "covid-country", "covid-global"])
    func theSVGDrawsThePNGsPicture(_ kind: String) async throws {
        let svg = Self.temporary("\(kind).svg")
        let drawn = Self.temporary("\(kind)-svg.png")
        let png = Self.temporary("\(kind).png")
        defer { for url in [svg, drawn, png] { try? FileManager.default.removeItem(at: url) } }
        let data = try await Self.bytes(kind, SVGEncoder())
        try data.write(to: svg)
        try await Self.bytes(kind, PNGImageEncoder()).write(to: png)
        let text = String(decoding: data, as: UTF8.self)
        // Sized in pixels, the viewBox in points; text as glyph outlines, no font needed.
        #expect(text.contains(#"width="1092" height="510" viewBox="0 0 364 170""#), "\(text.prefix(300))")
        #expect(!text.contains("<text"), "text left as text")
        let convert = try EInkEncoderTests.run("/usr/bin/rsvg-convert", ["-o", drawn.path, svg.path])
        #expect(convert.status == 0, "rsvg-convert (apt install librsvg2-bin): \(convert.output)")
        let difference = try Self.meanDifference(drawn, png)
        #expect(difference < 3, "\(kind): SVG drawn by rsvg differs from the PNG by \(difference) on average")
    }

    @Test(arguments: ["price", "covid-global"])
    func thePDFDrawsThePNGsPictureWithItsFontsEmbedded(_ kind: String) async throws {
        let pdf = Self.temporary("\(kind).pdf")
        let prefix = Self.temporary("\(kind)-pdf")
        let png = Self.temporary("\(kind).png")
        defer {
            for url in [pdf, png, prefix.appendingPathExtension("png")] { try? FileManager.default.removeItem(at: url) }
        }
        let data = try await Self.bytes(kind, PDFEncoder())
        try data.write(to: pdf)
        try await Self.bytes(kind, PNGImageEncoder()).write(to: png)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.5"))
        #expect(text.contains("/FontFile"), "no embedded font")
        let convert = try EInkEncoderTests.run(
            "/usr/bin/pdftoppm", ["-r", "72", "-png", "-singlefile", pdf.path, prefix.path])
        #expect(convert.status == 0, "pdftoppm (apt install poppler-utils): \(convert.output)")
        let difference = try Self.meanDifference(prefix.appendingPathExtension("png"), png)
        #expect(difference < 4, "\(kind): PDF drawn by pdftoppm differs from the PNG by \(difference) on average")
    }

    @Test func vectorsAreTheSameBytesOnEveryRun() async throws {
        #expect(try await Self.bytes("covid-global", SVGEncoder()) == Self.bytes("covid-global", SVGEncoder()))
        #expect(try await Self.bytes("covid-global", PDFEncoder()) == Self.bytes("covid-global", PDFEncoder()))
    }

    @Test func aModeOfPixelLayersIsRefused() async throws {
        await #expect(throws: WidgetRenderError.self) {
            _ = try await Self.bytes("price", SVGEncoder(), mode: .accented)
        }
    }
}
