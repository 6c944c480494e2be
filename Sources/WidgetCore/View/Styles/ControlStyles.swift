/// How a ``Label`` shows its title and icon, as SwiftUI's label styles.
public struct LabelStyle: Sendable, Hashable {
    package let name: String

    /// Title and icon (the default).
    public static var automatic: LabelStyle { LabelStyle(name: "automatic") }
    /// Title and icon.
    public static var titleAndIcon: LabelStyle { LabelStyle(name: "titleAndIcon") }
    /// The title only.
    public static var titleOnly: LabelStyle { LabelStyle(name: "titleOnly") }
    /// The icon only.
    public static var iconOnly: LabelStyle { LabelStyle(name: "iconOnly") }
}

/// How a ``ProgressView`` draws, as SwiftUI's progress view styles.
public struct ProgressViewStyle: Sendable, Hashable {
    package let name: String

    /// A linear bar (the default).
    public static var automatic: ProgressViewStyle { ProgressViewStyle(name: "automatic") }
    /// A bar filled from the leading edge.
    public static var linear: ProgressViewStyle { ProgressViewStyle(name: "linear") }
    /// A ring filled clockwise from the top: a capacity ring, as in a widget (never a spinner).
    public static var circular: ProgressViewStyle { ProgressViewStyle(name: "circular") }
}

/// How a ``Gauge`` draws, as SwiftUI's gauge styles.
public struct GaugeStyle: Sendable, Hashable {
    package let name: String

    /// `linearCapacity` (iOS's default).
    public static var automatic: GaugeStyle { GaugeStyle(name: "automatic") }
    /// A bar filled to the value, the label above and the bounds below.
    public static var linearCapacity: GaugeStyle { GaugeStyle(name: "linearCapacity") }
    /// A ring open at the bottom with a marker at the value, the current value in the middle
    /// and the bounds in the opening (Lock Screen circular widgets).
    public static var accessoryCircular: GaugeStyle { GaugeStyle(name: "accessoryCircular") }
    /// A closed ring filled to the value, the current value in the middle.
    public static var accessoryCircularCapacity: GaugeStyle { GaugeStyle(name: "accessoryCircularCapacity") }
    /// A thin bar with a marker at the value, the bounds at its ends.
    public static var accessoryLinear: GaugeStyle { GaugeStyle(name: "accessoryLinear") }
    /// A thin bar filled to the value, the label above.
    public static var accessoryLinearCapacity: GaugeStyle { GaugeStyle(name: "accessoryLinearCapacity") }
}

/// How a ``Button`` draws at rest, as SwiftUI's button styles.
public struct ButtonStyle: Sendable, Hashable {
    package let name: String

    /// `bordered`, as buttons in widgets look by default.
    public static var automatic: ButtonStyle { ButtonStyle(name: "automatic") }
    /// The label in the tint, on a capsule of the tint at 15 %.
    public static var bordered: ButtonStyle { ButtonStyle(name: "bordered") }
    /// A white label on a capsule of the tint.
    public static var borderedProminent: ButtonStyle { ButtonStyle(name: "borderedProminent") }
    /// The label in the tint, no background.
    public static var borderless: ButtonStyle { ButtonStyle(name: "borderless") }
    /// The label as it is.
    public static var plain: ButtonStyle { ButtonStyle(name: "plain") }
}

/// How a ``Toggle`` draws at rest, as SwiftUI's toggle styles.
public struct ToggleStyle: Sendable, Hashable {
    package let name: String

    /// `switch`.
    public static var automatic: ToggleStyle { ToggleStyle(name: "automatic") }
    /// The label, then a switch: green (or the tint) when on.
    public static var `switch`: ToggleStyle { ToggleStyle(name: "switch") }
    /// A button that is filled with the tint when on.
    public static var button: ToggleStyle { ToggleStyle(name: "button") }
}
