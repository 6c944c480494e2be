/// WidgetKit's view modifiers for states a rendered widget is never in, so widget code written
/// for iOS 15–17 compiles unchanged and draws as iOS draws it in the state rendered.
extension View {
    /// Marks the view as private data, hidden on a locked device (iOS 15). A render is of an
    /// unlocked device, so the view is drawn as it is; `.redacted(reason: .privacy)` on a
    /// container redacts it, as it redacts everything inside.
    public func privacySensitive(_ sensitive: Bool = true) -> ViewNode { node }

    /// Marks the view as showing state an interactive button or toggle may change (iOS 17);
    /// iOS dims it while the button's intent runs. No intent runs in a render, so it is drawn
    /// as it is.
    public func invalidatableContent(_ invalidatable: Bool = true) -> ViewNode { node }

    /// A label for an accessory widget's complication (iOS 16). Only watchOS shows it: iOS
    /// ignores it on the Lock Screen, and so does this (`\.showsWidgetLabel` is `false`).
    public func widgetLabel(_ label: String) -> ViewNode { node }

    /// A label view for an accessory widget's complication (iOS 16); ignored, as iOS ignores it
    /// on the Lock Screen.
    public func widgetLabel(@ViewBuilder label: () -> ViewNode) -> ViewNode { node }
}

/// The standard background of a Lock Screen widget (iOS 16), as WidgetKit's
/// `AccessoryWidgetBackground`: put it in a `ZStack` behind the content. In
/// `accessoryCircular` it fills the circle, in `accessoryRectangular` a rounded rectangle, both
/// in a translucent white (as the built-in widgets' own); other families draw nothing, as iOS
/// shows it only in those.
public struct AccessoryWidgetBackground: View {
    @Environment(\.widgetFamily) private var family

    /// The background.
    public init() {}

    /// The translucent shape of the family.
    public var body: some View {
        switch family {
        case .accessoryCircular: Circle().fill(Self.fill)
        case .accessoryRectangular: RoundedRectangle(cornerRadius: 12).fill(Self.fill)
        default: ViewNode.empty
        }
    }

    /// The background's colour: white at 18 %, which the vibrant mode draws as the Lock
    /// Screen's translucent grey.
    static let fill = Color.white.opacity(0.18)
}
