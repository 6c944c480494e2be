import Foundation
import ISALPNG
import Synchronization
import Testing
import WidgetDrawing

/// The ISA-L writer on synthetic surfaces: the same pixels as libpng's file, the same bytes from
/// both pixel paths and from a second run, the colour type the pixels allow, valid chunks.
@Suite("PNG writer (ISA-L)")
struct PNGWriterTests {
    /// Reproducible noise: the "lowbias32" integer hash of `i`, so a failure names a surface that
    /// can be made again.
    static func noise(_ i: Int) -> UInt32 {
        var x = UInt32(truncatingIfNeeded: i)
        x = (x ^ (x >> 16)) &* 0x7FEB_352D
        x = (x ^ (x >> 15)) &* 0x846C_A68B
        return x ^ (x >> 16)
    }

    /// A named surface to encode.
    struct Sample: CustomTestStringConvertible, Sendable {
        var name: String
        var width: Int
        var height: Int
        /// Premultiplied ARGB32 at (x, y).
        var pixel: @Sendable (Int, Int) -> UInt32

        var testDescription: String { "\(name) \(width)×\(height)" }

        func surface() throws -> CairoSurface {
            let surface = try CairoSurface(width: width, height: height)
            surface.withMutablePixels { data, stride in
                for y in 0..<height {
                    for x in 0..<width {
                        UnsafeMutableRawPointer(data + y * stride).storeBytes(
                            of: pixel(x, y), toByteOffset: x * 4, as: UInt32.self)
                    }
                }
            }
            return surface
        }
    }

    /// Every alpha (row) against every colour value (column), premultiplied edge values included;
    /// right of the diagonal the colour exceeds alpha, which Cairo never draws but must still match.
    static var everyAlphaAndColour: Sample {
        Sample(name: "every alpha and colour", width: 256, height: 256) { x, y in
            let a = UInt32(y)
            let c = UInt32(x)
            return c <= a ? a << 24 | c << 16 | (c / 2) << 8 | (a - c) : a << 24 | c << 16 | c << 8 | c
        }
    }

    static var samples: [Sample] {
        var samples = [
            Sample(name: "fully transparent", width: 37, height: 5) { _, _ in 0 },
            Sample(name: "one pixel", width: 1, height: 1) { _, _ in 0x8040_2010 },
            Sample(name: "one opaque pixel", width: 1, height: 1) { _, _ in 0xFF10_2030 },
            Sample(name: "opaque colour", width: 40, height: 30) { x, y in
                0xFF00_0000 | UInt32(x * 6) << 16 | UInt32(y * 8)
            },
            Sample(name: "opaque grey", width: 33, height: 9) { x, _ in 0xFF00_0000 | UInt32(x * 0x0001_0101) },
            Sample(name: "grey with alpha", width: 29, height: 7) { x, y in
                let a = UInt32(255 - y * 30)
                let c = UInt32(x) * a / 28
                return a << 24 | c << 16 | c << 8 | c
            },
            Sample(name: "colour with a transparent corner", width: 19, height: 11) { x, y in
                x + y < 4 ? 0 : 0xFF33_6699
            },
            everyAlphaAndColour,
        ]
        // Widths around the eight-pixel vector: every tail length, and wider than one vector.
        for width in [2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 33, 1093] {
            samples.append(
                Sample(name: "random, width \(width)", width: width, height: 3) { x, y in
                    let value = noise(width * 7919 + y * 104_729 + x)
                    // Mostly valid premultiplied pixels, some opaque, some transparent, a few invalid.
                    switch value % 8 {
                    case 0: return 0
                    case 1, 2: return value | 0xFF00_0000
                    case 3: return value
                    default:
                        let a = value >> 24
                        return a << 24 | (value >> 16 & 0xFF) * a / 255 << 16 | (value >> 8 & 0xFF) * a / 255 << 8
                            | (value & 0xFF) * a / 255
                    }
                })
        }
        return samples
    }

    static var vectorAvailable: Bool { WidgetPNGWriter.vectorPathName != nil }

    static func sample(_ name: String) throws -> Sample {
        try #require(samples.first { $0.name == name }, "no sample named \(name)")
    }

    static func decoded(_ png: Data) throws -> CairoSurface { try PNGImage.read(data: png) }

    static func samePixels(_ a: CairoSurface, _ b: CairoSurface) -> Bool {
        PixelComparison.exact.matches(PixelComparison.exact.difference(a, b))
    }

    @Test(arguments: samples)
    func decodesToTheSamePixelsAsTheLibpngWriter(_ sample: Sample) throws {
        let surface = try sample.surface()
        let isal = try WidgetPNGWriter().encode(surface)
        let libpng = try PNGEncoder.libpngFast.encode(surface)
        #expect(Self.samePixels(try Self.decoded(isal), try Self.decoded(libpng)))
    }

    @Test(.enabled(if: vectorAvailable, "this CPU has no vector path"), arguments: samples)
    func scalarAndVectorPathsWriteTheSameBytes(_ sample: Sample) throws {
        let surface = try sample.surface()
        let scalar = try WidgetPNGWriter(pixelPath: .scalar).encode(surface)
        let vector = try WidgetPNGWriter(pixelPath: .vector).encode(surface)
        #expect(scalar == vector)
    }

    @Test(arguments: samples)
    func theSameSurfaceTwiceGivesTheSameBytes(_ sample: Sample) throws {
        let surface = try sample.surface()
        #expect(try WidgetPNGWriter().encode(surface) == WidgetPNGWriter().encode(surface))
    }

    @Test func anotherImageInBetweenChangesNothing() throws {
        // The writer keeps its work memory per thread; what one image leaves there must not reach the next.
        let first = try Self.sample("every alpha and colour").surface()
        let before = try WidgetPNGWriter().encode(first)
        for name in ["opaque grey", "random, width 1093", "fully transparent"] {
            _ = try WidgetPNGWriter().encode(try Self.sample(name).surface())
            #expect(try WidgetPNGWriter().encode(first) == before, "after \(name)")
        }
    }

    /// CRC-32C of a 32-bit value from 0, no final inversion: what x86's `crc32` instruction gives.
    static func crc32c(_ value: UInt32) -> UInt32 {
        var crc: UInt32 = 0
        for bit in 0..<32 {
            let low = (crc ^ (value >> UInt32(bit))) & 1
            crc = (crc >> 1) ^ (low == 1 ? 0x82F6_3B78 : 0)
        }
        return crc
    }

    @Test func everyThreadWritesTheSameBytes() throws {
        // libisal 2.30's level 1 files one input position under a hash of its stream state's address
        // (bits 16-47), so each thread keeps that state where the hash is 0: a thread of its own
        // then writes the same bytes as this one. Eight fresh threads, each placing its own state.
        let samples = try ["every alpha and colour", "random, width 1093", "fully transparent", "opaque grey"]
            .map { try Self.sample($0) }
        let expected = try samples.map { try WidgetPNGWriter().encode($0.surface()) }
        struct Result: Sendable {
            var files: [Data] = []
            var address: UInt = 0
            var error: String?
        }
        let results = Mutex([Result](repeating: Result(), count: 8))
        // Every thread stays until all have encoded, so the eight states exist at once.
        // Both groups are entered for all eight before any thread starts: entered one by one, a
        // thread that finished before the next was entered found the group empty, went on and
        // ended, and the next thread could place its state where the ended one's had been (a
        // busy machine, seen once in the whole suite).
        let encoded = DispatchGroup()
        let done = DispatchGroup()
        for _ in 0..<8 {
            encoded.enter()
            done.enter()
        }
        for index in 0..<8 {
            Thread.detachNewThread {
                var result = Result()
                do {
                    result.files = try samples.map { try WidgetPNGWriter().encode($0.surface()) }
                } catch {
                    result.error = "\(error)"
                }
                result.address = UInt(wr_isal_stream_address())
                results.withLock { $0[index] = result }
                encoded.leave()
                encoded.wait()
                done.leave()
            }
        }
        done.wait()
        let all = results.withLock { $0 }
        #expect(Set(all.map(\.address)).count == 8, "each thread places its own state")
        for (index, result) in all.enumerated() {
            #expect(result.error == nil, "thread \(index): \(result.error ?? "")")
            #expect(result.address != 0, "thread \(index) could not place its stream state")
            #expect(
                Self.crc32c(UInt32(truncatingIfNeeded: result.address >> 16)) & 0xFFFF == 0,
                "thread \(index): state at 0x\(String(result.address, radix: 16))")
            #expect(result.files == expected, "thread \(index): other bytes than this thread's")
        }
    }

    @Test func theColourTypeIsTheSmallestThatHoldsThePixels() throws {
        let cases: [(String, Int)] = [
            ("opaque colour", 2), ("opaque grey", 0), ("grey with alpha", 4), ("fully transparent", 4),
            ("colour with a transparent corner", 6), ("every alpha and colour", 6), ("one opaque pixel", 2),
        ]
        for (name, colorType) in cases {
            let sample = try Self.sample(name)
            let png = try WidgetPNGWriter().encode(try sample.surface())
            #expect(try PNGEncoderTests.header(png).colorType == colorType, "\(name)")
        }
    }

    @Test func chunksAreWhereThePNGSpecificationPutsThem() throws {
        let png = [UInt8](try WidgetPNGWriter().encode(try Self.sample("opaque colour").surface()))
        func be32(_ i: Int) -> UInt32 {
            UInt32(png[i]) << 24 | UInt32(png[i + 1]) << 16 | UInt32(png[i + 2]) << 8 | UInt32(png[i + 3])
        }
        func crc(_ range: Range<Int>) -> UInt32 {
            Array(png[range]).withUnsafeBufferPointer { wr_isal_crc32($0.baseAddress, $0.count) }
        }
        // IHDR, one IDAT, IEND, each with its CRC over type and data.
        #expect(be32(8) == 13 && String(decoding: png[12..<16], as: UTF8.self) == "IHDR")
        #expect(be32(29) == crc(12..<29))
        let idatLength = Int(be32(33))
        #expect(String(decoding: png[37..<41], as: UTF8.self) == "IDAT")
        #expect(be32(41 + idatLength) == crc(37..<(41 + idatLength)))
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        #expect(png.count == 41 + idatLength + 4 + 12)
        // zlib header: deflate, 32 KiB window, check bits right.
        #expect(png[41] == 0x78 && (UInt16(png[41]) << 8 | UInt16(png[42])) % 31 == 0)
    }

    @Test func aPhotographsRowsAreFilteredUpAndDrawnRowsNone() throws {
        // Rows 0–19 drawn (flat colour with a few edges), rows 20–39 a photograph (every pixel
        // differs from its neighbour), rows 40–49 drawn again, with a transparent corner (RGBA).
        let sample = Sample(name: "drawing over a photograph", width: 120, height: 50) { x, y in
            if x + y < 3 { return 0 }
            if (20..<40).contains(y) { return Self.noise(y * 120 + x) | 0xFF00_0000 }
            return x < 60 ? 0xFFFF_FFFF : 0xFF20_4060
        }
        let surface = try sample.surface()
        for path: WidgetPNGWriter.PixelPath in Self.vectorAvailable ? [.scalar, .vector] : [.scalar] {
            let png = [UInt8](try WidgetPNGWriter(pixelPath: path).encode(surface))
            var filters = [UInt8](repeating: 9, count: 50)
            #expect(wr_isal_png_row_filters(png, png.count, &filters, 50) == 50)
            #expect(filters[0..<20].allSatisfy { $0 == 0 } && filters[40..<50].allSatisfy { $0 == 0 }, "\(filters)")
            #expect(filters[20..<40].allSatisfy { $0 == 2 }, "\(filters)")
            #expect(Self.samePixels(try Self.decoded(Data(png)), surface))
        }
    }

    @Test func theCRCIsTheOnePNGUses() {
        let check = Array("123456789".utf8).withUnsafeBufferPointer { wr_isal_crc32($0.baseAddress, $0.count) }
        #expect(check == 0xCBF4_3926)
    }

    @Test func incompressibleNoiseStillRoundTrips() throws {
        // Compresses to more than the writer first reserves, so its buffer must grow.
        let sample = Sample(name: "noise", width: 301, height: 203) { x, y in
            Self.noise(y * 301 + x) | 0xFF00_0000
        }
        let surface = try sample.surface()
        let png = try WidgetPNGWriter().encode(surface)
        #expect(png.count > 301 * 203 * 3 / 8)
        #expect(Self.samePixels(try Self.decoded(png), surface))
    }

    @Test func rowsAreReadAtTheGivenStrideNotTheWidth() throws {
        // Cairo pads no ARGB32 row, so call the C writer with a stride of our own: 3 pixels of padding
        // per row, filled with noise that must not reach the file.
        let width = 13
        let height = 6
        let stride = width * 4 + 12
        var padded = [UInt8](repeating: 0xA5, count: stride * height)
        var tight = [UInt8](repeating: 0, count: width * 4 * height)
        for y in 0..<height {
            for x in 0..<width {
                let value = UInt32(0x8000_0000) | UInt32(x * 9) << 16 | UInt32(y * 20) << 8 | 0x11
                withUnsafeBytes(of: value) { bytes in
                    padded.replaceSubrange((y * stride + x * 4)..<(y * stride + x * 4 + 4), with: bytes)
                    tight.replaceSubrange((y * width * 4 + x * 4)..<(y * width * 4 + x * 4 + 4), with: bytes)
                }
            }
        }
        func encode(_ pixels: [UInt8], stride: Int32) throws -> Data {
            var png = wr_isal_png(data: nil, length: 0, color_type: 0, pixels_crc64: 0, has_pixels_crc64: 0)
            var message = [CChar](repeating: 0, count: 256)
            let status = wr_isal_png_encode_argb32(
                pixels, Int32(width), Int32(height), stride, WR_ISAL_PIXEL_PATH_AUTOMATIC, &png, &message,
                message.count)
            try #require(status == 0)
            let data = Data(bytes: try #require(png.data), count: png.length)
            free(png.data)
            return data
        }
        #expect(try encode(padded, stride: Int32(stride)) == encode(tight, stride: Int32(width * 4)))
    }

    @Test func aStrideShorterThanARowIsRefusedWithItsNumbers() {
        var png = wr_isal_png(data: nil, length: 0, color_type: 0, pixels_crc64: 0, has_pixels_crc64: 0)
        var message = [CChar](repeating: 0, count: 256)
        let pixels = [UInt8](repeating: 0, count: 64)
        let status = wr_isal_png_encode_argb32(
            pixels, 4, 4, 12, WR_ISAL_PIXEL_PATH_SCALAR, &png, &message, message.count)
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(status != 0)
        #expect(png.data == nil)
        #expect(text == "invalid image: 4×4 px, stride 12 bytes")
    }

    @Test func theSettingsReportWhatRuns() {
        #expect(WidgetPNGWriter.isalVersion.split(separator: ".").count == 3)
        #expect(PNGEncoder.fast.writer == .isal)
        #expect(PNGEncoder.small.writer == .libpng && PNGEncoder.libpngFast.writer == .libpng)
    }
}
