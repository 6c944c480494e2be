import Foundation

/// What the renderer draws for a progress view or gauge: a track and the part filled.
package struct ProgressSpec: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// A bar filled from the leading edge.
        case bar
        /// A thin bar with a dot at the value.
        case barMarker
        /// A closed ring filled clockwise from the top.
        case ring
        /// A ring open at the bottom (a 270° arc) with a dot at the value.
        case openRingMarker
    }

    package var kind: Kind
    /// 0…1 (non-finite values are 0).
    package var fraction: Double
    /// Thickness in points; `nil` for the kind's default.
    package var thickness: Double?

    package init(kind: Kind, fraction: Double, thickness: Double? = nil) {
        self.kind = kind
        self.fraction = fraction.isFinite ? min(1, max(0, fraction)) : 0
        self.thickness = thickness
    }

    /// A fraction from a value in bounds (clamped; empty or non-finite bounds give 0).
    package static func fraction(_ value: Double, in bounds: ClosedRange<Double>) -> Double {
        let span = bounds.upperBound - bounds.lowerBound
        guard span > 0, span.isFinite, value.isFinite else { return 0 }
        return (value - bounds.lowerBound) / span
    }

    /// The default thickness of a bar.
    package static var barThickness: Double { 4 }
}

/// The completion of a task, as SwiftUI's `ProgressView(value:total:)`: a bar (`.linear`, the
/// default) or a capacity ring (`.circular`; in a widget a ring, not a spinner), in the tint.
///
/// ```swift
/// ProgressView(value: entry.healthLevel)
/// ProgressView(value: 3, total: 5) { Text("Steps") }.progressViewStyle(.circular).tint(.green)
/// ```
///
/// The bar takes the width it is offered and is 4 points tall; the ring fills the space it is
/// offered, as a `Circle` does (32 points when nothing is offered). A label goes above the bar.
public struct ProgressView: View {
    private let fraction: Double
    private let label: ViewNode?
    private let currentValueLabel: ViewNode?

    /// Progress of `value` out of `total` (clamped to 0…1).
    ///
    /// - Parameters:
    ///   - value: the completed amount.
    ///   - total: the whole; 1 by default.
    public init(value: Double?, total: Double = 1) {
        fraction = ProgressSpec.fraction(value ?? 0, in: 0...Self.whole(total))
        label = nil
        currentValueLabel = nil
    }

    /// The total as a range's upper bound: 0 for a negative or non-finite total.
    private static func whole(_ total: Double) -> Double { total.isFinite && total > 0 ? total : 0 }

    /// Progress with a label above the bar.
    ///
    /// - Parameters:
    ///   - value: the completed amount.
    ///   - total: the whole; 1 by default.
    ///   - label: what is measured.
    public init(value: Double?, total: Double = 1, @ViewBuilder label: () -> ViewNode) {
        fraction = ProgressSpec.fraction(value ?? 0, in: 0...Self.whole(total))
        self.label = label()
        currentValueLabel = nil
    }

    /// Progress with a label above and a current value below the bar.
    ///
    /// - Parameters:
    ///   - value: the completed amount.
    ///   - total: the whole; 1 by default.
    ///   - label: what is measured.
    ///   - currentValueLabel: the value, written.
    public init(
        value: Double?, total: Double = 1, @ViewBuilder label: () -> ViewNode,
        @ViewBuilder currentValueLabel: () -> ViewNode
    ) {
        fraction = ProgressSpec.fraction(value ?? 0, in: 0...Self.whole(total))
        self.label = label()
        self.currentValueLabel = currentValueLabel()
    }

    /// Progress with a title above the bar.
    ///
    /// - Parameters:
    ///   - title: the title.
    ///   - value: the completed amount.
    ///   - total: the whole; 1 by default.
    public init(_ title: String, value: Double?, total: Double = 1) {
        self.init(value: value, total: total) { Text(title) }
    }

    /// The bar or the ring, with its labels.
    public var body: some View {
        if EnvironmentValues.current.progressViewStyle == .circular {
            ZStack {
                .primitive(ProgressSpec(kind: .ring, fraction: fraction))
                if let currentValueLabel { currentValueLabel.font(.caption2) }
            }
        } else {
            VStack(alignment: .leading, spacing: 4) {
                if let label { label }
                .primitive(ProgressSpec(kind: .bar, fraction: fraction))
                if let currentValueLabel { currentValueLabel.font(.caption).foregroundStyle(.secondary) }
            }
        }
    }
}

/// A progress bar, ring or gauge track: sized by its kind, drawn as shapes — a capsule track
/// and fill, or a ring's arcs — in the tint over the tertiary colour (a placeholder's in grey).
extension ProgressSpec: ViewBehavior {
    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        switch kind {
        case .bar, .barMarker: Size(width: proposal.width ?? 10, height: barHeight)
        case .ring, .openRingMarker: Size(width: proposal.width ?? 32, height: proposal.height ?? 32)
        }
    }

    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        let tint =
            environment.redacted
            ? Color.secondary.opacity(0.4) : environment.resolvedTint.resolved(against: environment.foreground)
        let track = Color.tertiary.resolved(against: environment.foreground)
        switch kind {
        case .bar, .barMarker:
            let frame = rect.aligning(Size(width: rect.width, height: barHeight), .center)
            items += bar(in: frame, tint: tint, track: track)
        case .ring, .openRingMarker:
            items += ring(in: rect, tint: tint, track: track)
        }
    }

    package func describe(_ children: [String]) -> String { "Progress" }

    /// The height of a bar: its thickness, or its marker's diameter.
    private var barHeight: Double {
        let thickness = thickness ?? ProgressSpec.barThickness
        return kind == .barMarker ? max(thickness, 8) : thickness
    }

    /// A bar's track and its fill from the leading edge (at least a round dot, so a small value
    /// still shows), or its marker: a dot at the value.
    private func bar(in rect: Rect, tint: Color, track: Color) -> [DisplayItem] {
        let thickness = min(rect.height, self.thickness ?? ProgressSpec.barThickness)
        let bar = Rect(x: rect.minX, y: rect.midY - thickness / 2, width: rect.width, height: thickness)
        var items: [DisplayItem] = [.shape(.capsule, .color(track), bar, redacted: false)]
        if kind == .bar {
            guard fraction > 0 else { return items }
            let width = max(thickness, bar.width * fraction)
            items.append(
                .shape(
                    .capsule, .color(tint), Rect(x: bar.minX, y: bar.minY, width: width, height: thickness),
                    redacted: false))
        } else {
            let radius = rect.height / 2
            let x = bar.minX + radius + (bar.width - 2 * radius) * fraction
            items.append(.shape(.circle, .color(tint), Self.circle(Point(x: x, y: rect.midY), radius), redacted: false))
        }
        return items
    }

    /// A ring that starts at the top, its track and its filled arc; or a gauge's ring open at
    /// the bottom (270°) with a dot at the value, ringed by a gap as WidgetKit draws it.
    private func ring(in rect: Rect, tint: Color, track: Color) -> [DisplayItem] {
        let side = min(rect.width, rect.height)
        let lineWidth = thickness ?? max(2, side * 0.1)
        let radius = (side - lineWidth) / 2
        guard radius > 0 else { return [] }
        let center = Point(x: rect.midX, y: rect.midY)
        let open = kind == .openRingMarker
        let start = open ? Double.pi * 3 / 4 : -Double.pi / 2
        let sweep = open ? Double.pi * 3 / 2 : 2 * Double.pi
        let circle = Self.circle(center, radius)
        var items: [DisplayItem] = [
            .stroke(
                .arc(start: start, sweep: sweep), .color(open ? tint.opacity(0.35) : track),
                StrokeStyle(lineWidth: lineWidth, lineCap: open ? .round : .butt), inside: false, circle,
                redacted: false)
        ]
        if open {
            let angle = start + sweep * fraction
            let dot = Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            items.append(.clear(.circle, Self.circle(dot, lineWidth * 0.75)))
            items.append(.shape(.circle, .color(tint), Self.circle(dot, lineWidth * 0.5), redacted: false))
        } else if fraction > 0 {
            items.append(
                .stroke(
                    .arc(start: start, sweep: sweep * fraction), .color(tint),
                    StrokeStyle(lineWidth: lineWidth, lineCap: .round), inside: false, circle, redacted: false))
        }
        return items
    }

    /// The square around a circle.
    private static func circle(_ center: Point, _ radius: Double) -> Rect {
        Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }
}
