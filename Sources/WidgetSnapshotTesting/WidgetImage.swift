import Foundation
import WidgetRender
import WidgetDrawing

/// A rendered widget as swift-snapshot-testing compares it: the pixels the pipeline writes,
/// or why there are none.
///
/// The image is what `widgetrender` would write for the same widget, entry and settings: drawn,
/// encoded to PNG and decoded again, so a reference recorded by a test matches the command's
/// output pixel for pixel.
public struct WidgetImage: @unchecked Sendable {
    package let surface: CairoSurface?
    /// Why the widget could not be rendered (a provider error, an unknown family), or `nil`.
    public let failure: String?
    /// The versions of Cairo, Pango, fontconfig, libpng and the fonts that drew it.
    public let renderStack: String

    package init(surface: CairoSurface?, failure: String?, renderStack: String) {
        self.surface = surface
        self.failure = failure
        self.renderStack = renderStack
    }

    /// Width in pixels (0 when rendering failed).
    public var width: Int { surface?.width ?? 0 }
    /// Height in pixels (0 when rendering failed).
    public var height: Int { surface?.height ?? 0 }

    /// The image as a PNG for a reference file: zlib's best compression, deterministic bytes.
    ///
    /// - Returns: the PNG, or an empty file when rendering failed.
    public func pngData() -> Data {
        guard let surface, let data = try? PNGEncoder.small.encode(surface) else { return Data() }
        return data
    }

    /// An image read from a reference PNG.
    ///
    /// - Parameter data: the file's bytes.
    /// - Returns: the image, or one whose ``failure`` says why the bytes are not a PNG.
    public static func reading(_ data: Data) -> WidgetImage {
        do {
            return WidgetImage(surface: try PNGImage.read(data: data), failure: nil, renderStack: "")
        } catch {
            return WidgetImage(surface: nil, failure: "the reference is not a readable PNG: \(error)", renderStack: "")
        }
    }
}
