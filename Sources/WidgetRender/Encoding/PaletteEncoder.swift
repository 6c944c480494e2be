import Foundation
import WidgetDrawing
import WidgetLayout

/// Colour e-ink (E Ink Spectra 6, ACeP): every pixel one of the panel's inks. Colours are matched
/// against what the panel shows (``ScreenPanel/Ink/measured``), and the file holds each ink's
/// nominal value (pure red, yellow…) for the firmware to map: an RGB PNG, or a 24-bit BMP.
///
/// Pixels with little colour (text, its antialiased edges, greys) take only the black and white
/// inks, so that text stays black and a grey edge does not turn blue; coloured marks take the
/// nearest ink, with the dithering's error spread over the whole palette.
///
/// ```swift
/// let panel = try DeviceProfile.named("spectra6-7in3").panel!
/// let encoder = PaletteEncoder(inks: panel.palette, dither: .floydSteinberg)
/// ```
public struct PaletteEncoder: ImageEncoder, Hashable {
    /// The panel's inks.
    public let inks: [ScreenPanel.Ink]
    /// How colours between the inks are drawn: `none` (the nearest ink) or a dithering;
    /// `ordered` spreads a stable pattern.
    public let dither: Greyscale.Dither
    /// A turn for a panel mounted on its side.
    public let rotation: Greyscale.Rotation
    /// `png` or `bmp` (24-bit).
    public let container: ImageFormat

    /// Chroma (largest channel less smallest, 0…255) under which a pixel takes black or white only.
    static let greyChroma: Float = 48

    /// An encoder.
    ///
    /// - Parameters:
    ///   - inks: the panel's inks; at least one should be black and one white (R = G = B).
    ///   - dither: the dithering; `none` by default.
    ///   - rotation: a turn; none by default.
    ///   - container: ``ImageFormat/png`` (the default) or ``ImageFormat/bmp``.
    public init(
        inks: [ScreenPanel.Ink], dither: Greyscale.Dither = .none, rotation: Greyscale.Rotation = .none,
        container: ImageFormat = .png
    ) {
        self.inks = inks
        self.dither = dither
        self.rotation = rotation
        self.container = container == .bmp ? .bmp : .png
    }

    /// PNG or BMP.
    public var format: ImageFormat { container }

    /// Encodes the image in the panel's inks.
    ///
    /// - Throws: ``WidgetRenderError`` when the palette is empty or the encoding fails.
    public func encode(_ image: RenderedImage) throws -> Data {
        guard !inks.isEmpty else { throw WidgetRenderError.invalidRequest("a colour panel needs at least one ink") }
        let (width, height, chosen) = inkIndices(of: image.surface)
        let out = try Self.surface(chosen, inks: inks, width: width, height: height)
        let rendered = RenderedImage(surface: out, scale: image.scale, displayList: image.displayList)
        return container == .bmp
            ? try BMPEncoder(bitsPerPixel: 24).encode(rendered) : try PNGImageEncoder().encode(rendered)
    }

    /// Each pixel's ink index, turned, with the turned image's size.
    func inkIndices(of surface: CairoSurface) -> (width: Int, height: Int, indices: [UInt8]) {
        let (width, height) = (surface.width, surface.height)
        let turn = Greyscale(levels: 2, rotation: rotation)
        let size = turn.turnedSize(width: width, height: height)
        // Each pixel over white, as floats, in the turned image's order.
        var pixels = [SIMD3<Float>](repeating: .zero, count: width * height)
        surface.withPixels { bytes, stride in
            for y in 0..<height {
                let row = UnsafeRawPointer(bytes + y * stride)
                for x in 0..<width {
                    let argb = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    let paper = Float(255 - (argb >> 24))
                    let (nx, ny) = turn.turned(x: x, y: y, width: width, height: height)
                    pixels[ny * size.width + nx] = SIMD3(
                        min(255, Float((argb >> 16) & 0xFF) + paper), min(255, Float((argb >> 8) & 0xFF) + paper),
                        min(255, Float(argb & 0xFF) + paper))
                }
            }
        }
        return (size.width, size.height, choose(pixels, width: size.width, height: size.height))
    }

    /// Each pixel's ink index, with the dithering.
    func choose(_ pixels: [SIMD3<Float>], width: Int, height: Int) -> [UInt8] {
        let measured = inks.map {
            SIMD3(Float($0.measured.red * 255), Float($0.measured.green * 255), Float($0.measured.blue * 255))
        }
        let greys = inks.indices.filter {
            inks[$0].nominal.red == inks[$0].nominal.green && inks[$0].nominal.green == inks[$0].nominal.blue
        }
        // Pixels are matched on a scale where black is 0 and white 255: the measured white and
        // black (the panel's paper and its darkest ink) map to the file's, so a white pixel takes
        // the white ink exactly and a dithered page does not speckle.
        let low = greys.map { measured[$0] }.min { $0.sum() < $1.sum() } ?? .zero
        let high = greys.map { measured[$0] }.max { $0.sum() < $1.sum() } ?? SIMD3(repeating: 255)
        let span: SIMD3<Float> = high - low
        let floor = SIMD3<Float>(repeating: 1)
        let targets: [SIMD3<Float>] = measured.map { colour in
            let scaled: SIMD3<Float> = (colour - low) / span.replacing(with: floor, where: span .< floor)
            return scaled * Float(255)
        }
        // Weighted distance: the eye is most sensitive to green, least to blue.
        let weight = SIMD3<Float>(0.3, 0.59, 0.11)
        func nearest(_ colour: SIMD3<Float>, among candidates: [Int]) -> Int {
            var best = candidates.first ?? 0
            var bestDistance = Float.infinity
            for index in candidates {
                let d: SIMD3<Float> = colour - targets[index]
                let distance: Float = (d * d * weight).sum()
                if distance < bestDistance {
                    bestDistance = distance
                    best = index
                }
            }
            return best
        }
        let all = Array(inks.indices)
        func candidates(_ original: SIMD3<Float>) -> [Int] {
            guard !greys.isEmpty else { return all }
            return original.max() - original.min() < Self.greyChroma ? greys : all
        }
        var out = [UInt8](repeating: 0, count: pixels.count)
        switch dither {
        case .none, .threshold:
            for index in pixels.indices { out[index] = UInt8(nearest(pixels[index], among: candidates(pixels[index]))) }
        case .ordered:
            for y in 0..<height {
                for x in 0..<width {
                    let bias = (Float(Greyscale.bayer[(y & 7) * 8 + (x & 7)]) + 0.5) / 64 - 0.5
                    let pixel = pixels[y * width + x]
                    out[y * width + x] = UInt8(nearest(pixel + SIMD3(repeating: bias * 96), among: candidates(pixel)))
                }
            }
        case .floydSteinberg, .atkinson:
            var error = [SIMD3<Float>](repeating: .zero, count: (width + 2) * 3)
            let atkinson = dither == .atkinson
            for y in 0..<height {
                let (r0, r1, r2) = (
                    (y % 3) * (width + 2) + 1, ((y + 1) % 3) * (width + 2) + 1, ((y + 2) % 3) * (width + 2) + 1
                )
                for x in 0..<width {
                    let pixel = pixels[y * width + x]
                    let value = (pixel + error[r0 + x]).clamped(
                        lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 255))
                    error[r0 + x] = .zero
                    let ink = nearest(value, among: candidates(pixel))
                    out[y * width + x] = UInt8(ink)
                    let e = value - targets[ink]
                    if atkinson {
                        let share = e / 8
                        if x + 1 < width { error[r0 + x + 1] += share }
                        if x + 2 < width { error[r0 + x + 2] += share }
                        error[r1 + x - 1] += share
                        error[r1 + x] += share
                        error[r1 + x + 1] += share
                        error[r2 + x] += share
                    } else {
                        if x + 1 < width { error[r0 + x + 1] += e * (7 / 16) }
                        error[r1 + x - 1] += e * (3 / 16)
                        error[r1 + x] += e * (5 / 16)
                        error[r1 + x + 1] += e * (1 / 16)
                    }
                }
                for k in 0..<(width + 2) { error[(y % 3) * (width + 2) + k] = .zero }
            }
        }
        return out
    }

    /// An opaque surface of each pixel's nominal ink.
    static func surface(_ chosen: [UInt8], inks: [ScreenPanel.Ink], width: Int, height: Int) throws -> CairoSurface {
        let words = inks.map { ink -> UInt32 in
            func byte(_ v: Double) -> UInt32 { UInt32(max(0, min(255, (v * 255).rounded()))) }
            return 0xFF00_0000 | byte(ink.nominal.red) << 16 | byte(ink.nominal.green) << 8 | byte(ink.nominal.blue)
        }
        let surface: CairoSurface
        do {
            surface = try CairoSurface(width: width, height: height)
        } catch {
            throw WidgetRenderError.internalError("palette image: \(error.description)")
        }
        surface.withMutablePixels { bytes, stride in
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(bytes + y * stride)
                for x in 0..<width {
                    row.storeBytes(of: words[Int(chosen[y * width + x])], toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
        return surface
    }
}
