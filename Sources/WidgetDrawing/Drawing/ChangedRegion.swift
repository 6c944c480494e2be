import Glibc

/// Where two drawings differ.
package enum ChangedRegion {
    /// The smallest box holding every pixel that differs between two surfaces of one size, or
    /// the whole of the newer one when their sizes differ; `nil` when none differ.
    package static func boundingBox(_ old: CairoSurface, _ new: CairoSurface) -> (
        x: Int, y: Int, width: Int, height: Int
    )? {
        guard old.width == new.width, old.height == new.height else { return (0, 0, new.width, new.height) }
        let (width, height) = (new.width, new.height)
        var (minX, minY, maxX, maxY) = (width, height, -1, -1)
        _ = old.withPixels { before, strideBefore in
            new.withPixels { after, strideAfter in
                for y in 0..<height {
                    let a = UnsafeRawPointer(before + y * strideBefore)
                    let b = UnsafeRawPointer(after + y * strideAfter)
                    guard memcmp(a, b, width * 4) != 0 else { continue }
                    minY = min(minY, y)
                    maxY = y
                    // Only the row's ends need finding once the box is as wide as they are.
                    var x = 0
                    while x < min(minX, width),
                        a.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                            == b.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    {
                        x += 1
                    }
                    minX = min(minX, x)
                    var end = width - 1
                    while end > maxX,
                        a.loadUnaligned(fromByteOffset: end * 4, as: UInt32.self)
                            == b.loadUnaligned(fromByteOffset: end * 4, as: UInt32.self)
                    {
                        end -= 1
                    }
                    maxX = max(maxX, end)
                }
            }
        }
        guard maxY >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }
}
