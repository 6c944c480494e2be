import Foundation
import WidgetDrawing

/// SVG 1.1 of the widget, drawn again from its display list by Cairo: text as glyph outlines
/// (no font needed to view it), `width` and `height` in pixels like the PNG's and the viewBox
/// in points. Full colour only: the accented and vibrant modes are layers of pixels.
///
/// ```swift
/// let widget = try await engine.render(request, as: SVGEncoder())
/// ```
public struct SVGEncoder: ImageEncoder, Hashable {
    /// An encoder.
    public init() {}

    /// SVG.
    public var format: ImageFormat { .svg }

    /// The SVG's bytes.
    ///
    /// - Throws: ``WidgetRenderError`` (`invalidRequest`) in a mode SVG cannot hold.
    public func encode(_ image: RenderedImage) throws -> Data { try image.vector(.svg) }
}

/// PDF 1.5 of the widget, drawn again from its display list by Cairo, fonts embedded as
/// subsets, a page of as many points as the PNG has pixels; the same bytes on every run.
/// Full colour only.
public struct PDFEncoder: ImageEncoder, Hashable {
    /// An encoder.
    public init() {}

    /// PDF.
    public var format: ImageFormat { .pdf }

    /// The PDF's bytes.
    ///
    /// - Throws: ``WidgetRenderError`` (`invalidRequest`) in a mode PDF cannot hold.
    public func encode(_ image: RenderedImage) throws -> Data { try image.vector(.pdf) }
}

extension ImageFormat {
    /// SVG.
    public static var svg: ImageFormat { ImageFormat(name: "svg", fileExtension: "svg", mediaType: "image/svg+xml") }
    /// PDF.
    public static var pdf: ImageFormat { ImageFormat(name: "pdf", fileExtension: "pdf", mediaType: "application/pdf") }
}
