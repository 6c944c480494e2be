import ArgumentParser
import Foundation
import WidgetRender

/// The image file's format and, for e-ink panels, its greys: `render` and `timeline` share them.
package struct ImageFormatOptions: ParsableArguments {
    package init() {}

    @Option(
        name: .customLong("image-format"),
        help: ArgumentHelp(
            "png (default), bmp, svg, pdf, or apng (timeline only). With --bit-depth, png is grey (colour type 0, no alpha or palette, as Kindle and TRMNL take it); bmp is 24-bit colour unless --bit-depth 1, 4 or 8 (an explicit grey palette, rows padded to 4 bytes, bottom up); svg (text as outlines) and pdf (fonts embedded) are vectors in full colour, sized in pixels like the png; apng writes each screen as png does and an animated PNG of them (colour, or grey with --bit-depth).",
            valueName: "format"))
    var imageFormat: String = "png"

    @Option(
        name: .customLong("bit-depth"),
        help: ArgumentHelp(
            "Bits a pixel: 1, 2, 4 or 8 greys for png; 1, 4, 8 (greys) or 24 (colour) for bmp. Default: colour png, 24-bit bmp.",
            valueName: "bits"))
    var bitDepth: Int?

    @Option(
        help: ArgumentHelp(
            "Greys, evenly spaced, for a panel with fewer than its container holds (Inkplate's 8 in 4 bits: --bit-depth 4 --levels 8). Default: all the bit depth holds.",
            valueName: "n"))
    var levels: Int?

    @Option(
        help: ArgumentHelp(
            "none (each pixel to its nearest grey; the default), threshold (the same), floyd-steinberg, atkinson, or ordered (a stable 8×8 pattern, for panels that refresh partly).",
            valueName: "mode"))
    var dither: String?

    @Option(help: ArgumentHelp("Gamma over the greys: above 1 lightens mid-greys. Default: 1.", valueName: "value"))
    var gamma: Double?

    @Option(help: ArgumentHelp("Contrast about mid-grey: above 1 spreads the greys. Default: 1.", valueName: "value"))
    var contrast: Double?

    @Flag(help: "White for black.")
    var invert = false

    @Option(
        help: ArgumentHelp(
            "Turn the image clockwise by 0, 90, 180 or 270 degrees, for a panel mounted on its side.",
            valueName: "degrees"))
    var rotate: Int?

    @Option(
        name: .customLong("max-bytes"),
        help: ArgumentHelp(
            "The largest file an image may be (a suffix k is 1,024 bytes: 90k). An image over it fails the run with exit 73, no file written, and the message gives its size and what would fit.",
            valueName: "n"))
    var maxBytes: String?

    /// Whether `--image-format apng` was given: an animation of a timeline's screens.
    package var isAnimation: Bool { imageFormat.lowercased() == "apng" }

    /// Sets the batch's encoder and byte budget; throws `ValidationError` naming the option.
    ///
    /// - Parameter animation: the timing of an animation, for a command that makes one of its
    ///   screens (`timeline`); `nil` refuses `apng`.
    package func apply(to batch: inout RenderBatch, animation: AnimatedPNG.Timing? = nil) throws {
        batch.maxBytes = try maxBytes.map(Self.bytes)
        let greyOptions: [(String, Bool)] = [
            ("--levels", levels != nil), ("--dither", dither != nil), ("--gamma", gamma != nil),
            ("--contrast", contrast != nil), ("--invert", invert), ("--rotate", rotate != nil),
        ]
        switch imageFormat.lowercased() {
        case "apng":
            guard let animation else {
                throw ValidationError(
                    "--image-format apng is an animation of a timeline's screens: `timeline --image-format apng` writes one; this command draws one image a widget (png, bmp, svg or pdf)"
                )
            }
            batch.animation = animation
            fallthrough
        case "png":
            guard let bitDepth else {
                if let (name, _) = greyOptions.first(where: \.1) {
                    throw ValidationError(
                        isAnimation
                            ? "\(name) needs --bit-depth 1, 2, 4 or 8 with apng (grey frames)"
                            : "\(name) needs --bit-depth 1, 2, 4 or 8 with png (grey), or --image-format bmp")
                }
                return
            }
            guard [1, 2, 4, 8].contains(bitDepth) else {
                throw ValidationError(
                    "--bit-depth: \(isAnimation ? "apng" : "png") is written at 1, 2, 4 or 8 bits of grey, not \(bitDepth)"
                )
            }
            batch.encoder = GreyPNGEncoder(bitDepth: bitDepth, greyscale: try greyscale(bitDepth: bitDepth))
        case "bmp":
            let depth = bitDepth ?? 24
            guard [1, 4, 8, 24].contains(depth) else {
                throw ValidationError(
                    "--bit-depth: bmp is written at 1, 4, 8 (greys) or 24 bits (colour), not \(depth)")
            }
            if depth == 24, levels != nil || dither != nil {
                throw ValidationError("--levels and --dither need --bit-depth 1, 4 or 8 with bmp (24 bits is colour)")
            }
            batch.encoder = BMPEncoder(bitsPerPixel: depth, greyscale: try greyscale(bitDepth: min(depth, 8)))
        case "svg", "pdf":
            if bitDepth != nil {
                throw ValidationError("--bit-depth is for png and bmp; \(imageFormat) is vectors in full colour")
            }
            if let (name, _) = greyOptions.first(where: \.1) {
                throw ValidationError("\(name) is for png and bmp greys; \(imageFormat) is vectors in full colour")
            }
            batch.encoder = imageFormat.lowercased() == "svg" ? SVGEncoder() : PDFEncoder()
        default:
            throw ValidationError("--image-format: '\(imageFormat)' is not png, bmp, svg, pdf or apng")
        }
    }

    private func greyscale(bitDepth: Int) throws -> Greyscale {
        let most = 1 << bitDepth
        let count = levels ?? most
        guard (2...most).contains(count) else {
            throw ValidationError("--levels: \(count) greys do not fit \(bitDepth) bits; give 2 to \(most)")
        }
        var grey = Greyscale(levels: count)
        if let dither {
            guard let mode = Greyscale.Dither(rawValue: dither.lowercased()) else {
                throw ValidationError(
                    "--dither: '\(dither)' is not none, threshold, floyd-steinberg, atkinson or ordered")
            }
            grey.dither = mode
        }
        if let gamma {
            guard gamma.isFinite, (0.1...10).contains(gamma) else {
                throw ValidationError("--gamma: \(gamma) is not between 0.1 and 10")
            }
            grey.gamma = gamma
        }
        if let contrast {
            guard contrast.isFinite, (0...10).contains(contrast) else {
                throw ValidationError("--contrast: \(contrast) is not between 0 and 10")
            }
            grey.contrast = contrast
        }
        grey.invert = invert
        if let rotate {
            guard let turn = Greyscale.Rotation(rawValue: rotate) else {
                throw ValidationError("--rotate: \(rotate) is not 0, 90, 180 or 270")
            }
            grey.rotation = turn
        }
        return grey
    }

    /// `92160` or `90k` (1,024 bytes a k), checked.
    static func bytes(_ text: String) throws -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let (digits, factor) = trimmed.hasSuffix("k") ? (String(trimmed.dropLast()), 1_024) : (trimmed, 1)
        guard let n = Int(digits), n > 0, case let (bytes, overflow) = n.multipliedReportingOverflow(by: factor),
            !overflow
        else {
            throw ValidationError("--max-bytes: '\(text)' is not a number of bytes such as 92160 or 90k")
        }
        return bytes
    }
}
