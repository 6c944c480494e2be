import Foundation
import WidgetCore

extension AxisMarksSpec {
    /// The chart's own axis: grid lines and labels at round values.
    static let standard = AxisMarksSpec(position: .automatic, values: .automatic, content: nil)
}

/// The colours, font and measure of an axis's marks.
struct AxisStyle {
    let environment: EnvironmentValues
    let pass: any LayoutPass
    let labelColor: Color
    let grid: Color
    let hairline: Double
    let lineHeight: Double

    init(environment: EnvironmentValues, pass: any LayoutPass) {
        self.environment = environment
        self.pass = pass
        labelColor = Color.secondary.resolved(against: environment.foreground)
        grid = Color.secondary.resolved(against: environment.foreground).opacity(0.35)
        hairline = 1 / max(1, environment.displayScale)
        lineHeight = pass.measure(StyledText("0", font: ChartPlot.labelFont), maxWidth: nil, lineLimit: 1).height
    }

    func size(_ text: StyledText) -> Size { pass.measure(text, maxWidth: nil, lineLimit: 1) }

    /// A label's display item.
    func label(_ text: StyledText, size: Size, at point: Point, color: Color? = nil) -> DisplayItem {
        .text(
            DisplayText(
                text: text, color: color ?? labelColor,
                frame: Rect(x: point.x, y: point.y, width: size.width, height: size.height), layoutWidth: size.width,
                lineLimit: 1, alignment: .leading, redacted: environment.redacted))
    }

    /// A filled line (a grid line or tick) in a rectangle.
    func line(_ rect: Rect, _ color: Color?, _ fallback: Color) -> DisplayItem {
        .shape(
            .rectangle(cornerRadius: 0), .color((color ?? fallback).resolved(against: environment.foreground)), rect,
            redacted: environment.redacted)
    }
}

/// One ``AxisMarks`` laid out: its values, and what each draws.
struct AxisPlan {
    struct Mark {
        var value: PlotValue
        var elements: [AxisElement]
        /// The label's text, or view, when it has one.
        var text: StyledText?
        var view: ViewNode?
        var labelSize: Size = .zero
        var labelColor: Color?
        var labelAnchor: UnitPoint?
        /// The label's font when it has one of its own (``AxisMark/font(_:)``).
        var labelFont: Font?
    }

    let spec: AxisMarksSpec
    var marks: [Mark] = []

    /// The widest label (for the y axis's gutter).
    var labelWidth: Double { marks.map(\.labelSize.width).max() ?? 0 }

    /// The tallest label in a font of its own, or `nil` when every label is in the chart's
    /// (whose line the chart leaves room for already).
    var ownFontLabelHeight: Double? {
        marks.filter { $0.labelFont != nil && $0.text != nil }.map(\.labelSize.height).max()
    }

    /// The longest tick, which an x axis's labels stand below.
    var tickLength: Double {
        marks.flatMap(\.elements).map { element in
            if case .tick(let length, _) = element.kind { length } else { 0 }
        }.max() ?? 0
    }

    init(_ spec: AxisMarksSpec, scale: Scale, count: Int, calendar: Calendar, style: AxisStyle) {
        self.spec = spec
        let values = Self.values(spec.values, scale: scale, count: count, calendar: calendar)
        for (index, entry) in values.enumerated() {
            let value = entry.value
            let elements =
                spec.content?(AxisValue(value: value, index: index, count: values.count))
                ?? [
                    AxisElement(kind: .gridLine(nil)), AxisElement(kind: .label(.automatic)),
                ]
            var mark = Mark(value: value, elements: elements)
            for element in elements {
                guard case .label(let label) = element.kind else { continue }
                mark.labelColor = element.color
                mark.labelAnchor = element.anchor
                mark.labelFont = element.font
                let font = element.font ?? ChartPlot.labelFont
                switch label {
                case .automatic:
                    // A month's tick where a new year begins inside the axis names the year.
                    var unit = entry.unit
                    if unit == .month, case .date(let date) = value, calendar.component(.month, from: date) == 1,
                        date.timeIntervalSince1970 > scale.lower + 86_400
                    {
                        unit = .year
                    }
                    mark.text = StyledText(Self.text(value, unit: unit, environment: style.environment), font: font)
                case .format(let write):
                    mark.text = write(value, style.environment.locale, style.environment.timeZone).map {
                        StyledText($0, font: font)
                    }
                case .view(let view):
                    mark.view = view
                    mark.labelSize = style.pass.size(
                        of: view, proposal: .unspecified, environment: style.environment)
                }
                if let text = mark.text { mark.labelSize = style.size(text) }
            }
            marks.append(mark)
        }
    }

    /// The values an axis marks, with the calendar unit of each time.
    static func values(_ values: AxisMarkValues, scale: Scale, count: Int, calendar: Calendar) -> [(
        value: PlotValue, unit: DateTicks.Unit?
    )] {
        switch values.kind {
        case .values(let given):
            return given.map { ($0, nil) }
        case .automatic(let desired):
            let count = desired ?? count
            if scale.kind == .date {
                return DateTicks.ticks(from: scale.lower, to: scale.upper, count: count, calendar: calendar)
                    .map { (.date($0.date), $0.unit) }
            }
            return scale.ticks(count: count, calendar: calendar).map { ($0, nil) }
        case .numberStride(let step):
            let first = (scale.lower / step).rounded(.up)
            let last = (scale.upper / step).rounded(.down)
            guard scale.kind == .number, first.isFinite, last.isFinite, last >= first, last - first <= 200 else {
                return []
            }
            return stride(from: first, through: last, by: 1).map { (.number($0 * step), nil) }
        case .dateStride(let component, let step):
            guard scale.kind == .date else { return [] }
            return DateTicks.stride(from: scale.lower, to: scale.upper, by: component, count: step, calendar: calendar)
                .map { (.date($0.date), $0.unit) }
        }
    }

    /// A value as the chart writes it: a compact number, a time or date at its unit, a category.
    static func text(_ value: PlotValue, unit: DateTicks.Unit?, environment: EnvironmentValues) -> String {
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

    /// Draws a y axis: grid lines across the plot, ticks and labels at its edge (trailing unless
    /// it says leading), each label centred on its value and kept inside the chart.
    func drawY(
        scale: Scale, plot: Rect, rect: Rect, gap: Double = ChartPlot.gap, style: AxisStyle,
        into items: inout [DisplayItem]
    ) {
        let leading = spec.position == .leading
        for mark in marks {
            guard let y = scale.position(mark.value), y >= plot.minY - 0.5, y <= plot.maxY + 0.5 else { continue }
            var tickLength = 0.0
            for element in mark.elements {
                switch element.kind {
                case .gridLine(let stroke):
                    if case .category = scale.kind, spec.content == nil { continue }
                    let width = stroke?.lineWidth ?? style.hairline
                    items.append(
                        style.line(
                            Rect(x: plot.minX, y: y - width / 2, width: plot.width, height: width), element.color,
                            style.grid))
                case .tick(let length, let stroke):
                    let width = stroke?.lineWidth ?? style.hairline
                    tickLength = length
                    let x = leading ? plot.minX - length : plot.maxX
                    items.append(
                        style.line(
                            Rect(x: x, y: y - width / 2, width: length, height: width), element.color, style.grid))
                case .label:
                    break
                }
            }
            let size = mark.labelSize
            guard size.width > 0 else { continue }
            let x =
                leading ? plot.minX - gap - tickLength - size.width : plot.maxX + gap + tickLength
            let top = min(max(rect.minY, y - size.height / 2), rect.maxY - size.height)
            place(mark, at: Point(x: x, y: top), size: size, style: style, into: &items)
        }
    }

    /// Draws an x axis: grid lines down the plot (not across category bands unless asked),
    /// ticks, and labels under it (over it at `.top`) — at the tick for times, centred for
    /// quantities and categories. A time's label that would run past `end` (the chart's edge, or
    /// the plot's when y labels stand beside it) is left out; when labels would touch, every
    /// second one is shown (or third…), so those shown stay evenly spaced.
    func drawX(scale: Scale, plot: Rect, rect: Rect, end: Double, style: AxisStyle, into items: inout [DisplayItem]) {
        let top = spec.position == .top
        var labels: [(mark: Mark, left: Double, y: Double)] = []
        for mark in marks {
            guard let x = scale.position(mark.value), x >= plot.minX - 0.5, x <= plot.maxX + 0.5 else { continue }
            // A time's label starts at its tick: one that would run off the chart, or under the y
            // axis's labels, is left out, and its grid line and tick with it.
            let startsAtTick = mark.labelAnchor.map { $0.x == 0 } ?? (scale.kind == .date)
            if startsAtTick, mark.labelSize.width > 0, x + 2 + mark.labelSize.width > end { continue }
            var tickLength = 0.0
            for element in mark.elements {
                switch element.kind {
                case .gridLine(let stroke):
                    if case .category = scale.kind, spec.content == nil { continue }
                    let width = stroke?.lineWidth ?? style.hairline
                    items.append(
                        style.line(
                            Rect(x: x - width / 2, y: plot.minY, width: width, height: plot.height), element.color,
                            style.grid))
                case .tick(let length, let stroke):
                    let width = stroke?.lineWidth ?? style.hairline
                    tickLength = length
                    let y = top ? plot.minY - length : plot.maxY
                    items.append(
                        style.line(
                            Rect(x: x - width / 2, y: y, width: width, height: length), element.color, style.grid))
                case .label:
                    break
                }
            }
            let size = mark.labelSize
            guard size.width > 0 else { continue }
            // A time's label starts at its tick; others centre on it; an anchor says where.
            var left = startsAtTick ? x + 2 : x - size.width * (mark.labelAnchor?.x ?? 0.5)
            left = min(max(rect.minX, left), rect.maxX - size.width)
            let y = top ? plot.minY - ChartPlot.gap - tickLength - size.height : plot.maxY + ChartPlot.gap + tickLength
            labels.append((mark, left, y))
        }
        // The smallest step through the labels at which none touches the next.
        func fits(_ step: Int) -> Bool {
            var lastEnd = -Double.infinity
            for index in stride(from: 0, to: labels.count, by: step) {
                guard labels[index].left >= lastEnd + 4 else { return false }
                lastEnd = labels[index].left + labels[index].mark.labelSize.width
            }
            return true
        }
        let step = (1...max(1, labels.count)).first(where: fits) ?? max(1, labels.count)
        for index in stride(from: 0, to: labels.count, by: step) {
            let label = labels[index]
            place(
                label.mark, at: Point(x: label.left, y: label.y), size: label.mark.labelSize, style: style, into: &items
            )
        }
    }

    private func place(_ mark: Mark, at point: Point, size: Size, style: AxisStyle, into items: inout [DisplayItem]) {
        if let text = mark.text {
            items.append(
                style.label(
                    text, size: size, at: point,
                    color: mark.labelColor.map { $0.resolved(against: style.environment.foreground) }))
        } else if let view = mark.view {
            style.pass.place(
                view, in: Rect(x: point.x, y: point.y, width: size.width, height: size.height),
                environment: style.environment, into: &items)
        }
    }
}

extension DateTicks {
    /// Every `count` units of a calendar component from the first whole one in the range.
    static func stride(
        from lower: Double, to upper: Double, by component: Calendar.Component, count: Int, calendar: Calendar
    ) -> [Tick] {
        guard upper > lower, abs(lower) < 1e12, abs(upper) < 1e12 else { return [] }
        let unit: Unit
        switch component {
        case .minute, .second, .nanosecond: unit = .minute
        case .hour: unit = .hour
        case .day, .weekday, .weekOfYear, .weekOfMonth, .weekdayOrdinal: unit = .day
        case .month, .quarter: unit = .month
        default: unit = .year
        }
        let start = Date(timeIntervalSince1970: lower)
        guard let first = calendar.dateInterval(of: component == .weekOfYear ? .weekOfYear : component, for: start)
        else { return [] }
        var date =
            first.start < start
            ? (calendar.date(byAdding: component, value: 1, to: first.start) ?? first.start) : first.start
        var ticks: [Tick] = []
        while date.timeIntervalSince1970 <= upper, ticks.count < 500 {
            ticks.append(Tick(date: date, unit: unit))
            guard let next = calendar.date(byAdding: component, value: count, to: date), next > date else { break }
            date = next
        }
        return ticks
    }
}
