import Foundation

/// The result of comparing two images pixel by pixel.
package struct PixelDifference: Sendable, Hashable, CustomStringConvertible {
    /// Pixels whose largest channel difference exceeds the tolerance.
    package var differingPixels: Int
    package var totalPixels: Int
    /// The largest channel difference seen (0...255).
    package var maxChannelDelta: Int
    /// True when the sizes differ (then nothing else is compared).
    package var sizeMismatch: Bool

    package var differingShare: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }

    package var description: String {
        sizeMismatch
            ? "sizes differ"
            : "\(differingPixels) of \(totalPixels) pixels differ (\(String(format: "%.4f", differingShare * 100))%), max channel delta \(maxChannelDelta)"
    }
}

/// Compares decoded pixels, never PNG bytes, with a per-channel tolerance.
package struct PixelComparison: Sendable, Hashable {
    /// A pixel differs when some channel (straight RGBA) differs by more than this.
    package var channelTolerance: Int
    /// The image matches when at most this share of pixels differ (0...1).
    package var maxDifferingShare: Double

    package init(channelTolerance: Int = 0, maxDifferingShare: Double = 0) {
        self.channelTolerance = channelTolerance
        self.maxDifferingShare = maxDifferingShare
    }

    /// Exact: every pixel equal.
    package static var exact: PixelComparison { PixelComparison() }

    /// Compares two surfaces.
    package func difference(_ a: CairoSurface, _ b: CairoSurface) -> PixelDifference {
        guard a.width == b.width, a.height == b.height else {
            return PixelDifference(differingPixels: 0, totalPixels: 0, maxChannelDelta: 255, sizeMismatch: true)
        }
        let width = a.width
        let height = a.height
        let tolerance = channelTolerance
        let counts: (Int, Int)? =
            a.withPixels { pa, strideA in
                b.withPixels { pb, strideB -> (Int, Int) in
                    var differing = 0
                    var maxDelta = 0
                    for y in 0..<height {
                        let rowA = UnsafeRawPointer(pa + y * strideA)
                        let rowB = UnsafeRawPointer(pb + y * strideB)
                        for x in 0..<width {
                            let p = rowA.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                            let q = rowB.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                            if p == q { continue }
                            let delta = Self.channelDelta(p, q)
                            maxDelta = max(maxDelta, delta)
                            if delta > tolerance { differing += 1 }
                        }
                    }
                    return (differing, maxDelta)
                } ?? nil
            } ?? nil
        let (differing, maxDelta) = counts ?? (width * height, 255)
        return PixelDifference(
            differingPixels: differing, totalPixels: width * height, maxChannelDelta: maxDelta, sizeMismatch: false)
    }

    /// The largest difference between two premultiplied ARGB32 pixels, compared as straight RGBA.
    static func channelDelta(_ p: UInt32, _ q: UInt32) -> Int {
        func straight(_ pixel: UInt32) -> (Int, Int, Int, Int) {
            let a = pixel >> 24
            func c(_ shift: UInt32) -> Int {
                let v = (pixel >> shift) & 0xFF
                return a == 0 ? 0 : Int(min(255, (v * 255 + a / 2) / a))
            }
            return (c(16), c(8), c(0), Int(a))
        }
        let s = straight(p)
        let t = straight(q)
        return max(abs(s.0 - t.0), abs(s.1 - t.1), abs(s.2 - t.2), abs(s.3 - t.3))
    }

    /// An image of `actual` faded to grey, with the pixels that differ from `expected` in red.
    ///
    /// - Returns: `nil` when the sizes differ.
    package func diffImage(expected: CairoSurface, actual: CairoSurface) -> CairoSurface? {
        guard expected.width == actual.width, expected.height == actual.height,
            let diff = try? CairoSurface(width: actual.width, height: actual.height)
        else { return nil }
        let tolerance = channelTolerance
        _ = expected.withPixels { pe, strideE in
            actual.withPixels { pa, strideA in
                diff.withMutablePixels { pd, strideD in
                    for y in 0..<actual.height {
                        for x in 0..<actual.width {
                            let p = UnsafeRawPointer(pe + y * strideE).loadUnaligned(
                                fromByteOffset: x * 4, as: UInt32.self)
                            let q = UnsafeRawPointer(pa + y * strideA).loadUnaligned(
                                fromByteOffset: x * 4, as: UInt32.self)
                            let out: UInt32
                            if p != q && Self.channelDelta(p, q) > tolerance {
                                out = 0xFFFF_0000
                            } else {
                                // Grey at a quarter strength, opaque, so the red stands out.
                                let luminance = (((q >> 16) & 0xFF) + ((q >> 8) & 0xFF) + (q & 0xFF)) / 3
                                let grey = 191 + luminance / 4
                                out = 0xFF00_0000 | grey << 16 | grey << 8 | grey
                            }
                            UnsafeMutableRawPointer(pd + y * strideD).storeBytes(
                                of: out, toByteOffset: x * 4, as: UInt32.self)
                        }
                    }
                }
            }
        }
        return diff
    }

    /// True when the difference is within this comparison's limits.
    package func matches(_ difference: PixelDifference) -> Bool {
        !difference.sizeMismatch && difference.differingShare <= maxDifferingShare
    }
}
