import ArgumentParser
import Foundation
import WidgetRender

/// The image options as values: what `--image-format`, `--bit-depth` and the grey options
/// said, before a device's panel fills in what they did not. ``ImageFormatOptions`` reads them
/// from the command line; `serve` keeps them to choose each screen's encoder for the screen a URL
/// names.
package struct ImageFormatChoice: Sendable, Hashable {
    /// `png`, `bmp`, `svg`, `pdf` or `apng`; `nil` for the panel's or PNG.
    package var imageFormat: String?
    /// Bits a pixel: 1, 2, 4 or 8 greys; 24 for a colour BMP.
    package var bitDepth: Int?
    /// Greys, for a panel with fewer than the bit depth holds.
    package var levels: Int?
    /// A ``Greyscale/Dither`` by its raw value.
    package var dither: String?
    /// Gamma over the greys.
    package var gamma: Double?
    /// Contrast about mid-grey.
    package var contrast: Double?
    /// White for black.
    package var invert = false
    /// Degrees: 0, 90, 180 or 270.
    package var rotate: Int?

    /// No option given.
    package init() {}

    /// The encoder for images of `device`: what the options say, and on an e-ink screen what
    /// they leave out from its panel (its format, bit depth and greys, or its inks); `nil` for
    /// colour PNG, the default.
    ///
    /// - Parameters:
    ///   - device: the device drawn for.
    ///   - container: `png` or `bmp` as a URL's extension names it: it takes the place of
    ///     `--image-format`, and the panel still gives the bit depth and greys unless
    ///     `--bit-depth` is given (a TRMNL's `.bmp` is its 1-bit BMP, not a 24-bit one).
    /// - Throws: `ValidationError` naming the option that does not fit.
    package func encoder(on device: DeviceProfile, container: String? = nil) throws -> (any ImageEncoder)? {
        var options = self
        if let container { options.imageFormat = container }
        // An animation's frames are PNGs in the panel's greys too.
        let animated = imageFormat?.lowercased() == "apng" && container == nil
        if let panel = device.panel, bitDepth == nil, imageFormat == nil || container != nil || animated {
            let format = animated ? "png" : (container ?? panel.format).lowercased()
            guard panel.palette.isEmpty else {
                if let (name, _) = [
                    ("--levels", levels != nil), ("--gamma", gamma != nil),
                    ("--contrast", contrast != nil), ("--invert", invert),
                ].first(where: \.1) {
                    throw ValidationError(
                        "\(name) is for greys; \(device.id) shows \(panel.palette.count) inks (give --image-format png for full colour, or --bit-depth for greys)"
                    )
                }
                let grey = try greyscale(bitDepth: 8)
                return PaletteEncoder(
                    inks: panel.palette, dither: grey.dither, rotation: grey.rotation,
                    container: format == "bmp" ? .bmp : .png)
            }
            let depth = Self.depth(panel.bitDepth, in: format)
            options.imageFormat = animated ? "apng" : format
            options.bitDepth = depth
            if levels == nil, let greys = panel.greys, greys < 1 << depth { options.levels = greys }
        }
        return try options.formatEncoder()
    }

    /// The smallest bit depth `format` is written at that holds `bits` (a 2-bit panel's BMP is
    /// 4-bit): png 1, 2, 4 or 8; bmp 1, 4 or 8.
    static func depth(_ bits: Int, in format: String) -> Int {
        let depths = format == "bmp" ? [1, 4, 8] : [1, 2, 4, 8]
        return depths.first { $0 >= bits } ?? 8
    }

    private func formatEncoder() throws -> (any ImageEncoder)? {
        let imageFormat = self.imageFormat ?? "png"
        let greyOptions: [(String, Bool)] = [
            ("--levels", levels != nil), ("--dither", dither != nil), ("--gamma", gamma != nil),
            ("--contrast", contrast != nil), ("--invert", invert), ("--rotate", rotate != nil),
        ]
        switch imageFormat.lowercased() {
        case "png", "apng":
            let animated = imageFormat.lowercased() == "apng"
            guard let bitDepth else {
                if let (name, _) = greyOptions.first(where: \.1) {
                    throw ValidationError(
                        animated
                            ? "\(name) needs --bit-depth 1, 2, 4 or 8 with apng (grey frames)"
                            : "\(name) needs --bit-depth 1, 2, 4 or 8 with png (grey), or --image-format bmp")
                }
                return nil
            }
            guard [1, 2, 4, 8].contains(bitDepth) else {
                throw ValidationError(
                    "--bit-depth: \(animated ? "apng" : "png") is written at 1, 2, 4 or 8 bits of grey, not \(bitDepth)"
                )
            }
            return GreyPNGEncoder(bitDepth: bitDepth, greyscale: try greyscale(bitDepth: bitDepth))
        case "bmp":
            let depth = bitDepth ?? 24
            guard [1, 4, 8, 24].contains(depth) else {
                throw ValidationError(
                    "--bit-depth: bmp is written at 1, 4, 8 (greys) or 24 bits (colour), not \(depth)")
            }
            if depth == 24, levels != nil || dither != nil {
                throw ValidationError("--levels and --dither need --bit-depth 1, 4 or 8 with bmp (24 bits is colour)")
            }
            return BMPEncoder(bitsPerPixel: depth, greyscale: try greyscale(bitDepth: min(depth, 8)))
        case "svg", "pdf":
            if bitDepth != nil {
                throw ValidationError("--bit-depth is for png and bmp; \(imageFormat) is vectors in full colour")
            }
            if let (name, _) = greyOptions.first(where: \.1) {
                throw ValidationError("\(name) is for png and bmp greys; \(imageFormat) is vectors in full colour")
            }
            return imageFormat.lowercased() == "svg" ? SVGEncoder() : PDFEncoder()
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
}
