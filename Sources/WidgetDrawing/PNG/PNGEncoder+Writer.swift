import CPNG
import Foundation

extension PNGEncoder {
    /// The code that writes the file.
    package enum Writer: Sendable, Hashable {
        /// libpng with ``PNGEncoder/compressionLevel`` and ``PNGEncoder/filters``.
        case libpng
        /// ``WidgetPNGWriter``: ISA-L's igzip at level 1, filter None (Up for a photograph's rows).
        case isal
    }

    /// libpng at zlib level 1 with the SUB filter: what ``fast`` was before ``WidgetPNGWriter``,
    /// kept as the benchmark's baseline and for comparing the two writers' pixels.
    ///
    /// ```swift
    /// let reference = try PNGEncoder.libpngFast.encode(surface)
    /// ```
    package static var libpngFast: PNGEncoder { PNGEncoder(compressionLevel: 1, filters: Int32(PNG_FILTER_SUB)) }
}
