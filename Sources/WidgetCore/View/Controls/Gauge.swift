/// A value within bounds, as SwiftUI's `Gauge`, in the styles WidgetKit uses:
/// `.linearCapacity` (the default), `.accessoryCircular`, `.accessoryCircularCapacity`,
/// `.accessoryLinear` and `.accessoryLinearCapacity`.
///
/// ```swift
/// Gauge(value: level) {
///     Text("HP")
/// } currentValueLabel: {
///     Text(percentText(level))
/// }
/// .gaugeStyle(.accessoryCircularCapacity)
/// ```
public struct Gauge: View {
    private let fraction: Double
    private let label: ViewNode
    private let currentValueLabel: ViewNode?
    private let minimumValueLabel: ViewNode?
    private let maximumValueLabel: ViewNode?

    /// A gauge with a label.
    ///
    /// - Parameters:
    ///   - value: the value (clamped to the bounds).
    ///   - bounds: the range; `0...1` by default.
    ///   - label: what is measured.
    public init(value: Double, in bounds: ClosedRange<Double> = 0...1, @ViewBuilder label: () -> ViewNode) {
        fraction = ProgressSpec.fraction(value, in: bounds)
        self.label = label()
        currentValueLabel = nil
        minimumValueLabel = nil
        maximumValueLabel = nil
    }

    /// A gauge with a label and its current value written.
    ///
    /// - Parameters:
    ///   - value: the value (clamped to the bounds).
    ///   - bounds: the range; `0...1` by default.
    ///   - label: what is measured.
    ///   - currentValueLabel: the value, written.
    public init(
        value: Double, in bounds: ClosedRange<Double> = 0...1, @ViewBuilder label: () -> ViewNode,
        @ViewBuilder currentValueLabel: () -> ViewNode
    ) {
        fraction = ProgressSpec.fraction(value, in: bounds)
        self.label = label()
        self.currentValueLabel = currentValueLabel()
        minimumValueLabel = nil
        maximumValueLabel = nil
    }

    /// A gauge with a label, its current value and its bounds written.
    ///
    /// - Parameters:
    ///   - value: the value (clamped to the bounds).
    ///   - bounds: the range; `0...1` by default.
    ///   - label: what is measured.
    ///   - currentValueLabel: the value, written.
    ///   - minimumValueLabel: the lower bound, written.
    ///   - maximumValueLabel: the upper bound, written.
    public init(
        value: Double, in bounds: ClosedRange<Double> = 0...1, @ViewBuilder label: () -> ViewNode,
        @ViewBuilder currentValueLabel: () -> ViewNode, @ViewBuilder minimumValueLabel: () -> ViewNode,
        @ViewBuilder maximumValueLabel: () -> ViewNode
    ) {
        fraction = ProgressSpec.fraction(value, in: bounds)
        self.label = label()
        self.currentValueLabel = currentValueLabel()
        self.minimumValueLabel = minimumValueLabel()
        self.maximumValueLabel = maximumValueLabel()
    }

    private func progress(_ kind: ProgressSpec.Kind, thickness: Double? = nil) -> ViewNode {
        .primitive(ProgressSpec(kind: kind, fraction: fraction, thickness: thickness))
    }

    /// The gauge in the environment's style.
    public var body: some View {
        switch EnvironmentValues.current.gaugeStyle {
        case .accessoryCircular:
            ZStack {
                progress(.openRingMarker)
                (currentValueLabel ?? label).font(.system(size: 15, weight: .semibold)).minimumScaleFactor(0.5)
                    .lineLimit(1).padding(8)
                // The bounds sit in the ring's opening, between its two ends.
                GeometryReader { [minimumValueLabel, maximumValueLabel] proxy in
                    let side = min(proxy.size.width, proxy.size.height)
                    HStack(spacing: 0) {
                        minimumValueLabel ?? .empty
                        Spacer(minLength: 0)
                        maximumValueLabel ?? .empty
                    }
                    .font(.system(size: max(6, side * 0.12), weight: .semibold)).lineLimit(1)
                    .minimumScaleFactor(0.6)
                    .frame(width: side * 0.42)
                    .frame(width: proxy.size.width, height: proxy.size.height, alignment: .bottom)
                    .padding(EdgeInsets(bottom: side * 0.1))
                }
            }
        case .accessoryCircularCapacity:
            ZStack {
                progress(.ring)
                (currentValueLabel ?? label).font(.system(size: 15, weight: .semibold)).minimumScaleFactor(0.5)
                    .lineLimit(1).padding(8)
            }
        case .accessoryLinear:
            VStack(alignment: .leading, spacing: 3) {
                label
                HStack(spacing: 4) {
                    minimumValueLabel ?? .empty
                    progress(.barMarker)
                    maximumValueLabel ?? .empty
                }
                .font(.caption2)
            }
        case .accessoryLinearCapacity:
            VStack(alignment: .leading, spacing: 3) {
                label
                progress(.bar, thickness: 6)
                currentValueLabel?.font(.caption2) ?? .empty
            }
        default:
            VStack(alignment: .leading, spacing: 4) {
                label
                progress(.bar, thickness: 6)
                HStack(spacing: 0) {
                    minimumValueLabel ?? currentValueLabel ?? .empty
                    Spacer(minLength: 4)
                    maximumValueLabel ?? .empty
                }
                .font(.caption2).foregroundStyle(.secondary)
            }
        }
    }
}
