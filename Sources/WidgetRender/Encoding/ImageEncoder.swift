import Foundation

/// Turns a rendered widget into the bytes of an image file: the engine's output seam.
///
/// WidgetRender writes PNG by default (``PNGImageEncoder``, on ISA-L); ``LibPNGImageEncoder``
/// writes PNG through libpng, smaller and slower. A format of your own (WebP through a library
/// you link, say) is a type with a ``format`` and an ``encode(_:)``; the engine, the output
/// folder (file extension, `manifest.json`'s `format` and digests) and the gallery follow it.
///
/// ```swift
/// struct PPMEncoder: ImageEncoder {
///     var format: ImageFormat { ImageFormat(name: "ppm", fileExtension: "ppm", mediaType: "image/x-portable-pixmap") }
///
///     func encode(_ image: RenderedImage) throws -> Data {
///         var data = Data("P6 \(image.width) \(image.height) 255\n".utf8)
///         let rgba = image.rgba()
///         for pixel in stride(from: 0, to: rgba.count, by: 4) { data.append(contentsOf: rgba[pixel..<pixel + 3]) }
///         return data
///     }
/// }
///
/// let widget = try await engine.render(request, as: PPMEncoder())
/// ```
public protocol ImageEncoder: Sendable {
    /// What the encoder writes: its name, file extension and media type.
    var format: ImageFormat { get }

    /// Encodes one rendered widget.
    ///
    /// - Parameter image: the widget's pixels and display list.
    /// - Returns: the file's bytes.
    /// - Throws: any error; the engine reports it as an internal error naming the format.
    func encode(_ image: RenderedImage) throws -> Data
}

/// An image file format: what ``ImageEncoder`` writes.
public struct ImageFormat: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A short name, recorded in `manifest.json` (`png`).
    public var name: String
    /// The file extension, without the dot (`png`).
    public var fileExtension: String
    /// The media type, as an HTTP server sends it (`image/png`).
    public var mediaType: String

    /// A format.
    ///
    /// - Parameters:
    ///   - name: a short name.
    ///   - fileExtension: the extension, without the dot.
    ///   - mediaType: the media type.
    public init(name: String, fileExtension: String, mediaType: String) {
        self.name = name
        self.fileExtension = fileExtension
        self.mediaType = mediaType
    }

    /// PNG.
    public static var png: ImageFormat { ImageFormat(name: "png", fileExtension: "png", mediaType: "image/png") }

    /// The name.
    public var description: String { name }
}

/// An encoded image: the file's bytes, their format, and a fingerprint of the pixels they hold.
public struct EncodedImage: Sendable, Hashable {
    /// The file's bytes.
    public var data: Data
    /// The format.
    public var format: ImageFormat
    /// CRC-64/XZ of the pixels as straight 8-bit RGBA, rows top to bottom, in 16 hex digits:
    /// equal for equal pixels whichever encoder wrote them (`manifest.json`'s `pixelsCRC64`).
    public var pixelsCRC64: String

    /// An encoded image.
    ///
    /// - Parameters:
    ///   - data: the bytes.
    ///   - format: their format.
    ///   - pixelsCRC64: the pixels' fingerprint.
    public init(data: Data, format: ImageFormat, pixelsCRC64: String) {
        self.data = data
        self.format = format
        self.pixelsCRC64 = pixelsCRC64
    }

    /// SHA-256 of the bytes in 64 hex digits (`manifest.json`'s `sha256`), or `nil` when
    /// memory runs out.
    public var sha256: String? { SHA256.hex(data) }
}
