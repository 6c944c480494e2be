/// Something a widget shows, as SwiftUI's `View`: a text, a stack, a chart, or a view of
/// your own built from others in its `body`.
///
/// Views are plain values and do no drawing. A view of your own composes like SwiftUI:
///
/// ```swift
/// struct HealthBar: View {
///     var level: Double
///     @Environment(\.widgetFamily) var family
///
///     var body: some View {
///         HStack(spacing: 4) {
///             Text("HP").font(.caption)
///             Capsule().fill(.green).frame(width: 80 * level, height: 6)
///         }
///     }
/// }
/// ```
///
/// A `body` is evaluated where the view is laid out, with the environment at that place,
/// so `@Environment` reads the widget's family, colour scheme, locale and the time shown.
public protocol View: Sendable {
    /// The type of view this one is made of; `Never` for views WidgetRender draws itself.
    associatedtype Body: View

    /// The view's content, built from other views.
    @ViewBuilder var body: Body { get }

    /// The node this view is erased to, chosen when the type is compiled: its own node for a
    /// ``PrimitiveView``, its `body` evaluated later for the others. Provided by WidgetRender;
    /// do not implement it. (A cast to `any PrimitiveView` for every new view type made the
    /// runtime search every protocol conformance in the program: a third of that search's time
    /// in a cold `render`.)
    var _erasedNode: ViewNode { get }
}

extension View {
    /// A view with a body: evaluated where it is laid out.
    public var _erasedNode: ViewNode { ViewNode(.composite(CompositeBody(self))) }
}

/// A view WidgetRender lays out and draws itself (text, stacks, shapes, charts).
///
/// Its ``primitiveNode`` is what the layout engine sees; it has no `body`. Write your
/// own views as ``View``s with a `body`; this protocol is how the built-in ones are made.
public protocol PrimitiveView: View where Body == Never {
    /// The node the layout engine sizes and the renderer draws.
    var primitiveNode: ViewNode { get }
}

extension PrimitiveView {
    /// A primitive view is its node.
    public var _erasedNode: ViewNode { primitiveNode }

    /// Primitive views have no body; asking for one is a programming error.
    public var body: Never {
        return preconditionFailure("\(Self.self) is drawn by WidgetRender and has no body")
    }
}

extension Never: View {
    /// `Never` has no body, as in SwiftUI.
    public typealias Body = Never

    /// Never called: there is no value of `Never`.
    public var body: Never {
        return preconditionFailure("Never has no body")
    }
}

extension View {
    /// This view as a type-erased node, as SwiftUI's `AnyView(self)`.
    public var node: ViewNode { ViewNode(self) }
}
