import Charts
import Foundation
import WidgetRender

/// The built-in widgets' charts, written with Swift Charts' marks as a widget author would: no
/// axes (the widgets label their own figures), the y domain padded so the high and low labels
/// and the line's caps stay inside the chart.
enum WidgetCharts {
    /// The labels at a line's high and low, and on candles.
    static var labelFont: Font { Font(size: 11, weight: .semibold).monospacedDigit() }
    /// The dot at a line's high and low.
    static let markerRadius = 2.75
    /// A label's height in points, with the gap to its dot.
    static let labelRoom = 15.0

    /// A domain that leaves `room` points free at each end of a `length`-point axis.
    static func padded(_ values: [Double], room: Double, length: Double) -> ClosedRange<Double>? {
        padded(values, extra: nil, room: room, length: length)
    }

    /// A domain over `values` (and `extra`) that leaves `room` points free at each end of a
    /// `length`-point axis; one pass, no array made.
    static func padded(
        _ values: some Sequence<Double>, extra: Double?, room: Double, length: Double
    ) -> ClosedRange<Double>? {
        var low = Double.infinity
        var high = -Double.infinity
        for value in values where value.isFinite {
            low = Swift.min(low, value)
            high = Swift.max(high, value)
        }
        if let extra, extra.isFinite {
            low = Swift.min(low, extra)
            high = Swift.max(high, extra)
        }
        guard low <= high else { return nil }
        if !(high > low) {
            let pad = Swift.max(abs(low) * 0.05, 1)
            low -= pad
            high += pad
        }
        // In halves, so ±1e308 does not overflow.
        let perPoint = (high / 2 - low / 2) * 2 / Swift.max(1, length - 2 * room)
        let margin = perPoint * room
        guard margin.isFinite, (low - margin).isFinite, (high + margin).isFinite else { return low...high }
        return (low - margin)...(high + margin)
    }

    /// The points split where the data stops for longer than seven of its usual steps (an
    /// hourly market's weekend, a feed's outage; not a daily market's long weekend): each run is
    /// drawn as its own line, so the gap shows as a gap in time and no segment crosses it.
    static func runs(_ points: [ChartPoint]) -> [[ChartPoint]] {
        guard points.count > 2 else { return points.isEmpty ? [] : [points] }
        // No step is over seven times the shortest (so none over seven times the usual one): one
        // run, without sorting the steps.
        var shortest = Double.infinity
        var longest = 0.0
        for index in 1..<points.count {
            let step = points[index].x - points[index - 1].x
            if step > 0 {
                shortest = Swift.min(shortest, step)
                longest = Swift.max(longest, step)
            }
        }
        guard shortest.isFinite, longest > 7 * shortest else { return [points] }
        let steps = zip(points, points.dropFirst()).map { $1.x - $0.x }.filter { $0 > 0 }.sorted()
        let usual = steps[steps.count / 2]
        var runs: [[ChartPoint]] = [[points[0]]]
        for (previous, point) in zip(points, points.dropFirst()) {
            if point.x - previous.x > 7 * usual { runs.append([]) }
            runs[runs.count - 1].append(point)
        }
        return runs
    }

    /// A point of the area under a line: from the chart's floor to the close.
    private struct Band {
        var date: Date
        var floor: Double
        var close: Double
    }

    /// The time axis of the large families: four or five dates under the plot at whole hours,
    /// days, months or years of the widget's calendar, each over a faint grid line.
    static let timeAxisMarks = 5

    /// A placeholder's chart: one grey rounded plate filling the chart's frame, as a redacted
    /// view is drawn. It knows no data, so it draws no line, bar or level that could imply a
    /// trend.
    static var placeholder: ViewNode {
        RoundedRectangle(cornerRadius: 8).fill(Color.secondary.opacity(0.24)).node
    }

    /// A line of values over time, with a fading area under it, a dotted level line at
    /// `baseline` and, with `markers`, dots and labels at the first highest and lowest points;
    /// with `timeAxis`, dates under it.
    static func line(
        _ points: [ChartPoint], color: Color?, lineWidth: Double, gradient: Bool, baseline: Double?,
        markers: (min: String, max: String)?, timeAxis: Bool = false
    ) -> ViewNode {
        let points = points.filter { $0.x.isFinite && $0.y.isFinite }
        return GeometryReader { proxy in
            let room = markers == nil ? lineWidth / 2 + 1 : labelRoom + markerRadius
            // Half a point more than the round cap, so its antialiased rim is not cut at the edge.
            let edge = lineWidth / 2 + (markers == nil ? 0.5 : markerRadius)
            // The x axis's labels take a line under the plot.
            let plotHeight = proxy.size.height - (timeAxis ? axisLabelHeight : 0)
            if let yDomain = padded(points.lazy.map { $0.y }, extra: baseline, room: room, length: plotHeight),
                let xDomain = padded(points.lazy.map { $0.x }, extra: nil, room: edge, length: proxy.size.width)
            {
                let chart = chart(
                    points, color: color, lineWidth: lineWidth, gradient: gradient, baseline: baseline,
                    markers: markers, floor: yDomain.lowerBound
                )
                .chartYAxis(.hidden).chartLegend(.hidden)
                .chartYScale(domain: yDomain)
                .chartXScale(
                    domain: Date(
                        timeIntervalSince1970: xDomain.lowerBound)...Date(
                            timeIntervalSince1970: xDomain.upperBound))
                if timeAxis {
                    chart.chartXAxis {
                        AxisMarks(values: .automatic(desiredCount: timeAxisMarks)) { _ in
                            AxisGridLine()
                            AxisValueLabel()
                        }
                    }
                } else {
                    chart.chartXAxis(.hidden)
                }
            }
        }
        .node
    }

    /// The height the x axis's labels take under a chart's plot: a line of the charts' label
    /// font and its gap.
    static let axisLabelHeight = 17.0

    @ChartContentBuilder
    private static func marks(
        _ points: [ChartPoint], color: Color?, lineWidth: Double, gradient: Bool, baseline: Double?,
        markers: (min: String, max: String)?, floor: Double
    ) -> ChartContentList {
        let stroke = StrokeStyle(lineWidth: lineWidth, lineCap: .round, lineJoin: .round)
        // Each run's points with their times and the floor stored, so the plots read them
        // straight from memory (a computed property is read through a key path).
        let runs = runs(points).map { run in run.map { Band(date: $0.date, floor: floor, close: $0.y) } }
        if gradient, let color {
            // Vectorized plots (Swift Charts' iOS 18 `AreaPlot` and `LinePlot`): one mark per run
            // however many points it has.
            // A `for` rather than `ForEach(…, id: \.self)`: no key path made at each layout.
            for run in runs {
                AreaPlot(
                    run, x: .value("Time", \.date), yStart: .value("Floor", \.floor), yEnd: .value("Close", \.close)
                )
                .foregroundStyle(.linearGradient([color.opacity(0.32), color.opacity(0)], start: .top, end: .bottom))
            }
        }
        if let baseline {
            // From the first point to the last: the level the line left from, not past its end.
            if let first = points.first, let last = points.last, last.x > first.x {
                RuleMark(
                    xStart: .value("Time", first.date), xEnd: .value("Time", last.date), y: .value("Open", baseline)
                )
                .foregroundStyle(.secondary)
                .lineStyle(StrokeStyle(lineWidth: 1, lineCap: .round, dash: [1.5, 3]))
            } else {
                RuleMark(y: .value("Open", baseline)).foregroundStyle(.secondary)
                    .lineStyle(StrokeStyle(lineWidth: 1, lineCap: .round, dash: [1.5, 3]))
            }
        }
        if points.count == 1 {
            // One point: a level line across the chart.
            RuleMark(y: .value("Close", points[0].y)).foregroundStyle(color ?? .primary).lineStyle(stroke)
        }
        for run in runs {
            LinePlot(run, x: .value("Time", \.date), y: .value("Close", \.close))
                .foregroundStyle(color ?? .primary).lineStyle(stroke)
        }
        if let markers, points.count > 1,
            let low = points.indices.min(by: { (points[$0].y, $0) < (points[$1].y, $1) }),
            let high = points.indices.max(by: { (points[$0].y, -$0) < (points[$1].y, -$1) })
        {
            PointMark(x: .value("Time", points[high].date), y: .value("High", points[high].y))
                .foregroundStyle(color ?? .primary).symbolSize(Double.pi * markerRadius * markerRadius)
                .annotation(position: .top, spacing: 1) {
                    Text(markers.max).font(labelFont).foregroundStyle(.secondary)
                }
            PointMark(x: .value("Time", points[low].date), y: .value("Low", points[low].y))
                .foregroundStyle(color ?? .primary).symbolSize(Double.pi * markerRadius * markerRadius)
                .annotation(position: .bottom, spacing: 1) {
                    Text(markers.min).font(labelFont).foregroundStyle(.secondary)
                }
        }
    }

    private static func chart(
        _ points: [ChartPoint], color: Color?, lineWidth: Double, gradient: Bool, baseline: Double?,
        markers: (min: String, max: String)?, floor: Double
    ) -> Chart {
        Chart {
            marks(
                points, color: color, lineWidth: lineWidth, gradient: gradient, baseline: baseline, markers: markers,
                floor: floor)
        }
    }

    /// Candles in equal slots: a wick from low to high and a body from open to close, in `up`
    /// when the period rose and `down` when it fell; the highest high's label at the top left
    /// and the lowest low's at the bottom left; with `timeAxis`, dates under the slots where
    /// an hour, day, month or year of `calendar` begins (``candleTicks(_:calendar:count:)``).
    ///
    /// With `hollowUp` (the accented and vibrant modes, where one tint or ink draws both colours)
    /// a rising candle's body is an outline and a falling one's is filled, as hollow candlestick
    /// charts tell them apart; where the bodies are too narrow to show a hole, every rising
    /// candle is drawn at half opacity instead.
    static func candles(
        _ candles: [PriceCandle], up: Color, down: Color, labels: (min: String, max: String), timeAxis: Bool = false,
        calendar: Calendar = Calendar(identifier: .gregorian), hollowUp: Bool = false
    ) -> ViewNode {
        let candles = candles.filter { [$0.open, $0.high, $0.low, $0.close].allSatisfy(\.isFinite) }
        let ticks = timeAxis ? candleTicks(candles.map(\.date), calendar: calendar, count: timeAxisMarks) : []
        let axisHeight = timeAxis ? axisLabelHeight : 0
        return GeometryReader { proxy in
            let slot = proxy.size.width / Double(Swift.max(1, candles.count))
            if let domain = padded(
                candles.map(\.low) + candles.map(\.high), room: labelRoom + 2,
                length: proxy.size.height - axisHeight)
            {
                // A flat candle still shows as a bar one point high.
                let onePoint =
                    (domain.upperBound / 2 - domain.lowerBound / 2) * 2
                    / Swift.max(1, proxy.size.height - axisHeight)
                let bodyWidth = Swift.max(1, slot * 0.64)
                let wickWidth = Swift.max(1, Swift.min(1.5, slot * 0.18))
                let chart = Chart {
                    ForEach(candles.indices, id: \.self) { index in
                        let candle = candles[index]
                        let rising = candle.close >= candle.open
                        let colour = rising ? up : down
                        // An outline needs a body at least 4 points wide to show its hole; where
                        // the bodies are that wide, every rising one is an outline, at least 3
                        // points high about its middle (a flat candle is a bar one point high),
                        // so no rising candle falls back to another look beside its neighbours.
                        let hollow = hollowUp && rising && bodyWidth >= 4
                        let least = hollow ? 3 * onePoint : onePoint
                        let low = Swift.min(candle.open, candle.close)
                        let high = Swift.max(candle.open, candle.close)
                        let grow = Swift.max(0, least - (high - low)) / 2
                        let bottom = low - (hollow ? grow : 0)
                        let top = hollow ? high + grow : Swift.max(high, low + onePoint)
                        if hollow {
                            // The wick stops at the body, whose outline is four rules inside its edges.
                            let x = Double(index)
                            let half = (bodyWidth - 1) / 2 / slot
                            let outline = StrokeStyle(lineWidth: 1)
                            if candle.low < bottom {
                                RuleMark(
                                    x: .value("Period", x), yStart: .value("Low", candle.low),
                                    yEnd: .value("Open", bottom)
                                )
                                .foregroundStyle(colour).lineStyle(StrokeStyle(lineWidth: wickWidth))
                            }
                            if candle.high > top {
                                RuleMark(
                                    x: .value("Period", x), yStart: .value("Close", top),
                                    yEnd: .value("High", candle.high)
                                )
                                .foregroundStyle(colour).lineStyle(StrokeStyle(lineWidth: wickWidth))
                            }
                            for edge in [x - half, x + half] {
                                RuleMark(
                                    x: .value("Period", edge), yStart: .value("Open", bottom),
                                    yEnd: .value("Close", top)
                                )
                                .foregroundStyle(colour).lineStyle(outline)
                            }
                            for level in [bottom, top] {
                                RuleMark(
                                    xStart: .value("Period", x - half), xEnd: .value("Period", x + half),
                                    y: .value("Price", level)
                                )
                                .foregroundStyle(colour).lineStyle(outline)
                            }
                        } else {
                            let shown = hollowUp && rising ? colour.opacity(0.5) : colour
                            RuleMark(
                                x: .value("Period", Double(index)), yStart: .value("Low", candle.low),
                                yEnd: .value("High", candle.high)
                            )
                            .foregroundStyle(shown)
                            .lineStyle(StrokeStyle(lineWidth: wickWidth))
                            BarMark(
                                x: .value("Period", Double(index)), yStart: .value("Open", bottom),
                                yEnd: .value("Close", top), width: .fixed(bodyWidth)
                            )
                            .foregroundStyle(shown)
                        }
                    }
                    // The highest high's and lowest low's labels at the chart's leading edge,
                    // as annotations of unseen points there (grid lines stop short of them).
                    if let high = candles.lazy.map(\.high).max(), let low = candles.lazy.map(\.low).min() {
                        PointMark(x: .value("Period", -0.5), y: .value("High", high)).symbolSize(0).opacity(0)
                            .annotation(position: .top, spacing: 1) {
                                Text(labels.max).font(labelFont).foregroundStyle(.secondary).lineLimit(1)
                            }
                        PointMark(x: .value("Period", -0.5), y: .value("Low", low)).symbolSize(0).opacity(0)
                            .annotation(position: .bottom, spacing: 1) {
                                Text(labels.min).font(labelFont).foregroundStyle(.secondary).lineLimit(1)
                            }
                    }
                }
                .chartYAxis(.hidden).chartLegend(.hidden)
                .chartYScale(domain: domain)
                .chartXScale(domain: -0.5...(Double(Swift.max(1, candles.count)) - 0.5))
                if timeAxis {
                    chart.chartXAxis {
                        AxisMarks(values: ticks.map { Double($0.index) }) { value in
                            AxisGridLine()
                            AxisValueLabel(anchor: .topLeading) {
                                Text(ticks.indices.contains(value.index) ? ticks[value.index].label : "")
                                    .font(.caption2).foregroundStyle(.secondary)
                            }
                        }
                    }
                } else {
                    chart.chartXAxis(.hidden)
                }
            }
        }
        .node
    }

    /// Where a candle chart's time labels go: at the first candle of each hour (spans under two
    /// days), day (under four months), month (under three years) or year, every so many of
    /// them so that at most `count` are labelled; each written as the charts' axes write that
    /// unit in `calendar`'s locale and time zone (a January after the first candle as its year).
    static func candleTicks(_ dates: [Date], calendar: Calendar, count: Int) -> [(index: Int, label: String)] {
        guard let first = dates.first, let last = dates.last, count > 0 else { return [] }
        let span = last.timeIntervalSince(first)
        let component: Calendar.Component =
            span < 2 * 86_400 ? .hour : span < 120 * 86_400 ? .day : span < 3 * 365 * 86_400 ? .month : .year
        var style = Date.FormatStyle(locale: calendar.locale ?? .current, timeZone: calendar.timeZone)
        style.calendar = calendar
        let format: Date.FormatStyle =
            switch component {
            case .hour: style.hour()
            case .day: style.month(.abbreviated).day()
            case .month: style.month(.abbreviated)
            default: style.year()
            }
        var starts: [Int] = []
        var previous: Date?
        for (index, date) in dates.enumerated() {
            let start = calendar.dateInterval(of: component, for: date)?.start
            // The first candle is labelled only when it opens its unit.
            if let start, start != previous, index > 0 || start == date { starts.append(index) }
            previous = start
        }
        let every = Swift.max(1, (starts.count + count - 1) / count)
        return stride(from: 0, to: starts.count, by: every).map { position in
            let index = starts[position]
            // A month's label where a new year begins names the year, as the charts' axes do.
            if component == .month, index > 0, calendar.component(.month, from: dates[index]) == 1 {
                return (index, dates[index].formatted(style.year()))
            }
            return (index, dates[index].formatted(format))
        }
    }

    /// Whether daily bars over `bars`' span, in a chart `width` points wide at `scale` pixels a
    /// point, would be narrower than 2 pixels (a day's bar is 5/6 of its slot): then they are
    /// merged into weeks, and the chart says so.
    static func mergesToWeeks(_ bars: [ChartPoint], width: Double, scale: Double) -> Bool {
        let xs = bars.map(\.x).filter(\.isFinite)
        guard let first = xs.min(), let last = xs.max() else { return false }
        let days = Swift.max(1, ((last - first) / 86_400).rounded() + 1)
        // Half a day of room at each end, and a tenth of a pixel for the width's estimate.
        return width * scale / (days + 1) * 5 / 6 < 2.1
    }

    /// Each week's mean of the daily counts, dated at the week's start in `calendar`.
    static func weeklyMeans(_ bars: [ChartPoint], calendar: Calendar) -> [ChartPoint] {
        var weeks: [(start: Double, sum: Double, count: Double)] = []
        for bar in bars {
            guard let week = calendar.dateInterval(of: .weekOfYear, for: Date(timeIntervalSince1970: bar.x)) else {
                continue
            }
            let start = week.start.timeIntervalSince1970
            if let last = weeks.last, last.start == start {
                weeks[weeks.count - 1].sum += bar.y
                weeks[weeks.count - 1].count += 1
            } else {
                weeks.append((start, bar.y, 1))
            }
        }
        return weeks.map { ChartPoint(x: $0.start, y: $0.sum / $0.count) }
    }

    /// Daily counts as bars a day wide (or, with `weekly`, each week's mean as a bar a week
    /// wide), in the accent at low opacity, under their 7-day average as a line; from zero to
    /// `top` (or the highest value), with a dotted level line at `top`. With `valueLabels`, the
    /// top's and zero's labels at the trailing edge in its font and colour; with `timeAxis`,
    /// dates under the plot (in the labels' colour, else the secondary one).
    static func counts(
        _ bars: [ChartPoint], average: [ChartPoint], color: Color, top: Double?, weekly: Bool = false,
        calendar: Calendar = Calendar(identifier: .gregorian), timeAxis: Bool = false,
        valueLabels: (top: String, zero: String, font: Font, color: Color)? = nil
    ) -> ViewNode {
        let daily = bars.filter { $0.x.isFinite && $0.y.isFinite }
        let bars = weekly ? weeklyMeans(daily, calendar: calendar) : daily
        let unit: Calendar.Component = weekly ? .weekOfYear : .day
        let average = average.filter { $0.x.isFinite && $0.y.isFinite }
        let highest = (bars + average).map(\.y).max() ?? 1
        let upper = Swift.max(top ?? highest, 1e-9)
        return GeometryReader { proxy in
            // Room for the line's width above the highest value.
            let plotHeight = proxy.size.height - (timeAxis ? axisLabelHeight : 0)
            let domainTop = upper + upper * 2 / Swift.max(1, plotHeight - 2)
            let chart = Chart {
                for bar in bars {
                    BarMark(
                        x: .value("Day", Date(timeIntervalSince1970: bar.x), unit: unit),
                        y: .value("New cases", bar.y)
                    )
                    .foregroundStyle(color.opacity(0.28))
                }
                if let top {
                    RuleMark(y: .value("Top", top)).foregroundStyle(.secondary)
                        .lineStyle(StrokeStyle(lineWidth: 1, lineCap: .round, dash: [1.5, 3]))
                }
                for point in average {
                    LineMark(
                        x: .value("Day", Date(timeIntervalSince1970: point.x), unit: .day),
                        y: .value("7-day average", point.y)
                    )
                    .foregroundStyle(color).lineStyle(StrokeStyle(lineWidth: 1.75, lineCap: .round, lineJoin: .round))
                }
            }
            .chartLegend(.hidden)
            .chartYScale(domain: 0...domainTop)
            let valued: ViewNode =
                if let valueLabels, let top {
                    chart.chartYAxis {
                        AxisMarks(position: .trailing, values: [0, top]) { value in
                            AxisValueLabel {
                                Text(value.index == 0 ? valueLabels.zero : valueLabels.top)
                                    .font(valueLabels.font).foregroundStyle(valueLabels.color)
                            }
                        }
                    }
                } else {
                    chart.chartYAxis(.hidden)
                }
            if timeAxis {
                valued.chartXAxis {
                    AxisMarks(values: .automatic(desiredCount: timeAxisMarks)) { _ in
                        AxisGridLine()
                        AxisValueLabel().foregroundStyle(valueLabels?.color ?? .secondary)
                    }
                }
            } else {
                valued.chartXAxis(.hidden)
            }
        }
        .node
    }
}

/// One candle of the price widget: a period's open, high, low and close.
extension ChartPoint {
    /// The point's time, when `x` is seconds since 1970.
    var date: Date { Date(timeIntervalSince1970: x) }
}

struct PriceCandle: Sendable, Hashable {
    /// When the period starts.
    var date: Date
    var open: Double
    var high: Double
    var low: Double
    var close: Double
}
