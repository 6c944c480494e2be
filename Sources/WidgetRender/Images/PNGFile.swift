import Foundation
import WidgetRendering

/// A look at a PNG file before a view draws it with `Image(path:)`.
///
/// `Image(path:)` fails the render when its file cannot be drawn. A provider that takes an image
/// from a place the user fills (an App Group container, say) can ask first and fall back to a
/// drawing of its own, as WidgetKit extensions do when a shared image is missing:
///
/// ```swift
/// if let problem = PNGFile.problem(atPath: path) {
///     context.diagnostics.warn("\(path): \(problem); drawing the widget's own background")
/// }
/// ```
public enum PNGFile {
    /// The largest PNG `Image(path:)` decodes, in pixels a side: 8192 (256 MiB of pixels; a
    /// 48-megapixel photo is 8064 pixels wide).
    public static var maximumSide: Int { PNGImage.maximumSide }

    /// Why `Image(path:)` would refuse the file, from its first 24 bytes (signature, image
    /// header, size), or `nil` when it looks drawable. Nothing is decoded.
    ///
    /// - Parameter path: the file.
    /// - Returns: a short reason ("not a valid PNG (no PNG signature)", "20000×20000 pixels is
    ///   larger than the 8192×8192 limit", "cannot be read"), or `nil`.
    public static func problem(atPath path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "cannot be read" }
        defer { try? handle.close() }
        return PNGImage.problem(header: (try? handle.read(upToCount: 24)) ?? Data())
    }
}
