import Foundation

/// The rectangle of pixels that differ between two consecutive images: what a panel that
/// refreshes partly (e-ink) redraws.
///
/// In pixels, from the image's top left corner, in the coordinates of the image as written
/// (after a turn). `manifest.json` gives one for each `timeline` screen after a widget's
/// first (``Manifest/ImageRecord/changedRegion``).
///
/// ```swift
/// if let region = ChangedRegion.between(before, after) {
///     panel.refresh(x: region.x, y: region.y, width: region.width, height: region.height)
/// }
/// ```
public struct ChangedRegion: Codable, Hashable, Sendable, CustomStringConvertible {
    /// Pixels from the left edge.
    public var x: Int
    /// Pixels from the top edge.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A region.
    ///
    /// - Parameters:
    ///   - x: pixels from the left edge.
    ///   - y: pixels from the top edge.
    ///   - width: width in pixels.
    ///   - height: height in pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `120×40 at (10, 300)`.
    public var description: String { "\(width)×\(height) at (\(x), \(y))" }

    /// The bounding box of the drawn pixels that differ between two images (each pixel's
    /// colour and alpha compared exactly).
    ///
    /// An encoder that turns or reduces the pixels (``GreyPNGEncoder``, ``BMPEncoder``) writes
    /// other pixels than these: a `timeline` compares what it writes.
    ///
    /// - Parameters:
    ///   - previous: the image before.
    ///   - next: the image after.
    /// - Returns: the rectangle, `nil` when the pixels are the same, or all of `next` when the
    ///   sizes differ.
    public static func between(_ previous: RenderedImage, _ next: RenderedImage) -> ChangedRegion? {
        PixelFrame(surface: next.surface).changedRegion(from: PixelFrame(surface: previous.surface))
    }
}
