import ArgumentParser
import Foundation
import WidgetRender

/// The image file's format and, for e-ink panels, its greys: `render` and `timeline` share them.
package struct ImageFormatOptions: ParsableArguments {
    package init() {}

    @Option(
        name: .customLong("image-format"),
        help: ArgumentHelp(
            "png (default), bmp, svg, pdf, or apng (an animation of a span: timeline, and screen with --to). On an e-ink screen (--device trmnl-og…) the default is the panel's own: its format, bit depth and greys (1-bit png on a TRMNL, 8-bit grey png on a Kindle, 4-bit bmp of 8 greys on an Inkplate, the six inks of a Spectra 6). With --bit-depth, png is grey (colour type 0, no alpha or palette, as Kindle and TRMNL take it); bmp is 24-bit colour unless --bit-depth 1, 4 or 8 (an explicit grey palette, rows padded to 4 bytes, bottom up); svg (text as outlines) and pdf (fonts embedded) are vectors in full colour, sized in pixels like the png; apng writes each screen as png does and an animated PNG of them (colour, or grey with --bit-depth).",
            valueName: "format"))
    var imageFormat: String?

    @Option(
        name: .customLong("bit-depth"),
        help: ArgumentHelp(
            "Bits a pixel: 1, 2, 4 or 8 greys for png; 1, 4, 8 (greys) or 24 (colour) for bmp. Default: colour png, 24-bit bmp; on an e-ink screen, the panel's own.",
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
            "Turn the image clockwise by 0, 90, 180 or 270 degrees, for a panel mounted on its side. On an e-ink screen (--device trmnl-og…) a quarter turn lays the widgets out as the screen is seen, then turns them into the panel's own pixels: --rotate 90 on a Kindle is a landscape layout in its portrait file.",
            valueName: "degrees"))
    var rotate: Int?

    @Option(
        name: .customLong("max-bytes"),
        help: ArgumentHelp(
            "The largest file an image may be (a suffix k is 1,024 bytes: 90k). An image over it fails the run with exit 73, no file written, and the message gives its size and what would fit.",
            valueName: "n"))
    var maxBytes: String?

    /// The options as values, for ``ImageFormatChoice/encoder(on:container:)``.
    package var choice: ImageFormatChoice {
        var choice = ImageFormatChoice()
        choice.imageFormat = imageFormat
        choice.bitDepth = bitDepth
        choice.levels = levels
        choice.dither = dither
        choice.gamma = gamma
        choice.contrast = contrast
        choice.invert = invert
        choice.rotate = rotate
        return choice
    }

    /// Whether `--image-format apng` was given: an animation of a timeline's screens.
    package var isAnimation: Bool { imageFormat?.lowercased() == "apng" }

    /// Sets the batch's encoder and byte budget; throws `ValidationError` naming the option.
    /// On an e-ink screen, what is not given comes from its panel.
    ///
    /// - Parameter animation: the timing of an animation, for a command that makes one of its
    ///   screens (`timeline`); `nil` refuses `apng`.
    package func apply(to batch: inout RenderBatch, animation: AnimatedPNG.Timing? = nil) throws {
        batch.maxBytes = try maxBytes.map(Self.bytes)
        if isAnimation {
            guard let animation else {
                throw ValidationError(
                    "--image-format apng is an animation of a timeline's screens: `timeline --image-format apng` writes one; this command draws one image a widget (png, bmp, svg or pdf)"
                )
            }
            batch.animation = animation
        }
        if let encoder = try choice.encoder(on: batch.device) { batch.encoder = encoder }
        // A screen mounted on its side is laid out as it is seen, then turned into the panel's
        // own pixels: a Kindle turned 90° gets a landscape layout in a portrait file.
        if batch.device.panel != nil, rotate == 90 || rotate == 270 { batch.device = batch.device.quarterTurned }
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
