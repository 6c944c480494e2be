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
    ///   - monochrome: the same fonts with Symbola's monochrome outlines in place of Noto's
    ///     colour emoji (see ``monochrome()``).
    package init(configFile: String, extraFiles: [String] = [], monochrome: Bool = false) throws(RenderError) {
        guard FileManager.default.isReadableFile(atPath: configFile) else {
            throw .fonts("cannot read the font configuration \(configFile)")
        }
        self.configFile = configFile
        self.extraFiles = extraFiles
        isMonochrome = monochrome
        guard let config = FcConfigCreate() else { throw .fonts("fontconfig: cannot create a configuration") }
        let loaded: Bool
        if monochrome {
            guard let text = try? String(contentsOfFile: configFile, encoding: .utf8) else {
                FcConfigDestroy(config)
                throw .fonts("cannot read the font configuration \(configFile)")
            }
            loaded = FcConfigParseAndLoadFromMemory(config, Self.monochromeConfiguration(text), 1) != 0
        } else {
            loaded = FcConfigParseAndLoad(config, configFile, 1) != 0
        }
        guard loaded, FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            throw .fonts(
                "fontconfig cannot load \(configFile)\(monochrome ? " (with Symbola for monochrome emoji)" : "")")
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
        let required =
            monochrome
            ? Self.required.map { $0.family == "Noto Color Emoji" ? ("Symbola", "fonts-symbola") : $0 } : Self.required
        let missing = required.filter { !families.contains($0.family) }
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

    /// The project's configuration with Symbola's outlines admitted in place of Noto's colour
    /// emoji: emoji drawn in the text's colour, for panels of two or four greys. A font map of
    /// its own, as fontconfig sorts a colour bitmap font below an outline one when both are there.
    static func monochromeConfiguration(_ text: String) -> String {
        text.replacingOccurrences(
            of: "<glob>/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf</glob>",
            with: "<glob>/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf</glob>"
        ).replacingOccurrences(
            of: "<dir>/usr/share/fonts/truetype/noto</dir>",
            with: "<dir>/usr/share/fonts/truetype/noto</dir>\n  <dir>/usr/share/fonts/truetype/ancient-scripts</dir>")
    }

    /// The same fonts with monochrome emoji, made on first use (most runs never need it).
    ///
    /// - Throws: ``RenderError/fonts(_:)`` when Symbola is not installed (fonts-symbola).
    package func monochrome() throws(RenderError) -> FontLibrary {
        if isMonochrome { return self }
        monochromeLock.lock()
        defer { monochromeLock.unlock() }
        if let made = monochromeLibrary { return made }
        let made = try FontLibrary(configFile: configFile, extraFiles: extraFiles, monochrome: true)
        monochromeLibrary = made
        return made
    }

    private let configFile: String
    private let extraFiles: [String]
    private let isMonochrome: Bool
    private let monochromeLock = NSLock()
    nonisolated(unsafe) private var monochromeLibrary: FontLibrary?

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
    static func familyList(for language: String, monochrome: Bool = false) -> String {
        "Inter, Noto Sans CJK \(cjkRegion(for: language)), \(emojiFamily(monochrome))"
    }

    /// The emoji font: Noto's colour pictures, or Symbola's outlines for panels of few greys.
    static func emojiFamily(_ monochrome: Bool) -> String { monochrome ? "Symbola" : "Noto Color Emoji" }

    /// The family list for a font in a text language: its design's face (or its custom family)
    /// first, then the language's list.
    static func familyList(for font: Font, language: String, monochrome: Bool = false) -> String {
        if let custom = font.customFamily {
            return "\(custom), \(familyList(for: language, monochrome: monochrome))"
        }
        switch font.design {
        case .monospaced:
            return "Noto Sans Mono, Noto Sans CJK \(cjkRegion(for: language)), \(emojiFamily(monochrome))"
        case .serif: return "Noto Serif CJK \(cjkRegion(for: language)), \(emojiFamily(monochrome))"
        default: return familyList(for: language, monochrome: monochrome)
        }
    }

    /// A Pango context with the project's fixed font options for a text language.
    func makeContext(language: String) -> OpaquePointer? {
        guard let context = pango_font_map_create_context(fontMap) else { return nil }
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        // For panels of few greys, whole-point advances and glyph positions: at one bit a glyph
        // a fraction of a pixel over rounds its stems differently from its neighbour's, and
        // words read with uneven gaps ("Deat hs").
        cairo_font_options_set_hint_metrics(options, isMonochrome ? CAIRO_HINT_METRICS_ON : CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, isMonochrome ? 1 : 0)
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
