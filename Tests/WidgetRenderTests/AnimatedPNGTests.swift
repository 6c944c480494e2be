import Foundation
import Testing
import WidgetDrawing
import WidgetRender

/// The APNG assembler (#33): frames from our PNG encoders joined into one animated PNG that
/// Pillow plays back with its frame count, delays and pixels, and pngcheck accepts; bad input
/// is a thrown error naming the frame, never a trap.
@Suite("Animated PNG")
struct AnimatedPNGTests {
    /// A `width`×`height` surface of `background`, with `rectangle` (x, y, width, height) in `colour`.
    static func surface(
        width: Int = 60, height: Int = 40, background: UInt32 = 0xFFFF_FFFF,
        rectangle: (x: Int, y: Int, width: Int, height: Int)? = nil, colour: UInt32 = 0xFF00_00FF
    ) throws -> CairoSurface {
        let surface = try CairoSurface(width: width, height: height)
        surface.withMutablePixels { data, stride in
            for y in 0..<height {
                for x in 0..<width {
                    var pixel = background
                    if let r = rectangle, (r.x..<(r.x + r.width)).contains(x), (r.y..<(r.y + r.height)).contains(y) {
                        pixel = colour
                    }
                    UnsafeMutableRawPointer(data + y * stride).storeBytes(
                        of: pixel, toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
        return surface
    }

    static func image(_ surface: CairoSurface) -> RenderedImage {
        RenderedImage(surface: surface, scale: 1, displayList: DisplayList())
    }

    static func png(_ surface: CairoSurface, _ encoder: any ImageEncoder = PNGImageEncoder()) throws -> Data {
        try encoder.encode(image(surface))
    }

    /// Writes `data` to a temporary file with `name`.
    static func write(_ data: Data, _ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("apng-\(UUID().uuidString)-\(name)")
        try data.write(to: url)
        return url
    }

    /// Python for Pillow: `box(a, b)`, the bounding box of the pixels that differ between two
    /// images in any band (Debian's Pillow 9 reads only the alpha of an RGBA difference).
    static var pillowBox: String {
        """
        from PIL import ImageChops
        def box(a, b):
            bands = ImageChops.difference(a.convert('RGBA'), b.convert('RGBA')).split()
            boxes = [found for found in (band.getbbox() for band in bands) if found]
            if not boxes:
                return None
            return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
        """
    }

    /// Pillow's reading of an animated PNG: `n_frames`, the loop count, each frame's duration
    /// in milliseconds, and whether each frame's RGBA pixels equal those of the PNG at the same
    /// place in `frames`.
    static func pillow(_ apng: URL, frames: [URL]) throws -> (count: Int, loop: Int, durations: [Double], same: [Bool])
    {
        let script = """
            import sys, json
            from PIL import Image
            \(pillowBox)
            im = Image.open(sys.argv[1])
            durations, same = [], []
            for k in range(im.n_frames):
                im.seek(k)
                durations.append(im.info.get('duration'))
                if k + 2 < len(sys.argv):
                    frame = Image.open(sys.argv[k + 2]).convert('RGBA')
                    same.append(box(im, frame) is None)
            print(json.dumps({'count': im.n_frames, 'loop': im.info.get('loop'), 'durations': durations, 'same': same}))
            """
        let result = try EInkEncoderTests.run("/usr/bin/python3", ["-c", script, apng.path] + frames.map(\.path))
        #expect(result.status == 0, "Pillow could not play \(apng.lastPathComponent): \(result.output)")
        struct Reading: Decodable {
            var count: Int
            var loop: Int?
            var durations: [Double]
            var same: [Bool]
        }
        let reading = try JSONDecoder().decode(Reading.self, from: Data(result.output.utf8))
        return (reading.count, reading.loop ?? -1, reading.durations, reading.same)
    }

    @Test func pillowPlaysTheFramesWithTheirDelays() throws {
        // Half-transparent black behind and some colour: RGBA, one header for the three.
        let pngs = try [
            Self.png(Self.surface(background: 0x8000_0000, rectangle: (0, 0, 1, 1))),
            Self.png(Self.surface(background: 0x8000_0000, rectangle: (10, 5, 20, 10))),
            Self.png(Self.surface(background: 0x8000_0000, rectangle: (0, 0, 60, 1), colour: 0xFF00_FF00)),
        ]
        let delays: [Duration] = [.milliseconds(1_500), .milliseconds(250), .seconds(3)]
        let apng = try AnimatedPNG.assemble(zip(pngs, delays).map { AnimatedPNG.Frame(png: $0, delay: $1) }, loops: 2)
        let url = try Self.write(apng, "three.png")
        let frames = try pngs.enumerated().map { try Self.write($1, "frame\($0).png") }
        defer { for file in [url] + frames { try? FileManager.default.removeItem(at: file) } }
        let read = try Self.pillow(url, frames: frames)
        #expect(read.count == 3)
        #expect(read.loop == 2)
        #expect(read.durations == [1_500, 250, 3_000])
        #expect(read.same == [true, true, true], "each frame's pixels are its PNG's")
        let check = try EInkEncoderTests.run("/usr/bin/pngcheck", ["-v", url.path])
        #expect(check.status == 0 && check.output.contains("No errors detected"), "\(check.output)")
        #expect(check.output.contains("acTL") && check.output.contains("fdAT"), "\(check.output)")
    }

    /// Grey frames (colour type 0 at 1 bit, turned) join as colour ones do.
    @Test func greyFramesJoin() throws {
        let encoder = GreyPNGEncoder(
            bitDepth: 1, greyscale: Greyscale(levels: 2, dither: .floydSteinberg, rotation: .clockwise90))
        let pngs = try [Self.surface(), Self.surface(rectangle: (0, 0, 30, 40), colour: 0xFF00_0000)].map {
            try Self.png($0, encoder)
        }
        let apng = try AnimatedPNG.assemble(pngs.map { AnimatedPNG.Frame(png: $0, delay: .milliseconds(100)) })
        let url = try Self.write(apng, "grey.png")
        let frames = try pngs.enumerated().map { try Self.write($1, "grey\($0).png") }
        defer { for file in [url] + frames { try? FileManager.default.removeItem(at: file) } }
        let read = try Self.pillow(url, frames: frames)
        #expect(read.count == 2 && read.loop == 0 && read.durations == [100, 100] && read.same == [true, true])
        let check = try EInkEncoderTests.run("/usr/bin/pngcheck", [url.path])
        #expect(check.status == 0 && check.output.contains("1-bit grayscale"), "\(check.output)")
    }

    /// Every malformed input is an error naming its frame; none traps.
    @Test func malformedFramesAreErrorsNamingTheFrame() throws {
        // Opaque colour: RGB.
        let good = try Self.png(Self.surface(rectangle: (1, 1, 5, 5)))
        let larger = try Self.png(Self.surface(width: 61, rectangle: (1, 1, 5, 5)))
        let grey = try Self.png(Self.surface(), GreyPNGEncoder(bitDepth: 8))
        var badCRC = good
        badCRC[good.count - 20] ^= 0xFF  // inside the last IDAT
        var longChunk = good
        longChunk.replaceSubrange(33..<37, with: [0x7F, 0xFF, 0xFF, 0xFF])  // the first chunk after IHDR
        let animated = try AnimatedPNG.assemble([AnimatedPNG.Frame(png: good, delay: .seconds(1))])
        let cases: [(Data, String)] = [
            (Data("GIF89a".utf8), "not a PNG"),
            (Data(), "not a PNG"),
            (good.prefix(40), "cut short"),
            (good.prefix(good.count - 12), "no IEND"),
            (good + Data([0, 0]), "after its IEND"),
            (badCRC, "fails its CRC"),
            (longChunk, "the file ends first"),
            (larger, "unlike frame 0's"),
            (grey, "unlike frame 0's"),
            (animated, "already animated"),
        ]
        for (bad, expected) in cases {
            let frames = [
                AnimatedPNG.Frame(png: good, delay: .seconds(1)), AnimatedPNG.Frame(png: bad, delay: .seconds(1)),
            ]
            #expect {
                try AnimatedPNG.assemble(frames)
            } throws: { error in
                guard let error = error as? WidgetRenderError else { return false }
                return error.kind == .badData && error.message.contains("frame 1") && error.message.contains(expected)
            }
        }
        #expect(throws: WidgetRenderError.self) { try AnimatedPNG.assemble([]) }
    }

    /// A timeline's PNG screens can have different colour types (grey, RGB, RGBA): they are
    /// written again as RGBA, the same pixels, so that they join.
    @Test func framesOfDifferentColourTypesAreGivenOneHeader() throws {
        let pngs = try [
            Self.png(Self.surface()),  // white: grey
            Self.png(Self.surface(rectangle: (10, 5, 20, 10))),  // opaque colour: RGB
            Self.png(Self.surface(background: 0x8000_0000)),  // half-transparent: grey and alpha
            Self.png(Self.surface(background: 0x0000_0000, rectangle: (0, 0, 3, 3))),  // RGBA
        ]
        #expect(Set(pngs.map { $0[25] }).count > 2, "colour types \(pngs.map { $0[25] })")
        #expect(throws: WidgetRenderError.self) {
            try AnimatedPNG.assemble(pngs.map { AnimatedPNG.Frame(png: $0, delay: .seconds(1)) })
        }
        let shared = try AnimatedPNG.sharingOneHeader(pngs)
        #expect(shared.allSatisfy { $0[25] == 6 })
        let apng = try AnimatedPNG.assemble(shared.map { AnimatedPNG.Frame(png: $0, delay: .milliseconds(200)) })
        let url = try Self.write(apng, "mixed.png")
        let frames = try pngs.enumerated().map { try Self.write($1, "mixed\($0).png") }
        defer { for file in [url] + frames { try? FileManager.default.removeItem(at: file) } }
        let read = try Self.pillow(url, frames: frames)
        #expect(read.count == 4 && read.same == [true, true, true, true], "\(read)")
        // Frames that share one already are left as they are.
        let same = [pngs[1], pngs[1]]
        #expect(try AnimatedPNG.sharingOneHeader(same) == same)
    }

    /// The check value of CRC-32 (ISO-HDLC, as PNG), and any split of the bytes giving the
    /// same CRC as the whole, across the eight-byte steps.
    @Test func crc32MatchesTheStandard() {
        var crc = CRC32()
        crc.update(Data("123456789".utf8))
        #expect(crc.value == 0xCBF4_3926)
        let bytes = Data((0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        var whole = CRC32()
        whole.update(bytes)
        for split in [0, 1, 7, 8, 9, 500, 999, 1_000] {
            var parts = CRC32()
            parts.update(bytes.prefix(split))
            parts.update(bytes.dropFirst(split))
            #expect(parts.value == whole.value, "split at \(split)")
        }
    }

    /// Delays as APNG's 16-bit fractions: milliseconds when they fit, coarser when not, the
    /// largest when nothing fits; nothing traps.
    @Test func delaysFitTheirSixteenBits() {
        #expect(AnimatedPNG.delayFraction(.milliseconds(1_500)) == (1_500, 1_000))
        #expect(AnimatedPNG.delayFraction(.seconds(100)) == (10_000, 100))
        #expect(AnimatedPNG.delayFraction(.seconds(1_000)) == (10_000, 10))
        #expect(AnimatedPNG.delayFraction(.seconds(40_000)) == (40_000, 1))
        #expect(AnimatedPNG.delayFraction(.seconds(1_000_000)) == (65_535, 1))
        #expect(AnimatedPNG.delayFraction(.seconds(Int64.max)) == (65_535, 1))
        #expect(AnimatedPNG.delayFraction(.seconds(-5)) == (0, 1_000))
        #expect(AnimatedPNG.delayFraction(.zero) == (0, 1_000))
    }

    /// Screen time to frame delay: divided by the speed, clamped, in milliseconds; odd values
    /// neither trap nor escape the bounds.
    @Test func timingScalesAndClamps() {
        let timing = AnimatedPNG.Timing(speed: 3_600)
        #expect(timing.delay(forScreenTime: 1_800) == .milliseconds(500))
        #expect(timing.delay(forScreenTime: 60) == .milliseconds(50), "under the shortest")
        #expect(timing.delay(forScreenTime: 86_400) == .seconds(10), "over the longest")
        #expect(timing.delay(forScreenTime: .nan) == .milliseconds(50))
        #expect(timing.delay(forScreenTime: .infinity) == .seconds(10))
        #expect(timing.delay(forScreenTime: -.infinity) == .milliseconds(50))
        var odd = AnimatedPNG.Timing(speed: .nan, shortest: .seconds(-3), longest: .seconds(1_000_000))
        #expect(odd.speed == 3_600)
        odd.speed = 0
        #expect(odd.speed == 3_600)
        #expect(odd.delay(forScreenTime: -10) == .zero)
        #expect(odd.delay(forScreenTime: .greatestFiniteMagnitude) == .seconds(65_535))
        let crossed = AnimatedPNG.Timing(speed: 1, shortest: .seconds(5), longest: .seconds(2))
        #expect(crossed.delay(forScreenTime: 1) == .seconds(2), "the longest wins when the bounds cross")
    }
}
