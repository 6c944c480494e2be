import Foundation
import WidgetDrawing

/// How a widget's colour pixels become an e-ink panel's greys: tone (gamma, contrast,
/// inversion), rotation, and how many greys with which dithering.
///
/// The pixels are first laid on white (paper: e-ink has no transparency), then read as
/// luma (ITU-R BT.601, as Pillow's `L` mode), then toned, then rotated, then reduced to
/// `levels` evenly spaced greys.
///
/// ```swift
/// var grey = Greyscale(levels: 4)          // TRMNL's 2-bit
/// grey.dither = .floydSteinberg
/// let encoder = GreyPNGEncoder(bitDepth: 2, greyscale: grey)
/// ```
public struct Greyscale: Sendable, Hashable {
    /// How a grey between two levels is drawn.
    public enum Dither: String, Sendable, Hashable, CaseIterable {
        /// Each pixel to its nearest level.
        case none
        /// Each pixel to its nearest level: a cut at the midpoints (the same as `none`; the
        /// name e-ink tools give it).
        case threshold
        /// Floyd–Steinberg error diffusion: the smoothest gradients.
        case floydSteinberg = "floyd-steinberg"
        /// Atkinson's diffusion (three quarters of the error): crisper, lighter shadows, as the
        /// first Macintosh drew.
        case atkinson
        /// An 8×8 Bayer matrix: the same pattern wherever the grey is the same, so that a
        /// partial refresh of a panel changes only what changed.
        case ordered
    }

    /// A turn of the image, clockwise, for a panel mounted on its side.
    public enum Rotation: Int, Sendable, Hashable, CaseIterable {
        case none = 0
        case clockwise90 = 90
        case upsideDown = 180
        case clockwise270 = 270
    }

    /// How many greys, evenly spaced from black to white: 2 to 256 (a value outside is clamped).
    public var levels: Int {
        didSet { levels = max(2, min(256, levels)) }
    }
    /// The dithering.
    public var dither: Dither
    /// A gamma over the luma: above 1 lightens the mid-greys, below 1 darkens them.
    public var gamma: Double
    /// A contrast about mid-grey: above 1 spreads the greys, below 1 gathers them.
    public var contrast: Double
    /// White for black: for panels that light their black, or a dark dashboard.
    public var invert: Bool
    /// The turn.
    public var rotation: Rotation

    /// A conversion.
    ///
    /// - Parameters:
    ///   - levels: greys, clamped to 2…256.
    ///   - dither: the dithering; none by default.
    ///   - gamma: clamped to 0.1…10; 1 by default.
    ///   - contrast: clamped to 0…10; 1 by default.
    ///   - invert: false by default.
    ///   - rotation: none by default.
    public init(
        levels: Int, dither: Dither = .none, gamma: Double = 1, contrast: Double = 1, invert: Bool = false,
        rotation: Rotation = .none
    ) {
        self.levels = max(2, min(256, levels))
        self.dither = dither
        self.gamma = gamma.isFinite ? max(0.1, min(10, gamma)) : 1
        self.contrast = contrast.isFinite ? max(0, min(10, contrast)) : 1
        self.invert = invert
        self.rotation = rotation
    }

    /// The image's pixels as level indices (0 black … `levels - 1` white), rows top to bottom,
    /// after rotation.
    package func levels(of surface: CairoSurface) -> (width: Int, height: Int, indices: [UInt8]) {
        guard dither == .none || dither == .threshold else {
            let tones = tones(of: surface)
            return (tones.width, tones.height, quantize(tones.values, width: tones.width, height: tones.height))
        }
        // Undithered, each pixel's level depends on its luma alone: one table of 256 levels, the
        // same as the tone curve then the nearest level, without a pass over floats (a screen's
        // 1-bit encode spent half its time there).
        let curve = toneCurve()
        let table = quantize(curve, width: 256, height: 1)
        let (width, height) = (surface.width, surface.height)
        let size = turnedSize(width: width, height: height)
        var indices = [UInt8](repeating: 0, count: width * height)
        indices.withUnsafeMutableBufferPointer { out in
            table.withUnsafeBufferPointer { levels in
                surface.withPixels { pixels, stride in
                    for y in 0..<height {
                        let row = UnsafeRawPointer(pixels + y * stride)
                        for x in 0..<width {
                            let level = levels[Self.luma(row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))]
                            if rotation == .none {
                                out[y * width + x] = level
                            } else {
                                let (nx, ny) = turned(x: x, y: y, width: width, height: height)
                                out[ny * size.width + nx] = level
                            }
                        }
                    }
                }
            }
        }
        return (size.width, size.height, indices)
    }

    /// Each pixel's toned luma, 0…255, after rotation.
    package func tones(of surface: CairoSurface) -> (width: Int, height: Int, values: [Float]) {
        let (width, height) = (surface.width, surface.height)
        let curve = toneCurve()
        var luma = [Float](repeating: 0, count: width * height)
        surface.withPixels { pixels, stride in
            for y in 0..<height {
                let row = UnsafeRawPointer(pixels + y * stride)
                for x in 0..<width {
                    luma[y * width + x] = curve[Self.luma(row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))]
                }
            }
        }
        guard rotation != .none else { return (width, height, luma) }
        let size = turnedSize(width: width, height: height)
        var rotated = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let (nx, ny) = turned(x: x, y: y, width: width, height: height)
                rotated[ny * size.width + nx] = luma[y * width + x]
            }
        }
        return (size.width, size.height, rotated)
    }

    /// A premultiplied ARGB32 pixel laid on white (c + 255 − a), as BT.601 luma 0…255.
    @inline(__always) static func luma(_ argb: UInt32) -> Int {
        let paper = Int(255 - (argb >> 24))
        let r = min(255, Int((argb >> 16) & 0xFF) + paper)
        let g = min(255, Int((argb >> 8) & 0xFF) + paper)
        let b = min(255, Int(argb & 0xFF) + paper)
        return (299 * r + 587 * g + 114 * b + 500) / 1000
    }

    /// The tone curve, 0…255 for each input 0…255: gamma, then contrast about mid-grey, then
    /// inversion. A gamma or contrast out of range (set on the properties) is taken at its
    /// nearest bound, so no value is NaN.
    package func toneCurve() -> [Float] {
        let gamma = self.gamma.isFinite ? max(0.1, min(10, self.gamma)) : 1
        let contrast = self.contrast.isFinite ? max(0, min(10, self.contrast)) : 1
        return (0..<256).map { v in
            var x = pow(Double(v) / 255, 1 / gamma)
            x = max(0, min(1, (x - 0.5) * contrast + 0.5))
            return Float((invert ? 1 - x : x) * 255)
        }
    }

    /// The image's size after the turn.
    package func turnedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        rotation == .clockwise90 || rotation == .clockwise270 ? (height, width) : (width, height)
    }

    /// Where a pixel lands after the turn.
    package func turned(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch rotation {
        case .none: (x, y)
        case .upsideDown: (width - 1 - x, height - 1 - y)
        case .clockwise90: (height - 1 - y, x)
        case .clockwise270: (y, width - 1 - x)
        }
    }

    /// Level indices for toned lumas, with the dithering.
    package func quantize(_ values: [Float], width: Int, height: Int) -> [UInt8] {
        let top = Float(levels - 1)
        let step = 255 / top
        let inverse = top / 255
        // The nearest level: clamped before the conversion, which cannot then trap (a NaN
        // clamps to 0 too).
        @inline(__always) func nearest(_ v: Float) -> UInt8 {
            let scaled = v * inverse + 0.5
            return UInt8(scaled > 0 ? (scaled < top + 0.5 ? scaled : top + 0.25) : 0)
        }
        switch dither {
        case .none, .threshold:
            return values.map(nearest)
        case .ordered:
            var out = [UInt8](repeating: 0, count: values.count)
            for y in 0..<height {
                for x in 0..<width {
                    let bias = (Float(Self.bayer[(y & 7) * 8 + (x & 7)]) + 0.5) / 64 - 0.5
                    out[y * width + x] = nearest(values[y * width + x] + bias * step)
                }
            }
            return out
        case .floydSteinberg, .atkinson:
            // Two rows ahead of error (three for Atkinson), padded by two pixels each side, so
            // that the inner loop has no bounds to check.
            let padded = width + 4
            var ahead = [Float](repeating: 0, count: padded * 3)
            var out = [UInt8](repeating: 0, count: values.count)
            let atkinson = dither == .atkinson
            values.withUnsafeBufferPointer { sourceBuffer in
                out.withUnsafeMutableBufferPointer { targetBuffer in
                    ahead.withUnsafeMutableBufferPointer { errorBuffer in
                        guard let source = sourceBuffer.baseAddress, let target = targetBuffer.baseAddress,
                            let error = errorBuffer.baseAddress
                        else { return }
                        for y in 0..<height {
                            // Rows y, y + 1 and y + 2 of error, turning.
                            let (r0, r1, r2) = (
                                (y % 3) * padded + 2, ((y + 1) % 3) * padded + 2, ((y + 2) % 3) * padded + 2
                            )
                            // The error for the next one or two pixels of the row, kept in
                            // registers rather than stored and read back (the loop's chain).
                            var (next, afterNext): (Float, Float) = (0, 0)
                            let row = source + y * width
                            let levelsOut = target + y * width
                            for x in 0..<width {
                                let value = row[x] + error[r0 + x] + next
                                error[r0 + x] = 0
                                let level = nearest(value)
                                levelsOut[x] = level
                                let e = value - Float(level) * step
                                if atkinson {
                                    let share = e * (1 / 8)
                                    next = afterNext + share
                                    afterNext = share
                                    error[r1 + x - 1] += share
                                    error[r1 + x] += share
                                    error[r1 + x + 1] += share
                                    error[r2 + x] += share
                                } else {
                                    next = e * (7 / 16)
                                    error[r1 + x - 1] += e * (3 / 16)
                                    error[r1 + x] += e * (5 / 16)
                                    error[r1 + x + 1] += e * (1 / 16)
                                }
                            }
                            // What fell off the edges goes nowhere; the row is reused two rows on.
                            for k in -2..<0 { error[r0 + k] = 0 }
                            for k in width..<(width + 2) { error[r0 + k] = 0 }
                        }
                    }
                }
            }
            return out
        }
    }

    /// The 8×8 Bayer threshold matrix, 0…63.
    static let bayer: [Int] = [
        0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62,
        30, 54, 22, 3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25, 15, 47, 7, 39, 13, 45, 5, 37, 63, 31,
        55, 23, 61, 29, 53, 21,
    ]

    /// A level's value in a container of `bitDepth` bits: `index × (2^bitDepth − 1) / (levels − 1)`,
    /// rounded (Inkplate's 8 greys in 4 bits are 0, 2, 4, 6, 9, 11, 13, 15).
    package func sample(_ index: UInt8, bitDepth: Int) -> UInt8 {
        let top = (1 << bitDepth) - 1
        return UInt8((Int(index) * top * 2 + (levels - 1)) / (2 * (levels - 1)))
    }
}

/// A PNG of greys (colour type 0, no alpha, no palette) at 1, 2, 4 or 8 bits a pixel, as
/// e-ink readers take: Kindle dashboards refuse alpha and palettes; TRMNL reads 1 and 2 bits.
///
/// ```swift
/// let encoder = GreyPNGEncoder(bitDepth: 1, greyscale: Greyscale(levels: 2, dither: .atkinson))
/// ```
public struct GreyPNGEncoder: WrittenPixelsEncoding, Hashable {
    /// Bits a pixel: 1, 2, 4 or 8.
    public let bitDepth: Int
    /// The conversion; its levels are at most `2^bitDepth`.
    public let greyscale: Greyscale

    /// An encoder.
    ///
    /// - Parameters:
    ///   - bitDepth: 1, 2, 4 or 8; another value is taken as 8.
    ///   - greyscale: the conversion; `nil` for every grey the depth holds, undithered. More
    ///     levels than the depth holds are cut to it.
    public init(bitDepth: Int, greyscale: Greyscale? = nil) {
        let depth = [1, 2, 4, 8].contains(bitDepth) ? bitDepth : 8
        self.bitDepth = depth
        var grey = greyscale ?? Greyscale(levels: 1 << depth)
        grey.levels = min(grey.levels, 1 << depth)
        self.greyscale = grey
    }

    /// PNG.
    public var format: ImageFormat { .png }

    /// Encodes the image's greys.
    ///
    /// - Throws: ``WidgetRenderError`` when libpng fails.
    public func encode(_ image: RenderedImage) throws -> Data { try encodeWithPixels(image).data }

    /// The bytes and the levels they hold, one byte a pixel, after the turn.
    package func encodeWithPixels(_ image: RenderedImage) throws -> (data: Data, pixels: PixelFrame) {
        let (width, height, indices) = greyscale.levels(of: image.surface)
        let rowBytes = (width * bitDepth + 7) / 8
        var rows = [UInt8](repeating: 0, count: rowBytes * height)
        let perByte = 8 / bitDepth
        let samples = (0..<greyscale.levels).map { greyscale.sample(UInt8($0), bitDepth: bitDepth) }
        // A byte at a time: its pixels' samples shifted in, most significant first.
        rows.withUnsafeMutableBufferPointer { out in
            indices.withUnsafeBufferPointer { levels in
                samples.withUnsafeBufferPointer { sample in
                    for y in 0..<height {
                        let source = y * width
                        let target = y * rowBytes
                        var x = 0
                        for byte in 0..<rowBytes {
                            var packed: UInt8 = 0
                            for _ in 0..<perByte {
                                packed <<= UInt8(truncatingIfNeeded: bitDepth)
                                if x < width { packed |= sample[Int(levels[source + x])] }
                                x += 1
                            }
                            out[target + byte] = packed
                        }
                    }
                }
            }
        }
        do {
            let data = try GreyPNG.encode(packed: rows, width: width, height: height, bitDepth: bitDepth)
            return (data, PixelFrame(width: width, height: height, bytesPerPixel: 1, bytes: indices))
        } catch {
            throw WidgetRenderError.internalError("grey PNG encoding failed: \(error.description)")
        }
    }
}

/// An encoder that can say which smaller forms of its images it would write: what a byte
/// budget's error offers instead.
public protocol ImageBudgetAdvice: ImageEncoder {
    /// Smaller forms, each with a label (`1 bit, no dithering`), smallest last.
    var smallerForms: [(label: String, encoder: any ImageEncoder)] { get }
}

extension GreyPNGEncoder: ImageBudgetAdvice {
    /// Fewer bits and no dithering: 1 bit with no dithering is the smallest.
    public var smallerForms: [(label: String, encoder: any ImageEncoder)] {
        Self.forms(bitDepth: bitDepth, greyscale: greyscale, depths: [8, 4, 2, 1]) {
            GreyPNGEncoder(bitDepth: $0, greyscale: $1)
        }
    }

    static func forms(
        bitDepth: Int, greyscale: Greyscale, depths: [Int], make: (Int, Greyscale) -> any ImageEncoder
    ) -> [(label: String, encoder: any ImageEncoder)] {
        var forms: [(label: String, encoder: any ImageEncoder)] = []
        var plain = greyscale
        plain.dither = .none
        if greyscale.dither != .none, greyscale.dither != .threshold {
            forms.append(("\(bitDepth) bit\(bitDepth == 1 ? "" : "s"), no dithering", make(bitDepth, plain)))
        }
        for depth in depths where depth < bitDepth {
            var fewer = plain
            fewer.levels = min(plain.levels, 1 << depth)
            forms.append(("\(depth) bit\(depth == 1 ? "" : "s"), no dithering", make(depth, fewer)))
        }
        return forms
    }
}

extension BMPEncoder: ImageBudgetAdvice {
    /// Fewer bits and no dithering: 1 bit with no dithering is the smallest.
    public var smallerForms: [(label: String, encoder: any ImageEncoder)] {
        GreyPNGEncoder.forms(bitDepth: bitsPerPixel, greyscale: greyscale, depths: [8, 4, 1]) {
            BMPEncoder(bitsPerPixel: $0, greyscale: $1)
        }
    }
}
