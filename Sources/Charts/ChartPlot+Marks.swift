import Foundation
import WidgetCore

extension ChartPlot {
    /// A mark with its values as drawn: bars and areas stacked, single values as ranges.
    struct Placed {
        var mark: MarkSpec
        /// The x value, or its range.
        var x0: PlotValue?
        var x1: PlotValue?
        /// The y value, or its range.
        var y0: PlotValue?
        var y1: PlotValue?
        /// A horizontal bar (a quantity along x, a category or date along y).
        var horizontal = false
        /// For a point of a vectorized plot, which plot (each is a line or area of its own).
        var plot: Int? = nil

        var xValues: [PlotValue] { [x0, x1].compactMap { $0 } }
        var yValues: [PlotValue] { [y0, y1].compactMap { $0 } }
    }

    /// Every placed mark's values along x (or y), for the scales.
    static func values(_ placed: [Placed], x: Bool) -> [PlotValue] {
        var values: [PlotValue] = []
        values.reserveCapacity(placed.count * 2)
        for item in placed {
            if let vector = item.mark.vector {
                if x {
                    values += vector.x
                } else {
                    values += vector.y
                    if let ends = vector.yEnd { values += ends }
                }
                continue
            }
            if let first = x ? item.x0 : item.y0 { values.append(first) }
            if let second = x ? item.x1 : item.y1 { values.append(second) }
        }
        return values
    }

    /// The marks' values, with bars at the same place (and areas of several series at the same
    /// x) stacked in the order written: positive values up from the total so far, negative ones
    /// down.
    static func stack(_ marks: [MarkSpec], calendar: Calendar, uniform: Bool? = nil) -> [Placed] {
        var up: [PlotValue: Double] = [:]
        var down: [PlotValue: Double] = [:]
        var areaUp: [PlotValue: Double] = [:]
        var areaDown: [PlotValue: Double] = [:]
        var result: [Placed] = []
        result.reserveCapacity(marks.count)
        let uniform = uniform ?? (calendar.timeZone.nextDaylightSavingTimeTransition == nil)
        var plots = 0
        for var mark in marks {
            // A vectorized plot: a point per element, all sharing the plot's mark.
            // A vectorized plot stays one item: its values are read from its arrays.
            if mark.vector != nil {
                var placed = Placed(mark: mark)
                placed.plot = plots
                result.append(placed)
                plots += 1
                continue
            }
            // A date that stands for a unit: a bar spans it, other marks sit in its middle.
            if let (start, end) = mark.x?.bin(in: calendar, uniform: uniform), let low = start.scalar,
                let high = end.scalar
            {
                if mark.kind == .bar || mark.kind == .rectangle {
                    mark.xStart = mark.x.map { PlotInput(label: $0.label, value: start) }
                    mark.xEnd = mark.x.map { PlotInput(label: $0.label, value: end) }
                } else {
                    mark.x?.value = .date(Date(timeIntervalSince1970: low / 2 + high / 2))
                }
            }
            var placed = Placed(mark: mark)
            switch mark.kind {
            case .line, .point:
                placed.x0 = mark.x?.value
                placed.y0 = mark.y?.value
            case .rule, .rectangle:
                placed.x0 = mark.xStart?.value ?? mark.x?.value
                placed.x1 = mark.xEnd?.value
                placed.y0 = mark.yStart?.value ?? mark.y?.value
                placed.y1 = mark.yEnd?.value
            case .bar:
                if let start = mark.xStart?.value, let end = mark.xEnd?.value, mark.x?.unit != nil,
                    case .number(let value) = mark.y?.value
                {
                    // A bar over a date's unit: vertical, stacked with others in the same unit.
                    let (low, high) = Self.stacked(value, at: start, up: &up, down: &down)
                    placed.x0 = start
                    placed.x1 = end
                    placed.y0 = .number(low)
                    placed.y1 = .number(high)
                } else if let start = mark.xStart?.value, let end = mark.xEnd?.value {
                    placed.x0 = start
                    placed.x1 = end
                    placed.y0 = mark.y?.value
                    placed.horizontal = true
                } else if let start = mark.yStart?.value, let end = mark.yEnd?.value {
                    placed.x0 = mark.x?.value
                    placed.y0 = start
                    placed.y1 = end
                } else if mark.positionBy != nil, let x = mark.x?.value, let y = mark.y?.value {
                    // Grouped bars stand side by side, each from zero.
                    if case .number(let value) = x, y.scalar == nil || (y.isDate && !x.isDate) {
                        placed.horizontal = true
                        placed.x0 = .number(min(0, value))
                        placed.x1 = .number(max(0, value))
                        placed.y0 = y
                    } else if case .number(let value) = y {
                        placed.x0 = x
                        placed.y0 = .number(min(0, value))
                        placed.y1 = .number(max(0, value))
                    }
                } else if let x = mark.x?.value, let y = mark.y?.value {
                    // Horizontal when the quantity is along x and the category along y.
                    if case .number(let value) = x, y.scalar == nil || (y.isDate && !x.isDate) {
                        placed.horizontal = true
                        let (low, high) = Self.stacked(value, at: y, up: &up, down: &down)
                        placed.x0 = .number(low)
                        placed.x1 = .number(high)
                        placed.y0 = y
                    } else if case .number(let value) = y {
                        let (low, high) = Self.stacked(value, at: x, up: &up, down: &down)
                        placed.x0 = x
                        placed.y0 = .number(low)
                        placed.y1 = .number(high)
                    } else {
                        placed.x0 = x
                        placed.y0 = y
                    }
                }
            case .area:
                placed.x0 = mark.x?.value
                if let start = mark.yStart?.value, let end = mark.yEnd?.value {
                    placed.y0 = start
                    placed.y1 = end
                } else if let x = mark.x?.value, case .number(let value) = mark.y?.value {
                    let (low, high) = Self.stacked(value, at: x, up: &areaUp, down: &areaDown)
                    placed.y0 = .number(low)
                    placed.y1 = .number(high)
                }
            }
            result.append(placed)
        }
        return result
    }

    /// A value stacked on those before it at the same place: its (low, high).
    private static func stacked(
        _ value: Double, at key: PlotValue, up: inout [PlotValue: Double], down: inout [PlotValue: Double]
    ) -> (Double, Double) {
        guard value.isFinite else { return (0, 0) }
        if value >= 0 {
            let base = up[key] ?? 0
            up[key] = base + value
            return (base, base + value)
        }
        let base = down[key] ?? 0
        down[key] = base + value
        return (base + value, base)
    }

    /// The `foregroundStyle(by:)` categories, in the order first seen.
    /// The symbol each legend category's points are drawn with (`symbol(_:)`, or the one
    /// `symbol(by:)` gives them), or `nil` for a category without points.
    static func legendSymbols(_ marks: [MarkSpec], categories: [String]) -> [SymbolShape?] {
        var symbolNames: [PlotValue] = []
        for mark in marks {
            if let value = mark.symbolBy?.value, !symbolNames.contains(value) { symbolNames.append(value) }
        }
        return categories.map { name in
            guard
                let mark = marks.first(where: {
                    $0.kind == .point && $0.foregroundBy?.value.categoryName == name
                })
            else { return nil }
            if let symbol = mark.symbol { return symbol }
            guard let value = mark.symbolBy?.value, let index = symbolNames.firstIndex(of: value) else { return nil }
            return SymbolShape.sequence[index % SymbolShape.sequence.count]
        }
    }

    static func legendCategories(_ marks: [MarkSpec]) -> [String] {
        var seen = Set<String>()
        var names: [String] = []
        for mark in marks {
            guard let value = mark.foregroundBy?.value else { continue }
            let name = value.categoryName
            if seen.insert(name).inserted { names.append(name) }
        }
        return names
    }

    /// Each category's colour: the chart's mapping, else the palette in order. When every
    /// `foregroundStyle(by:)` value is a number the colour is continuous instead, from a light
    /// to a full tint of the first colour over the values' range (as Swift Charts' gradient).
    struct Colours {
        var byName: [String: Color]
        /// The range of numeric values, when the scale is continuous.
        var continuous: ClosedRange<Double>?

        func values(for names: [String]) -> [Color] { names.map { byName[$0] ?? ChartPlot.defaultColor } }

        /// The opacities categories take in the accented mode, in order.
        static let accentedOpacities = [1.0, 0.6, 0.35, 0.2]

        /// The accented mode (tinted Home Screen) draws every colour in one tint and the vibrant
        /// mode (Lock Screen) in one ink, so categories told apart by hue would look alike: each
        /// takes an opacity of its own instead, in order (100, 60, 35 and 20 %, then again), the
        /// legend too.
        mutating func fadeByCategory(_ categories: [String]) {
            guard continuous == nil, categories.count > 1 else { return }
            for (index, name) in categories.enumerated() {
                let opacity = Self.accentedOpacities[index % Self.accentedOpacities.count]
                if opacity < 1 { byName[name] = (byName[name] ?? ChartPlot.defaultColor).opacity(opacity) }
            }
        }

        /// The colour of a `foregroundStyle(by:)` value.
        func colour(of value: PlotValue) -> Color {
            if let continuous, case .number(let number) = value {
                let span = continuous.upperBound / 2 - continuous.lowerBound / 2
                let t = span > 0 ? min(1, max(0, (number / 2 - continuous.lowerBound / 2) / span)) : 1
                return Self.blend(Self.low, Self.high, t)
            }
            return byName[value.categoryName] ?? ChartPlot.defaultColor
        }

        static var high: Color { ChartPlot.defaultColor }
        static var low: Color {
            Color(
                light: high.light.mixed(with: Color.RGBA(red: 1, green: 1, blue: 1), by: 0.85),
                dark: high.dark.mixed(with: Color.RGBA(red: 0, green: 0, blue: 0), by: 0.75))
        }

        static func blend(_ a: Color, _ b: Color, _ t: Double) -> Color {
            Color(light: a.light.mixed(with: b.light, by: t), dark: a.dark.mixed(with: b.dark, by: t))
        }
    }

    static func colours(for categories: [String], marks: [MarkSpec], settings: ChartSettings) -> Colours {
        let numbers = marks.compactMap { mark -> Double? in
            if case .number(let value) = mark.foregroundBy?.value, value.isFinite { return value }
            return nil
        }
        if !numbers.isEmpty, numbers.count == marks.filter({ $0.foregroundBy != nil }).count,
            let low = numbers.min(), let high = numbers.max()
        {
            return Colours(byName: [:], continuous: low...high)
        }
        var map: [String: Color] = [:]
        for (name, colour) in settings.palette { map[name] = colour }
        var next = 0
        for name in categories where map[name] == nil {
            map[name] = palette[next % palette.count]
            next += 1
        }
        return Colours(byName: map)
    }

    /// A mark's fill or stroke.
    private static func style(of mark: MarkSpec, colours: Colours, environment: EnvironmentValues) -> ShapeStyle {
        let base: ShapeStyle =
            mark.foreground
            ?? .color(mark.foregroundBy.map { colours.colour(of: $0.value) } ?? defaultColor)
        let resolved = base.resolved(against: environment.foreground)
        return mark.opacity < 1 ? resolved.opacity(mark.opacity) : resolved
    }

    /// Every mark as paths, in the order written (lines and areas as one path per series), and
    /// the rectangle each mark occupies for its annotations.
    static func drawMarks(
        _ placed: [Placed], x: Scale, y: Scale, plot: Rect, colours: Colours, environment: EnvironmentValues,
        into drawing: inout [DrawingItem], anchors: inout [(MarkSpec, Rect)]
    ) {
        // Lines and areas join the points of a series; each series is drawn where its first
        // mark was written.
        var seriesOrder: [SeriesKey] = []
        var series: [SeriesKey: [(Placed, Point, Point?)]] = [:]
        func point(_ xv: PlotValue?, _ yv: PlotValue?) -> Point? {
            guard let xv, let yv, let px = x.position(xv), let py = y.position(yv) else { return nil }
            return Point(x: px, y: py)
        }
        // A vectorized plot's points, straight from its arrays.
        var plotPoints: [Int: (tops: [Point], bottoms: [Point])] = [:]
        for item in placed {
            guard let plotIndex = item.plot, let vector = item.mark.vector else { continue }
            var tops: [Point] = []
            var bottoms: [Point] = []
            tops.reserveCapacity(vector.x.count)
            let isArea = item.mark.kind == .area
            if isArea { bottoms.reserveCapacity(vector.x.count) }
            // On linear scales, each point is two multiplications from its values' scalars.
            if let toX = x.linearMap, let toY = y.linearMap {
                let zero = toY(0)
                for index in vector.x.indices {
                    guard let px = vector.x[index].scalar.flatMap(toX),
                        let py = (isArea ? vector.yEnd?[index] ?? vector.y[index] : vector.y[index]).scalar
                            .flatMap(toY)
                    else { continue }
                    if isArea {
                        let bottom = vector.yEnd == nil ? zero : vector.y[index].scalar.flatMap(toY)
                        guard let bottom else { continue }
                        bottoms.append(Point(x: px, y: bottom))
                    }
                    tops.append(Point(x: px, y: py))
                }
            } else {
                for index in vector.x.indices {
                    let top =
                        isArea
                        ? point(vector.x[index], vector.yEnd?[index] ?? vector.y[index])
                        : point(vector.x[index], vector.y[index])
                    guard let top else { continue }
                    if isArea {
                        guard let bottom = point(vector.x[index], vector.yEnd == nil ? .number(0) : vector.y[index])
                        else {
                            continue
                        }
                        bottoms.append(bottom)
                    }
                    tops.append(top)
                }
            }
            if !item.mark.annotations.isEmpty, let last = tops.last {
                anchors.append((item.mark, Rect(x: last.x - 3, y: last.y - 3, width: 6, height: 6)))
            }
            plotPoints[plotIndex] = (tops, bottoms)
        }
        for item in placed where (item.mark.kind == .line || item.mark.kind == .area) && item.plot == nil {
            let key = SeriesKey(item)
            let top = item.mark.kind == .area ? point(item.x0, item.y1 ?? item.y0) : point(item.x0, item.y0)
            guard let top else { continue }
            let bottom = item.mark.kind == .area ? point(item.x0, item.y1 == nil ? .number(0) : item.y0) : nil
            if series[key] == nil { seriesOrder.append(key) }
            series[key, default: []].append((item, top, bottom))
            if !item.mark.annotations.isEmpty {
                anchors.append((item.mark, Rect(x: top.x - 3, y: top.y - 3, width: 6, height: 6)))
            }
        }
        var drawnSeries = Set<SeriesKey>()
        // The values of `symbol(by:)`, in the order first seen.
        var symbolNames: [PlotValue] = []
        for item in placed {
            if let value = item.mark.symbolBy?.value, !symbolNames.contains(value) { symbolNames.append(value) }
        }
        func symbol(of mark: MarkSpec) -> SymbolShape? {
            if let symbol = mark.symbol { return symbol }
            guard let value = mark.symbolBy?.value, let index = symbolNames.firstIndex(of: value) else { return nil }
            return SymbolShape.sequence[index % SymbolShape.sequence.count]
        }
        // The closest spacing of bars' and rectangles' places along each axis, by kind (bars never
        // overlap their neighbours).
        var spacing: [MarkSpec.Kind: (x: Double?, y: Double?)] = [:]
        for kind in [MarkSpec.Kind.bar, .rectangle] {
            let same = placed.filter { $0.mark.kind == kind }
            guard !same.isEmpty else { continue }
            func closest(_ values: [PlotValue], _ scale: Scale) -> Double? {
                let positions = Set(values.compactMap { scale.position($0) }).sorted()
                return zip(positions, positions.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.min()
            }
            spacing[kind] = (closest(same.compactMap(\.x0), x), closest(same.compactMap(\.y0), y))
        }
        // The values of `position(by:)`, in the order first seen.
        var groups: [PlotValue] = []
        for item in placed {
            if let value = item.mark.positionBy?.value, !groups.contains(value) { groups.append(value) }
        }
        let plotRect = plot
        for item in placed {
            let mark = item.mark
            if mark.kind == .line || mark.kind == .area, drawnSeries.contains(SeriesKey(item)) { continue }
            let paint = style(of: mark, colours: colours, environment: environment)
            switch mark.kind {
            case .line, .area:
                let key = SeriesKey(item)
                var tops: [Point]
                var bottoms: [Point]
                if let plotIndex = item.plot {
                    guard let points = plotPoints[plotIndex], !points.tops.isEmpty else { continue }
                    (tops, bottoms) = points
                } else {
                    guard let points = series[key] else { continue }
                    drawnSeries.insert(key)
                    tops = points.map(\.1)
                    bottoms = points.compactMap(\.2)
                }
                if mark.kind == .line {
                    // A line of more points than the plot has device pixels keeps its shape with
                    // two a pixel (peaks and troughs survive).
                    let pixels = Int(plotRect.width * max(1, environment.displayScale) * 2)
                    tops = Downsampling.largestTriangleThreeBuckets(tops, threshold: max(3, pixels))
                    let stroke = mark.lineStyle ?? StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round)
                    drawing.append(.stroke(Curve.path(through: tops, mark.interpolation), paint, stroke))
                    if let symbol = symbol(of: mark) {
                        let side = symbolSide(mark)
                        for top in tops {
                            drawing.append(
                                .fill(
                                    symbolPath(
                                        symbol,
                                        Rect(x: top.x - side / 2, y: top.y - side / 2, width: side, height: side)),
                                    paint))
                        }
                    }
                } else {
                    guard bottoms.count == tops.count else { continue }
                    var path = Curve.path(through: tops, mark.interpolation)
                    if let first = bottoms.first, let last = bottoms.last, bottoms.allSatisfy({ $0.y == first.y }) {
                        // A level floor (an area from zero, or from a domain's bottom): two corners,
                        // not a vertex under every point (the same outline, half the edges to fill).
                        path.addLine(to: last)
                        path.addLine(to: first)
                    } else {
                        let lower = Curve.path(through: bottoms.reversed(), mark.interpolation)
                        for (index, element) in lower.elements.enumerated() {
                            if index == 0, case .move(let p) = element {
                                path.addLine(to: p)
                            } else {
                                path.append(element)
                            }
                        }
                    }
                    path.closeSubpath()
                    drawing.append(.fill(path, paint))
                }
            case .point:
                guard let center = point(item.x0, item.y0) else { continue }
                let side = symbolSide(mark)
                let box = Rect(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side)
                drawing.append(.fill(symbolPath(symbol(of: mark) ?? .circle, box), paint))
                anchors.append((mark, box))
            case .rule:
                let stroke = mark.lineStyle ?? StrokeStyle(lineWidth: 1)
                var path = Path()
                if let xv = item.x0, item.y0 == nil || item.y1 != nil, item.x1 == nil, let px = x.position(xv) {
                    // Vertical: across the plot, or from yStart to yEnd.
                    let top = item.y1.flatMap { y.position($0) } ?? plotRect.minY
                    let bottom = item.y0.flatMap { y.position($0) } ?? plotRect.maxY
                    path.move(to: Point(x: px, y: bottom))
                    path.addLine(to: Point(x: px, y: top))
                    anchors.append((mark, Rect(x: px, y: min(top, bottom), width: 0, height: abs(bottom - top))))
                } else if let yv = item.y0, let py = y.position(yv) {
                    let left = item.x0.flatMap { x.position($0) } ?? plotRect.minX
                    let right = item.x1.flatMap { x.position($0) } ?? plotRect.maxX
                    path.move(to: Point(x: left, y: py))
                    path.addLine(to: Point(x: right, y: py))
                    anchors.append((mark, Rect(x: min(left, right), y: py, width: abs(right - left), height: 0)))
                } else {
                    continue
                }
                drawing.append(.stroke(path, paint, stroke))
            case .bar, .rectangle:
                guard let box = box(item, x: x, y: y, spacing: spacing, groups: groups) else { continue }
                drawing.append(.fill(Path(box), paint))
                anchors.append((mark, box))
            }
        }
    }

    /// A bar's or rectangle's box: ranges where it has them; a band (or a share of the space
    /// to its nearest neighbour) where it has one value, split between the groups of
    /// `position(by:)`.
    private static func box(
        _ item: Placed, x: Scale, y: Scale, spacing: [MarkSpec.Kind: (x: Double?, y: Double?)], groups: [PlotValue]
    ) -> Rect? {
        let share = item.mark.kind == .rectangle ? 1.0 : 0.7
        func span(
            _ a: PlotValue?, _ b: PlotValue?, on scale: Scale, size: MarkDimension, closest: Double?, grouped: Bool
        ) -> (Double, Double)? {
            if let a, let b, let pa = scale.position(a), let pb = scale.position(b) {
                var (low, high) = (min(pa, pb), max(pa, pb))
                // Only along the axis of the unit (x), never the value's extent.
                if grouped, item.mark.kind == .bar, item.mark.x?.unit != nil, size.kind == .automatic {
                    // Bars over a date's unit leave a gap between neighbours (a sixth of the unit).
                    let inset = (high - low) / 12
                    low += inset
                    high -= inset
                }
                return (low, high)
            }
            guard let a, let center = scale.position(a) else { return nil }
            let space: Double
            if case .category = scale.kind {
                space = scale.band
            } else if item.mark.kind == .rectangle, size.kind == .automatic {
                return (center - 5, center + 5)
            } else {
                // The closest neighbour's distance, so bars never overlap.
                space = closest ?? abs(scale.end - scale.start) * 0.3
            }
            let width = size.size(in: space, automatic: share)
            guard grouped, let group = item.mark.positionBy?.value, let index = groups.firstIndex(of: group),
                groups.count > 1
            else { return (center - width / 2, center + width / 2) }
            // Side by side within the bar's width, a little apart.
            let slot = width / Double(groups.count)
            let left = center - width / 2 + slot * Double(index)
            return (left + slot * 0.05, left + slot * 0.95)
        }
        let closest = spacing[item.mark.kind]
        guard
            let (left, right) = span(
                item.x0, item.x1, on: x, size: item.mark.width, closest: closest?.x ?? nil, grouped: !item.horizontal),
            let (top, bottom) = span(
                item.y0, item.y1, on: y, size: item.mark.height, closest: closest?.y ?? nil, grouped: item.horizontal)
        else { return nil }
        let box = Rect(x: left, y: top, width: right - left, height: bottom - top)
        return [box.minX, box.minY, box.width, box.height].allSatisfy(\.isFinite) ? box : nil
    }

    /// How far past its points a mark draws: half its line's width, or half its symbol's side.
    static func reach(_ marks: [MarkSpec]) -> Double {
        var reach = 1.0
        for mark in marks {
            if let width = mark.lineStyle?.lineWidth, width.isFinite { reach = max(reach, width / 2) }
            if mark.kind == .point || mark.symbol != nil || mark.symbolBy != nil {
                let side = symbolSide(mark)
                if side.isFinite { reach = max(reach, side / 2) }
            }
        }
        return min(reach, 64)
    }

    private static func symbolSide(_ mark: MarkSpec) -> Double {
        // The symbol's area in square points: a circle of that area.
        2 * ((mark.symbolSize ?? 30) / Double.pi).squareRoot()
    }

    static func symbolPath(_ symbol: SymbolShape, _ box: Rect) -> Path {
        switch symbol.outline {
        case .rectangle: Path(box)
        case .custom(let shape): shape.path(in: box)
        case .circle, .capsule, .ellipse, .arc: Path(ellipseIn: box)
        }
    }
}

/// Which line or area a mark belongs to: its `series`, else its `foregroundStyle(by:)` value;
/// a vectorized plot is a series of its own.
struct SeriesKey: Hashable {
    let kind: MarkSpec.Kind
    let name: PlotValue?
    let plot: Int?

    init(_ item: ChartPlot.Placed) {
        kind = item.mark.kind
        name = item.mark.series?.value ?? item.mark.foregroundBy?.value
        plot = item.plot
    }
}

extension PlotValue {
    var isDate: Bool {
        if case .date = self { return true }
        return false
    }

    /// The value as a legend names it.
    var categoryName: String {
        switch self {
        case .category(let name): name
        case .number(let value): value.formatted()
        case .date(let date): date.formatted()
        }
    }
}

extension Path {
    mutating func append(_ element: Element) {
        switch element {
        case .move(let p): move(to: p)
        case .line(let p): addLine(to: p)
        case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
        case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
        case .closeSubpath: closeSubpath()
        }
    }
}
