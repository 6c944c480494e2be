import Foundation
import Testing
import WidgetCore
import WidgetDrawing
import WidgetRender

/// Images from bytes and JPEG files (`UIImage(data:)`, `UIImage(contentsOfFile:)`,
/// `Image(uiImage:)`, `Image(path:)` of a `.jpg`), read from real JPEGs and compared with what an
/// independent decoder (Pillow) reads from the same bytes.
@Suite("Images from data and JPEG files")
struct ImageDataTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func fixture(_ name: String) throws -> Data { try Data(contentsOf: fixtures.appendingPathComponent(name)) }

    /// Straight 8-bit RGB of a surface, rows top to bottom.
    static func rgb(_ surface: CairoSurface) -> [UInt8] {
        surface.withPixels { data, stride in
            var rgb: [UInt8] = []
            rgb.reserveCapacity(surface.width * surface.height * 3)
            for y in 0..<surface.height {
                for x in 0..<surface.width {
                    let pixel = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
                    rgb += [UInt8(pixel >> 16 & 0xFF), UInt8(pixel >> 8 & 0xFF), UInt8(pixel & 0xFF)]
                }
            }
            return rgb
        } ?? []
    }

    @Test(arguments: ["coffee.jpg", "coffee-progressive.jpg", "coffee-grey.jpg"])
    func aJPEGDecodesToThePixelsPillowReads(_ name: String) throws {
        let ours = try PNGImage.read(data: try Self.fixture(name), name: name)
        let pillow = try PNGImage.read(
            path: Self.fixtures.appendingPathComponent(name + "").deletingPathExtension().path + ".pillow.png")
        #expect(ours.width == 300 && ours.height == 200)
        let (a, b) = (Self.rgb(ours), Self.rgb(pillow))
        try #require(a.count == b.count && a.count == 300 * 200 * 3)
        let worst = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 2, "\(name): a channel differs from Pillow's reading by \(worst) levels")
        // Not a flat image: the photo's darkest and lightest pixels are far apart.
        #expect((a.max() ?? 0) - (a.min() ?? 0) > 150)
    }

    @Test func aUIImageFromJPEGOrPNGBytesHasItsSizeAndRoundTripsThroughPNG() throws {
        let jpeg = try #require(UIImage(data: try Self.fixture("coffee.jpg")))
        #expect(jpeg.size == Size(width: 300, height: 200))
        let png = try #require(jpeg.pngData())
        let again = try #require(UIImage(data: png))
        #expect(again.size == jpeg.size)
        #expect(try PNGFile.decode(png).pixelsCRC64 == PNGFile.decode(try #require(again.pngData())).pixelsCRC64)
        let file = try #require(UIImage(contentsOfFile: Self.fixtures.appendingPathComponent("coffee-grey.jpg").path))
        #expect(file.size == Size(width: 300, height: 200))
    }

    @Test func bytesThatAreNoImageGiveNilAndTheReasonIsSaid() throws {
        let jpeg = try Self.fixture("coffee.jpg")
        #expect(UIImage(data: Data()) == nil)
        #expect(UIImage(data: Data("not an image".utf8)) == nil)
        #expect(UIImage(data: jpeg.prefix(jpeg.count / 2)) == nil)
        #expect(UIImage(data: jpeg.prefix(3)) == nil)
        #expect(UIImage(data: try Self.fixture("coffee-cmyk.jpg")) == nil)
        #expect(UIImage(contentsOfFile: "/no/such/photo.jpg") == nil)
        #expect(UIImage(contentsOfFile: "/tmp") == nil)

        #expect(throws: RenderError.image(path: "cut.jpg", reason: "not a valid JPEG (premature end of JPEG file)")) {
            try PNGImage.read(data: jpeg.prefix(jpeg.count / 2), name: "cut.jpg")
        }
        #expect(throws: RenderError.image(path: "cmyk.jpg", reason: "a CMYK JPEG (save it as RGB)")) {
            try PNGImage.read(data: try Self.fixture("coffee-cmyk.jpg"), name: "cmyk.jpg")
        }
        // A frame header claiming 30000×200 pixels is refused before anything is allocated.
        var huge = [UInt8](jpeg)
        let sof = try #require((0..<huge.count - 8).first { huge[$0] == 0xFF && huge[$0 + 1] == 0xC0 })
        huge[sof + 7] = UInt8(30000 >> 8)
        huge[sof + 8] = UInt8(30000 & 0xFF)
        #expect(
            throws: RenderError.image(path: "huge.jpg", reason: "30000×200 pixels is larger than the 8192×8192 limit")
        ) { try PNGImage.read(data: Data(huge), name: "huge.jpg") }
        #expect(PNGFile.problem(atPath: Self.fixtures.appendingPathComponent("coffee.jpg").path) == nil)
        #expect(
            PNGFile.problem(atPath: Self.fixtures.appendingPathComponent("coffee-cmyk.jpg").path, decoding: true)
                == "a CMYK JPEG (save it as RGB)")
    }

    /// The photo fills a small widget, through `Image(uiImage:)` and through `Image(path:)` of
    /// the same JPEG: the same pixels, and the photo's own colours at the centre.
    @Test func aUIImageAndAJPEGFileDrawTheSamePhoto() async throws {
        let path = Self.fixtures.appendingPathComponent("coffee.jpg").path
        let photo = try #require(UIImage(contentsOfFile: path))
        let engine = try RenderEngine(widgets: [])
        let request = RenderRequest(kind: "", family: .systemSmall)
        let fromData = try await engine.render(
            Image(uiImage: photo).resizable().scaledToFill(), in: request, contentMarginsDisabled: true)
        let fromFile = try await engine.render(
            Image(path: path).resizable().scaledToFill(), in: request, contentMarginsDisabled: true)
        let a = try #require(fromData.image?.data)
        let b = try #require(fromFile.image?.data)
        #expect(try PNGFile.decode(a).pixelsCRC64 == PNGFile.decode(b).pixelsCRC64)
        // The cup's middle is the coffee's orange crema, not the widget's white background.
        let surface = try PNGImage.read(data: a)
        let rgb = Self.rgb(surface)
        let centre = ((surface.height * 37 / 100) * surface.width + surface.width * 45 / 100) * 3
        let (r, g, bl) = (Int(rgb[centre]), Int(rgb[centre + 1]), Int(rgb[centre + 2]))
        #expect(r > bl + 60 && g > bl && g < r, "crema pixel \(r),\(g),\(bl)")
    }

    /// `.resizable()` alone stretches a picture to its frame, as SwiftUI does; `.scaledToFit()`
    /// and `.aspectRatio(contentMode: .fit)` keep its aspect ratio (bands above and below).
    @Test func resizableStretchesAndFitKeepsTheAspectRatio() async throws {
        // A 40×20 picture: red left half, blue right half.
        let picture = try CairoSurface(width: 40, height: 20)
        _ = picture.withMutablePixels { data, stride in
            for y in 0..<20 {
                for x in 0..<40 {
                    let pixel: UInt32 = x < 20 ? 0xFFFF_0000 : 0xFF00_00FF
                    UnsafeMutableRawPointer(data + y * stride + x * 4).storeBytes(of: pixel, as: UInt32.self)
                }
            }
        }
        let photo = try #require(UIImage(data: try WidgetPNGWriter().encode(picture)))
        let engine = try RenderEngine(widgets: [])
        let request = RenderRequest(kind: "", family: .systemSmall)
        func draw(_ view: some View) async throws -> CairoSurface {
            let rendered = try await engine.render(
                view.frame(width: 100, height: 100), in: request, contentMarginsDisabled: true)
            return try PNGImage.read(data: try #require(rendered.image?.data))
        }
        // The small widget is 170 points on 3× pixels: the 100-point frame is centred.
        let top = (510 - 300) / 2
        let stretched = try await draw(Image(uiImage: photo).resizable())
        #expect(stretched.pixel(x: top + 20, y: top + 10) == (255, 0, 0, 255))
        #expect(stretched.pixel(x: top + 280, y: top + 290) == (0, 0, 255, 255))
        for fitted in [
            try await draw(Image(uiImage: photo).resizable().scaledToFit()),
            try await draw(Image(uiImage: photo).resizable().aspectRatio(contentMode: .fit)),
        ] {
            // 300×150 pixels in the middle; white above and below.
            #expect(fitted.pixel(x: top + 20, y: top + 10) == (255, 255, 255, 255))
            #expect(fitted.pixel(x: top + 20, y: top + 150) == (255, 0, 0, 255))
            #expect(fitted.pixel(x: top + 280, y: top + 290) == (255, 255, 255, 255))
        }
    }
}
