import Foundation
import Testing
import WidgetDrawing
import WidgetSnapshotTesting

/// The comparator itself: identical images pass, a one-pixel line moved by one pixel fails.
@Suite("Pixel comparison")
struct PixelComparisonTests {
    /// A white 200×100 image with a black vertical line, 1 px wide, at column `x`.
    func image(lineAt x: Int, width: Int = 200, height: Int = 100) throws -> CairoSurface {
        let surface = try CairoSurface(width: width, height: height)
        surface.withMutablePixels { data, stride in
            for row in 0..<height {
                for column in 0..<width {
                    let pixel: UInt32 = column == x ? 0xFF00_0000 : 0xFFFF_FFFF
                    UnsafeMutableRawPointer(data + row * stride).storeBytes(
                        of: pixel, toByteOffset: column * 4, as: UInt32.self)
                }
            }
        }
        return surface
    }

    @Test func identicalImagesMatchExactly() throws {
        let difference = PixelComparison.exact.difference(try image(lineAt: 50), try image(lineAt: 50))
        #expect(difference.differingPixels == 0)
        #expect(difference.maxChannelDelta == 0)
        #expect(PixelComparison.exact.matches(difference))
    }

    /// The snapshot strategies' default tolerance.
    static var goldenComparison: PixelComparison { PixelComparison(channelTolerance: 8, maxDifferingShare: 0.0005) }

    @Test func lineMovedByOnePixelFailsEvenWithTheGoldenTolerance() throws {
        let comparison = Self.goldenComparison
        let difference = comparison.difference(try image(lineAt: 50), try image(lineAt: 51))
        // Two columns change: where the line was and where it went.
        #expect(difference.differingPixels == 200)
        #expect(difference.maxChannelDelta == 255)
        #expect(!comparison.matches(difference))
    }

    @Test func differentSizesNeverMatch() throws {
        let comparison = PixelComparison(channelTolerance: 255, maxDifferingShare: 1)
        let difference = comparison.difference(try image(lineAt: 5, width: 20), try image(lineAt: 5, width: 21))
        #expect(difference.sizeMismatch)
        #expect(!comparison.matches(difference))
    }

    @Test func toleranceAbsorbsSmallChannelChanges() throws {
        let a = try image(lineAt: 10)
        let b = try image(lineAt: 10)
        b.withMutablePixels { data, _ in
            // One pixel 5 levels darker.
            UnsafeMutableRawPointer(data).storeBytes(of: UInt32(0xFFFA_FAFA), as: UInt32.self)
        }
        #expect(!PixelComparison.exact.matches(PixelComparison.exact.difference(a, b)))
        let tolerant = PixelComparison(channelTolerance: 8)
        #expect(tolerant.matches(tolerant.difference(a, b)))
    }

    @Test func diffImageMarksDifferencesInRed() throws {
        let expected = try image(lineAt: 50)
        let actual = try image(lineAt: 51)
        let diff = try #require(PixelComparison.exact.diffImage(expected: expected, actual: actual))
        #expect(diff.pixel(x: 50, y: 10) == (255, 0, 0, 255))
        #expect(diff.pixel(x: 51, y: 10) == (255, 0, 0, 255))
        let unchanged = diff.pixel(x: 100, y: 10)
        #expect(unchanged.red == unchanged.green && unchanged.red > 200)
    }

    @Test func realRendersOfTheSameWidgetMatchAndDifferentEntriesDoNot() async throws {
        let first = try PNGImage.read(data: try await Fixtures.renderPNG(kind: "price"))
        let again = try PNGImage.read(data: try await Fixtures.renderPNG(kind: "price"))
        #expect(PixelComparison.exact.matches(PixelComparison.exact.difference(first, again)))
        let dark = try PNGImage.read(data: try await Fixtures.renderPNG(kind: "price", colorScheme: .dark))
        #expect(
            !Self.goldenComparison.matches(
                Self.goldenComparison.difference(first, dark)))
    }
}
