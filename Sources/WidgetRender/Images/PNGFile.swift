import Foundation
import WidgetDrawing

/// A look at a PNG (or JPEG) file before a view draws it with `Image(path:)`.
///
/// `Image(path:)` fails the render when its file cannot be drawn. A provider that takes an image
/// from a place the user fills (an App Group container, say) can ask first and fall back to a
/// drawing of its own, as WidgetKit extensions do when a shared image is missing:
///
/// ```swift
/// if let problem = PNGFile.problem(atPath: path) {
///     context.diagnostics.warn("\(path): \(problem); drawing the widget's own background")
/// }
/// ```
public enum PNGFile {
    /// The largest PNG `Image(path:)` decodes, in pixels a side: 8192 (256 MiB of pixels; a
    /// 48-megapixel photo is 8064 pixels wide).
    public static var maximumSide: Int { PNGImage.maximumSide }

    /// Why `Image(path:)` would refuse the file, from its first 24 bytes (signature, image
    /// header, size), or `nil` when it looks drawable. Nothing is decoded.
    ///
    /// - Parameter path: the file.
    /// - Returns: a short reason ("not a valid PNG (no PNG signature)", "20000×20000 pixels is
    ///   larger than the 8192×8192 limit", "cannot be read"), or `nil`.
    public static func problem(atPath path: String) -> String? {
        problem(atPath: path, decoding: false)
    }

    /// Why `Image(path:)` would refuse the file, or `nil` when it draws. Only a regular file is
    /// opened (a FIFO or a device named like an image would block the read); with `decoding`, the
    /// whole image is decoded, so a file whose header is right and whose data is not (a cut-off
    /// download) is found before anything draws it.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - decoding: decode the pixels too, not only the header.
    /// - Returns: a short reason, or `nil`.
    public static func problem(atPath path: String, decoding: Bool) -> String? {
        if let problem = PNGImage.regularFileProblem(path) { return problem }
        guard let handle = FileHandle(forReadingAtPath: path) else { return "cannot be read" }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 24)) ?? Data()
        if JPEGImage.isJPEG(head) {
            // A JPEG's size is in a frame header that may follow tens of KB of metadata.
            if !decoding {
                try? handle.seek(toOffset: 0)
                return JPEGImage.problem(
                    data: (try? handle.read(upToCount: JPEGImage.maximumBytes + 1)) ?? Data(), name: path)
            }
        } else if let problem = PNGImage.problem(header: head) {
            return problem
        }
        guard decoding else { return nil }
        // The header allows at most maximumSide² pixels; a PNG of them is rarely larger than this.
        // PNGImage.read(data:) reads JPEG bytes as JPEG.
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)), data.count <= 512 * 1024 * 1024 else {
            return "cannot be read"
        }
        do {
            _ = try PNGImage.read(data: data, name: path)
            return nil
        } catch {
            if case .image(_, let reason) = error { return reason }
            return error.description
        }
    }
    /// A PNG's size and a fingerprint of its pixels, as ``PNGFile/decode(_:name:)`` read them.
    public struct Decoded: Sendable, Equatable {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int
        /// CRC-64/XZ of the pixels as straight 8-bit RGBA, rows top to bottom, in 16 hex
        /// digits: the `pixelsCRC64` that `manifest.json` records for each image, equal for
        /// equal pixels whichever writer made the file.
        public var pixelsCRC64: String
    }

    /// Why PNG bytes could not be decoded.
    public struct DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What the bytes were called: the `name` passed to ``PNGFile/decode(_:name:)``.
        public var name: String
        /// One line: "not a valid PNG (no PNG signature)", "20000×20000 pixels is larger than
        /// the 8192×8192 limit", what libpng said of a damaged stream.
        public var reason: String

        /// `name: reason`.
        public var description: String { "\(name): \(reason)" }
    }

    /// Decodes PNG bytes whole, as `Image(path:)` would before drawing them, and fingerprints
    /// the pixels.
    ///
    /// The header is checked first (signature, image header, at most ``maximumSide`` pixels a
    /// side), so a file that claims 20000×20000 pixels is refused without allocating for it.
    ///
    /// ```swift
    /// let png = try Data(contentsOf: url)
    /// let image = try PNGFile.decode(png, name: url.lastPathComponent)
    /// print(image.width, image.height, image.pixelsCRC64)
    /// ```
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - name: what an error calls the bytes (a file name).
    /// - Returns: the size and pixel fingerprint.
    /// - Throws: ``DecodeError`` naming `name` and the reason.
    public static func decode(_ data: Data, name: String = "PNG data") throws(DecodeError) -> Decoded {
        do {
            let surface = try PNGImage.read(data: data, name: name)
            return Decoded(
                width: surface.width, height: surface.height,
                pixelsCRC64: try WidgetPNGWriter.pixelsCRC64(surface))
        } catch {
            switch error {
            case .image(_, let reason): throw DecodeError(name: name, reason: reason)
            default: throw DecodeError(name: name, reason: error.description)
            }
        }
    }
}
