/// Flexible space that pushes its neighbours apart along a stack's axis, as SwiftUI's `Spacer`.
public struct Spacer: PrimitiveView {
    /// The least space it takes; `nil` for 0.
    public let minLength: Double?

    /// - Parameter minLength: the least space it takes; `nil` for 0.
    public init(minLength: Double? = nil) {
        self.minLength = minLength
    }

    /// The node the layout engine sees.
    public var primitiveNode: ViewNode { .spacer(minLength: minLength) }
}

/// A spacer's behaviour. In a stack it grows along the axis (the stack sizes it, by its
/// ``StackRole``); outside one it is flexible both ways. It draws nothing.
package struct SpacerBehavior: ViewBehavior {
    package var minLength: Double?

    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        Size(width: max(minLength ?? 0, proposal.width ?? 0), height: max(minLength ?? 0, proposal.height ?? 0))
    }

    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {}

    package var stackRole: StackRole { .spacer(minLength: minLength) }

    package func describe(_ children: [String]) -> String { "Spacer" }
}

extension ViewNode {
    package static func spacer(minLength: Double?) -> ViewNode { .primitive(SpacerBehavior(minLength: minLength)) }
}
