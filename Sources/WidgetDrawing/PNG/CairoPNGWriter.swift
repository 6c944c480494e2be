import CCairo
import Foundation

/// Cairo's own PNG writer (`cairo_surface_write_to_png_stream`), kept as the
/// baseline the benchmark compares ``PNGEncoder`` against.
package enum CairoPNGWriter {
    private final class Sink {
        var data = Data()
    }

    /// Encodes with Cairo's writer.
    ///
    /// - Throws: ``RenderError/png(_:)`` with Cairo's status.
    package static func encode(_ surface: CairoSurface) throws(RenderError) -> Data {
        let sink = Sink()
        let unmanaged = Unmanaged.passRetained(sink)
        defer { unmanaged.release() }
        let status = cairo_surface_write_to_png_stream(
            surface.pointer,
            { closure, bytes, length in
                guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, unmanaged.toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { throw .png(String(cString: cairo_status_to_string(status))) }
        return sink.data
    }
}
