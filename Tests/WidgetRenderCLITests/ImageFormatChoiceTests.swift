import Foundation
import Testing
import WidgetRender

@testable import WidgetRenderCLI

/// The image options as values: a panel fills in what they leave out, and a URL's extension
/// names the container while the panel keeps its greys.
@Suite struct ImageFormatChoiceTests {
    static func screen(_ id: String) throws -> DeviceProfile { try DeviceProfile.named(id) }

    @Test func aPanelGivesWhatTheOptionsLeaveOut() throws {
        let none = ImageFormatChoice()
        #expect(try none.encoder(on: .default) == nil, "a phone: colour PNG")
        let og = try #require(try none.encoder(on: Self.screen("trmnl-og")) as? GreyPNGEncoder)
        #expect(og.bitDepth == 1)
        let inkplate = try #require(try none.encoder(on: Self.screen("inkplate-6")) as? BMPEncoder)
        #expect(inkplate.bitsPerPixel == 4 && inkplate.greyscale.levels == 8)
        #expect(try none.encoder(on: Self.screen("spectra6-7in3")) is PaletteEncoder)
        // Named on the command line, a format is the user's: full-colour PNG on a TRMNL.
        var png = ImageFormatChoice()
        png.imageFormat = "png"
        #expect(try png.encoder(on: Self.screen("trmnl-og")) == nil)
    }

    @Test func aContainerKeepsThePanelsGreys() throws {
        var choice = ImageFormatChoice()
        let ogBMP = try #require(try choice.encoder(on: Self.screen("trmnl-og"), container: "bmp") as? BMPEncoder)
        #expect(ogBMP.bitsPerPixel == 1)
        let inkplatePNG = try #require(
            try choice.encoder(on: Self.screen("inkplate-6"), container: "png") as? GreyPNGEncoder)
        #expect(inkplatePNG.bitDepth == 4 && inkplatePNG.greyscale.levels == 8)
        let spectraBMP = try #require(
            try choice.encoder(on: Self.screen("spectra6-7in3"), container: "bmp") as? PaletteEncoder)
        #expect(spectraBMP.format == .bmp)
        // The options given still apply: a dithering, a bit depth.
        choice.dither = "ordered"
        let dithered = try #require(
            try choice.encoder(on: Self.screen("trmnl-og"), container: "png") as? GreyPNGEncoder)
        #expect(dithered.greyscale.dither == .ordered && dithered.bitDepth == 1)
        choice.bitDepth = 2
        let twoBit = try #require(try choice.encoder(on: Self.screen("trmnl-og"), container: "png") as? GreyPNGEncoder)
        #expect(twoBit.bitDepth == 2)
        #expect(ImageFormatChoice.depth(2, in: "bmp") == 4)
        #expect(ImageFormatChoice.depth(2, in: "png") == 2)
    }
}
