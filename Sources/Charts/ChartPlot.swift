import Foundation
import WidgetCore

/// How a ``Chart`` is sized, laid out and drawn: its marks' values on two scales, the plot
/// inside the axes' labels and the legend, and every mark, grid line and label as display
/// items (paths, shapes and text) — nothing the renderer knows as a chart.
struct ChartPlot: ViewBehavior {
    let marks: [MarkSpec]
    /// The settings of modifiers written on the chart itself, in the order written: applied
    /// over the environment's, the last first, so the one nearest the chart wins (as the
    /// environment's innermost write does).
    var changes: [@Sendable (inout ChartSettings) -> Void] = []

    /// Axis labels and the legend: `caption2`, in the secondary colour.
    static let labelFont = Font.caption2
    /// Space between the plot and its labels.
    static let gap = 4.0
    /// The colours of `foregroundStyle(by:)` categories when the chart names none, in order.
    static let palette: [Color] = [
        .blue, .green, .orange, .purple, .red, .cyan, .yellow, .pink, .indigo, .mint, .brown,
    ]
    /// A mark's colour when it names none.
    static let defaultColor = Color.blue

    func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        proposal.replacingUnspecifiedDimensions()
    }

    func describe(_ children: [String]) -> String { "Chart[\(marks.count) marks]" }

    func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        guard rect.width > 4, rect.height > 4, rect.width.isFinite, rect.height.isFinite else { return }
        var settings = environment.chartSettings
        for change in changes.reversed() { change(&settings) }
        let (calendar, uniform) = CalendarCache.shared.calendar(environment.timeZone, environment.locale)
        let placed = Self.stack(marks, calendar: calendar, uniform: uniform)
        let categories = Self.legendCategories(marks)
        var colours = Self.colours(for: categories, marks: marks, settings: settings)
        if environment.widgetRenderingMode != .fullColor { colours.fadeByCategory(categories) }
        let style = AxisStyle(environment: environment, pass: pass)

        // The parts around the plot: the legend and the x labels below (or above), the y labels
        // after (or before).
        let showLegend =
            settings.legend == .visible
            || (settings.legend == .automatic && (!categories.isEmpty || colours.continuous != nil))
        let legendHeight = showLegend ? style.lineHeight + Self.gap * 2 : 0
        let xSpecs = settings.xAxis == .hidden ? [] : settings.xMarks ?? [AxisMarksSpec.standard]
        let ySpecs = settings.yAxis == .hidden ? [] : settings.yMarks ?? [AxisMarksSpec.standard]
        let xLabelsOnTop = xSpecs.contains { $0.position == .top }
        // The marks' caps and symbols reach past their points; labels beside the plot stand clear.
        let reach = Self.reach(marks)
        let yGap = max(Self.gap, reach + 3)
        var xLabelHeight = xSpecs.isEmpty ? 0 : style.lineHeight + Self.gap
        // Half a label above the plot, so the top value's label centres on its grid line.
        var topRoom = ySpecs.isEmpty ? 0 : style.lineHeight / 2
        var plot = rect
        var yScale = Scale(values: [], includesZero: true, domain: nil, desiredTicks: 2)
        var yAxes: [AxisPlan] = []
        var yTrailing = 0.0
        var xScale = yScale
        var xAxes: [AxisPlan] = []
        // Laid out once; again, with room for them, when labels in a font of their own
        // (``AxisMark/font(_:)``) are taller than the chart's line.
        for _ in 0..<2 {
            let plotHeight = max(1, rect.height - legendHeight - xLabelHeight - topRoom)
            let yCount = max(2, Int(plotHeight / 28))
            yScale = Scale(
                values: Self.scaleValues(placed, x: false, domain: settings.yDomain), includesZero: true,
                domain: settings.yDomain, desiredTicks: yCount)
            yAxes = ySpecs.map { AxisPlan($0, scale: yScale, count: yCount, calendar: calendar, style: style) }
            // A label stands beyond its tick.
            let gutter = { (axis: AxisPlan) in axis.labelWidth + (axis.labelWidth > 0 ? axis.tickLength : 0) }
            let yLeading = yAxes.filter { $0.spec.position == .leading }.map(gutter).max().map { $0 + yGap } ?? 0
            yTrailing =
                yAxes.filter { $0.spec.position != .leading }.map(gutter).max().map { $0 > 0 ? $0 + yGap : 0 } ?? 0
            plot = Rect(
                x: rect.minX + yLeading, y: rect.minY + topRoom + (xLabelsOnTop ? xLabelHeight : 0),
                width: max(1, rect.width - yLeading - yTrailing), height: plotHeight)
            yScale.start = plot.maxY
            yScale.end = plot.minY
            xScale = Scale(
                values: Self.scaleValues(placed, x: true, domain: settings.xDomain), includesZero: true,
                domain: settings.xDomain, desiredTicks: max(2, Int(plot.width / 64)))
            xScale.start = plot.minX
            xScale.end = plot.maxX
            let xCount = xScale.kind == .date ? max(4, Int(plot.width / 40)) : max(2, Int(plot.width / 64))
            xAxes = xSpecs.map { AxisPlan($0, scale: xScale, count: xCount, calendar: calendar, style: style) }
            let tallX =
                xAxes.compactMap { axis in axis.ownFontLabelHeight.map { $0 + Self.gap + axis.tickLength } }.max() ?? 0
            let tallY = (yAxes.compactMap(\.ownFontLabelHeight).max() ?? 0) / 2
            guard tallX > xLabelHeight + 0.01 || tallY > topRoom + 0.01 else { break }
            xLabelHeight = max(xLabelHeight, tallX)
            topRoom = max(topRoom, tallY)
        }

        // The axes and annotations are in the default group of the accented mode, even in an
        // accentable chart: the marks carry the tint; the labels keep the default group's contrast.
        items.append(.beginLayer(.unaccented))
        let axesStart = items.count
        for axis in yAxes {
            axis.drawY(scale: yScale, plot: plot, rect: rect, gap: yGap, style: style, into: &items)
        }
        for axis in xAxes {
            axis.drawX(
                scale: xScale, plot: plot, rect: rect, end: yTrailing > 0 ? plot.maxX + Self.gap : rect.maxX,
                style: style, into: &items)
        }

        // The marks.
        var drawing: [DrawingItem] = []
        var anchors: [(MarkSpec, Rect)] = []
        Self.drawMarks(
            placed, x: xScale, y: yScale, plot: plot, colours: colours, environment: environment, into: &drawing,
            anchors: &anchors)
        let axesEnd = items.count
        items.append(.endLayer)
        if !drawing.isEmpty {
            // Clipped to the chart with room for the marks' caps and symbols: a mark at the plot's
            // edge is drawn whole, as SwiftUI (which does not clip a chart) draws it.
            items.append(
                .drawing(
                    drawing, rect.inset(by: EdgeInsets(all: -reach)), redacted: environment.redacted, fast: true))
        }

        // Annotations, at their marks; the axes' grid lines stop short of them.
        var annotated: [Rect] = []
        defer { Self.gapGridLines(&items, in: axesStart..<axesEnd, around: annotated) }
        // In the default group, as the axes are.
        items.append(.beginLayer(.unaccented))
        for (mark, anchor) in anchors {
            for annotation in mark.annotations {
                let size = pass.size(of: annotation.content, proposal: .unspecified, environment: environment)
                let spacing = annotation.spacing
                let origin: Point =
                    switch annotation.position.name {
                    case "bottom": Point(x: anchor.midX - size.width / 2, y: anchor.maxY + spacing)
                    case "leading": Point(x: anchor.minX - spacing - size.width, y: anchor.midY - size.height / 2)
                    case "trailing": Point(x: anchor.maxX + spacing, y: anchor.midY - size.height / 2)
                    case "overlay": Point(x: anchor.midX - size.width / 2, y: anchor.midY - size.height / 2)
                    default: Point(x: anchor.midX - size.width / 2, y: anchor.minY - spacing - size.height)
                    }
                // Kept inside the chart.
                let x = min(max(rect.minX, origin.x), rect.maxX - size.width)
                let y = min(max(rect.minY, origin.y), rect.maxY - size.height)
                annotated.append(Rect(x: x, y: y, width: size.width, height: size.height))
                pass.place(
                    annotation.content, in: Rect(x: x, y: y, width: size.width, height: size.height),
                    environment: environment, into: &items)
            }
        }

        items.append(.endLayer)

        // The legend: a gradient between the ends' values for a continuous scale; else a dot and
        // a name for each category, in a row under the axis.
        if showLegend, let range = colours.continuous {
            let y = rect.maxY - style.lineHeight - Self.gap
            let low = StyledText(
                AxisPlan.text(.number(range.lowerBound), unit: nil, environment: environment), font: Self.labelFont)
            let high = StyledText(
                AxisPlan.text(.number(range.upperBound), unit: nil, environment: environment), font: Self.labelFont)
            let lowSize = pass.measure(low, maxWidth: nil, lineLimit: 1)
            let highSize = pass.measure(high, maxWidth: nil, lineLimit: 1)
            let bar = Rect(
                x: rect.minX + lowSize.width + 4, y: y + (style.lineHeight - 6) / 2,
                width: min(120, max(20, rect.width - lowSize.width - highSize.width - 8)), height: 6)
            items.append(style.label(low, size: lowSize, at: Point(x: rect.minX, y: y)))
            items.append(
                .shape(
                    .capsule,
                    ShapeStyle.linearGradient(
                        [
                            Colours.low.resolved(against: environment.foreground),
                            Colours.high.resolved(against: environment.foreground),
                        ],
                        start: Point(x: 0, y: 0.5), end: Point(x: 1, y: 0.5)), bar, redacted: environment.redacted))
            items.append(style.label(high, size: highSize, at: Point(x: bar.maxX + 4, y: y)))
        } else if showLegend {
            var x = rect.minX
            let y = rect.maxY - style.lineHeight - Self.gap
            // A category's points' symbol, when they have one other than a circle; else a dot.
            let symbols = Self.legendSymbols(marks, categories: categories)
            for (index, (name, colour)) in zip(categories, colours.values(for: categories)).enumerated() {
                let styled = StyledText(name, font: Self.labelFont)
                let size = pass.measure(styled, maxWidth: nil, lineLimit: 1)
                let dot = 7.0
                guard x + dot + 4 + size.width <= rect.maxX else { break }
                let box = Rect(x: x, y: y + (size.height - dot) / 2, width: dot, height: dot)
                let fill = ShapeStyle.color(colour.resolved(against: environment.foreground))
                if let symbol = symbols[index], symbol != .circle {
                    items.append(
                        .drawing(
                            [.fill(Self.symbolPath(symbol, box), fill)], box, redacted: environment.redacted,
                            fast: true))
                } else {
                    items.append(.shape(.circle, fill, box, redacted: environment.redacted))
                }
                items.append(style.label(styled, size: size, at: Point(x: x + dot + 4, y: y)))
                x += dot + 4 + size.width + 12
            }
        }
    }

    /// The values a scale is chosen from: every mark's, with room for the bars at the ends; or,
    /// when the chart gives the domain as a range, where the values choose only the scale's kind
    /// (dates or quantities), the first of each mark's (a plot's values are all of one kind) —
    /// all of them again if a category is among those.
    static func scaleValues(_ placed: [Placed], x: Bool, domain: ScaleDomain?) -> [PlotValue] {
        if domain?.validRange != nil {
            var sample: [PlotValue] = []
            for item in placed {
                if let vector = item.mark.vector {
                    if let first = x ? vector.x.first : vector.y.first { sample.append(first) }
                    if !x, let end = vector.yEnd?.first { sample.append(end) }
                    continue
                }
                if let first = x ? item.x0 : item.y0 { sample.append(first) }
                if let second = x ? item.x1 : item.y1 { sample.append(second) }
            }
            let categories = sample.contains {
                if case .category = $0 { true } else { false }
            }
            if !categories { return sample }
        }
        return values(placed, x: x) + barRoom(placed, horizontal: !x)
    }

    /// Cuts the grid lines among `items[range]` (thin rectangles) where they would cross a label
    /// (an annotation's frame, 2 points about it), so no line runs through its text.
    static func gapGridLines(_ items: inout [DisplayItem], in range: Range<Int>, around labels: [Rect]) {
        guard !labels.isEmpty, !range.isEmpty, range.upperBound <= items.count else { return }
        var kept: [DisplayItem] = []
        for item in items[range] {
            guard case .shape(let kind, let style, let line, let redacted) = item, min(line.width, line.height) <= 2
            else {
                kept.append(item)
                continue
            }
            let vertical = line.height > line.width
            // The line as a span along its length, less each label it crosses.
            var spans = [vertical ? (line.minY, line.maxY) : (line.minX, line.maxX)]
            for label in labels {
                let pad = Rect(x: label.minX - 2, y: label.minY - 2, width: label.width + 4, height: label.height + 4)
                let crosses =
                    vertical
                    ? line.maxX > pad.minX && line.minX < pad.maxX : line.maxY > pad.minY && line.minY < pad.maxY
                guard crosses else { continue }
                let (cutStart, cutEnd) = vertical ? (pad.minY, pad.maxY) : (pad.minX, pad.maxX)
                spans = spans.flatMap { span -> [(Double, Double)] in
                    guard cutEnd > span.0, cutStart < span.1 else { return [span] }
                    // A piece left shorter than 6 pt reads as a stray mark, not a line: dropped.
                    return [(span.0, cutStart), (cutEnd, span.1)].filter { $0.1 - $0.0 >= 6 }
                }
            }
            for span in spans {
                let piece =
                    vertical
                    ? Rect(x: line.minX, y: span.0, width: line.width, height: span.1 - span.0)
                    : Rect(x: span.0, y: line.minY, width: span.1 - span.0, height: line.height)
                kept.append(.shape(kind, style, piece, redacted: redacted))
            }
        }
        items.replaceSubrange(range, with: kept)
    }

    /// Values that give the bars at the ends of a quantity or time axis room for their width:
    /// half the closest spacing of the bars' places beyond the first and the last (bars on a
    /// category axis have their bands).
    static func barRoom(_ placed: [Placed], horizontal: Bool) -> [PlotValue] {
        var scalars: [Double] = []
        var dates = false
        for item in placed where item.mark.kind == .bar && item.horizontal == horizontal {
            // The place along the bars' axis: x for vertical bars, y for horizontal ones.
            let value = horizontal ? item.y0 : item.x0
            guard let value, let scalar = value.scalar else { continue }
            if horizontal ? item.y1 != nil : item.x1 != nil { continue }
            dates = dates || value.isDate
            scalars.append(scalar)
        }
        let distinct = Set(scalars).sorted()
        guard let first = distinct.first, let last = distinct.last else { return [] }
        let gaps = zip(distinct, distinct.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }
        let half = (gaps.min() ?? (dates ? 86_400 : 1)) / 2
        let ends = [first - half, last + half]
        return ends.map { dates ? .date(Date(timeIntervalSince1970: $0)) : .number($0) }
    }
}

/// The Gregorian calendar of a zone and locale, and whether the zone keeps one offset from UTC,
/// made once per pair: a chart asked for them at every layout (ICU's calendar and the zone's
/// next transition were a good part of a small chart's layout).
final class CalendarCache: @unchecked Sendable {
    static let shared = CalendarCache()

    private struct Key: Hashable {
        var zone: String
        var locale: String
    }

    private let lock = NSLock()
    private var calendars: [Key: (Calendar, Bool)] = [:]

    func calendar(_ zone: TimeZone, _ locale: Locale) -> (Calendar, uniform: Bool) {
        let key = Key(zone: zone.identifier, locale: locale.identifier)
        if let cached = lock.withLock({ calendars[key] }) { return cached }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.locale = locale
        let made = (calendar, zone.nextDaylightSavingTimeTransition == nil)
        lock.withLock {
            // A process sees few zones and locales; a bound keeps a server's use flat.
            if calendars.count > 64 { calendars.removeAll() }
            calendars[key] = made
        }
        return made
    }
}
