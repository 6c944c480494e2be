import Foundation
import WidgetDrawing

extension AnimatedPNG {
    /// PNG frames that share one header, as an APNG's must: `pngs` as they are when they
    /// already do, else each decoded and written again as 8-bit RGBA (the same pixels).
    ///
    /// ``PNGImageEncoder`` writes the smallest colour type that holds an image's pixels, so a
    /// timeline's screens can differ: a grey placeholder among colour screens, a screen with
    /// no transparent pixel. Grey encoders' frames always share theirs.
    ///
    /// - Parameter pngs: PNG files of one size.
    /// - Returns: PNG files whose `IHDR` chunks are the same.
    /// - Throws: ``WidgetRenderError`` (`badData`) naming a frame that cannot be decoded or
    ///   written again.
    package static func sharingOneHeader(_ pngs: [Data]) throws(WidgetRenderError) -> [Data] {
        // The IHDR's 13 bytes follow the signature and the chunk's length and type.
        func header(_ png: Data) -> Data? { png.count >= 29 ? Data(png.dropFirst(16).prefix(13)) : nil }
        guard let first = pngs.first.flatMap(header), !pngs.allSatisfy({ header($0) == first }) else { return pngs }
        var writer = PNGEncoder.libpngFast
        writer.alwaysRGBA = true
        var written: [Data] = []
        written.reserveCapacity(pngs.count)
        for (index, png) in pngs.enumerated() {
            do {
                written.append(try writer.encode(try PNGImage.read(data: png, name: "APNG frame \(index)")))
            } catch {
                throw .badData("APNG frame \(index): cannot be written again as RGBA: \(error.description)")
            }
        }
        return written
    }
}
