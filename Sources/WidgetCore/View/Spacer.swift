/// Flexible space that pushes its neighbours apart along a stack's axis, as SwiftUI's `Spacer`.
public struct Spacer: PrimitiveView {
    public let minLength: Double?

    /// - Parameter minLength: the least space it takes; `nil` for 0.
    public init(minLength: Double? = nil) {
        self.minLength = minLength
    }

    public var primitiveNode: ViewNode { .spacer(minLength: minLength) }
}
