import Foundation
import ISALPNG

/// The PNG writer built for widget images: one pass from Cairo's premultiplied pixels to a
/// complete PNG, several times faster than libpng at a smaller size.
///
/// It writes straight (unpremultiplied) samples in the smallest of grey, grey + alpha, RGB and
/// RGBA that holds every pixel exactly, each row with filter None (Up for a photograph's rows, where
/// fewer than 60 % of sampled pixels equal their left neighbour), compressed by ISA-L's igzip
/// at level 1, the IHDR, IDAT and IEND chunks written directly with ISA-L's CRC-32. A large image
/// is compressed in pieces, on idle cores too (``helperThreadLimit``).
/// The conversion runs eight pixels at a time with AVX2 when the CPU has it, one at a time
/// otherwise; both give the same bytes. The samples are the ones ``PNGEncoder/libpngFast``
/// writes, so both files decode to the same pixels.
///
/// The same surface gives the same bytes on one machine and library version, on any thread (the
/// writer keeps igzip's state where libisal 2.30's address-dependent hashing cannot tell threads or
/// runs apart; docs/OUTPUT.md, Determinism). igzip chooses its code by CPU at run time: x86-64 CPUs with
/// SSE4.2 or later share one output, older x86-64 and other architectures can produce different
/// (equally valid) bytes for the same pixels.
///
/// ```swift
/// let png = try WidgetPNGWriter().encode(surface)
/// ```
package struct WidgetPNGWriter: Sendable, Hashable {
    /// Which code converts the pixels.
    package enum PixelPath: Sendable, Hashable {
        /// The vector path when this CPU has it, the scalar one otherwise.
        case automatic
        /// One pixel at a time, on any CPU.
        case scalar
        /// Eight pixels at a time (AVX2 on x86-64); encoding throws on a CPU without it.
        case vector
    }

    /// Which code converts the pixels; the bytes are the same either way.
    package var pixelPath: PixelPath

    /// A writer.
    ///
    /// - Parameter pixelPath: Which code converts the pixels; tests pin `.scalar` or `.vector`.
    package init(pixelPath: PixelPath = .automatic) {
        self.pixelPath = pixelPath
    }

    /// Encodes the surface as a PNG file.
    ///
    /// ```swift
    /// try WidgetPNGWriter().encode(surface).write(to: url)
    /// ```
    ///
    /// - Parameter surface: The pixels, premultiplied ARGB32 as Cairo draws them.
    /// - Returns: The whole file.
    /// - Throws: ``RenderError/png(_:)`` naming what failed: a surface without pixels, a size the
    ///   encoder cannot take, memory, the compressor, or `.vector` on a CPU without it.
    package func encode(_ surface: CairoSurface) throws(RenderError) -> Data {
        try encodeWithFingerprint(surface).png
    }

    /// Encodes the surface, and gives ``pixelsCRC64(_:)`` of it with no second pass over the
    /// pixels when the file is RGBA (every widget with rounded corners).
    ///
    /// - Returns: the whole file, and the fingerprint of its decoded pixels.
    /// - Throws: as ``encode(_:)``.
    package func encodeWithFingerprint(_ surface: CairoSurface) throws(RenderError) -> (png: Data, pixels: String) {
        var png = wr_isal_png(data: nil, length: 0, color_type: 0, pixels_crc64: 0, has_pixels_crc64: 0)
        var message = [CChar](repeating: 0, count: 256)
        let path = cPath
        // Cairo's sizes and strides are C ints; -1 stands for one that is not.
        let status: Int32? = surface.withPixels { pixels, stride in
            guard let width = Int32(exactly: surface.width), let height = Int32(exactly: surface.height),
                let rowBytes = Int32(exactly: stride)
            else { return -1 }
            return wr_isal_png_encode_argb32(pixels, width, height, rowBytes, path, &png, &message, message.count)
        }
        guard let status else { throw .png("surface has no pixel data") }
        guard status != -1 else {
            throw .png("a \(surface.width)×\(surface.height) px surface, stride \(surface.stride), is too large")
        }
        guard status == 0, let data = png.data else {
            free(png.data)
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .png(text.isEmpty ? "the ISA-L writer failed" : text)
        }
        let file = Data(bytesNoCopy: data, count: png.length, deallocator: .free)
        let pixels =
            png.has_pixels_crc64 != 0 ? Self.hex(png.pixels_crc64) : try Self.pixelsCRC64(surface)
        return (file, pixels)
    }

    private var cPath: wr_isal_pixel_path {
        switch pixelPath {
        case .automatic: WR_ISAL_PIXEL_PATH_AUTOMATIC
        case .scalar: WR_ISAL_PIXEL_PATH_SCALAR
        case .vector: WR_ISAL_PIXEL_PATH_VECTOR
        }
    }

    /// A fingerprint of the decoded pixels, equal for equal pixels on any CPU and whichever
    /// writer made the file: CRC-64/XZ of the image as straight 8-bit RGBA, rows top to bottom,
    /// as 16 hex digits. (The PNG's own bytes can differ between CPUs: igzip picks its code at
    /// run time.) To check one: decode the PNG to RGBA and run CRC-64/XZ over the bytes.
    ///
    /// - Throws: ``RenderError/png(_:)`` when memory runs out.
    package static func pixelsCRC64(_ surface: CairoSurface) throws(RenderError) -> String {
        var crc: UInt64 = 0
        let status =
            surface.withPixels { pixels, stride in
                wr_isal_pixels_crc64(pixels, Int32(surface.width), Int32(surface.height), Int32(stride), &crc)
            } ?? 1
        guard status == 0 else { throw .png("cannot fingerprint the pixels: out of memory") }
        return hex(crc)
    }

    private static func hex(_ crc: UInt64) -> String { String(crc, radix: 16).leftPadded(to: 16) }

    /// The vector path this CPU runs (`"avx2"`), or `nil` when pixels are converted one at a time.
    package static var vectorPathName: String? {
        wr_isal_vector_path_name().map { String(cString: $0) }
    }

    /// How many helper threads may compress pieces of one image besides the thread encoding it.
    ///
    /// An image of more than 768 KB of scanlines is written in two pieces, each converted and
    /// compressed alone and joined into one stream; while a core is idle, a helper thread takes
    /// the second, so a single widget's encode takes about two thirds of the time on two cores. The pieces depend only on the image's size, so the bytes are the same for any limit.
    /// By default one fewer than the process's processors (at most 7); 0 keeps every encode on its
    /// own thread. The command line sets it from `--jobs`.
    ///
    /// ```swift
    /// WidgetPNGWriter.helperThreadLimit = 0  // one thread per image
    /// ```
    package static var helperThreadLimit: Int {
        get { Int(wr_isal_helper_limit()) }
        set { wr_isal_set_helper_limit(Int32(clamping: newValue)) }
    }

    /// Runs `body` as one of a run's render workers: while as many workers are busy as there are
    /// processors, encodes do not wait for helper threads, whose cores are already drawing.
    ///
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    package static func asRenderWorker<Value, Failure: Error>(
        _ body: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        wr_isal_worker_enter()
        defer { wr_isal_worker_leave() }
        return try body()
    }

    /// The ISA-L version the writer was built against, e.g. `"2.30.0"`.
    package static var isalVersion: String { String(cString: wr_isal_version()) }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
