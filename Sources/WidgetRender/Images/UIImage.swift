import Foundation
import WidgetCore
import WidgetDrawing

/// An image decoded from bytes or a file, under UIKit's name, so a widget that shows a picture
/// its app saved (or a provider fetched) ports unchanged:
///
/// ```swift
/// if let data = try? Data(contentsOf: photoURL), let photo = UIImage(data: data) {
///     Image(uiImage: photo).resizable().scaledToFill()
/// }
/// ```
///
/// PNG and JPEG (baseline or progressive, grey or colour; not CMYK) are read, up to 8192
/// pixels a side. As in UIKit, bytes that cannot be decoded give `nil`; the reason goes to
/// the render's warnings when a provider or view is being run. The pixels are decoded once,
/// when the image is made. A JPEG's EXIF orientation is not applied.
public final class UIImage: Sendable {
    package let pixels: ImagePixels

    /// The image's size in points (its pixels at ``scale`` 1).
    public var size: Size { Size(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale) }

    /// Pixels per point: 1 (an image made from bytes carries no `@2x`).
    public var scale: Double { 1 }

    /// Decodes PNG or JPEG bytes; `nil` when they are neither, or are damaged.
    public convenience init?(data: Data) {
        self.init(
            pixels: Self.decode(name: "UIImage(data:)") { () throws(RenderError) in try PNGImage.read(data: data) })
    }

    /// Decodes a PNG or JPEG file; `nil` when it is missing, not a regular file, or cannot be decoded.
    public convenience init?(contentsOfFile path: String) {
        self.init(
            pixels: Self.decode(name: "UIImage(contentsOfFile:)") { () throws(RenderError) in
                try PNGImage.read(path: path)
            })
    }

    /// An image of a bundle's resources by name, as `Image(_:bundle:)` finds it (`name.png`,
    /// `@3x`/`@2x`, `.jpg`, an `.xcassets` image set); `nil` when there is none.
    ///
    /// - Parameters:
    ///   - name: the image's name, without extension.
    ///   - bundle: the bundle (a package target's is `.module`); the main bundle by default.
    public convenience init?(named name: String, in bundle: Bundle? = nil) {
        guard let path = ImageSpec.resolve(name, in: (bundle ?? Bundle.main).bundleURL) else { return nil }
        self.init(contentsOfFile: path)
    }

    private init?(pixels: ImagePixels?) {
        guard let pixels else { return nil }
        self.pixels = pixels
    }

    /// The image as PNG bytes.
    public func pngData() -> Data? {
        guard let surface = try? pixels.surface() else { return nil }
        return try? WidgetPNGWriter().encode(surface)
    }

    /// The pixels `read` decodes, or `nil` with the reason in the provider's warnings.
    private static func decode(name: String, _ read: () throws(RenderError) -> CairoSurface) -> ImagePixels? {
        do {
            return ImagePixels(surface: try read())
        } catch {
            AppGroupContainers.warnings?.warn("\(name): \(error.description)")
            return nil
        }
    }
}

extension Image {
    /// The image a ``UIImage`` holds, as SwiftUI's `Image(uiImage:)`; drawn at its own size
    /// until `resizable()`.
    public init(uiImage: UIImage) {
        self.init(spec: ImageSpec(source: .pixels(uiImage.pixels)))
    }
}
