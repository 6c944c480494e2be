import WidgetCore
import WidgetLayout

/// A measurer for layout without fonts, shared by the chart tests: 6 points a character, 12 a line.
struct FixedMeasurer: TextMeasuring {
    func measure(_ text: String, font: Font, maxWidth: Double?, lineLimit: Int?) -> Size {
        Size(width: Double(text.count) * 6, height: 12)
    }
}
