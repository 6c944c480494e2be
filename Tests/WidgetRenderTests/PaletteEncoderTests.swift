import Foundation
import Testing
import WidgetCore
import WidgetLayout
import WidgetRender

/// Colour e-ink (#33): every pixel one of the panel's nominal inks, read back by Pillow.
@Suite("Colour e-ink palettes")
struct PaletteEncoderTests {
    static let inks = (try? DeviceProfile.named("spectra6-7in3").panel?.palette) ?? []

    /// Pillow's count of each colour in the image, as `RRGGBB: n`, and its mode and size.
    static func colours(_ data: Data) throws -> (mode: String, size: [Int], counts: [String: Int]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("image")
        try data.write(to: file)
        let script = """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            print(im.format, im.mode, im.size[0], im.size[1])
            for n, c in im.convert('RGB').getcolors(1 << 24):
                print('%02X%02X%02X %d' % (c[0], c[1], c[2], n))
            """
        let result = try EInkEncoderTests.run("/usr/bin/python3", ["-c", script, file.path])
        #expect(result.status == 0, "Pillow: \(result.output)")
        let lines = result.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let head = try #require(lines.first)
        var counts: [String: Int] = [:]
        for line in lines.dropFirst() where line.count == 2 { counts[line[0]] = Int(line[1]) }
        return ("\(head[0]) \(head[1])", head.dropFirst(2).compactMap { Int($0) }, counts)
    }

    static func hex(_ colour: Color.RGBA) -> String {
        String(
            format: "%02X%02X%02X", Int((colour.red * 255).rounded()), Int((colour.green * 255).rounded()),
            Int((colour.blue * 255).rounded()))
    }

    @Test(arguments: Greyscale.Dither.allCases)
    func everyPixelIsOneOfTheSixInksNominalColours(_ dither: Greyscale.Dither) async throws {
        #expect(Self.inks.count == 6)
        var request = RenderEngineTests.request("price", .systemMedium)
        request.device = try DeviceProfile.named("iphone-393x852")
        let widget = try await RenderEngineTests.engine.render(
            request, as: PaletteEncoder(inks: Self.inks, dither: dither))
        let image = try #require(widget.image)
        let read = try Self.colours(image.data)
        #expect(read.mode == "PNG RGB")
        #expect(read.size == [1014, 474])
        let nominal = Set(Self.inks.map { Self.hex($0.nominal) })
        #expect(Set(read.counts.keys).isSubset(of: nominal), "colours outside the inks: \(read.counts.keys)")
        // Black text on white paper, and the chart's red (the price fell) in its own ink.
        #expect((read.counts["FFFFFF"] ?? 0) > read.counts.values.reduce(0, +) / 2)
        #expect((read.counts["000000"] ?? 0) > 1_000)
        #expect((read.counts["FF0000"] ?? 0) > 200, "\(read.counts)")
        if dither == .none {
            // Text's grey edges go to black or white, never to the nearest colour (a grey's
            // nearest measured ink is blue).
            #expect((read.counts["0000FF"] ?? 0) == 0, "\(read.counts)")
        }
    }

    @Test func acepsSevenInksWithOrange() async throws {
        let inks = try #require(try DeviceProfile.named("acep7-5in65").panel?.palette)
        #expect(inks.map(\.name) == ["black", "white", "green", "blue", "red", "yellow", "orange"])
        var request = RenderEngineTests.request("price", .systemMedium)
        request.device = try DeviceProfile.named("iphone-393x852")
        let widget = try await RenderEngineTests.engine.render(
            request, as: PaletteEncoder(inks: inks, dither: .floydSteinberg))
        let read = try Self.colours(try #require(widget.image).data)
        #expect(Set(read.counts.keys).isSubset(of: Set(inks.map { Self.hex($0.nominal) })), "\(read.counts.keys)")
        #expect((read.counts["000000"] ?? 0) > 1_000 && (read.counts["FF0000"] ?? 0) > 100, "\(read.counts)")
    }

    @Test func aBMPContainerAndATurn() async throws {
        let request = RenderEngineTests.request("covid-global", .systemMedium)
        let widget = try await RenderEngineTests.engine.render(
            request, as: PaletteEncoder(inks: Self.inks, rotation: .clockwise90, container: .bmp))
        let read = try Self.colours(try #require(widget.image).data)
        #expect(read.mode == "BMP RGB")
        #expect(read.size == [510, 1092], "turned on its side")
        #expect(Set(read.counts.keys).isSubset(of: Set(Self.inks.map { Self.hex($0.nominal) })))
    }
}
