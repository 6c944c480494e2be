import CCairo
import WidgetCore
import WidgetLayout

/// Measures and draws text with Pango, in one locale's font list.
///
/// Implements ``TextMeasuring`` for the layout engine; results are cached per
/// (text, font, width, lines), so repeated layout passes cost one Pango call.
package final class PangoText: TextMeasuring {
    private let context: OpaquePointer
    private let family: String
    private var descriptions: [Font: OpaquePointer] = [:]
    private var cache: [Key: Size] = [:]

    private struct Key: Hashable {
        var text: String
        var font: Font
        var width: Double?
        var lines: Int?
    }

    /// - Throws: ``RenderError/fonts(_:)`` when Pango cannot create a context.
    package init(fonts: FontLibrary, language: String) throws(RenderError) {
        guard let context = fonts.makeContext(language: language) else {
            throw .fonts("pango: cannot create a context")
        }
        self.context = context
        family = FontLibrary.familyList(for: language)
    }

    deinit {
        for description in descriptions.values { pango_font_description_free(description) }
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    package func measure(_ text: String, font: Font, maxWidth: Double?, lineLimit: Int?) -> Size {
        let key = Key(text: text, font: font, width: maxWidth, lines: lineLimit)
        if let size = cache[key] { return size }
        let layout = makeLayout(text, font: font, width: maxWidth, lineLimit: lineLimit, alignment: .leading)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let size = Size(
            width: Double(logical.width) / Double(PANGO_SCALE), height: Double(logical.height) / Double(PANGO_SCALE))
        cache[key] = size
        return size
    }

    /// A layout ready to draw or measure; the caller releases it with `g_object_unref`.
    func makeLayout(
        _ text: String, font: Font, width: Double?, lineLimit: Int?, alignment: HorizontalAlignment
    ) -> OpaquePointer {
        guard let layout = pango_layout_new(context) else {
            preconditionFailure("pango_layout_new returned NULL (out of memory)")
        }
        pango_layout_set_font_description(layout, description(for: font))
        pango_layout_set_text(layout, text, -1)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if let width, width.isFinite {
            pango_layout_set_width(layout, Int32((width * Double(PANGO_SCALE)).rounded(.up)))
        }
        if let lineLimit {
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            pango_layout_set_height(layout, -Int32(max(1, lineLimit)))
        }
        switch alignment {
        case .leading: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        if font.monospacedDigits {
            let attributes = pango_attr_list_new()
            pango_attr_list_insert(attributes, pango_attr_font_features_new("tnum"))
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }
        return layout
    }

    private func description(for font: Font) -> OpaquePointer {
        if let description = descriptions[font] { return description }
        guard let description = pango_font_description_new() else {
            preconditionFailure("pango_font_description_new returned NULL (out of memory)")
        }
        pango_font_description_set_family(description, family)
        pango_font_description_set_weight(description, PangoWeight(UInt32(font.weight.rawValue)))
        pango_font_description_set_absolute_size(description, font.size * Double(PANGO_SCALE))
        descriptions[font] = description
        return description
    }

    /// The height of one line of `font`, in points.
    func lineHeight(of font: Font) -> Double {
        measure("Hg", font: font, maxWidth: nil, lineLimit: 1).height
    }
}
