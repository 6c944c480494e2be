import Foundation
import Testing
import WidgetRender
import WidgetDrawing
import ChartWidgets

/// The manifest's `pixelsCRC64`: CRC-64/XZ of the decoded pixels as straight 8-bit RGBA, computed
/// here independently (bit by bit, from the PNG's definition of straight alpha) and compared.
@Suite("Pixel fingerprint")
struct PixelFingerprintTests {
    /// CRC-64/XZ, bit by bit: reflected ECMA-182 polynomial, all-ones start and final XOR.
    static func crc64XZ(_ bytes: [UInt8]) -> UInt64 {
        var crc: UInt64 = ~0
        for byte in bytes {
            crc ^= UInt64(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xC96C_5795_D787_0F42 : crc >> 1 }
        }
        return ~crc
    }

    @Test func theReferenceCRCGivesTheCatalogueCheckValue() {
        #expect(Self.crc64XZ(Array("123456789".utf8)) == 0x995D_C9BB_DF19_39FA)
    }

    /// A surface with every alpha, opaque and translucent colours, in 37 × 23 pixels.
    static func surface() throws -> CairoSurface {
        let surface = try CairoSurface(width: 37, height: 23)
        surface.withMutablePixels { data, stride in
            for y in 0..<23 {
                for x in 0..<37 {
                    let a = UInt32((x * 7 + y * 11) % 256)
                    func premultiplied(_ c: Int) -> UInt32 { UInt32(c) * a / 255 }
                    let pixel = a << 24 | premultiplied(x * 6) << 16 | premultiplied(y * 10) << 8 | premultiplied(200)
                    withUnsafeBytes(of: pixel) { bytes in
                        for i in 0..<4 { data[y * stride + x * 4 + i] = bytes[i] }
                    }
                }
            }
        }
        return surface
    }

    /// The straight RGBA a PNG decoder gets from what the writers store.
    static func straightRGBA(_ surface: CairoSurface) -> [UInt8] {
        var rgba: [UInt8] = []
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                // From the premultiplied bytes, by the rounding PNG writers use.
                let raw =
                    surface.withPixels { data, stride in
                        (0..<4).map { data[y * stride + x * 4 + $0] }
                    } ?? []
                let value = UInt32(raw[0]) | UInt32(raw[1]) << 8 | UInt32(raw[2]) << 16 | UInt32(raw[3]) << 24
                let a = value >> 24
                func straight(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8((c * 255 + a / 2) / a) }
                rgba += [straight(value >> 16 & 0xFF), straight(value >> 8 & 0xFF), straight(value & 0xFF), UInt8(a)]
            }
        }
        return rgba
    }

    @Test func theFingerprintIsTheCRCOfTheStraightPixels() throws {
        let surface = try Self.surface()
        let expected = String(Self.crc64XZ(Self.straightRGBA(surface)), radix: 16)
        #expect(
            try WidgetPNGWriter.pixelsCRC64(surface) == String(repeating: "0", count: 16 - expected.count) + expected)
    }

    /// The writer fingerprints every file from the rows it writes (RGB and grey rows widened to
    /// RGBA, an image of two pieces from both): the reference CRC, for the scalar and the vector path.
    @Test(arguments: [WidgetPNGWriter.PixelPath.scalar, .automatic])
    func theWriterGivesTheSameFingerprintWhileEncoding(_ path: WidgetPNGWriter.PixelPath) throws {
        let translucent = try Self.surface()
        let opaque = try CairoSurface(width: 19, height: 7)
        opaque.withMutablePixels { data, stride in
            for y in 0..<7 {
                for x in 0..<19 {
                    for (i, byte) in [UInt8(x * 13), UInt8(y * 30), 90, 255].enumerated() {
                        data[y * stride + x * 4 + i] = byte
                    }
                }
            }
        }
        // Over 768 KB of scanlines: written in two pieces, their fingerprints combined.
        let large = try CairoSurface(width: 700, height: 400)
        large.withMutablePixels { data, stride in
            for y in 0..<400 {
                for x in 0..<700 {
                    for (i, byte) in [UInt8(x % 251), UInt8(y % 241), UInt8((x + y) % 7), 255].enumerated() {
                        data[y * stride + x * 4 + i] = byte
                    }
                }
            }
        }
        let largeGrey = try CairoSurface(width: 1200, height: 700)
        largeGrey.withMutablePixels { data, stride in
            for y in 0..<700 {
                for x in 0..<1200 {
                    let v = UInt8((x * 7 + y) % 256)
                    for (i, byte) in [v, v, v, 255].enumerated() { data[y * stride + x * 4 + i] = byte }
                }
            }
        }
        let samples = try ["opaque grey", "grey with alpha", "fully transparent"].map {
            try PNGWriterTests.sample($0).surface()
        }
        for surface in [translucent, opaque, large, largeGrey] + samples {
            let (png, pixels) = try WidgetPNGWriter(pixelPath: path).encodeWithFingerprint(surface)
            let expected = String(Self.crc64XZ(Self.straightRGBA(surface)), radix: 16)
            #expect(pixels == String(repeating: "0", count: 16 - expected.count) + expected)
            #expect(png == (try WidgetPNGWriter(pixelPath: path).encode(surface)))
        }
    }

    @Test func theManifestRecordsItForEveryPNG() async throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var request = Fixtures.request(kind: "price", out: out)
        request.families = [.systemSmall]
        let result = try await FolderRenderer(engine: try RenderEngine(bundle: BuiltInWidgets())).run(request)
        #expect(!result.manifest.images.isEmpty)
        for image in result.manifest.images {
            let png = try Data(contentsOf: out.appendingPathComponent(image.file))
            let surface = try PNGImage.read(data: png)
            // Opaque widgets: what Cairo reads back is exactly what was written.
            #expect(image.pixelsCRC64 == (try WidgetPNGWriter.pixelsCRC64(surface)))
        }
    }
}
