import Foundation
import WidgetAssets
import WidgetCore
import WidgetRendering
import Widgets

/// What stays loaded between renders: the widget bundle, the pinned fonts and the
/// renderer with its caches. Create one per process (or per test) and reuse it.
public final class RenderSession {
    public let bundle: WidgetBundle
    public let fonts: FontLibrary
    public let renderer: WidgetRenderer
    /// How PNGs are encoded.
    public var encoder: PNGEncoder

    /// Loads the project's font configuration.
    ///
    /// - Throws: ``PipelineError/unavailable(_:)`` when the fonts or the configuration are missing,
    ///   with the command that installs them.
    public init(bundle: WidgetBundle = BuiltInWidgets.bundle, encoder: PNGEncoder = .fast) throws(PipelineError) {
        let configFile: URL
        do {
            configFile = try WidgetAssets.url(WidgetAssets.fontConfigName)
        } catch {
            throw .unavailable(error.description)
        }
        do {
            fonts = try FontLibrary(configFile: configFile.path)
        } catch {
            throw .unavailable(error.description)
        }
        self.bundle = bundle
        self.encoder = encoder
        renderer = WidgetRenderer(fonts: fonts)
    }

    /// The versions that decide the pixels: Cairo, Pango, fontconfig, libpng, and the font files.
    public var renderStack: String {
        let files = fonts.fontFiles.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
        return "\(FontLibrary.stackDescription), libpng \(PNGEncoder.libpngVersion); fonts: \(files)"
    }
}
