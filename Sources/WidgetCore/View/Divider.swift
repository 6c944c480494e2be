/// A thin line that separates content, as SwiftUI's `Divider`: horizontal in a `VStack` (and
/// outside stacks), vertical in an `HStack`, one pixel thick, in the separator colour.
public struct Divider: PrimitiveView {
    /// A divider.
    public init() {}

    /// The node the layout engine sees.
    public var primitiveNode: ViewNode { .primitive(DividerBehavior()) }
}

/// A divider's behaviour: a horizontal hairline outside stacks; a stack turns it across its
/// axis and draws it as long as the stack is thick (``StackRole/divider``).
package struct DividerBehavior: ViewBehavior {
    /// One pixel.
    package static func thickness(_ environment: EnvironmentValues) -> Double {
        1 / max(1, environment.displayScale)
    }

    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        Size(width: proposal.width ?? 0, height: Self.thickness(environment))
    }

    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        let thickness = Self.thickness(environment)
        items.append(
            Self.line(
                Rect(x: rect.minX, y: rect.midY - thickness / 2, width: rect.width, height: thickness), environment))
    }

    /// The line filling `rect`.
    package static func line(_ rect: Rect, _ environment: EnvironmentValues) -> DisplayItem {
        .shape(.rectangle(cornerRadius: 0), .color(.separator), rect, redacted: environment.redacted)
    }

    package var stackRole: StackRole { .divider }

    package func describe(_ children: [String]) -> String { "Divider" }
}
