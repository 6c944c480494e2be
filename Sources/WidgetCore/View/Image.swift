import Foundation

/// What an ``Image`` shows and how it fits its frame.
package struct ImageSpec: Sendable, Hashable {
    /// How a resizable image fits the space it is given.
    package enum ContentMode: Sendable, Hashable {
        /// Scale to fill, cropping the overflow (aspect kept).
        case fill
        /// Scale to fit inside (aspect kept).
        case fit
        /// Scale each side to the frame's (`resizable()` alone, as SwiftUI draws it).
        case stretch
    }

    /// Where the pixels come from.
    package enum Source: Sendable, Hashable {
        /// A PNG file.
        case file(String)
        /// An image by name in a bundle's resources.
        case named(String, bundle: URL)
        /// A symbol by its SF Symbols name.
        case system(String)
        /// Pixels decoded already (`Image(uiImage:)`).
        case pixels(ImagePixels)
    }

    package var source: Source
    /// `nil` draws at its own size; otherwise scaled to the frame.
    package var contentMode: ContentMode?

    package init(path: String, contentMode: ContentMode? = nil) {
        self.init(source: .file(path), contentMode: contentMode)
    }

    package init(source: Source, contentMode: ContentMode? = nil) {
        self.source = source
        self.contentMode = contentMode
    }

    /// The file for a PNG or JPEG image; `nil` for a named image not found, for symbols and for
    /// pixels in memory.
    package var path: String? {
        switch source {
        case .file(let path): path
        case .named(let name, let bundle): Self.resolve(name, in: bundle)
        case .system, .pixels: nil
        }
    }

    /// `name.png`, `name@3x.png`, `name@2x.png`, `name@1x.png` (or `.jpg`), or the largest PNG
    /// or JPEG of `*.xcassets/name.imageset/` in the bundle folder (or its `Resources`).
    package static func resolve(_ name: String, in bundle: URL) -> String? {
        let manager = FileManager.default
        let folders = [bundle, bundle.appendingPathComponent("Resources")]
        for folder in folders {
            for suffix in ["", "@3x", "@2x", "@1x"] {
                for type in ["png", "jpg", "jpeg"] {
                    let file = folder.appendingPathComponent("\(name)\(suffix).\(type)")
                    if manager.fileExists(atPath: file.path) { return file.path }
                }
            }
            guard let entries = try? manager.contentsOfDirectory(atPath: folder.path) else { continue }
            for catalog in entries.sorted() where catalog.hasSuffix(".xcassets") {
                let set = folder.appendingPathComponent(catalog).appendingPathComponent("\(name).imageset")
                guard let files = try? manager.contentsOfDirectory(atPath: set.path) else { continue }
                let pictures = files.filter { [".png", ".jpg", ".jpeg"].contains(where: $0.lowercased().hasSuffix) }
                    .sorted {
                        (Self.scaleRank($0), $0) > (Self.scaleRank($1), $1)
                    }
                if let best = pictures.first { return set.appendingPathComponent(best).path }
            }
        }
        return nil
    }

    private static func scaleRank(_ file: String) -> Int {
        file.contains("@3x") ? 3 : file.contains("@2x") ? 2 : 1
    }
}

/// Decoded pixels held in memory, for an image made from bytes (`Image(uiImage:)`): premultiplied,
/// native-endian ARGB32 rows (Cairo's format), `stride` bytes apart. Equal only to itself.
package final class ImagePixels: Sendable, Hashable {
    package let width: Int
    package let height: Int
    package let stride: Int
    package let bytes: [UInt8]

    package init(width: Int, height: Int, stride: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.stride = stride
        self.bytes = bytes
    }

    package static func == (a: ImagePixels, b: ImagePixels) -> Bool { a === b }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// An image, as SwiftUI's `Image`: a PNG or JPEG file, an image of your bundle by name, a
/// `UIImage` made from bytes, or a symbol.
///
/// Files are decoded once per render session. A symbol (`Image(systemName:)`) is drawn from
/// the symbol font in the current font's size and the foreground colour, like text.
///
/// ```swift
/// Image(path: background).resizable().scaledToFill()
/// Image("hero", bundle: .module).resizable().frame(width: 40, height: 40)
/// Image(systemName: "heart.fill").foregroundStyle(.red)
/// ```
public struct Image: PrimitiveView {
    package var spec: ImageSpec

    /// The size of a symbol relative to the font, as SwiftUI's `Image.Scale`.
    public struct Scale: Sendable, Hashable {
        package let factor: Double
        /// 80 % of the font size.
        public static var small: Scale { Scale(factor: 0.8) }
        /// The font size.
        public static var medium: Scale { Scale(factor: 1) }
        /// 125 % of the font size.
        public static var large: Scale { Scale(factor: 1.25) }
    }

    /// An image of the given source.
    package init(spec: ImageSpec) {
        self.spec = spec
    }

    /// An image from a PNG or JPEG file, drawn at its own size until `resizable()`.
    public init(path: String) {
        spec = ImageSpec(path: path)
    }

    /// An image by name from a bundle's resources, as SwiftUI's `Image(_:bundle:)`.
    ///
    /// Looks for `name.png` (or `name@3x.png`, `@2x`, `@1x`) and for
    /// `*.xcassets/name.imageset/*.png` in the bundle. An image that cannot be found fails the
    /// render with its name and the folder searched.
    ///
    /// - Parameters:
    ///   - name: the image's name, without extension.
    ///   - bundle: the bundle (a package target's is `.module`); the main bundle by default.
    public init(_ name: String, bundle: Bundle? = nil) {
        spec = ImageSpec(source: .named(name, bundle: (bundle ?? Bundle.main).bundleURL))
    }

    /// A symbol by its SF Symbols name, as SwiftUI's `Image(systemName:)`.
    ///
    /// ``SymbolCatalog/names`` lists the names that can be drawn; any other name fails the
    /// render with the nearest known names.
    ///
    /// - Parameter systemName: e.g. `"heart.fill"`, `"chevron.right"`, `"bolt.fill"`.
    public init(systemName: String) {
        spec = ImageSpec(source: .system(systemName))
    }

    /// Scales the image to its frame: stretched to it, as SwiftUI's `resizable()` draws a
    /// picture, until `scaledToFit()`, `scaledToFill()` or `aspectRatio(contentMode:)` keeps its
    /// aspect ratio. A symbol fits its frame.
    public func resizable() -> Image {
        var copy = self
        if case .system = spec.source {
            copy.spec.contentMode = .fit
        } else {
            copy.spec.contentMode = copy.spec.contentMode ?? .stretch
        }
        return copy
    }

    /// Keeps the image's own aspect ratio, fitting or filling its frame, as SwiftUI's
    /// `aspectRatio(contentMode:)` does for a resizable image.
    ///
    /// - Parameter contentMode: `.fit` inside the frame, or `.fill` it (cropping the rest).
    public func aspectRatio(contentMode: ContentMode) -> Image {
        var copy = self
        copy.spec.contentMode = contentMode == .fit ? .fit : .fill
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
    public var primitiveNode: ViewNode {
        if case .system(let name) = spec.source {
            return spec.contentMode == nil
                ? .text(TextSpec(runs: [TextRun(.symbol(name))])) : .primitive(ResizableSymbol(name: name))
        }
        return .image(spec)
    }
}

extension ImageSpec: ViewBehavior {
    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        proposal.replacingUnspecifiedDimensions()
    }

    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        items.append(.image(self, rect, redacted: environment.redacted))
    }

    package func describe(_ children: [String]) -> String { "Image" }
}

extension ViewNode {
    package static func image(_ spec: ImageSpec) -> ViewNode { .primitive(spec) }
}

/// A symbol scaled to fit its frame (`Image(systemName:).resizable()`), centred.
package struct ResizableSymbol: ViewBehavior {
    package var name: String

    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        proposal.replacingUnspecifiedDimensions()
    }

    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        var run = TextRun(.symbol(name))
        run.font = Font(size: 100)
        var unit = TextSpec(runs: [run]).styled(in: environment)
        let natural = pass.measure(unit, maxWidth: nil, lineLimit: 1)
        guard natural.width > 0, natural.height > 0 else { return }
        let factor = min(rect.width / natural.width, rect.height / natural.height)
        unit = unit.scaled(by: factor)
        let size = pass.measure(unit, maxWidth: nil, lineLimit: 1)
        items.append(
            .text(
                DisplayText(
                    text: unit, color: environment.foreground, frame: rect.aligning(size, .center),
                    layoutWidth: size.width, lineLimit: 1, alignment: .center, redacted: environment.redacted)))
    }

    package func describe(_ children: [String]) -> String { "Symbol(\(name))" }
}
