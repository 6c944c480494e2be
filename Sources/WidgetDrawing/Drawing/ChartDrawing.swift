import CCairo
import WidgetCore
import WidgetLayout

/// Draws charts on a Cairo context, in widget points.
struct ChartDrawing {
    let context: CairoContext
    let text: PangoText
    let scheme: ColorScheme
    /// Device pixels per point: a line never needs more points than the plot has pixels.
    let pixelsPerPoint: Double
    /// Area fills kept between renders.
    var gradients: GradientCache? = nil

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

        init(points: [ChartPoint], plot: Rect, including extra: [Double] = []) {
            self.plot = plot
            var minX = points.map(\.x).min() ?? 0
            var maxX = points.map(\.x).max() ?? 1
            let values = points.map(\.y) + extra.filter(\.isFinite)
            var minY = values.min() ?? 0
            var maxY = values.max() ?? 1
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

    /// A chart label's layout, shaped once and kept by the text measurer for the next render
    /// (made afresh, the two labels of a price chart took a tenth of its drawing).
    private func labelLayout(_ label: String) -> OpaquePointer {
        text.layoutToDraw(
            StyledText(label, font: Self.labelFont), width: nil, lineLimit: 1, alignment: .leading, scheme: scheme)
    }

    func drawLineChart(_ spec: LineChartSpec, in rect: Rect, color: Color, labelColor: Color, redacted: Bool) {
        let cr = context.pointer
        let finite = spec.points.filter { $0.x.isFinite && $0.y.isFinite }
        guard !finite.isEmpty, rect.width > 2, rect.height > 2 else { return }
        // Keep the shape (peaks and troughs) while drawing at most one point per device pixel.
        let points = Downsampling.largestTriangleThreeBuckets(
            finite, threshold: max(3, Int(rect.width * pixelsPerPoint)))
        let showLabels = spec.markers != nil && !redacted
        let labelHeight = showLabels ? text.lineHeight(of: Self.labelFont) : 0
        let edge = spec.lineWidth / 2 + (spec.markers != nil ? Self.markerRadius : 0)
        let plot = rect.inset(
            by: EdgeInsets(top: edge + labelHeight, leading: edge, bottom: edge + labelHeight, trailing: edge))
        guard plot.width > 0, plot.height > 0 else { return }
        let bars = redacted ? [] : spec.bars.filter { $0.x.isFinite && $0.y.isFinite }
        // Bars stand on zero, so zero is in range when there are bars.
        let extra = (spec.baseline.map { [$0] } ?? []) + bars.map(\.y) + (bars.isEmpty ? [] : [0])
        let scale = Scale(points: points + bars, plot: plot, including: extra)
        // A placeholder line in the text's colour, faded: grey on the Home Screen, white on the Lock Screen.
        let lineColor = redacted ? labelColor.opacity(0.4) : color
        let rgba = lineColor.resolved(in: scheme)

        if !bars.isEmpty {
            // One bar per value, as wide as its share of the plot allows, a hairline apart.
            let slot = plot.width / Double(max(1, bars.count))
            let width = max(0.5, slot - max(0.5, min(1, slot * 0.25)))
            context.setColor(Color.RGBA(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha * 0.28))
            for bar in bars {
                let x = scale.x(bar.x)
                let top = scale.y(max(0, bar.y))
                let bottom = scale.y(min(0, bar.y))
                cairo_rectangle(cr, x - width / 2, top, width, max(0.5, bottom - top))
            }
            cairo_fill(cr)
        }
        if let baseline = spec.baseline, !redacted {
            let y = scale.y(baseline)
            cairo_new_path(cr)
            cairo_move_to(cr, plot.minX, y)
            cairo_line_to(cr, plot.maxX, y)
            var dashes: [Double] = [1.5, 3]
            cairo_set_dash(cr, &dashes, 2, 0)
            cairo_set_line_width(cr, 1)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            context.setColor(labelColor.resolved(in: scheme))
            cairo_stroke(cr)
            cairo_set_dash(cr, nil, 0, 0)
        }

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
            let from = Color.RGBA(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha * 0.32)
            let to = Color.RGBA(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: 0)
            if let pattern = gradients?.pattern(
                on: cr, area: rect, top: plot.minY, bottom: rect.maxY, from: from, to: to)
                ?? GradientCache.linear(top: plot.minY, bottom: rect.maxY, from: from, to: to)
            {
                cairo_set_source(cr, pattern)
                // The fill's top edge lies under the line, which covers it, and its sides are
                // at most a third opaque, fading to nothing: drawn without antialiasing, whole
                // pixels in or out, the fill looks the same and takes 0.3 ms less of a medium
                // price widget's 2.1 ms draw than with Cairo's coarsest (4×4 samples).
                let antialias = cairo_get_antialias(cr)
                cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
                cairo_fill(cr)
                cairo_set_antialias(cr, antialias)
                cairo_pattern_destroy(pattern)
            }
        }

        tracePath()
        context.setColor(rgba)
        cairo_set_line_width(cr, spec.lineWidth)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        // At 2x and 3x, Cairo's 4×4 samples per device pixel (8×8 or 12×12 per point) draw an
        // edge no eye tells from its 256-level default at 2.5 times the speed: the line is most
        // of a chart's drawing time. At 1x the default stays.
        let antialias = cairo_get_antialias(cr)
        if pixelsPerPoint >= 2 { cairo_set_antialias(cr, CAIRO_ANTIALIAS_FAST) }
        cairo_stroke(cr)
        cairo_set_antialias(cr, antialias)

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
            context.setColor(labelColor.resolved(in: scheme))
            cairo_move_to(cr, labelX, max(rect.minY, min(labelY, rect.maxY - size.height)))
            TextEngineLock.show(labelLayout(label), on: cr)
        }
    }

    /// Candles: a wick from low to high and a body from open to close, rising green, falling red.
    func drawCandles(_ spec: CandlestickChartSpec, in rect: Rect, labelColor: Color, redacted: Bool) {
        let cr = context.pointer
        let candles = Candle.merged(
            spec.candles.filter { [$0.x, $0.open, $0.high, $0.low, $0.close].allSatisfy(\.isFinite) },
            limit: spec.maxCandles)
        guard !candles.isEmpty, rect.width > 2, rect.height > 2 else { return }
        let labels = redacted ? nil : spec.labels
        let labelHeight = labels == nil ? 0 : text.lineHeight(of: Self.labelFont)
        let plot = rect.inset(by: EdgeInsets(top: labelHeight + 2, leading: 0, bottom: labelHeight + 2, trailing: 0))
        guard plot.height > 0 else { return }
        let lows = candles.map(\.low)
        let highs = candles.map(\.high)
        // Scale on the y values only; candles sit in equal slots across the width.
        let scale = Scale(
            points: [ChartPoint(x: 0, y: lows.min() ?? 0), ChartPoint(x: 1, y: highs.max() ?? 1)], plot: plot)
        let slot = plot.width / Double(candles.count)
        let bodyWidth = max(1, slot * 0.64)
        cairo_set_line_width(cr, max(1, min(1.5, slot * 0.18)))
        for (index, candle) in candles.enumerated() {
            let center = plot.minX + slot * (Double(index) + 0.5)
            let color = redacted ? labelColor.opacity(0.4) : (candle.isUp ? spec.upColor : spec.downColor)
            context.setColor(color.resolved(in: scheme))
            cairo_new_path(cr)
            cairo_move_to(cr, center, scale.y(candle.high))
            cairo_line_to(cr, center, scale.y(candle.low))
            cairo_stroke(cr)
            let top = scale.y(max(candle.open, candle.close))
            let bottom = scale.y(min(candle.open, candle.close))
            // A flat candle still shows as a thin bar.
            let height = max(1, bottom - top)
            cairo_rectangle(cr, center - bodyWidth / 2, top, bodyWidth, height)
            cairo_fill(cr)
        }
        guard let labels else { return }
        for (label, y) in [(labels.max, rect.minY), (labels.min, rect.maxY - labelHeight)] {
            context.setColor(labelColor.resolved(in: scheme))
            cairo_move_to(cr, rect.minX, y)
            TextEngineLock.show(labelLayout(label), on: cr)
        }
    }
}
