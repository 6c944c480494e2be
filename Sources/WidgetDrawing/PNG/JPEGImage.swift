import CCairo
import Foundation
import JPEGCodec

/// Reads JPEG photos into Cairo surfaces, with libjpeg(-turbo): a widget's background photo, or
/// an image a provider fetched (`UIImage(data:)`).
package enum JPEGImage {
    /// The largest file read: 64 MiB (a 48-megapixel photo at the highest quality is about 30).
    package static let maximumBytes = 64 << 20

    /// Whether bytes start as a JPEG does (the start-of-image marker, then another marker).
    package static func isJPEG(_ head: Data) -> Bool {
        head.count >= 3 && head[head.startIndex] == 0xFF && head[head.startIndex + 1] == 0xD8
            && head[head.startIndex + 2] == 0xFF
    }

    /// Decodes JPEG bytes.
    ///
    /// - Parameter name: what messages call the bytes (a file's path, or "JPEG data").
    /// - Throws: ``RenderError/image(path:reason:)`` naming them when they are not a JPEG, are
    ///   truncated or corrupt, CMYK, or larger than `maximumSide` a side.
    package static func read(data: Data, name: String = "JPEG data", maximumSide: Int = PNGImage.maximumSide)
        throws(RenderError) -> CairoSurface
    {
        let bytes = [UInt8](data)
        let (width, height) = try size(of: bytes, name: name, maximumSide: maximumSide)
        var message = [CChar](repeating: 0, count: 256)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { throw .image(path: name, reason: "cannot allocate \(width)×\(height) pixels") }
        let image = CairoSurface(taking: surface)
        cairo_surface_flush(surface)
        guard let pixels = cairo_image_surface_get_data(surface) else {
            throw .image(path: name, reason: "cannot allocate \(width)×\(height) pixels")
        }
        let stride = cairo_image_surface_get_stride(surface)
        switch wr_jpeg_decode_argb32(bytes, bytes.count, pixels, width, height, stride, &message, message.count) {
        case 0: break
        case 2: throw .image(path: name, reason: Self.text(message))
        default: throw .image(path: name, reason: "not a valid JPEG (\(Self.text(message)))")
        }
        cairo_surface_mark_dirty(surface)
        return image
    }

    /// Why JPEG bytes cannot be drawn from their headers alone (too large, no size, not a
    /// JPEG), or `nil`; the pixels are not decoded.
    package static func problem(data: Data, name: String = "JPEG data") -> String? {
        do {
            _ = try size(of: [UInt8](data), name: name, maximumSide: PNGImage.maximumSide)
            return nil
        } catch {
            if case .image(_, let reason) = error { return reason }
            return error.description
        }
    }

    /// The size in a JPEG's frame header, checked against the limits.
    private static func size(of bytes: [UInt8], name: String, maximumSide: Int) throws(RenderError) -> (Int32, Int32) {
        guard bytes.count <= maximumBytes else {
            throw .image(path: name, reason: "is larger than \(maximumBytes >> 20) MiB")
        }
        var message = [CChar](repeating: 0, count: 256)
        var width: Int32 = 0
        var height: Int32 = 0
        switch wr_jpeg_size(bytes, bytes.count, &width, &height, &message, message.count) {
        case 0: break
        case 2: throw .image(path: name, reason: Self.text(message))
        default: throw .image(path: name, reason: "not a valid JPEG (\(Self.text(message)))")
        }
        guard width > 0, height > 0 else {
            throw .image(path: name, reason: "not a valid JPEG (\(width)×\(height) pixels)")
        }
        guard Int(width) <= maximumSide, Int(height) <= maximumSide else {
            throw .image(
                path: name, reason: "\(width)×\(height) pixels is larger than the \(maximumSide)×\(maximumSide) limit")
        }
        return (width, height)
    }

    private static func text(_ message: [CChar]) -> String {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "corrupt" : text.prefix(1).lowercased() + text.dropFirst()
    }
}
