import Foundation

/// A type-erased view: what the layout engine sizes and the renderer draws, as SwiftUI's
/// `AnyView`.
///
/// You rarely make one yourself: ``Text``, ``VStack`` and the modifiers produce nodes, and
/// `ViewNode(myView)` erases any view. Its cases are WidgetRender's own, so new kinds of
/// views can be added without breaking your code.
///
/// ```swift
/// let erased: ViewNode = ViewNode(Text("42"))
/// ```
public struct ViewNode: PrimitiveView {
    package indirect enum Kind: Sendable {
        /// Nothing: takes no space.
        case empty
        /// Several views with no container of their own (a builder's block).
        case group([ViewNode])
        /// A view with a `body`, evaluated with the environment where it is laid out.
        case composite(CompositeBody)
        /// A change to the environment (font, colour, ...) for a subtree.
        case environment(EnvironmentChange, ViewNode)
        /// The widget's removable background (`containerBackground(for: .widget)`): (background, content).
        case containerBackground(ViewNode, ViewNode)
        /// The URL the widget opens when tapped: (url, content).
        case widgetURL(URL, ViewNode)
        /// A view sized, placed and drawn by its behaviour (text, shapes, stacks, frames,
        /// layers, a user's ``Layout``…), with its children.
        case primitive(any ViewBehavior, [ViewNode])
    }

    package var kind: Kind

    package init(_ kind: Kind) {
        self.kind = kind
    }

    /// Erases a view, as `AnyView(view)`.
    ///
    /// - Parameter view: any view; a view with a `body` is evaluated later, where it is laid out.
    public init(_ view: some View) {
        self = view._erasedNode
    }

    /// The node itself.
    public var primitiveNode: ViewNode { self }

    /// Nothing: a view that takes no space and draws nothing, as SwiftUI's `EmptyView`.
    public static var empty: ViewNode { ViewNode(.empty) }

    package static func group(_ children: [ViewNode]) -> ViewNode { ViewNode(.group(children)) }
    /// A view of a behaviour with children.
    package static func primitive(_ behavior: some ViewBehavior, _ children: [ViewNode] = []) -> ViewNode {
        ViewNode(.primitive(behavior, children))
    }
    package static func environment(_ change: EnvironmentChange, _ child: ViewNode) -> ViewNode {
        ViewNode(.environment(change, child))
    }
    package static func containerBackground(_ background: ViewNode, _ content: ViewNode) -> ViewNode {
        ViewNode(.containerBackground(background, content))
    }
    package static func widgetURL(_ url: URL, _ child: ViewNode) -> ViewNode { ViewNode(.widgetURL(url, child)) }

    /// The children a stack gets from this node: a group is flattened, empty is dropped.
    /// A modifier that changes only the environment applies to each view of a group, as
    /// SwiftUI's `Group { … }.font(…)` does.
    package var flattened: [ViewNode] {
        switch kind {
        case .empty: []
        case .group(let nodes): nodes.flatMap(\.flattened)
        case .environment(let change, let child):
            if case .group = child.kind {
                child.flattened.map { .environment(change, $0) }
            } else {
                [self]
            }
        case .composite, .containerBackground, .widgetURL, .primitive:
            [self]
        }
    }

    /// The priority a stack gives this child (`layoutPriority`), looking through modifiers.
    package var layoutPriority: Double {
        switch kind {
        case .environment(_, let child), .widgetURL(_, let child): child.layoutPriority
        case .primitive(let behavior, let children): behavior.layoutPriority(of: children)
        case .empty, .group, .composite, .containerBackground: 0
        }
    }

    /// What this node is to the stack it is in (a spacer, a divider, or a view).
    package var stackRole: StackRole {
        if case .primitive(let behavior, _) = kind { return behavior.stackRole }
        return .view
    }

    /// The first `widgetURL` in a resolved tree, searched depth-first.
    package var widgetURL: URL? {
        switch kind {
        case .widgetURL(let url, _): url
        case .empty, .composite: nil
        case .group(let children), .primitive(_, let children): children.lazy.compactMap(\.widgetURL).first
        case .containerBackground(let a, let b): b.widgetURL ?? a.widgetURL
        case .environment(_, let child): child.widgetURL
        }
    }

    /// Splits off the widget's container background of a resolved tree: (background, content).
    ///
    /// Looks through modifiers that do not affect placement (environment and URL)
    /// so that `.containerBackground(...).widgetURL(...)` works in either order.
    package var containerBackgroundSplit: (background: ViewNode?, content: ViewNode) {
        switch kind {
        case .containerBackground(let background, let content): return (background, content)
        case .environment(let change, let child):
            let split = child.containerBackgroundSplit
            return (split.background.map { .environment(change, $0) }, .environment(change, split.content))
        case .widgetURL(let url, let child):
            let split = child.containerBackgroundSplit
            return (split.background, .widgetURL(url, split.content))
        case .group(let children):
            return children.count == 1 ? children[0].containerBackgroundSplit : (nil, self)
        case .empty, .composite, .primitive:
            return (nil, self)
        }
    }

    /// The tree with every view's `body` evaluated, each with the environment at its place.
    ///
    /// `@Environment` properties read `environment` as changed by the modifiers above them.
    ///
    /// - Parameter environment: the environment at the root.
    /// - Returns: a tree without composite views.
    package func resolved(in environment: EnvironmentValues) -> ViewNode {
        switch kind {
        case .empty:
            return self
        case .primitive(let behavior, let children):
            return behavior.resolved(children, in: environment)
        case .composite(let body):
            return body.evaluate(in: environment).resolved(in: environment)
        case .group(let children):
            return .group(children.map { $0.resolved(in: environment) }.flatMap(\.flattened))
        case .environment(let change, let child):
            let inner = child.resolved(in: environment.applying(change))
            if case .group(let children) = inner.kind { return .group(children.map { .environment(change, $0) }) }
            return .environment(change, inner)
        case .containerBackground(let background, let content):
            return .containerBackground(background.resolved(in: environment), content.resolved(in: environment))
        case .widgetURL(let url, let child):
            return .widgetURL(url, child.resolved(in: environment))
        }
    }

    /// A short description of the tree, for tests: `V[Text(a), Padding(Text(b))]`.
    package var treeDescription: String {
        func list(_ nodes: [ViewNode]) -> [String] { nodes.map(\.treeDescription) }
        switch kind {
        case .empty: return "empty"
        case .group(let children): return "Group[\(list(children).joined(separator: ", "))]"
        case .composite(let body): return "Composite(\(body.typeName))"
        case .environment(let change, let child): return "Env[\(change.name)](\(child.treeDescription))"
        case .containerBackground(let background, let content):
            return "ContainerBackground(\(background.treeDescription); \(content.treeDescription))"
        case .widgetURL(let url, let child): return "URL(\(url.absoluteString); \(child.treeDescription))"
        case .primitive(let behavior, let children): return behavior.describe(list(children))
        }
    }
}

/// A view with a `body`, kept until layout so its body sees the environment where it is placed.
package struct CompositeBody: Sendable {
    private let make: @Sendable () -> ViewNode
    private let type: any View.Type

    /// The view's type, for messages (named when asked: naming a type takes microseconds, and a
    /// body is made on every render).
    package var typeName: String { String(describing: type) }

    init<V: View>(_ view: V) {
        type = V.self
        make = { ViewNode(view.body) }
    }

    /// Evaluates the body with `environment` as the one `@Environment` reads.
    package func evaluate(in environment: EnvironmentValues) -> ViewNode {
        EnvironmentValues.$current.withValue(environment) { make() }
    }
}
