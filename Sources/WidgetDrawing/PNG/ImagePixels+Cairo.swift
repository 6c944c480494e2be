import CCairo
import Foundation
import WidgetCore

extension ImagePixels {
    /// The pixels of a surface, copied.
    package convenience init?(surface: CairoSurface) {
        let copied = surface.withPixels { data, stride in
            (stride, [UInt8](UnsafeBufferPointer(start: data, count: stride * surface.height)))
        }
        guard let (stride, bytes) = copied else { return nil }
        self.init(width: surface.width, height: surface.height, stride: stride, bytes: bytes)
    }

    /// A surface with these pixels (a copy, so Cairo never writes into them).
    package func surface() throws(RenderError) -> CairoSurface {
        guard width > 0, height > 0, stride >= width * 4, bytes.count >= stride * (height - 1) + width * 4 else {
            throw .image(path: "image data", reason: "\(bytes.count) bytes cannot hold \(width)×\(height) pixels")
        }
        guard let made = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
            cairo_surface_status(made) == CAIRO_STATUS_SUCCESS
        else { throw .image(path: "image data", reason: "cannot allocate \(width)×\(height) pixels") }
        let surface = CairoSurface(taking: made)
        let rowBytes = min(stride, width * 4)
        _ = surface.withMutablePixels { data, targetStride in
            bytes.withUnsafeBufferPointer { source in
                guard let base = source.baseAddress else { return }
                for row in 0..<height {
                    (data + row * targetStride).update(from: base + row * stride, count: rowBytes)
                }
            }
        }
        return surface
    }
}
