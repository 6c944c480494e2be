import Foundation
import Testing
import WidgetCore
import WidgetLayout
import WidgetDrawing

/// What libpng wrote: signature, IHDR size and colour type, and a lossless round trip.
@Suite("PNG encoding")
struct PNGEncoderTests {
    struct Header: Equatable {
        var width: Int
        var height: Int
        var bitDepth: Int
        var colorType: Int
    }

    /// Reads the IHDR chunk that must follow the 8-byte signature.
    static func header(_ png: Data) throws -> Header {
        let bytes = [UInt8](png)
        try #require(bytes.count > 33)
        #expect(Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR")
        func be32(_ i: Int) -> Int {
            Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
        }
        return Header(width: be32(16), height: be32(20), bitDepth: Int(bytes[24]), colorType: Int(bytes[25]))
    }

    @Test(arguments: [
        (WidgetFamily.systemSmall, "iphone-430x932", 3, 510, 510),
        (.systemMedium, "iphone-430x932", 3, 1092, 510),
        (.systemLarge, "iphone-375x667", 2, 642, 648),
        (.systemMedium, "iphone-393x852", 3, 1014, 474),
    ])
    func pngSizeInPixelsIsPointsTimesScale(family: WidgetFamily, device: String, scale: Int, width: Int, height: Int)
        async throws
    {
        let metrics = try WidgetMetrics(family: family, device: try DeviceProfile.named(device))
        #expect(metrics.scale == scale)
        let png = try Fixtures.withSession { session in
            try session.encoder.encode(
                try session.renderer.render(
                    Text("42").node, metrics: metrics, context: ViewContext(family: family, displaySize: metrics.size)
                ).surface)
        }
        let header = try Self.header(png)
        // The colour type follows the pixels (this black-on-white one is grey + alpha); see PNGWriterTests.
        #expect(header.width == width && header.height == height && header.bitDepth == 8)
    }

    @Test func opaqueImagesDropTheAlphaChannel() throws {
        let surface = try CairoSurface(width: 40, height: 30)
        surface.withMutablePixels { data, stride in
            for y in 0..<30 {
                for x in 0..<40 {
                    UnsafeMutableRawPointer(data + y * stride).storeBytes(
                        of: UInt32(0xFF10_2030), toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
        let png = try PNGEncoder.fast.encode(surface)
        #expect(try Self.header(png).colorType == 2)
        let decoded = try PNGImage.read(data: png)
        #expect(decoded.pixel(x: 7, y: 9) == (0x10, 0x20, 0x30, 255))
    }

    @Test func roundedCornersAreTransparentAndTheRoundTripIsLossless() async throws {
        let png = try await Fixtures.renderPNG(kind: "covid-country")
        let decoded = try PNGImage.read(data: png)
        #expect(decoded.pixel(x: 0, y: 0).alpha == 0)
        #expect(decoded.pixel(x: decoded.width / 2, y: decoded.height / 2).alpha == 255)
        // Re-encoding the decoded pixels gives back the same pixels.
        let again = try PNGImage.read(data: try PNGEncoder.small.encode(decoded))
        #expect(PixelComparison.exact.matches(PixelComparison.exact.difference(decoded, again)))
    }

    @Test func bothStrategiesDecodeToTheSamePixels() async throws {
        let png = try await Fixtures.renderPNG(kind: "price")
        let surface = try PNGImage.read(data: png)
        let small = try PNGEncoder.small.encode(surface)
        #expect(small.count < png.count)
        #expect(
            PixelComparison.exact.matches(PixelComparison.exact.difference(surface, try PNGImage.read(data: small))))
    }

    @Test func readingAFileThatIsNotAPNGNamesTheFile() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("bg.png")
        try Data("not a png".utf8).write(to: url)
        #expect(throws: RenderError.self) { try PNGImage.read(path: url.path) }
        do {
            _ = try PNGImage.read(path: url.path)
        } catch {
            #expect(error.description.contains(url.path))
        }
    }

    /// A PNG's header is read before anything decodes: a file that claims 20000×20000 pixels is
    /// refused with its size, by path and from memory, without allocating 1.6 GB.
    @Test func anImageOverTheSizeLimitIsRefusedByItsHeader() throws {
        let png = try PNGEncoder.small.encode(try CairoSurface(width: 4, height: 3))
        var huge = png
        // IHDR's width and height (bytes 16…23); the CRC no longer matches, which libpng would
        // report — but the header check answers first.
        huge.replaceSubrange(16..<24, with: [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20])
        let error = #expect(throws: RenderError.self) { try PNGImage.read(data: huge, name: "bg.png") }
        #expect(error?.description.contains("20000×20000 pixels is larger than the 8192×8192 limit") == true)
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("bg.png")
        try huge.write(to: url)
        let byPath = #expect(throws: RenderError.self) { try PNGImage.read(path: url.path) }
        #expect(byPath?.description.contains("larger than the 8192×8192 limit") == true)
        #expect(PNGImage.problem(header: png) == nil)
        #expect(PNGImage.problem(header: png, maximumSide: 3) != nil)
    }

    /// Bytes decoded in memory: every prefix of a valid PNG is refused with a reason (never a
    /// crash), and the whole file decodes.
    @Test func truncatedPNGDataIsRefusedAtEveryLength() throws {
        let surface = try CairoSurface(width: 7, height: 5)
        let png = try PNGEncoder.small.encode(surface)
        #expect(try PNGImage.read(data: png).width == 7)
        for length in 0..<png.count {
            let error = #expect(throws: RenderError.self) { try PNGImage.read(data: png.prefix(length)) }
            guard case .image(let name, let reason) = error else { continue }
            #expect(name == "PNG data")
            #expect(reason.hasPrefix("not a valid PNG"), "\(length) bytes: \(reason)")
        }
    }
}
