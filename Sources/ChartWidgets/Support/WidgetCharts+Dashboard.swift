import Charts
import Foundation
import WidgetRender

/// The dashboard families' charts (``Dashboard``): black marks at least two device pixels wide,
/// no grid, axes of 2-pixel ticks and 16 pt labels, series told apart by line style.
extension WidgetCharts {
    /// The length of an axis's ticks, in points.
    static let inkTickLength = 6.0

    /// A line of values over time for an e-ink slot: a solid line ``Dashboard/seriesLine`` wide
    /// over a dashed level line at `baseline` (where the change shown is measured from). With
    /// `axes`, a floor line, dates under it and round values (`ticks`, written as `labels`)
    /// beside the plot's trailing edge.
    static func inkLine(
        _ points: [ChartPoint], baseline: Double?, scale: Double,
        axes: (ticks: [Double], labels: [String])? = nil
    ) -> ViewNode {
        let points = points.filter { $0.x.isFinite && $0.y.isFinite }
        let line = Dashboard.stroke(Dashboard.seriesLine, scale: scale)
        let rule = Dashboard.stroke(Dashboard.ruleLine, scale: scale)
        return GeometryReader { proxy in
            let labelRoom = axes == nil ? 0 : 26.0
            let plotHeight = proxy.size.height - labelRoom
            let extra = [baseline].compactMap { $0 } + (axes?.ticks ?? [])
            if let yDomain = padded(points.map(\.y) + extra, extra: nil, room: line / 2 + 2, length: plotHeight),
                let xDomain = padded(points.lazy.map(\.x), extra: nil, room: line / 2 + 0.5, length: proxy.size.width)
            {
                let runs = runs(points)
                let chart = Chart {
                    if let baseline, let first = points.first, let last = points.last, last.x > first.x {
                        RuleMark(
                            xStart: .value("Time", first.date), xEnd: .value("Time", last.date),
                            y: .value("Start", baseline)
                        )
                        .foregroundStyle(.primary)
                        .lineStyle(StrokeStyle(lineWidth: rule, dash: [6, 5]))
                    }
                    if axes != nil {
                        RuleMark(y: .value("Floor", yDomain.lowerBound)).foregroundStyle(.primary)
                            .lineStyle(StrokeStyle(lineWidth: rule))
                    }
                    if points.count == 1 {
                        RuleMark(y: .value("Close", points[0].y)).foregroundStyle(.primary)
                            .lineStyle(StrokeStyle(lineWidth: line))
                    }
                    for run in runs {
                        LinePlot(run, x: .value("Time", \.date), y: .value("Close", \.y))
                            .foregroundStyle(.primary)
                            .lineStyle(StrokeStyle(lineWidth: line, lineCap: .round, lineJoin: .round))
                    }
                }
                .chartLegend(.hidden)
                .chartYScale(domain: yDomain)
                .chartXScale(
                    domain: Date(
                        timeIntervalSince1970: xDomain.lowerBound)...Date(
                            timeIntervalSince1970: xDomain.upperBound))
                if let axes {
                    let labels = axes.labels
                    chart.chartYAxis {
                        AxisMarks(values: axes.ticks) { value in
                            AxisTick(length: inkTickLength, stroke: StrokeStyle(lineWidth: rule)).foregroundStyle(
                                .primary)
                            AxisValueLabel {
                                Text(labels.indices.contains(value.index) ? labels[value.index] : "")
                                    .font(Dashboard.labelFont).foregroundStyle(.primary).lineLimit(1)
                            }
                        }
                    }
                    .chartXAxis {
                        AxisMarks(values: .automatic(desiredCount: max(5, Int(proxy.size.width / 90)))) { _ in
                            AxisTick(length: inkTickLength, stroke: StrokeStyle(lineWidth: rule)).foregroundStyle(
                                .primary)
                            AxisValueLabel().font(Dashboard.labelFont).foregroundStyle(.primary)
                        }
                    }
                } else {
                    chart.chartXAxis(.hidden).chartYAxis(.hidden)
                }
            }
        }
        // Half a rule's width in from the slot's edges, where the floor line's ends stand.
        .padding(.horizontal, rule / 2)
    }

    /// Daily counts for an e-ink slot: each day (or, with `weekly`, each week's mean) a light
    /// grey bar, under their 7-day average as a solid black line ``Dashboard/seriesLine``
    /// wide. A one-bit panel drops the grey and keeps the average, which the caption names.
    /// With `axis`, a floor line at zero, dates under it and zero and the top beside the
    /// plot's trailing edge.
    static func inkCounts(
        _ bars: [ChartPoint], average: [ChartPoint], weekly: Bool, calendar: Calendar, scale: Double,
        axis: CountAxis?
    ) -> ViewNode {
        let daily = bars.filter { $0.x.isFinite && $0.y.isFinite }
        let bars = weekly ? weeklyMeans(daily, calendar: calendar) : daily
        let unit: Calendar.Component = weekly ? .weekOfYear : .day
        let average = average.filter { $0.x.isFinite && $0.y.isFinite }
        let highest = (bars + average).map(\.y).max() ?? 1
        let top = Swift.max(axis?.top ?? highest, 1e-9)
        let line = Dashboard.stroke(Dashboard.seriesLine, scale: scale)
        let rule = Dashboard.stroke(Dashboard.ruleLine, scale: scale)
        return GeometryReader { proxy in
            let plotHeight = proxy.size.height - (axis == nil ? 0 : 26)
            // Room for the line's width above the highest value.
            let domainTop = top + top * line / Swift.max(1, plotHeight - line)
            let chart = Chart {
                // Each day a black needle, not a grey bar: a 1-bit panel turns a light grey
                // white, and the bars vanished under their average. The needle stands at the
                // middle of its day (or week), where the bar's centre was.
                for bar in bars {
                    RuleMark(
                        x: .value("Day", Date(timeIntervalSince1970: bar.x + (weekly ? 3.5 : 0.5) * 86_400)),
                        yStart: .value("Zero", 0.0), yEnd: .value("New cases", bar.y)
                    )
                    .foregroundStyle(.primary)
                    .lineStyle(StrokeStyle(lineWidth: rule))
                }
                if axis != nil {
                    RuleMark(y: .value("Zero", 0.0)).foregroundStyle(.primary).lineStyle(StrokeStyle(lineWidth: rule))
                }
                for point in average {
                    LineMark(
                        x: .value("Day", Date(timeIntervalSince1970: point.x), unit: .day),
                        y: .value("7-day average", point.y)
                    )
                    .foregroundStyle(.primary)
                    .lineStyle(StrokeStyle(lineWidth: line, lineCap: .round, lineJoin: .round))
                }
            }
            .chartLegend(.hidden)
            .chartYScale(domain: 0...domainTop)
            if let axis {
                chart.chartYAxis {
                    AxisMarks(values: [0, axis.top]) { value in
                        AxisTick(length: inkTickLength, stroke: StrokeStyle(lineWidth: rule)).foregroundStyle(.primary)
                        AxisValueLabel {
                            Text(value.index == 0 ? axis.zeroLabel : axis.topLabel)
                                .font(Dashboard.labelFont).foregroundStyle(.primary).lineLimit(1)
                        }
                    }
                }
                .chartXAxis {
                    AxisMarks(values: .automatic(desiredCount: max(5, Int(proxy.size.width / 90)))) { _ in
                        AxisTick(length: inkTickLength, stroke: StrokeStyle(lineWidth: rule)).foregroundStyle(.primary)
                        AxisValueLabel().font(Dashboard.labelFont).foregroundStyle(.primary)
                    }
                }
            } else {
                chart.chartXAxis(.hidden).chartYAxis(.hidden)
            }
        }
        // Half a rule's width in from the slot's edges, where the floor line's ends stand.
        .padding(.horizontal, rule / 2)
    }

    /// Round values across `range` for an axis of about `count` ticks (steps of 1, 2, 2.5 or 5
    /// times a power of ten; of those, the one whose count of ticks is nearest, fewer rather
    /// than more: 16 pt labels need room), and the step.
    static func roundTicks(in range: ClosedRange<Double>, count: Int) -> (ticks: [Double], step: Double) {
        let span = range.upperBound - range.lowerBound
        guard span.isFinite, span > 0, count > 0 else { return ([range.lowerBound], 0) }
        let power = pow(10, (log10(span / Double(count))).rounded(.down))
        var best: (ticks: [Double], step: Double)?
        for multiple in [0.5, 1, 2, 2.5, 5, 10, 20] {
            let step = multiple * power
            let first = (range.lowerBound / step).rounded(.up)
            let last = (range.upperBound / step).rounded(.down)
            guard step > 0, first.isFinite, last.isFinite, last >= first, last - first <= 20 else { continue }
            let ticks = stride(from: first, through: last, by: 1).map { $0 * step }
            // Nearest the count; of two as near, fewer; of two as many, the rounder step (first).
            if let chosen = best,
                (abs(chosen.ticks.count - count), chosen.ticks.count) <= (abs(ticks.count - count), ticks.count)
            {
                continue
            }
            best = (ticks, step)
        }
        return best ?? ([], 0)
    }
}
