/// What an ``Image`` shows and how it fits its frame.
public struct ImageSpec: Sendable, Hashable {
    /// How a resizable image fits the space it is given.
    public enum ContentMode: Sendable, Hashable {
        /// Scale to fill, cropping the overflow (aspect kept).
        case fill
        /// Scale to fit inside (aspect kept).
        case fit
    }

    /// Path of a PNG file.
    public var path: String
    /// `nil` draws at its own size; otherwise scaled to the frame.
    public var contentMode: ContentMode?

    public init(path: String, contentMode: ContentMode? = nil) {
        self.path = path
        self.contentMode = contentMode
    }
}

/// A PNG image, as SwiftUI's `Image`; the renderer decodes each file once per run.
///
/// ```swift
/// Image(path: background).resizable().scaledToFill()
/// ```
public struct Image: View {
    public var spec: ImageSpec

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

    public var node: ViewNode { .image(spec) }
}
