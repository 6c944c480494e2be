import CCairo
import WidgetCore
import WidgetLayout

/// Draws charts on a Cairo context, in widget points.
struct ChartDrawing {
    let context: CairoContext
    let text: PangoText
    let scheme: ColorScheme

    static let markerRadius = 2.75
    static var labelFont: Font { Font(size: 11, weight: .semibold).monospacedDigit() }

    /// Maps data to the plot rectangle; a flat or single-point series is padded so
    /// nothing divides by zero and no coordinate is NaN or infinite.
    struct Scale {
        let plot: Rect
        let minX: Double
        let maxX: Double
        let minY: Double
        let maxY: Double

        init(points: [ChartPoint], plot: Rect) {
            self.plot = plot
            var minX = points.map(\.x).min() ?? 0
            var maxX = points.map(\.x).max() ?? 1
            var minY = points.map(\.y).min() ?? 0
            var maxY = points.map(\.y).max() ?? 1
            if maxX - minX <= 0 || !(maxX - minX).isFinite {
                minX -= 1
                maxX += 1
            }
            if maxY - minY <= 0 || !(maxY - minY).isFinite {
                let pad = Swift.max(abs(minY) * 0.05, 1)
                minY -= pad
                maxY += pad
            }
            self.minX = minX
            self.maxX = maxX
            self.minY = minY
            self.maxY = maxY
        }

        func x(_ value: Double) -> Double { plot.minX + (value - minX) / (maxX - minX) * plot.width }
        func y(_ value: Double) -> Double { plot.maxY - (value - minY) / (maxY - minY) * plot.height }
    }

    func drawLineChart(_ spec: LineChartSpec, in rect: Rect, color: Color, labelColor: Color, redacted: Bool) {
        let cr = context.pointer
        let points = spec.points.filter { $0.x.isFinite && $0.y.isFinite }
        guard !points.isEmpty, rect.width > 2, rect.height > 2 else { return }
        let showLabels = spec.markers != nil && !redacted
        let labelHeight = showLabels ? text.lineHeight(of: Self.labelFont) : 0
        let edge = spec.lineWidth / 2 + (spec.markers != nil ? Self.markerRadius : 0)
        let plot = rect.inset(
            by: EdgeInsets(top: edge + labelHeight, leading: edge, bottom: edge + labelHeight, trailing: edge))
        guard plot.width > 0, plot.height > 0 else { return }
        let scale = Scale(points: points, plot: plot)
        let lineColor = redacted ? Color.secondary.opacity(0.4) : color
        let rgba = lineColor.resolved(in: scheme)

        func tracePath() {
            cairo_new_path(cr)
            if points.count == 1 {
                // One point: a level line across the chart.
                cairo_move_to(cr, plot.minX, scale.y(points[0].y))
                cairo_line_to(cr, plot.maxX, scale.y(points[0].y))
                return
            }
            cairo_move_to(cr, scale.x(points[0].x), scale.y(points[0].y))
            for point in points.dropFirst() { cairo_line_to(cr, scale.x(point.x), scale.y(point.y)) }
        }

        if spec.gradientFill && !redacted {
            tracePath()
            let lastX = points.count == 1 ? plot.maxX : scale.x(points[points.count - 1].x)
            let firstX = points.count == 1 ? plot.minX : scale.x(points[0].x)
            cairo_line_to(cr, lastX, rect.maxY)
            cairo_line_to(cr, firstX, rect.maxY)
            cairo_close_path(cr)
            if let pattern = cairo_pattern_create_linear(0, plot.minY, 0, rect.maxY) {
                cairo_pattern_add_color_stop_rgba(pattern, 0, rgba.red, rgba.green, rgba.blue, rgba.alpha * 0.32)
                cairo_pattern_add_color_stop_rgba(pattern, 1, rgba.red, rgba.green, rgba.blue, 0)
                cairo_set_source(cr, pattern)
                cairo_fill(cr)
                cairo_pattern_destroy(pattern)
            }
        }

        tracePath()
        context.setColor(rgba)
        cairo_set_line_width(cr, spec.lineWidth)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_stroke(cr)

        guard let markers = spec.markers, !redacted, points.count > 1 else { return }
        // The first lowest and first highest points.
        guard let low = points.indices.min(by: { (points[$0].y, $0) < (points[$1].y, $1) }),
            let high = points.indices.max(by: { (points[$0].y, -$0) < (points[$1].y, -$1) })
        else { return }
        for (index, label, above) in [(high, markers.max, true), (low, markers.min, false)] {
            let x = scale.x(points[index].x)
            let y = scale.y(points[index].y)
            cairo_new_path(cr)
            cairo_arc(cr, x, y, Self.markerRadius, 0, 2 * .pi)
            context.setColor(rgba)
            cairo_fill(cr)
            guard !label.isEmpty else { continue }
            let size = text.measure(label, font: Self.labelFont, maxWidth: nil, lineLimit: 1)
            let labelX = min(max(rect.minX, x - size.width / 2), rect.maxX - size.width)
            let labelY = above ? y - Self.markerRadius - 1 - size.height : y + Self.markerRadius + 1
            let layout = text.makeLayout(label, font: Self.labelFont, width: nil, lineLimit: 1, alignment: .leading)
            context.setColor(labelColor.resolved(in: scheme))
            cairo_move_to(cr, labelX, max(rect.minY, min(labelY, rect.maxY - size.height)))
            pango_cairo_show_layout(cr, layout)
            g_object_unref(UnsafeMutableRawPointer(layout))
        }
    }
}
