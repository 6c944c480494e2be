/// What an ``Image`` shows and how it fits its frame.
package struct ImageSpec: Sendable, Hashable {
    /// How a resizable image fits the space it is given.
    package enum ContentMode: Sendable, Hashable {
        /// Scale to fill, cropping the overflow (aspect kept).
        case fill
        /// Scale to fit inside (aspect kept).
        case fit
    }

    /// Path of a PNG file.
    package var path: String
    /// `nil` draws at its own size; otherwise scaled to the frame.
    package var contentMode: ContentMode?

    package init(path: String, contentMode: ContentMode? = nil) {
        self.path = path
        self.contentMode = contentMode
    }
}

/// A PNG image, as SwiftUI's `Image`; the renderer decodes each file once per run.
///
/// ```swift
/// Image(path: background).resizable().scaledToFill()
/// ```
public struct Image: PrimitiveView {
    package var spec: ImageSpec

    /// An image from a PNG file, drawn at its own size until `resizable()`.
    public init(path: String) {
        spec = ImageSpec(path: path)
    }

    /// Scales the image to its frame (fill by default).
    public func resizable() -> Image {
        var copy = self
        copy.spec.contentMode = copy.spec.contentMode ?? .fill
        return copy
    }

    /// Fills the frame, cropping what overflows.
    public func scaledToFill() -> Image {
        var copy = self
        copy.spec.contentMode = .fill
        return copy
    }

    /// Fits inside the frame.
    public func scaledToFit() -> Image {
        var copy = self
        copy.spec.contentMode = .fit
        return copy
    }

    /// The node the layout engine sees.
    public var primitiveNode: ViewNode { .image(spec) }
}
