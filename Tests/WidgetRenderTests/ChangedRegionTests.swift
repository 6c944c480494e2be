import Foundation
import Testing
import WidgetDrawing
import WidgetRender

/// The changed region between two images (#33, partial refresh): a known rectangle is found
/// exactly, identical images give none, other sizes give the whole image, and the fast
/// search agrees with a pixel-by-pixel one on random changes of any pixel size.
@Suite("Changed region")
struct ChangedRegionTests {
    typealias Pictures = AnimatedPNGTests

    @Test func aChangedRectangleIsFoundExactly() throws {
        let before = Pictures.image(try Pictures.surface(width: 120, height: 80))
        let rectangles: [(x: Int, y: Int, width: Int, height: Int)] = [
            (10, 20, 30, 5), (0, 0, 1, 1), (119, 79, 1, 1), (0, 40, 120, 1),
        ]
        for rectangle in rectangles {
            let after = Pictures.image(try Pictures.surface(width: 120, height: 80, rectangle: rectangle))
            #expect(
                ChangedRegion.between(before, after)
                    == ChangedRegion(x: rectangle.x, y: rectangle.y, width: rectangle.width, height: rectangle.height))
        }
        // Two changes: their bounding box.
        let two = try Pictures.surface(width: 120, height: 80, rectangle: (5, 6, 2, 2))
        two.withMutablePixels { data, stride in
            UnsafeMutableRawPointer(data + 70 * stride).storeBytes(
                of: 0xFF00_0000, toByteOffset: 100 * 4, as: UInt32.self)
        }
        #expect(ChangedRegion.between(before, Pictures.image(two)) == ChangedRegion(x: 5, y: 6, width: 96, height: 65))
    }

    @Test func identicalImagesHaveNoRegion() throws {
        let a = Pictures.image(try Pictures.surface(rectangle: (3, 4, 5, 6)))
        let b = Pictures.image(try Pictures.surface(rectangle: (3, 4, 5, 6)))
        #expect(ChangedRegion.between(a, b) == nil)
    }

    /// Only the alpha differs: a change all the same.
    @Test func aChangeOfAlphaAloneCounts() throws {
        let a = Pictures.image(try Pictures.surface(background: 0xFF00_0000))
        let b = Pictures.image(
            try Pictures.surface(background: 0xFF00_0000, rectangle: (7, 8, 1, 1), colour: 0x0000_0000))
        #expect(ChangedRegion.between(a, b) == ChangedRegion(x: 7, y: 8, width: 1, height: 1))
    }

    @Test func anotherSizeIsAllChanged() throws {
        let small = Pictures.image(try Pictures.surface(width: 10, height: 10))
        let large = Pictures.image(try Pictures.surface(width: 20, height: 15))
        #expect(ChangedRegion.between(small, large) == ChangedRegion(x: 0, y: 0, width: 20, height: 15))
    }

    /// The word-at-a-time search against the obvious one, on random changes to frames of 1, 3
    /// and 4 bytes a pixel and widths that are not multiples of 8 bytes.
    @Test(arguments: [1, 3, 4])
    func theFastSearchAgreesWithAPixelByPixelOne(_ bytesPerPixel: Int) {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let width = Int.random(in: 1...37, using: &random)
            let height = Int.random(in: 1...23, using: &random)
            let base = (0..<(width * height * bytesPerPixel)).map { _ in UInt8.random(in: 0...255, using: &random) }
            var changed = base
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                let at = Int.random(in: 0..<changed.count, using: &random)
                changed[at] &+= UInt8.random(in: 1...255, using: &random)
            }
            var expected: ChangedRegion?
            var (left, top, right, bottom) = (width, height, -1, -1)
            for y in 0..<height {
                for x in 0..<width {
                    let at = (y * width + x) * bytesPerPixel
                    if base[at..<(at + bytesPerPixel)] != changed[at..<(at + bytesPerPixel)] {
                        (left, top, right, bottom) = (min(left, x), min(top, y), max(right, x), max(bottom, y))
                    }
                }
            }
            if right >= 0 {
                expected = ChangedRegion(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
            }
            let before = PixelFrame(width: width, height: height, bytesPerPixel: bytesPerPixel, bytes: base)
            let after = PixelFrame(width: width, height: height, bytesPerPixel: bytesPerPixel, bytes: changed)
            #expect(after.changedRegion(from: before) == expected, "\(width)×\(height)")
        }
    }
}
