import Foundation
import ISALPNG
import Synchronization
import Testing
import WidgetDrawing

/// Large images, which the ISA-L writer compresses in two pieces (the second on a helper thread
/// when a core is idle) and joins into one zlib stream: the same pixels, the same bytes whoever
/// compressed a piece, checksums that hold across the join.
// Serialized: several tests set the process's helper limit, and would undo each other's.
@Suite("PNG writer (ISA-L): images in pieces", .serialized)
struct PNGWriterPiecesTests {
    static let width = 700
    static let height = 300

    /// A drawn widget (flat colours, an edge, transparent corners: RGBA) with a photograph across
    /// the rows where the pieces meet, so the second piece's first row is filtered Up from a row
    /// of the first piece.
    static var drawingOverAPhotograph: PNGWriterTests.Sample {
        PNGWriterTests.Sample(name: "drawing over a photograph, in pieces", width: width, height: height) { x, y in
            if x + y < 6 || x > width - 6 + y { return 0 }
            if (130..<170).contains(y) { return PNGWriterTests.noise(y * width + x) | 0xFF00_0000 }
            return x < 350 ? 0xFFFF_FFFF : 0xFF20_4060
        }
    }

    /// Opaque noise: compresses to almost its own size, in each piece.
    static var noise: PNGWriterTests.Sample {
        PNGWriterTests.Sample(name: "opaque noise, in pieces", width: 620, height: 440) { x, y in
            PNGWriterTests.noise(y * 620 + x + 17) | 0xFF00_0000
        }
    }

    static var samples: [PNGWriterTests.Sample] { [drawingOverAPhotograph, noise] }

    /// Encodes with at most `limit` helper threads, putting the process's limit back after.
    static func encode(_ surface: CairoSurface, helpers limit: Int) throws -> Data {
        let before = WidgetPNGWriter.helperThreadLimit
        WidgetPNGWriter.helperThreadLimit = limit
        defer { WidgetPNGWriter.helperThreadLimit = before }
        return try WidgetPNGWriter().encode(surface)
    }

    @Test(arguments: samples)
    func theyAreWrittenInTwoPiecesAndDecodeToTheirPixels(_ sample: PNGWriterTests.Sample) throws {
        let surface = try sample.surface()
        let png = try WidgetPNGWriter().encode(surface)
        let colorType = try PNGEncoderTests.header(png).colorType
        #expect(wr_isal_piece_count(Int32(sample.width), Int32(sample.height), Int32(colorType)) == 2)
        #expect(PNGWriterTests.samePixels(try PNGWriterTests.decoded(png), surface))
        let libpng = try PNGEncoder.libpngFast.encode(surface)
        #expect(PNGWriterTests.samePixels(try PNGWriterTests.decoded(png), try PNGWriterTests.decoded(libpng)))
    }

    @Test(arguments: samples)
    func theBytesDoNotDependOnHowManyThreadsHelped(_ sample: PNGWriterTests.Sample) throws {
        let surface = try sample.surface()
        let alone = try Self.encode(surface, helpers: 0)
        for limit in [1, 3, 7] {
            #expect(try Self.encode(surface, helpers: limit) == alone, "\(limit) helpers")
        }
        if PNGWriterTests.vectorAvailable {
            #expect(try WidgetPNGWriter(pixelPath: .scalar).encode(surface) == alone)
        }
        // Until a helper has compressed a piece of this image (it wakes later than the caller
        // starts, and on a busy machine the caller often does both pieces), then once more.
        let before = wr_isal_pieces_by_helpers()
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(20)
        var helped = false
        while !helped, clock.now < deadline {
            #expect(try Self.encode(surface, helpers: 1) == alone)
            helped = wr_isal_pieces_by_helpers() > before
        }
        #expect(helped, "no helper thread took a piece in 20 s")
    }

    @Test func aPhotographAcrossTheJoinIsFilteredUpInBothPieces() throws {
        let surface = try Self.drawingOverAPhotograph.surface()
        let png = [UInt8](try WidgetPNGWriter().encode(surface))
        var filters = [UInt8](repeating: 9, count: Self.height)
        #expect(wr_isal_png_row_filters(png, png.count, &filters, Int32(Self.height)) == Int32(Self.height))
        // The pieces meet at row 150; row 150's Up filter reads row 149, from the other piece.
        #expect(filters[130..<170].allSatisfy { $0 == 2 }, "\(filters[125..<175])")
        #expect(filters[0..<130].allSatisfy { $0 == 0 } && filters[170...].allSatisfy { $0 == 0 })
    }

    @Test func theJoinedChecksumsAreTheWholeImages() throws {
        let surface = try Self.drawingOverAPhotograph.surface()
        // The pixels' CRC-64, joined from the pieces', against one pass over the whole image.
        let (png, pixels) = try WidgetPNGWriter().encodeWithFingerprint(surface)
        #expect(pixels == (try WidgetPNGWriter.pixelsCRC64(surface)))
        // The zlib stream's Adler-32 (its last four bytes before the IDAT CRC): ISA-L's inflate
        // checks it, and refuses the file once it is changed (with the chunk's CRC made right).
        var bytes = [UInt8](png)
        var filters = [UInt8](repeating: 0, count: Self.height)
        #expect(wr_isal_png_row_filters(bytes, bytes.count, &filters, Int32(Self.height)) == Int32(Self.height))
        let idatLength = Int(bytes[33]) << 24 | Int(bytes[34]) << 16 | Int(bytes[35]) << 8 | Int(bytes[36])
        let adlerEnd = 41 + idatLength
        bytes[adlerEnd - 1] ^= 0x01
        let crc = Array(bytes[37..<adlerEnd]).withUnsafeBufferPointer { wr_isal_crc32($0.baseAddress, $0.count) }
        for (offset, shift) in [(0, 24), (1, 16), (2, 8), (3, 0)] {
            bytes[adlerEnd + offset] = UInt8(truncatingIfNeeded: crc >> UInt32(shift))
        }
        #expect(wr_isal_png_row_filters(bytes, bytes.count, &filters, Int32(Self.height)) == -1)
    }

    @Test func encodesOnManyThreadsAtOnceGiveTheSameBytes() throws {
        // Eight threads encode at once: one of them at a time can offer its second piece to the
        // helpers, the others compress theirs themselves; every file is the same.
        let expected = try Self.encode(try Self.drawingOverAPhotograph.surface(), helpers: 0)
        let files = Mutex([Data?](repeating: nil, count: 8))
        let done = DispatchGroup()
        for index in 0..<8 {
            done.enter()
            Thread.detachNewThread {
                // A surface of its own: Cairo's surfaces are not shared between threads.
                let own = try? Self.drawingOverAPhotograph.surface()
                let file = try? (0..<3).map { _ in try WidgetPNGWriter().encode(#require(own)) }
                files.withLock { $0[index] = file?.allSatisfy { $0 == file?.first } == true ? file?.first : nil }
                done.leave()
            }
        }
        done.wait()
        for (index, file) in files.withLock({ $0 }).enumerated() {
            #expect(file == expected, "thread \(index)")
        }
    }
}
