import Foundation
import PNGCodec

/// PNG of colour type 0 (grey, no alpha, no palette) at 1, 2, 4 or 8 bits a pixel, through
/// libpng: what e-ink readers (Kindle, TRMNL, Inkplate) accept.
package enum GreyPNG {
    /// Encodes grey samples already packed at `bitDepth`: rows of `(width × bitDepth + 7) / 8`
    /// bytes, the leftmost pixel in the high bits.
    ///
    /// - Throws: ``RenderError/png(_:)`` with libpng's message.
    package static func encode(packed rows: [UInt8], width: Int, height: Int, bitDepth: Int) throws(RenderError)
        -> Data
    {
        guard [1, 2, 4, 8].contains(bitDepth), width > 0, height > 0,
            rows.count == (width * bitDepth + 7) / 8 * height,
            let w = Int32(exactly: width), let h = Int32(exactly: height)
        else { throw .png("invalid grey image: \(width)×\(height) at \(bitDepth) bits, \(rows.count) bytes") }
        var buffer = wr_buffer(data: nil, length: 0, capacity: 0)
        defer { wr_buffer_free(&buffer) }
        var message = [CChar](repeating: 0, count: 256)
        let status = rows.withUnsafeBufferPointer { pointer in
            wr_png_encode_grey(pointer.baseAddress, w, h, Int32(bitDepth), 6, &buffer, &message, message.count)
        }
        guard status == 0, let data = buffer.data else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .png(text.isEmpty ? "libpng failed" : text)
        }
        return Data(bytes: data, count: buffer.length)
    }
}
