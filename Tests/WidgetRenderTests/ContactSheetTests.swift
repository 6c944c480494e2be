import Foundation
import Testing
import WidgetCore
import WidgetDrawing

/// The gallery's contact sheet: captions never run into each other or into a preview, however
/// narrow the preview (a 76 pt round Lock Screen widget has a caption twice as wide).
@Suite("Contact sheet")
struct ContactSheetTests {
    @Test func captionsAndPreviewsNeverOverlap() throws {
        try Fixtures.withSession { session in
            let image = try CairoSurface(width: 4, height: 4)
            func tile(_ width: Double, _ height: Double, _ caption: String) -> ContactSheet.Tile {
                ContactSheet.Tile(image: image, size: Size(width: width, height: height), caption: caption)
            }
            let tiles = [
                tile(170, 170, "small · light"), tile(76, 76, "accessoryCircular · lock screen"),
                tile(172, 76, "accessoryRectangular · lock screen"), tile(76, 76, "accessoryCircular · lock screen"),
                tile(257, 26, "accessoryInline · lock screen"), tile(414, 110, "todayCompact · light"),
                tile(364, 382, "large · dark"), tile(20, 20, "a caption much wider than its tiny preview"),
            ]
            let sheet = ContactSheet(
                sections: [ContactSheet.Section(title: "A", subtitle: "B", tiles: tiles)], footer: "")
            let (captions, previews) = try sheet.frames(with: session.renderer)
            #expect(captions.count == tiles.count)
            let all = captions + previews
            for i in all.indices {
                // Inside the sheet's width.
                #expect(all[i].maxX <= sheet.width - 32 + 0.01, "\(all[i]) runs past the margin")
                for j in all.indices where j > i {
                    let (a, b) = (all[i], all[j])
                    let overlap = a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
                    #expect(!overlap, "\(a) overlaps \(b)")
                }
            }
        }
    }
}
