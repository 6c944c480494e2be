import Foundation
import WidgetDrawing

/// What an ``ImageEncoder`` encodes: a drawn widget's pixels and its display list.
public struct RenderedImage: @unchecked Sendable {
    /// The drawn pixels: Cairo's premultiplied ARGB32; nothing else draws on them.
    package let surface: CairoSurface
    /// Width in pixels.
    public var width: Int { surface.width }
    /// Height in pixels.
    public var height: Int { surface.height }
    /// Pixels per point.
    public let scale: Int
    /// What was drawn, in points: for encoders that write vectors.
    public let displayList: DisplayList

    /// What draws the display list again as vectors: the renderer that drew the pixels (held
    /// by the caller for the encode), with the layout, metrics and context.
    package let vectorSource: VectorSource?

    package init(surface: CairoSurface, scale: Int, displayList: DisplayList, vectorSource: VectorSource? = nil) {
        self.surface = surface
        self.scale = scale
        self.displayList = displayList
        self.vectorSource = vectorSource
    }

    /// The widget as SVG or PDF, drawn from its display list by the renderer that drew its
    /// pixels.
    package func vector(_ format: VectorFormat) throws -> Data {
        guard let source = vectorSource else {
            throw WidgetRenderError.internalError("this image has no display list to draw as \(format)")
        }
        do {
            return try source.renderer.drawVector(
                source.layout, metrics: source.metrics, context: source.context, as: format)
        } catch {
            throw WidgetRenderError.invalidRequest("\(format) output: \(error.description)")
        }
    }

    /// The pixels as straight (not premultiplied) 8-bit RGBA, rows top to bottom, four bytes a
    /// pixel: what a PNG of the image decodes to.
    ///
    /// - Returns: `width × height × 4` bytes.
    public func rgba() -> Data {
        let (width, height) = (surface.width, surface.height)
        var data = Data(count: width * height * 4)
        data.withUnsafeMutableBytes { raw in
            guard let out = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            surface.withPixels { pixels, stride in
                for y in 0..<height {
                    let row = UnsafeRawPointer(pixels + y * stride)
                    for x in 0..<width {
                        let argb = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                        let a = argb >> 24
                        func straight(_ c: UInt32) -> UInt8 {
                            a == 255 ? UInt8(c) : a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
                        }
                        let o = out + (y * width + x) * 4
                        o[0] = straight((argb >> 16) & 0xFF)
                        o[1] = straight((argb >> 8) & 0xFF)
                        o[2] = straight(argb & 0xFF)
                        o[3] = UInt8(a)
                    }
                }
            }
        }
        return data
    }
}

/// A drawn widget's renderer, layout, metrics and context, for an encoder of vectors.
package struct VectorSource: @unchecked Sendable {
    package let renderer: WidgetRenderer
    package let layout: WidgetRenderer.Layout
    package let metrics: WidgetMetrics
    package let context: ViewContext

    package init(renderer: WidgetRenderer, layout: WidgetRenderer.Layout, metrics: WidgetMetrics, context: ViewContext)
    {
        self.renderer = renderer
        self.layout = layout
        self.metrics = metrics
        self.context = context
    }
}
