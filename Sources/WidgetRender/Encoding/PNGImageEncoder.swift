import Foundation
import WidgetDrawing

/// An encoder the engine can give the drawn surface to directly, with the pixels' fingerprint
/// taken in the same pass when it can.
package protocol SurfaceEncoding: ImageEncoder {
    /// The bytes and the pixels' CRC-64.
    func encode(surface: CairoSurface) throws(RenderError) -> (data: Data, pixelsCRC64: String)
}

extension SurfaceEncoding {
    /// Encodes the image's surface.
    ///
    /// - Parameter image: the image.
    /// - Returns: the bytes.
    /// - Throws: ``WidgetRenderError`` when encoding fails.
    public func encode(_ image: RenderedImage) throws -> Data {
        do {
            return try encode(surface: image.surface).data
        } catch {
            throw WidgetRenderError.internalError("\(format.name) encoding failed: \(error.description)")
        }
    }
}

/// PNG through WidgetRender's own writer on ISA-L: igzip level 1, rows unfiltered (a
/// photograph's filtered Up), RGB or grey when the pixels allow; the default encoder.
///
/// The bytes are the same on every run on a machine; compare ``EncodedImage/pixelsCRC64``
/// across machines, whose CPUs may pick other equally valid deflate codes.
public struct PNGImageEncoder: SurfaceEncoding, Hashable {
    /// The writer.
    public init() {}

    /// PNG.
    public var format: ImageFormat { .png }

    package func encode(surface: CairoSurface) throws(RenderError) -> (data: Data, pixelsCRC64: String) {
        let (data, pixels) = try PNGEncoder.fast.encodeWithFingerprint(surface)
        return (data, pixels)
    }
}

/// PNG through libpng, with a zlib level and the filters it tries: smaller files than
/// ``PNGImageEncoder``'s, several times slower to write.
public struct LibPNGImageEncoder: SurfaceEncoding, Hashable {
    /// zlib's level, 0 (stored) to 9 (smallest).
    public var compressionLevel: Int
    /// True to try every PNG filter on every row; false for Sub only.
    public var adaptiveFiltering: Bool

    /// An encoder.
    ///
    /// - Parameters:
    ///   - compressionLevel: zlib's level, clamped to 0…9; 9 by default.
    ///   - adaptiveFiltering: try every filter; true by default.
    public init(compressionLevel: Int = 9, adaptiveFiltering: Bool = true) {
        self.compressionLevel = max(0, min(9, compressionLevel))
        self.adaptiveFiltering = adaptiveFiltering
    }

    /// PNG.
    public var format: ImageFormat { .png }

    package var writer: PNGEncoder {
        var writer = adaptiveFiltering ? PNGEncoder.small : PNGEncoder.libpngFast
        writer.compressionLevel = Int32(max(0, min(9, compressionLevel)))
        return writer
    }

    package func encode(surface: CairoSurface) throws(RenderError) -> (data: Data, pixelsCRC64: String) {
        let (data, pixels) = try writer.encodeWithFingerprint(surface)
        return (data, pixels)
    }
}

extension ImageEncoder where Self == PNGImageEncoder {
    /// PNG through ISA-L, the default: ``PNGImageEncoder``.
    public static var png: PNGImageEncoder { PNGImageEncoder() }
}

extension ImageEncoder where Self == LibPNGImageEncoder {
    /// PNG through libpng at zlib level 9 with adaptive filters: ``LibPNGImageEncoder``.
    public static var libpng: LibPNGImageEncoder { LibPNGImageEncoder() }
}
