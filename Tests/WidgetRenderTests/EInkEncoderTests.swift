import ChartWidgets
import Foundation
import Testing
import WidgetRender

/// Grey PNG and BMP for e-ink panels (#33), read back by independent readers: pngcheck,
/// Pillow (Debian's python3-pil, from /usr/bin/python3) and `file`.
@Suite("E-ink encoders")
struct EInkEncoderTests {
    static var engine: RenderEngine { RenderEngineTests.engine }

    /// A built-in widget's entry at the fixed time, as `encoder` writes it, in a file.
    static func file(
        _ kind: String, _ family: WidgetFamily, _ encoder: any ImageEncoder, name: String
    ) async throws -> URL {
        let widget = try await engine.render(
            RenderRequest(kind: kind, family: family, askedAt: Fixtures.now), as: encoder)
        let data = try #require(widget.image?.data)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "eink-\(UUID().uuidString)-\(name).\(encoder.format.fileExtension)")
        try data.write(to: url)
        return url
    }

    /// A tool's standard output and exit status.
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Pillow's reading: mode, size, the sorted distinct values of band 0 after conversion to
    /// L, and for palette images the palette's first entries.
    static func pillow(_ url: URL) throws -> String {
        let script = """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1]); im.load()
            grey = im.convert('L')
            values = sorted(set(grey.tobytes()))
            print(im.format, im.mode, im.size[0], im.size[1], ','.join(map(str, values)))
            """
        let result = try run("/usr/bin/python3", ["-c", script, url.path])
        #expect(
            result.status == 0,
            "Pillow (apt install python3-pil) could not read \(url.lastPathComponent): \(result.output)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: [1, 2, 4, 8])
    func greyPNGsAreColourTypeZeroAtTheirDepth(_ depth: Int) async throws {
        let url = try await Self.file("price", .systemSmall, GreyPNGEncoder(bitDepth: depth), name: "grey\(depth)")
        defer { try? FileManager.default.removeItem(at: url) }
        let check = try Self.run("/usr/bin/pngcheck", ["-v", url.path])
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("\(depth)-bit grayscale"), "\(check.output)")
        #expect(!check.output.contains("PLTE") && !check.output.contains("tRNS"), "\(check.output)")
        let read = try Self.pillow(url).split(separator: " ")
        // Pillow reads 1-bit grey as mode 1, 2 to 8 bits as L.
        #expect(read[0] == "PNG" && read[1] == (depth == 1 ? "1" : "L"), "\(read)")
        #expect(read[2] == "510" && read[3] == "510", "\(read)")
        let values = read[4].split(separator: ",").count
        #expect(values <= 1 << depth && values >= 2, "\(depth) bits: \(values) greys")
    }

    /// Inkplate's 8 greys in a 4-bit container: only the 8 evenly spaced values are used.
    @Test func fewerLevelsThanTheContainerHolds() async throws {
        let encoder = GreyPNGEncoder(bitDepth: 4, greyscale: Greyscale(levels: 8, dither: .floydSteinberg))
        let url = try await Self.file("covid-global", .systemMedium, encoder, name: "levels8")
        defer { try? FileManager.default.removeItem(at: url) }
        let read = try Self.pillow(url).split(separator: " ")
        // The samples 0, 2, 4, 6, 9, 11, 13, 15 of 15, as Pillow scales 4 bits to 8 (× 17).
        let allowed: Set<Int> = [0, 34, 68, 102, 153, 187, 221, 255]
        let values = Set(read[4].split(separator: ",").compactMap { Int($0) })
        #expect(values.isSubset(of: allowed) && values.count > 4, "\(values.sorted())")
    }

    /// Every BMP variant at a width that is not a multiple of 32 (510 px): `file` and Pillow
    /// read it, its rows are padded to four bytes, and a palette's size is in the header.
    @Test(arguments: [1, 4, 8, 24])
    func bmpVariantsReadBack(_ bits: Int) async throws {
        let encoder = BMPEncoder(
            bitsPerPixel: bits, greyscale: bits == 24 ? nil : Greyscale(levels: min(16, 1 << bits), dither: .atkinson))
        let url = try await Self.file("covid-country", .systemSmall, encoder, name: "bmp\(bits)")
        defer { try? FileManager.default.removeItem(at: url) }
        let described = try Self.run("/usr/bin/file", ["-b", url.path]).output
        #expect(described.contains("PC bitmap") && described.contains("510 x 510 x \(bits)"), "\(described)")
        let read = try Self.pillow(url).split(separator: " ")
        #expect(read[0] == "BMP" && read[1] == (bits == 24 ? "RGB" : bits == 1 ? "1" : "P"), "\(read)")
        #expect(read[2] == "510" && read[3] == "510", "\(read)")
        let data = try Data(contentsOf: url)
        func u32(_ at: Int) -> Int {
            Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 | Int(data[at + 3]) << 24
        }
        let rowBytes = (510 * bits + 31) / 32 * 4
        let colours = bits == 24 ? 0 : 1 << bits
        #expect(rowBytes % 4 == 0)
        #expect(u32(2) == data.count, "the file size field")
        #expect(u32(10) == 54 + colours * 4, "the pixel offset")
        #expect(u32(46) == colours, "colours used: never 0 below 24 bits")
        #expect(data.count == 54 + colours * 4 + rowBytes * 510, "rows padded to four bytes")
    }

    /// The same grey region dithered `ordered` gives the same pattern in two images that differ
    /// elsewhere (a partial refresh redraws only what changed); error diffusion carries a
    /// change beyond its region.
    @Test func orderedDitherIsStableWhereTheImageIsTheSame() {
        let (width, height) = (64, 32)
        var a = [Float](repeating: 128, count: width * height)
        for x in 0..<width { a[x] = Float(x * 4) }  // a gradient in the first row
        var b = a
        for y in 0..<4 { for x in 0..<8 { b[y * width + x] = 255 } }  // a change in the top-left corner
        func changedOutside(_ dither: Greyscale.Dither) -> Int {
            let grey = Greyscale(levels: 2, dither: dither)
            let (qa, qb) = (
                grey.quantize(a, width: width, height: height), grey.quantize(b, width: width, height: height)
            )
            var count = 0
            for y in 0..<height {
                for x in 0..<width where !(y < 4 && x < 8) && qa[y * width + x] != qb[y * width + x] { count += 1 }
            }
            return count
        }
        #expect(changedOutside(.ordered) == 0)
        #expect(changedOutside(.none) == 0)
        #expect(changedOutside(.floydSteinberg) > 0)
        // Mid-grey in ordered is half black, half white.
        let flat = Greyscale(levels: 2, dither: .ordered).quantize(
            [Float](repeating: 128, count: 64), width: 8, height: 8)
        #expect(flat.filter { $0 == 1 }.count == 32)
    }

    /// Values set on the properties past their bounds neither trap nor write NaN: levels are
    /// clamped to 2…256, gamma and contrast taken at their bounds.
    @Test func outOfRangeSettingsAreClamped() async throws {
        var grey = Greyscale(levels: 4)
        grey.levels = 1
        #expect(grey.levels == 2)
        grey.levels = 1_000
        #expect(grey.levels == 256)
        grey.gamma = .nan
        grey.contrast = .infinity
        #expect(grey.toneCurve().allSatisfy { $0.isFinite && (0...255).contains($0) })
        let data = try #require(
            try await Self.engine.render(
                RenderRequest(kind: "price", family: .systemSmall, askedAt: Fixtures.now),
                as: BMPEncoder(bitsPerPixel: 24, greyscale: grey)
            ).image?.data)
        #expect(data.starts(with: [0x42, 0x4D]))
    }

    @Test func rotationTurnsTheImageClockwise() async throws {
        let upright = try await Self.file("price", .systemMedium, GreyPNGEncoder(bitDepth: 8), name: "upright")
        let turned = try await Self.file(
            "price", .systemMedium,
            GreyPNGEncoder(bitDepth: 8, greyscale: Greyscale(levels: 256, rotation: .clockwise90)),
            name: "turned")
        defer {
            try? FileManager.default.removeItem(at: upright)
            try? FileManager.default.removeItem(at: turned)
        }
        // Pillow turns the upright image clockwise itself (transpose ROTATE_270 is clockwise)
        // and compares.
        let script = """
            import sys
            from PIL import Image, ImageChops
            a = Image.open(sys.argv[1]).convert('L').transpose(Image.Transpose.ROTATE_270)
            b = Image.open(sys.argv[2]).convert('L')
            print(a.size == b.size and ImageChops.difference(a, b).getbbox() is None, b.size)
            """
        let result = try Self.run("/usr/bin/python3", ["-c", script, upright.path, turned.path])
        #expect(result.output.hasPrefix("True"), "\(result.output)")
    }

    @Test func invertingTurnsPaperBlack() async throws {
        let url = try await Self.file(
            "price", .systemSmall, GreyPNGEncoder(bitDepth: 1, greyscale: Greyscale(levels: 2, invert: true)),
            name: "inverted")
        defer { try? FileManager.default.removeItem(at: url) }
        let script = """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1]).convert('L')
            print(im.getpixel((0, 0)), im.getpixel((255, 255)))
            """
        let corners = try Self.run("/usr/bin/python3", ["-c", script, url.path]).output
        // The transparent corner is paper (white), inverted to black; so is the card's middle.
        #expect(corners.hasPrefix("0 "), "\(corners)")
    }
}

/// Colour emoji at one bit (#33): drawn from a monochrome font in the text's colour, not
/// thresholded away.
@Suite("Emoji on panels of few greys")
struct MonochromeEmojiTests {
    /// Black pixels in a 1-bit PNG, counted by Pillow.
    static func blackPixels(_ data: Data) throws -> Int {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("emoji-\(UUID().uuidString).png")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = "import sys\nfrom PIL import Image\nprint(Image.open(sys.argv[1]).convert('L').histogram()[0])"
        let result = try EInkEncoderTests.run("/usr/bin/python3", ["-c", script, file.path])
        return try #require(Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)), "\(result.output)")
    }

    /// The 1-bit encoder under another name, which the engine does not know draws few greys:
    /// the colour emoji are drawn, then thresholded.
    struct ThresholdedColour: ImageEncoder {
        var format: ImageFormat { .png }
        func encode(_ image: RenderedImage) throws -> Data { try GreyPNGEncoder(bitDepth: 1).encode(image) }
    }

    @Test func aSunACloudAndLightningSurviveOneBitAsOutlines() async throws {
        let engine = RenderEngineTests.engine
        var request = RenderRequest(kind: "", family: .systemSmall, askedAt: Fixtures.now)
        request.device = try DeviceProfile.named("iphone-393x852")
        let view = Text("🌞🌧️🍋").font(.system(size: 40))
        let outlined = try #require(try await engine.render(view, in: request, as: GreyPNGEncoder(bitDepth: 1)).image)
        let thresholded = try #require(try await engine.render(view, in: request, as: ThresholdedColour()).image)
        let withOutlines = try Self.blackPixels(outlined.data)
        let withColour = try Self.blackPixels(thresholded.data)
        // Thresholded, the yellow sun, the grey cloud and the lemon fall on the paper's side
        // (a smile is left); from Symbola their outlines are drawn in the text's black.
        #expect(withOutlines > 1_500 && withOutlines > 3 * withColour, "\(withOutlines) against \(withColour)")
        #expect(RenderEngine.drawsFewGreys(GreyPNGEncoder(bitDepth: 2)))
        #expect(!RenderEngine.drawsFewGreys(GreyPNGEncoder(bitDepth: 4)))
        #expect(RenderEngine.drawsFewGreys(BMPEncoder(bitsPerPixel: 1)))
        #expect(!RenderEngine.drawsFewGreys(PNGImageEncoder()))
    }
}
