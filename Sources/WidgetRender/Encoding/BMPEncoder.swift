import Foundation
import WidgetDrawing

/// A Windows bitmap (BMP) with a BITMAPINFOHEADER, as e-ink firmware reads it: rows bottom
/// up, each padded to four bytes; 1, 4 and 8 bits a pixel with an explicit grey palette (its
/// size in `biClrUsed`: firmware that reads a 1-bit file with 0 colours draws nothing), or 24
/// bits of colour laid on white.
///
/// ```swift
/// let encoder = BMPEncoder(bitsPerPixel: 1, greyscale: Greyscale(levels: 2, dither: .floydSteinberg))
/// ```
public struct BMPEncoder: WrittenPixelsEncoding, Hashable {
    /// Bits a pixel: 1, 4, 8 (greys) or 24 (colour).
    public let bitsPerPixel: Int
    /// The conversion for 1, 4 and 8 bits; at 24 bits its gamma, contrast, inversion and
    /// rotation apply to each channel and its levels and dithering are not used.
    public let greyscale: Greyscale

    /// An encoder.
    ///
    /// - Parameters:
    ///   - bitsPerPixel: 1, 4, 8 or 24; another value is taken as 24.
    ///   - greyscale: the conversion; `nil` for every grey the depth holds, undithered. More
    ///     levels than the depth holds are cut to it.
    public init(bitsPerPixel: Int = 24, greyscale: Greyscale? = nil) {
        let depth = [1, 4, 8, 24].contains(bitsPerPixel) ? bitsPerPixel : 24
        self.bitsPerPixel = depth
        var grey = greyscale ?? Greyscale(levels: depth == 24 ? 256 : 1 << depth)
        if depth < 24 { grey.levels = min(grey.levels, 1 << depth) }
        self.greyscale = grey
    }

    /// BMP.
    public var format: ImageFormat { .bmp }

    /// Encodes the image.
    ///
    /// - Throws: ``WidgetRenderError`` for an image too large for a BMP's 32-bit sizes.
    public func encode(_ image: RenderedImage) throws -> Data { try encode(image, keepingPixels: false).data }

    /// The bytes and the pixels they hold, top to bottom after the turn: a level a byte, or
    /// blue, green and red.
    package func encodeWithPixels(_ image: RenderedImage) throws -> (data: Data, pixels: PixelFrame) {
        let (data, pixels) = try encode(image, keepingPixels: true)
        guard let pixels else { throw WidgetRenderError.internalError("the BMP encoder kept no pixels") }
        return (data, pixels)
    }

    private func encode(_ image: RenderedImage, keepingPixels: Bool) throws -> (data: Data, pixels: PixelFrame?) {
        if bitsPerPixel == 24 { return try colour(image.surface, keepingPixels: keepingPixels) }
        let (width, height, indices) = greyscale.levels(of: image.surface)
        let rowBytes = ((width * bitsPerPixel + 31) / 32) * 4
        let paletteCount = 1 << bitsPerPixel
        var data = try header(width: width, height: height, rowBytes: rowBytes, colours: paletteCount)
        // The palette: the levels' greys first, then black to fill (B, G, R, 0 each).
        for entry in 0..<paletteCount {
            let grey: UInt8 =
                entry < greyscale.levels
                ? UInt8((entry * 255 * 2 + (greyscale.levels - 1)) / (2 * (greyscale.levels - 1))) : 0
            data.append(contentsOf: [grey, grey, grey, 0])
        }
        var row = [UInt8](repeating: 0, count: rowBytes)
        let perByte = 8 / bitsPerPixel
        for y in stride(from: height - 1, through: 0, by: -1) {
            for index in row.indices { row[index] = 0 }
            for x in 0..<width {
                let shift = (perByte - 1 - x % perByte) * bitsPerPixel
                row[x / perByte] |= indices[y * width + x] << shift
            }
            data.append(contentsOf: row)
        }
        return (data, keepingPixels ? PixelFrame(width: width, height: height, bytesPerPixel: 1, bytes: indices) : nil)
    }

    /// 24 bits: each channel toned and laid on white, rotated.
    private func colour(_ surface: CairoSurface, keepingPixels: Bool) throws -> (data: Data, pixels: PixelFrame?) {
        let (width, height) = greyscale.turnedSize(width: surface.width, height: surface.height)
        let rowBytes = ((width * 24 + 31) / 32) * 4
        var data = try header(width: width, height: height, rowBytes: rowBytes, colours: 0)
        // The curve's values are 0…255, never NaN.
        let curve = greyscale.toneCurve().map { UInt8($0.rounded()) }
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        surface.withPixels { source, stride in
            for y in 0..<surface.height {
                let line = UnsafeRawPointer(source + y * stride)
                for x in 0..<surface.width {
                    let argb = line.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    let paper = 255 - (argb >> 24)
                    let (tx, ty) = greyscale.turned(x: x, y: y, width: surface.width, height: surface.height)
                    // Bottom-up rows, blue-green-red.
                    let o = (height - 1 - ty) * rowBytes + tx * 3
                    pixels[o] = curve[Int(min(255, (argb & 0xFF) + paper))]
                    pixels[o + 1] = curve[Int(min(255, ((argb >> 8) & 0xFF) + paper))]
                    pixels[o + 2] = curve[Int(min(255, ((argb >> 16) & 0xFF) + paper))]
                }
            }
        }
        data.append(contentsOf: pixels)
        guard keepingPixels else { return (data, nil) }
        // The rows top to bottom, without their padding.
        var packed = [UInt8](repeating: 0, count: width * 3 * height)
        for y in 0..<height {
            let from = (height - 1 - y) * rowBytes
            packed.replaceSubrange((y * width * 3)..<((y + 1) * width * 3), with: pixels[from..<(from + width * 3)])
        }
        return (data, PixelFrame(width: width, height: height, bytesPerPixel: 3, bytes: packed))
    }

    /// BITMAPFILEHEADER and BITMAPINFOHEADER, little-endian.
    private func header(width: Int, height: Int, rowBytes: Int, colours: Int) throws -> Data {
        let pixelOffset = 14 + 40 + colours * 4
        let imageSize = rowBytes * height
        guard let fileSize = UInt32(exactly: pixelOffset + imageSize), let w = Int32(exactly: width),
            let h = Int32(exactly: height)
        else { throw WidgetRenderError.internalError("a \(width)×\(height) image is too large for a BMP") }
        var data = Data(capacity: Int(fileSize))
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        func i32(_ v: Int32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: [0x42, 0x4D])  // "BM"
        u32(fileSize)
        u32(0)  // reserved
        u32(UInt32(pixelOffset))
        u32(40)  // BITMAPINFOHEADER
        i32(w)
        i32(h)  // positive: bottom-up rows
        u16(1)  // planes
        u16(UInt16(bitsPerPixel))
        u32(0)  // BI_RGB, no compression
        u32(UInt32(imageSize))
        i32(2_835)  // 72 dpi in pixels a metre
        i32(2_835)
        u32(UInt32(colours))  // colours used: the palette's size, never 0 below 24 bits
        u32(0)  // colours important: all
        return data
    }
}

extension ImageFormat {
    /// BMP.
    public static var bmp: ImageFormat { ImageFormat(name: "bmp", fileExtension: "bmp", mediaType: "image/bmp") }
}
