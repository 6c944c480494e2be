import CPNG
import Foundation
import PNGCodec

/// Writes a surface as PNG: ``fast`` through ``WidgetPNGWriter`` (ISA-L), ``small`` and
/// ``libpngFast`` through libpng, with the filter and zlib level chosen for the purpose.
/// Cairo's own writer searches every filter at zlib's default level, which is several
/// times slower for widget-sized images.
///
/// Strategies are values:
///
/// ```swift
/// let bytes = try PNGEncoder.fast.encode(surface)
/// ```
package struct PNGEncoder: Sendable, Hashable {
    /// zlib level, 0 (store) to 9 (smallest).
    package var compressionLevel: Int32
    /// A mask of libpng `PNG_FILTER_*` bits.
    package var filters: Int32
    /// Which code writes the file; ``Writer/isal`` ignores the two settings above.
    package var writer: Writer
    /// libpng writes RGBA whatever the pixels (frames of an animated PNG share one header);
    /// ``Writer/isal`` ignores it.
    package var alwaysRGBA = false

    package init(compressionLevel: Int32, filters: Int32, writer: Writer = .libpng) {
        self.compressionLevel = compressionLevel
        self.filters = filters
        self.writer = writer
    }

    /// ``WidgetPNGWriter``: igzip level 1, filter None (Up for a photograph's rows); the default.
    package static var fast: PNGEncoder {
        PNGEncoder(compressionLevel: 1, filters: Int32(PNG_FILTER_NONE), writer: .isal)
    }

    /// zlib level 9 with adaptive filtering: smallest files, for images committed to git.
    package static var small: PNGEncoder {
        PNGEncoder(
            compressionLevel: 9,
            filters: Int32(PNG_FILTER_NONE | PNG_FILTER_SUB | PNG_FILTER_UP | PNG_FILTER_AVG | PNG_FILTER_PAETH))
    }

    /// Encodes the surface. The alpha channel is kept only if some pixel is not opaque; the
    /// ISA-L writer also drops colour when every pixel is grey.
    ///
    /// - Throws: ``RenderError/png(_:)`` with libpng's or the ISA-L writer's message.
    package func encode(_ surface: CairoSurface) throws(RenderError) -> Data {
        if writer == .isal { return try WidgetPNGWriter().encode(surface) }
        var buffer = wr_buffer(data: nil, length: 0, capacity: 0)
        var message = [CChar](repeating: 0, count: 256)
        let encode = alwaysRGBA ? wr_png_encode_argb32_rgba : wr_png_encode_argb32
        let status: Int32? = surface.withPixels { pixels, stride in
            encode(
                pixels, Int32(surface.width), Int32(surface.height), Int32(stride), compressionLevel, filters, &buffer,
                &message, message.count)
        }
        defer { wr_buffer_free(&buffer) }
        guard let status else { throw .png("surface has no pixel data") }
        guard status == 0, let data = buffer.data else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .png(text.isEmpty ? "libpng failed" : text)
        }
        return Data(bytes: data, count: buffer.length)
    }

    /// Encodes the surface and fingerprints its pixels (``WidgetPNGWriter/pixelsCRC64(_:)``),
    /// in one pass over the pixels when the ISA-L writer writes RGBA.
    package func encodeWithFingerprint(_ surface: CairoSurface) throws(RenderError) -> (png: Data, pixels: String) {
        if writer == .isal { return try WidgetPNGWriter().encodeWithFingerprint(surface) }
        return (try encode(surface), try WidgetPNGWriter.pixelsCRC64(surface))
    }

    /// The libpng version loaded at run time.
    package static var libpngVersion: String { String(cString: wr_png_version()) }
}
