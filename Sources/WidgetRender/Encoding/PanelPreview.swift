import WidgetDrawing
import WidgetLayout

/// An encoder that can show what a panel draws from its file: the greys or inks it writes, as
/// pixels for a page or a contact sheet.
package protocol PanelPreviewing: ImageEncoder {
    /// The image as the panel shows it, turned as the file is.
    func preview(of surface: CairoSurface) throws(WidgetRenderError) -> CairoSurface
}

extension Greyscale {
    /// The levels as greys on an opaque surface: level i of n is i × 255 / (n − 1).
    package func preview(of surface: CairoSurface) throws(WidgetRenderError) -> CairoSurface {
        let (width, height, indices) = levels(of: surface)
        let top = max(1, levels - 1)
        let words = (0..<levels).map { level -> UInt32 in
            let grey = UInt32((level * 255 + top / 2) / top)
            return 0xFF00_0000 | grey << 16 | grey << 8 | grey
        }
        let out: CairoSurface
        do {
            out = try CairoSurface(width: width, height: height)
        } catch {
            throw .internalError("panel preview: \(error.description)")
        }
        out.withMutablePixels { bytes, stride in
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(bytes + y * stride)
                for x in 0..<width {
                    row.storeBytes(of: words[Int(indices[y * width + x])], toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
        return out
    }
}

extension GreyPNGEncoder: PanelPreviewing {
    package func preview(of surface: CairoSurface) throws(WidgetRenderError) -> CairoSurface {
        try greyscale.preview(of: surface)
    }
}

extension BMPEncoder: PanelPreviewing {
    package func preview(of surface: CairoSurface) throws(WidgetRenderError) -> CairoSurface {
        var grey = greyscale
        if bitsPerPixel == 24 { grey.levels = 256 }
        return try grey.preview(of: surface)
    }
}

extension PaletteEncoder: PanelPreviewing {
    package func preview(of surface: CairoSurface) throws(WidgetRenderError) -> CairoSurface {
        do {
            let (width, height, chosen) = inkIndices(of: surface)
            return try Self.surface(chosen, inks: inks, width: width, height: height)
        } catch let error as WidgetRenderError {
            throw error
        } catch {
            throw .internalError("panel preview: \(error)")
        }
    }
}

extension ScreenPanel {
    /// The panel's own image: its format, bit depth and greys (1-bit PNG on a TRMNL, 4-bit BMP
    /// of 8 greys on an Inkplate), or its inks (``PaletteEncoder``).
    public var encoder: any ImageEncoder {
        guard palette.isEmpty else {
            return PaletteEncoder(inks: palette, container: format == "bmp" ? .bmp : .png)
        }
        let grey = Greyscale(levels: min(greys ?? 256, 1 << min(bitDepth, 8)))
        return format == "bmp"
            ? BMPEncoder(bitsPerPixel: bitDepth, greyscale: grey) : GreyPNGEncoder(bitDepth: bitDepth, greyscale: grey)
    }
}
