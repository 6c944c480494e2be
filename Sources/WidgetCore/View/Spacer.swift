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
