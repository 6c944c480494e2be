import CCairo
import WidgetCore
import WidgetLayout

/// Measures and draws text with Pango, in one locale's font list.
///
/// Implements ``TextMeasuring`` for the layout engine; results are cached per
/// (text, fonts, width, lines), so repeated layout passes cost one Pango call.
package final class PangoText: TextMeasuring {
    private let context: OpaquePointer
    private let language: String
    /// Emoji from the monochrome font.
    private let monochrome: Bool
    private var descriptions: [Font: OpaquePointer] = [:]
    /// The height of a Latin line per font (``latinLineHeight(of:)``).
    private var latinLineHeights: [Font: Double] = [:]
    private var cache: [Key: Size] = [:]
    /// Baselines measured before (``baselines(_:maxWidth:lineLimit:)``).
    private var baselineCache: [Key: (first: Double, last: Double)] = [:]
    /// Layouts drawn before, shaped and broken into lines already (Pango keeps its lines).
    private var drawn: [DrawKey: OpaquePointer] = [:]

    private struct DrawKey: Hashable {
        var text: StyledText
        var width: Double?
        var lines: Int?
        var alignment: HorizontalAlignment
        var scheme: ColorScheme
    }

    /// Drawn layouts kept at most; past this the cache starts afresh (a run of changing figures
    /// never grows it).
    private static var drawnLimit: Int { 512 }

    private struct Key: Hashable {
        var text: StyledText
        var width: Double?
        var lines: Int?
    }

    /// - Parameter monochrome: emoji from Symbola's outlines, in the text's colour, rather than
    ///   Noto's colour pictures (for panels of few greys).
    /// - Throws: ``RenderError/fonts(_:)`` when Pango cannot create a context.
    package init(fonts: FontLibrary, language: String, monochrome: Bool = false) throws(RenderError) {
        guard let context = TextEngineLock.run({ fonts.makeContext(language: language) }) else {
            throw .fonts("pango: cannot create a context")
        }
        self.context = context
        self.language = language
        self.monochrome = monochrome
    }

    deinit {
        TextEngineLock.run {
            for layout in drawn.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
            for description in descriptions.values { pango_font_description_free(description) }
            g_object_unref(UnsafeMutableRawPointer(context))
        }
    }

    package func measure(_ text: String, font: Font, maxWidth: Double?, lineLimit: Int?) -> Size {
        measure(StyledText(text, font: font), maxWidth: maxWidth, lineLimit: lineLimit)
    }

    package func measure(_ text: StyledText, maxWidth: Double?, lineLimit: Int?) -> Size {
        let key = Key(text: text, width: maxWidth, lines: lineLimit)
        if let size = cache[key] { return size }
        var logical = PangoRectangle()
        TextEngineLock.run {
            let layout = makeLayout(text, width: maxWidth, lineLimit: lineLimit, alignment: .leading)
            pango_layout_get_extents(layout, nil, &logical)
            g_object_unref(UnsafeMutableRawPointer(layout))
        }
        let size = Size(
            width: Double(logical.width) / Double(PANGO_SCALE), height: Double(logical.height) / Double(PANGO_SCALE))
        cache[key] = size
        return size
    }

    package func baselines(_ text: StyledText, maxWidth: Double?, lineLimit: Int?) -> (first: Double, last: Double) {
        let key = Key(text: text, width: maxWidth, lines: lineLimit)
        if let known = baselineCache[key] { return known }
        var first: Int32 = 0
        var last: Int32 = 0
        TextEngineLock.run {
            let layout = makeLayout(text, width: maxWidth, lineLimit: lineLimit, alignment: .leading)
            first = pango_layout_get_baseline(layout)
            last = first
            if let iter = pango_layout_get_iter(layout) {
                while pango_layout_iter_next_line(iter) != 0 {}
                last = pango_layout_iter_get_baseline(iter)
                pango_layout_iter_free(iter)
            }
            g_object_unref(UnsafeMutableRawPointer(layout))
        }
        let result = (Double(first) / Double(PANGO_SCALE), Double(last) / Double(PANGO_SCALE))
        if baselineCache.count >= 4096 { baselineCache.removeAll(keepingCapacity: true) }
        baselineCache[key] = result
        return result
    }

    /// How many characters of a text no admitted font has a glyph for (drawn as boxes): Pango's
    /// own count after font fallback.
    package func unknownGlyphs(_ text: StyledText) -> Int {
        var count: Int32 = 0
        TextEngineLock.run {
            let layout = makeLayout(text, width: nil, lineLimit: nil, alignment: .leading)
            count = pango_layout_get_unknown_glyphs_count(layout)
            g_object_unref(UnsafeMutableRawPointer(layout))
        }
        return Int(count)
    }

    /// A layout to draw, kept for the next render that draws the same text at the same width:
    /// its shaping and line breaking are done once. The text measurer owns it; the caller must
    /// not release it nor change it.
    package func layoutToDraw(
        _ text: StyledText, width: Double?, lineLimit: Int?, alignment: HorizontalAlignment, scheme: ColorScheme
    ) -> OpaquePointer {
        let key = DrawKey(text: text, width: width, lines: lineLimit, alignment: alignment, scheme: scheme)
        if let layout = drawn[key] { return layout }
        if drawn.count >= Self.drawnLimit {
            TextEngineLock.run {
                for layout in drawn.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
            }
            drawn.removeAll(keepingCapacity: true)
        }
        let layout = TextEngineLock.run {
            makeLayout(text, width: width, lineLimit: lineLimit, alignment: alignment, scheme: scheme)
        }
        drawn[key] = layout
        return layout
    }

    /// How many drawn layouts are kept now.
    package var drawnLayoutCount: Int { drawn.count }

    /// A layout of plain text in one font; the caller releases it with `g_object_unref`.
    func makeLayout(
        _ text: String, font: Font, width: Double?, lineLimit: Int?, alignment: HorizontalAlignment
    ) -> OpaquePointer {
        makeLayout(StyledText(text, font: font), width: width, lineLimit: lineLimit, alignment: alignment)
    }

    /// A layout ready to draw or measure; the caller releases it with `g_object_unref`.
    ///
    /// Runs with a colour of their own get it as an attribute, resolved for `scheme`.
    func makeLayout(
        _ text: StyledText, width: Double?, lineLimit: Int?, alignment: HorizontalAlignment,
        scheme: ColorScheme = .light
    ) -> OpaquePointer {
        guard let layout = pango_layout_new(context) else {
            preconditionFailure("pango_layout_new returned NULL (out of memory)")
        }
        pango_layout_set_font_description(layout, description(for: text.font))
        pango_layout_set_text(layout, text.string, -1)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if let width, width.isFinite {
            pango_layout_set_width(layout, Int32((width * Double(PANGO_SCALE)).rounded(.up)))
        }
        if let lineLimit {
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            pango_layout_set_height(layout, -Int32(max(1, lineLimit)))
        }
        if text.lineSpacing > 0, text.lineSpacing.isFinite {
            pango_layout_set_spacing(layout, Self.pangoUnits(text.lineSpacing))
        }
        switch alignment {
        case .leading: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        let attributes = pango_attr_list_new()
        defer { pango_attr_list_unref(attributes) }
        var start: UInt32 = 0
        for run in text.runs {
            let end = start + UInt32(run.string.utf8.count)
            defer { start = end }
            func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?) {
                guard let attribute else { return }
                attribute.pointee.start_index = start
                attribute.pointee.end_index = end
                pango_attr_list_insert(attributes, attribute)
            }
            if run.font != text.font || run.isSymbol {
                insert(pango_attr_font_desc_new(description(for: run.font, symbol: run.isSymbol)))
            }
            if run.font.monospacedDigits { insert(pango_attr_font_features_new("tnum")) }
            if run.underline { insert(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE)) }
            if run.strikethrough { insert(pango_attr_strikethrough_new(1)) }
            if run.kerning != 0, run.kerning.isFinite {
                insert(pango_attr_letter_spacing_new(Self.pangoUnits(run.kerning)))
            }
            if run.baselineOffset != 0, run.baselineOffset.isFinite {
                insert(pango_attr_rise_new(Self.pangoUnits(run.baselineOffset)))
            }
            if let color = run.color {
                let rgba = color.resolved(in: scheme)
                func channel(_ value: Double) -> UInt16 { UInt16((min(1, max(0, value)) * 65535).rounded()) }
                insert(pango_attr_foreground_new(channel(rgba.red), channel(rgba.green), channel(rgba.blue)))
                insert(pango_attr_foreground_alpha_new(max(1, channel(rgba.alpha))))
            }
        }
        if Self.hasTallScript(text.string) {
            let height = latinLineHeight(of: text.font)
            // Noto's Arabic, Hebrew, Devanagari and Thai faces ask for lines 1.3 to 2.1 times
            // the size (the Latin face's are 1.21): a widget laid out for one line of 17 pt
            // would not hold one line of Arabic. Their lines are as tall as the Latin face's;
            // the glyphs are drawn whole, about a tenth of the size over the line's edges.
            let attribute = pango_attr_line_height_new_absolute(Self.pangoUnits(height))
            attribute?.pointee.start_index = 0
            attribute?.pointee.end_index = UInt32.max
            if let attribute { pango_attr_list_insert(attributes, attribute) }
        }
        pango_layout_set_attributes(layout, attributes)
        return layout
    }

    /// True when the text has a letter of Hebrew, Arabic, Syriac, Thaana, N'Ko, Devanagari and
    /// the other Indic scripts, Thai or Lao (U+0590–U+0EFF), or Hebrew and Arabic presentation
    /// forms (U+FB1D–U+FDFF, U+FE70–U+FEFC): the scripts whose fallback faces have tall line metrics. Latin, Greek, Cyrillic,
    /// Japanese and Korean never are.
    package static func hasTallScript(_ string: String) -> Bool {
        string.unicodeScalars.contains { scalar in
            // Not U+FE00–FE6F (variation selectors, CJK compatibility and small forms) nor the
            // byte-order mark: Japanese and Korean text and emoji keep their line heights.
            (0x0590...0x0EFF).contains(scalar.value) || (0xFB1D...0xFDFF).contains(scalar.value)
                || (0xFE70...0xFEFC).contains(scalar.value)
        }
    }

    /// The height of a line of Latin in `font`, kept per font.
    private func latinLineHeight(of font: Font) -> Double {
        if let height = latinLineHeights[font] { return height }
        let layout = makeLayout(StyledText("Hg", font: font), width: nil, lineLimit: 1, alignment: .leading)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let height = Double(logical.height) / Double(PANGO_SCALE)
        latinLineHeights[font] = height
        return height
    }

    /// Points in Pango units, clamped to ±10,000 points so no value can overflow.
    private static func pangoUnits(_ points: Double) -> Int32 {
        Int32((min(10_000, max(-10_000, points)) * Double(PANGO_SCALE)).rounded())
    }

    private func description(for font: Font, symbol: Bool = false) -> OpaquePointer {
        var key = font
        if symbol { key.customFamily = FontLibrary.symbolFamily }
        if let description = descriptions[key] { return description }
        guard let description = pango_font_description_new() else {
            preconditionFailure("pango_font_description_new returned NULL (out of memory)")
        }
        pango_font_description_set_family(
            description,
            symbol
                ? FontLibrary.symbolFamily
                : FontLibrary.familyList(for: font, language: language, monochrome: monochrome))
        pango_font_description_set_weight(description, PangoWeight(UInt32(font.weight.rawValue)))
        if font.isItalic { pango_font_description_set_style(description, PANGO_STYLE_ITALIC) }
        pango_font_description_set_absolute_size(description, font.size * Double(PANGO_SCALE))
        descriptions[key] = description
        return description
    }

    /// The height of one line of `font`, in points.
    func lineHeight(of font: Font) -> Double {
        measure("Hg", font: font, maxWidth: nil, lineLimit: 1).height
    }
}
