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
        var frame = rect
        if kind == .bar || kind == .barMarker {
            frame = rect.aligning(Size(width: rect.width, height: barHeight), .center)
        }
        items.append(
            .progress(
                self, frame, tint: environment.resolvedTint.resolved(against: environment.foreground),
                track: Color.tertiary.resolved(against: environment.foreground), redacted: environment.redacted))
    }

    package func describe(_ children: [String]) -> String { "Progress" }

    /// The height of a bar: its thickness, or its marker's diameter.
    private var barHeight: Double {
        let thickness = thickness ?? ProgressSpec.barThickness
        return kind == .barMarker ? max(thickness, 8) : thickness
    }
}
