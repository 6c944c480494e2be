import CCairo
import Foundation

/// Reads PNG files into Cairo surfaces (for background images and golden comparisons), and
/// JPEG files through ``JPEGImage`` (a file or bytes that start as a JPEG are read as one).
///
/// Both readers check the 24-byte header (signature, image header, size) before anything
/// decodes, so a file that claims 20000×20000 pixels is refused without allocating 1.6 GB.
/// The pixels are then decoded by Cairo (libpng).
package enum PNGImage {
    /// The largest image decoded: 8192 pixels a side (256 MiB of pixels). A 48-megapixel
    /// photo is 8064 pixels wide.
    package static let maximumSide = 8192

    /// Decodes a PNG file.
    ///
    /// - Throws: ``RenderError/image(path:reason:)`` naming the file when it is missing, not a
    ///   PNG, larger than `maximumSide` a side, or one Cairo cannot read.
    package static func read(path: String, maximumSide: Int = maximumSide) throws(RenderError) -> CairoSurface {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .image(path: path, reason: "no such file")
        }
        if let problem = regularFileProblem(path) { throw .image(path: path, reason: problem) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .image(path: path, reason: "cannot be opened (is it readable?)")
        }
        let head = (try? handle.read(upToCount: 24)) ?? Data()
        if JPEGImage.isJPEG(head) {
            defer { try? handle.close() }
            try? handle.seek(toOffset: 0)
            let data = (try? handle.read(upToCount: JPEGImage.maximumBytes + 1)) ?? Data()
            return try JPEGImage.read(data: data, name: path, maximumSide: maximumSide)
        }
        try? handle.close()
        if let problem = problem(header: head, maximumSide: maximumSide) { throw .image(path: path, reason: problem) }
        return try checked(cairo_image_surface_create_from_png(path), path: path)
    }

    /// Decodes PNG bytes in memory.
    ///
    /// - Parameter name: What messages call the bytes (a file name, or "PNG data").
    /// - Throws: ``RenderError/image(path:reason:)`` as ``read(path:maximumSide:)`` does.
    package static func read(data: Data, name: String = "PNG data", maximumSide: Int = maximumSide) throws(RenderError)
        -> CairoSurface
    {
        if JPEGImage.isJPEG(data) {
            return try JPEGImage.read(
                data: data, name: name == "PNG data" ? "JPEG data" : name, maximumSide: maximumSide)
        }
        if let problem = problem(header: data.prefix(24), maximumSide: maximumSide) {
            throw .image(path: name, reason: problem)
        }
        let reader = MemoryReader(bytes: [UInt8](data))
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(
                { closure, buffer, length in
                    guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
                    let reader = Unmanaged<MemoryReader>.fromOpaque(closure).takeUnretainedValue()
                    return reader.read(into: buffer, count: Int(length))
                        ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
                }, Unmanaged.passUnretained(reader).toOpaque())
        }
        return try checked(surface, path: name)
    }

    /// Why `path` is not a regular file to read (a folder, a FIFO, a device: opening one could
    /// block), or `nil` when it is one; links are followed.
    package static func regularFileProblem(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOENT ? "no such file" : "cannot be read" }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "is not a regular file (a folder)"
        case S_IFIFO: return "is not a regular file (a FIFO)"
        case S_IFCHR, S_IFBLK: return "is not a regular file (a device)"
        case S_IFSOCK: return "is not a regular file (a socket)"
        default: return "is not a regular file"
        }
    }

    /// Why the first 24 bytes of a file (signature and image header) cannot be decoded, or
    /// `nil` when they can.
    package static func problem(header: Data, maximumSide: Int = maximumSide) -> String? {
        let bytes = [UInt8](header.prefix(24))
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // Cairo reports a file that is not a PNG at all as "out of memory"; say what it is.
        if bytes.isEmpty { return "not a valid PNG (the file is empty)" }
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
            return "not a valid PNG or JPEG (no PNG signature, no JPEG start-of-image marker)"
        }
        guard bytes.count == 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            return "not a valid PNG (no image header)"
        }
        func big(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (big(16), big(20))
        guard width > 0, height > 0 else { return "not a valid PNG (\(width)×\(height) pixels)" }
        guard width <= maximumSide, height <= maximumSide else {
            return "\(width)×\(height) pixels is larger than the \(maximumSide)×\(maximumSide) limit"
        }
        return nil
    }

    /// The surface Cairo returned, or the reason it could not decode.
    private static func checked(_ surface: OpaquePointer?, path: String) throws(RenderError) -> CairoSurface {
        guard let surface else { throw .image(path: path, reason: "cannot be read") }
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
}

/// Hands Cairo's PNG reader the bytes of one image, in the lengths it asks for.
private final class MemoryReader {
    let bytes: [UInt8]
    var offset = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Copies the next `count` bytes; `false` when fewer are left (a truncated file).
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count >= 0, count <= bytes.count - offset else { return false }
        bytes.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { buffer.update(from: base + offset, count: count) }
        }
        offset += count
        return true
    }
}
