/// The size a ``GeometryReader`` was given.
public struct GeometryProxy: Sendable, Hashable {
    /// The size in points.
    public var size: Size

    /// The reader's frame in its own coordinates (origin at zero).
    ///
    /// - Parameter space: `.local`.
    /// - Returns: the frame.
    public func frame(in space: CoordinateSpace) -> Rect {
        Rect(x: 0, y: 0, width: size.width, height: size.height)
    }
}

/// A coordinate space, as SwiftUI's `CoordinateSpace`; WidgetRender has the local one.
public struct CoordinateSpace: Sendable, Hashable {
    private let name: String
    /// The view's own space.
    public static var local: CoordinateSpace { CoordinateSpace(name: "local") }
}

/// A view built from the space it is offered, as SwiftUI's `GeometryReader`: it takes all the
/// space it is offered and places its content at the top leading corner.
///
/// ```swift
/// GeometryReader { proxy in
///     Capsule().fill(.green).frame(width: proxy.size.width * level)
/// }
/// .frame(height: 8)
/// ```
public struct GeometryReader: PrimitiveView {
    private let content: GeometryContent

    /// - Parameter content: the view for a size.
    public init(@ViewBuilder content: @escaping @Sendable (GeometryProxy) -> ViewNode) {
        self.content = GeometryContent(make: content)
    }

    /// The node the layout engine sees.
    public var primitiveNode: ViewNode { .primitive(content) }
}

/// The content of a ``GeometryReader``, made when its size is known.
package struct GeometryContent: Sendable {
    let make: @Sendable (GeometryProxy) -> ViewNode

    /// The content for a size, with `environment` as the one `@Environment` reads.
    package func evaluate(_ size: Size, in environment: EnvironmentValues) -> ViewNode {
        EnvironmentValues.$current.withValue(environment) { make(GeometryProxy(size: size)) }
    }
}

extension GeometryContent: ViewBehavior {
    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        proposal.replacingUnspecifiedDimensions()
    }

    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        let child = evaluate(rect.size, in: environment).resolved(in: environment)
        let size = pass.size(of: child, proposal: ProposedViewSize(rect.size), environment: environment)
        pass.place(child, in: rect.aligning(size, .topLeading), environment: environment, into: &items)
    }

    package func describe(_ children: [String]) -> String { "GeometryReader" }
}
