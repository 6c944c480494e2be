import Foundation
import WidgetDrawing

/// An image's pixels as its encoder writes them, packed row after row, top to bottom: kept
/// between two images of a `timeline` to find the region that changed
/// (``ChangedRegion``), without keeping the drawn surface.
///
/// Drawn pixels are Cairo's ARGB32, four bytes each; a grey encoder's are its levels after
/// the turn, one byte each (what the panel shows); a 24-bit BMP's its toned colours, three.
package struct PixelFrame: Sendable {
    package let width: Int
    package let height: Int
    package let bytesPerPixel: Int
    /// `width × height × bytesPerPixel` bytes.
    package let bytes: [UInt8]

    /// A frame of `bytes`; an array of another size than the dimensions say is a programmer's
    /// error.
    package init(width: Int, height: Int, bytesPerPixel: Int, bytes: [UInt8]) {
        precondition(
            width >= 0 && height >= 0 && bytesPerPixel > 0 && bytes.count == width * height * bytesPerPixel,
            "a \(width)×\(height) frame of \(bytesPerPixel) bytes a pixel given \(bytes.count) bytes")
        self.width = width
        self.height = height
        self.bytesPerPixel = bytesPerPixel
        self.bytes = bytes
    }

    /// A copy of a drawn surface's ARGB32 pixels, without the rows' padding, into a buffer of
    /// `buffers` when it has one of the size.
    package init(surface: CairoSurface, buffers: Buffers? = nil) {
        let (width, height) = (surface.width, surface.height)
        let rowBytes = width * 4
        var bytes = buffers?.take(count: rowBytes * height) ?? [UInt8](repeating: 0, count: rowBytes * height)
        bytes.withUnsafeMutableBytes { out in
            guard let target = out.baseAddress else { return }
            surface.withPixels { pixels, stride in
                for y in 0..<height {
                    (target + y * rowBytes).copyMemory(from: pixels + y * stride, byteCount: rowBytes)
                }
            }
        }
        self.init(width: width, height: height, bytesPerPixel: 4, bytes: bytes)
    }

    /// The bounding box of the pixels that differ from `previous`: `nil` when none does, all
    /// of this frame when the sizes or pixel formats differ.
    ///
    /// Rows are compared whole from the top and from the bottom; between the first and last
    /// rows that differ, each row is searched from the left only up to the leftmost change
    /// found so far and from the right likewise, eight bytes at a time.
    package func changedRegion(from previous: PixelFrame) -> ChangedRegion? {
        guard previous.width == width, previous.height == height, previous.bytesPerPixel == bytesPerPixel else {
            return ChangedRegion(x: 0, y: 0, width: width, height: height)
        }
        guard width > 0, height > 0 else { return nil }
        let rowBytes = width * bytesPerPixel
        return bytes.withUnsafeBytes { newBuffer -> ChangedRegion? in
            previous.bytes.withUnsafeBytes { oldBuffer -> ChangedRegion? in
                guard let new = newBuffer.baseAddress, let old = oldBuffer.baseAddress else { return nil }
                func rowsEqual(_ y: Int) -> Bool { memcmp(new + y * rowBytes, old + y * rowBytes, rowBytes) == 0 }
                var top = 0
                while top < height, rowsEqual(top) { top += 1 }
                guard top < height else { return nil }
                var bottom = height - 1
                while bottom > top, rowsEqual(bottom) { bottom -= 1 }
                // Bytes [0, leftByte) are the same in every row so far, as are [rightByte, rowBytes).
                var leftByte = rowBytes
                var rightByte = 0
                for y in top...bottom {
                    let a = new + y * rowBytes
                    let b = old + y * rowBytes
                    var i = 0
                    while i + 8 <= leftByte,
                        a.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                            == b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    {
                        i += 8
                    }
                    while i < leftByte,
                        a.load(fromByteOffset: i, as: UInt8.self) == b.load(fromByteOffset: i, as: UInt8.self)
                    {
                        i += 1
                    }
                    leftByte = i
                    var j = rowBytes
                    while j - 8 >= rightByte,
                        a.loadUnaligned(fromByteOffset: j - 8, as: UInt64.self)
                            == b.loadUnaligned(fromByteOffset: j - 8, as: UInt64.self)
                    {
                        j -= 8
                    }
                    while j > rightByte,
                        a.load(fromByteOffset: j - 1, as: UInt8.self)
                            == b.load(fromByteOffset: j - 1, as: UInt8.self)
                    {
                        j -= 1
                    }
                    rightByte = j
                }
                let left = leftByte / bytesPerPixel
                let right = (rightByte + bytesPerPixel - 1) / bytesPerPixel
                return ChangedRegion(x: left, y: top, width: right - left, height: bottom - top + 1)
            }
        }
    }
}

extension PixelFrame {
    /// Byte buffers of frames no longer needed, for the next frames of the same size.
    ///
    /// A frame is megabytes; a new one for each image of a `timeline`, returned to the system
    /// when freed, cost a page fault every 4 KB: 0.5 s of system time in a run of 864 screens
    /// that took 2.7 s without comparing them.
    package final class Buffers: @unchecked Sendable {
        private let lock = NSLock()
        private var free: [[UInt8]] = []
        /// How many buffers are kept at most.
        private let limit: Int

        /// A pool that keeps at most `limit` buffers.
        package init(limit: Int = 4) {
            self.limit = limit
        }

        /// A buffer of `count` bytes (their values are not set), a free one when there is one.
        package func take(count: Int) -> [UInt8] {
            let found: [UInt8]? = lock.withLock {
                guard let index = free.lastIndex(where: { $0.count == count }) else { return nil }
                return free.remove(at: index)
            }
            return found ?? [UInt8](repeating: 0, count: count)
        }

        /// Gives the bytes of a frame no longer needed back.
        package func give(_ frame: PixelFrame) {
            lock.withLock {
                if free.count < limit { free.append(frame.bytes) }
            }
        }
    }
}

/// An encoder whose pixels as written differ from the drawn ones (fewer greys, a turn): it
/// gives them with its bytes, so that a `timeline`'s changed regions are what a panel shows.
package protocol WrittenPixelsEncoding: ImageEncoder {
    /// The file's bytes and the pixels they hold.
    func encodeWithPixels(_ image: RenderedImage) throws -> (data: Data, pixels: PixelFrame)
}
