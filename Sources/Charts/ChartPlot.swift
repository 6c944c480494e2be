import Foundation
import WidgetCore

/// How a ``Chart`` is sized, laid out and drawn: its marks' values on two scales, the plot
/// inside the axes' labels and the legend, and every mark, grid line and label as display
/// items (paths, shapes and text) — nothing the renderer knows as a chart.
struct ChartPlot: ViewBehavior {
    let marks: [MarkSpec]

    /// Axis labels and the legend: `caption2`, in the secondary colour.
    static let labelFont = Font.caption2
    /// Space between the plot and its labels.
    static let gap = 4.0
    /// The colours of `foregroundStyle(by:)` categories when the chart names none, in order.
    static let palette: [Color] = [.blue, .green, .orange, .purple, .red, .cyan, .yellow, .pink, .indigo, .mint, .brown]
    /// A mark's colour when it names none.
    static let defaultColor = Color.blue

    func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        Size(width: proposal.width ?? 10, height: proposal.height ?? 10)
    }

    func describe(_ children: [String]) -> String { "Chart[\(marks.count) marks]" }

    func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        guard rect.width > 4, rect.height > 4, rect.width.isFinite, rect.height.isFinite else { return }
        let settings = environment.chartSettings
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = environment.timeZone
        calendar.locale = environment.locale
        let placed = Self.stack(marks, calendar: calendar)
        let categories = Self.legendCategories(marks)
        let colours = Self.colours(for: categories, settings: settings)
        let labelColor = Color.secondary.resolved(against: environment.foreground)
        let lineHeight = pass.measure(StyledText("0", font: Self.labelFont), maxWidth: nil, lineLimit: 1).height

        // The parts around the plot: the legend and the x labels below, the y labels after.
        let showLegend = settings.legend == .visible || (settings.legend == .automatic && !categories.isEmpty)
        let showX = settings.xAxis != .hidden
        let showY = settings.yAxis != .hidden
        let legendHeight = showLegend ? lineHeight + Self.gap * 2 : 0
        let xLabelHeight = showX ? lineHeight + Self.gap : 0
        let plotHeight = max(1, rect.height - legendHeight - xLabelHeight)
        let yCount = max(2, Int(plotHeight / 28))
        var yScale = Scale(
            values: placed.flatMap(\.yValues) + Self.barRoom(placed, horizontal: true), includesZero: true,
            domain: settings.yDomain, desiredTicks: yCount)
        let yTicks = yScale.ticks(count: yCount, calendar: calendar)
        let yLabels = yTicks.map { label(for: $0, scale: yScale, unit: nil, environment: environment) }
        let yLabelWidth =
            showY
            ? (yLabels.map { pass.measure(StyledText($0, font: Self.labelFont), maxWidth: nil, lineLimit: 1).width }
                .max() ?? 0) + Self.gap : 0
        let plot = Rect(
            x: rect.minX, y: rect.minY, width: max(1, rect.width - yLabelWidth), height: plotHeight)
        yScale.start = plot.maxY
        yScale.end = plot.minY
        var xScale = Scale(
            values: placed.flatMap(\.xValues) + Self.barRoom(placed, horizontal: false), includesZero: true, domain: settings.xDomain,
            desiredTicks: max(2, Int(plot.width / 64)))
        xScale.start = plot.minX
        xScale.end = plot.maxX

        let hairline = 1 / max(1, environment.displayScale)
        let grid = Color.secondary.resolved(against: environment.foreground).opacity(0.35)

        // Grid lines and labels.
        if showY {
            for (tick, text) in zip(yTicks, yLabels) {
                guard let y = yScale.position(tick) else { continue }
                if case .category = yScale.kind {} else {
                    items.append(
                    .shape(
                        .rectangle(cornerRadius: 0), .color(grid),
                        Rect(x: plot.minX, y: y - hairline / 2, width: plot.width, height: hairline),
                        redacted: environment.redacted))
                }
                let styled = StyledText(text, font: Self.labelFont)
                let size = pass.measure(styled, maxWidth: nil, lineLimit: 1)
                let top = min(max(rect.minY, y - size.height / 2), plot.maxY - size.height / 2)
                items.append(
                    label(
                        styled, size: size, at: Point(x: plot.maxX + Self.gap, y: top), color: labelColor,
                        environment: environment))
            }
        }
        if showX {
            drawXAxis(
                xScale, plot: plot, rect: rect, calendar: calendar, hairline: hairline, grid: grid,
                labelColor: labelColor, environment: environment, pass: pass, into: &items)
        }

        // The marks.
        var drawing: [DrawingItem] = []
        var anchors: [(MarkSpec, Rect)] = []
        Self.drawMarks(
            placed, x: xScale, y: yScale, plot: plot, colours: colours, environment: environment, into: &drawing,
            anchors: &anchors)
        if !drawing.isEmpty { items.append(.drawing(drawing, rect, redacted: environment.redacted)) }

        // Annotations, at their marks.
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
                pass.place(
                    annotation.content, in: Rect(x: x, y: y, width: size.width, height: size.height),
                    environment: environment, into: &items)
            }
        }

        // The legend: a dot and a name for each category, in a row under the axis.
        if showLegend {
            var x = rect.minX
            let y = rect.maxY - lineHeight - Self.gap
            for (name, colour) in zip(categories, colours.values(for: categories)) {
                let styled = StyledText(name, font: Self.labelFont)
                let size = pass.measure(styled, maxWidth: nil, lineLimit: 1)
                let dot = 7.0
                guard x + dot + 4 + size.width <= rect.maxX else { break }
                items.append(
                    .shape(
                        .circle, .color(colour.resolved(against: environment.foreground)),
                        Rect(x: x, y: y + (size.height - dot) / 2, width: dot, height: dot),
                        redacted: environment.redacted))
                items.append(
                    label(styled, size: size, at: Point(x: x + dot + 4, y: y), color: labelColor, environment: environment))
                x += dot + 4 + size.width + 12
            }
        }
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

    /// A label's display item.
    private func label(_ text: StyledText, size: Size, at point: Point, color: Color, environment: EnvironmentValues)
        -> DisplayItem
    {
        .text(
            DisplayText(
                text: text, color: color, frame: Rect(x: point.x, y: point.y, width: size.width, height: size.height),
                layoutWidth: size.width, lineLimit: 1, alignment: .leading, redacted: environment.redacted))
    }

    /// The x axis: vertical grid lines at quantity and time ticks, and labels under the plot
    /// (at the tick for times, centred for quantities and categories), fewer when they would
    /// touch.
    private func drawXAxis(
        _ scale: Scale, plot: Rect, rect: Rect, calendar: Calendar, hairline: Double, grid: Color, labelColor: Color,
        environment: EnvironmentValues, pass: any LayoutPass, into items: inout [DisplayItem]
    ) {
        var ticks: [(PlotValue, DateTicks.Unit?)]
        if scale.kind == .date {
            // Dates are offered a tick every 40 points; labels that would touch are left out.
            let count = max(4, Int(plot.width / 40))
            ticks = DateTicks.ticks(from: scale.lower, to: scale.upper, count: count, calendar: calendar)
                .map { (.date($0.date), $0.unit) }
        } else {
            ticks = scale.ticks(count: max(2, Int(plot.width / 64)), calendar: calendar).map { ($0, nil) }
        }
        var lastEnd = -Double.infinity
        for (tick, unit) in ticks {
            guard let x = scale.position(tick) else { continue }
            if case .category = scale.kind {} else {
                items.append(
                    .shape(
                        .rectangle(cornerRadius: 0), .color(grid),
                        Rect(x: x - hairline / 2, y: plot.minY, width: hairline, height: plot.height),
                        redacted: environment.redacted))
            }
            let styled = StyledText(
                label(for: tick, scale: scale, unit: unit, environment: environment), font: Self.labelFont)
            let size = pass.measure(styled, maxWidth: nil, lineLimit: 1)
            var left = scale.kind == .date ? x + 2 : x - size.width / 2
            // A time's label starts at its tick: one that would run off the chart is left out.
            if scale.kind == .date, left + size.width > rect.maxX { continue }
            left = min(max(rect.minX, left), rect.maxX - size.width)
            // A label that would touch the one before is left out.
            guard left >= lastEnd + 4 else { continue }
            lastEnd = left + size.width
            items.append(
                label(
                    styled, size: size, at: Point(x: left, y: plot.maxY + Self.gap), color: labelColor,
                    environment: environment))
        }
    }

    /// A tick's label: a compact number, a time or date at the tick's unit, or the category.
    private func label(for value: PlotValue, scale: Scale, unit: DateTicks.Unit?, environment: EnvironmentValues)
        -> String
    {
        switch value {
        case .category(let name):
            return name
        case .number(let number):
            return number.formatted(.number.notation(.compactName).locale(environment.locale))
        case .date(let date):
            var style = Date.FormatStyle(locale: environment.locale, timeZone: environment.timeZone)
            style.calendar = Calendar(identifier: .gregorian)
            switch unit ?? .day {
            case .minute, .hour: return date.formatted(style.hour().minute())
            case .day: return date.formatted(style.month(.abbreviated).day())
            case .month: return date.formatted(style.month(.abbreviated))
            case .year: return date.formatted(style.year())
            }
        }
    }
}
