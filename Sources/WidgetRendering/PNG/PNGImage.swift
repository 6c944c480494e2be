import CCairo
import Foundation

/// Reads PNG files into Cairo surfaces (for background images and golden comparisons).
package enum PNGImage {
    /// Decodes a PNG file.
    ///
    /// - Throws: ``RenderError/image(path:reason:)`` naming the file when it is missing
    ///   or not a PNG Cairo can read.
    package static func read(path: String) throws(RenderError) -> CairoSurface {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .image(path: path, reason: "no such file")
        }
        // Cairo reports a file that is not a PNG at all as "out of memory"; check the signature first.
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .image(path: path, reason: "cannot be opened (is it readable?)")
        }
        let head = (try? handle.read(upToCount: 8)) ?? Data()
        try? handle.close()
        guard Array(head) == signature else {
            throw .image(
                path: path,
                reason: head.isEmpty ? "not a valid PNG (the file is empty)" : "not a valid PNG (no PNG signature)")
        }
        guard let surface = cairo_image_surface_create_from_png(path) else {
            throw .image(path: path, reason: "cannot be read")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            let reason =
                status == CAIRO_STATUS_READ_ERROR || status == CAIRO_STATUS_NO_MEMORY
                ? "not a valid PNG (truncated or corrupt)" : String(cString: cairo_status_to_string(status))
            throw .image(path: path, reason: reason)
        }
        guard
            cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
                || cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        else {
            cairo_surface_destroy(surface)
            throw .image(path: path, reason: "unsupported pixel format")
        }
        return CairoSurface(taking: surface)
    }

    /// Decodes PNG bytes by way of a temporary file.
    package static func read(data: Data) throws(RenderError) -> CairoSurface {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("widgetrender-\(UUID().uuidString).png")
        do { try data.write(to: url) } catch { throw .image(path: url.path, reason: "cannot write: \(error)") }
        defer { try? FileManager.default.removeItem(at: url) }
        return try read(path: url.path)
    }
}
