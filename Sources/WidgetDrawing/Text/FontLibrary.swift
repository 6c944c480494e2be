import CCairo
import Foundation
import WidgetCore
import WidgetDates

/// The fonts WidgetRender may use, pinned by the project's own fontconfig file.
///
/// No other font on the machine can change a pixel: the configuration lists only
/// Inter and Noto Sans CJK, includes none of the system's settings, and turns
/// hinting off. One library serves every render in a process; creating it scans
/// the fonts once.
///
/// ```swift
/// let fonts = try FontLibrary(configFile: WidgetAssets.fontConfigFile.path)
/// ```
package final class FontLibrary {
    let config: OpaquePointer
    let fontMap: UnsafeMutablePointer<PangoFontMap>

    /// The font files the configuration admitted, sorted (for failure messages and the gallery).
    package let fontFiles: [String]
    /// The family names the configuration admitted, sorted.
    package let families: [String]

    /// Families every render needs; the message says how to install them.
    static let required: [(family: String, package: String)] = [
        ("Inter", "fonts-inter"), ("Noto Sans CJK JP", "fonts-noto-cjk"), ("Noto Sans CJK KR", "fonts-noto-cjk"),
        ("Noto Serif CJK JP", "fonts-noto-cjk"), ("Noto Sans Mono", "fonts-noto-mono"),
        ("Noto Color Emoji", "fonts-noto-color-emoji"), (symbolFamily, "fonts-materialdesignicons-webfont"),
        ("Noto Sans Arabic", "fonts-noto-core"), ("Noto Sans Devanagari", "fonts-noto-core"),
        ("Noto Sans Hebrew", "fonts-noto-core"), ("Noto Sans Thai", "fonts-noto-core"),
    ]

    /// The family ``SymbolCatalog`` names draw from.
    static let symbolFamily = "Material Design Icons"

    /// Loads a fontconfig file and checks that the required families are there.
    ///
    /// - Parameters:
    ///   - configFile: path of the project's `fonts.conf`.
    ///   - extraFiles: font files of the widgets' own (`.fonts(_:)`), admitted besides the configuration's.
    /// - Throws: ``RenderError/fonts(_:)`` naming the file, or the missing families and
    ///   the `apt-get` command that installs them.
    package init(configFile: String, extraFiles: [String] = []) throws(RenderError) {
        guard FileManager.default.isReadableFile(atPath: configFile) else {
            throw .fonts("cannot read the font configuration \(configFile)")
        }
        guard let config = FcConfigCreate() else { throw .fonts("fontconfig: cannot create a configuration") }
        guard FcConfigParseAndLoad(config, configFile, 1) != 0, FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            throw .fonts("fontconfig cannot load \(configFile)")
        }
        for file in extraFiles {
            guard FileManager.default.isReadableFile(atPath: file) else {
                FcConfigDestroy(config)
                throw .fonts("cannot read the font file \(file) (a widget's .fonts)")
            }
            // The configuration refuses every file it does not list: admit this one by name first.
            let escaped = file.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            let admit =
                "<?xml version=\"1.0\"?><fontconfig><selectfont><acceptfont><glob>\(escaped)</glob></acceptfont></selectfont></fontconfig>"
            guard FcConfigParseAndLoadFromMemory(config, admit, 1) != 0, FcConfigAppFontAddFile(config, file) != 0
            else {
                FcConfigDestroy(config)
                throw .fonts("fontconfig cannot load the font file \(file) (a widget's .fonts)")
            }
        }
        var files: [String] = []
        var families: Set<String> = []
        for setName in [FcSetSystem, FcSetApplication] {
            guard let set = FcConfigGetFonts(config, setName) else { continue }
            for index in 0..<Int(set.pointee.nfont) {
                guard let pattern = set.pointee.fonts[index] else { continue }
                var value: UnsafeMutablePointer<FcChar8>?
                if FcPatternGetString(pattern, FC_FILE, 0, &value) == FcResultMatch, let value {
                    files.append(String(cString: value))
                }
                var n: Int32 = 0
                while FcPatternGetString(pattern, FC_FAMILY, n, &value) == FcResultMatch, let value {
                    families.insert(String(cString: value))
                    n += 1
                }
            }
        }
        let missing = Self.required.filter { !families.contains($0.family) }
        guard missing.isEmpty else {
            FcConfigDestroy(config)
            let packages = Set(missing.map(\.package)).sorted().joined(separator: " ")
            throw .fonts(
                "missing \(missing.map(\.family).joined(separator: ", ")) (configured by \(configFile)); "
                    + "install with: sudo apt-get install -y \(packages)")
        }
        Self.makeCurrentOnce(config)
        guard let map = TextEngineLock.run({ pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) }) else {
            FcConfigDestroy(config)
            throw .fonts("pango: cannot create a FreeType font map")
        }
        pango_fc_font_map_set_config(OpaquePointer(map), config)
        self.config = config
        fontMap = map
        fontFiles = Set(files).sorted()
        self.families = families.sorted()
    }

    /// Makes the first library's configuration fontconfig's current one, before any font map exists.
    ///
    /// Pango's first font map runs `FcInit()` on a thread of its own; with no current
    /// configuration that parses /etc/fonts and loads the system's font caches, which no render
    /// uses (each font map has its own configuration): about 7 ms of CPU per process.
    /// fontconfig keeps a reference, so the configuration outlives this library. Later libraries
    /// load the same file and leave the current one alone.
    private static func makeCurrentOnce(_ config: OpaquePointer) {
        currentLock.withLock {
            guard !isCurrentSet else { return }
            isCurrentSet = FcConfigSetCurrent(config) != 0
        }
    }

    private static let currentLock = NSLock()
    nonisolated(unsafe) private static var isCurrentSet = false

    deinit {
        TextEngineLock.run { g_object_unref(UnsafeMutableRawPointer(fontMap)) }
        FcConfigDestroy(config)
    }

    /// The text language that decides the fonts: `ko`, `zh-Hans`, `zh-Hant`, `ja`, or `en` for
    /// every other language (whose CJK characters, if any, take the Japanese face).
    static func fontLanguage(for locale: Locale) -> String {
        let identifier = locale.identifier
        switch locale.languageSubtag {
        case "ko": return "ko"
        case "ja": return "ja"
        case "zh":
            let traditional = ["Hant", "TW", "HK", "MO"].contains { identifier.contains($0) }
            return traditional ? "zh-Hant" : "zh-Hans"
        default: return "en"
        }
    }

    /// The CJK region suffix for a text language.
    private static func cjkRegion(for language: String) -> String {
        switch language {
        case "ko": "KR"
        case "zh-Hans": "SC"
        case "zh-Hant": "TC"
        default: "JP"
        }
    }

    /// The Pango font family list for a text language: Inter first, then the CJK face for it,
    /// then the emoji font.
    static func familyList(for language: String) -> String {
        "Inter, Noto Sans CJK \(cjkRegion(for: language)), Noto Color Emoji"
    }

    /// The family list for a font in a text language: its design's face (or its custom family)
    /// first, then the language's list.
    static func familyList(for font: Font, language: String) -> String {
        if let custom = font.customFamily { return "\(custom), \(familyList(for: language))" }
        switch font.design {
        case .monospaced: return "Noto Sans Mono, Noto Sans CJK \(cjkRegion(for: language)), Noto Color Emoji"
        case .serif: return "Noto Serif CJK \(cjkRegion(for: language)), Noto Color Emoji"
        default: return familyList(for: language)
        }
    }

    /// A Pango context with the project's fixed font options for a text language.
    func makeContext(language: String) -> OpaquePointer? {
        guard let context = pango_font_map_create_context(fontMap) else { return nil }
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        pango_context_set_language(context, pango_language_from_string(language))
        return context
    }

    /// Versions of the libraries that decide the pixels, for failure messages and the manifest.
    package static var stackDescription: String {
        let pango = String(cString: pango_version_string())
        let cairo = String(cString: cairo_version_string())
        let fc = FcGetVersion()
        return "cairo \(cairo), pango \(pango), fontconfig \(fc / 10000).\(fc / 100 % 100).\(fc % 100)"
    }
}
