import Foundation

/// A part of a widget a person can tap: a ``Link``, a ``Button`` or a ``Toggle``; the manifest
/// records its rectangle.
package struct HitTarget: Sendable, Hashable {
    /// `link`, `button` or `toggle`.
    package var kind: String
    /// A link's destination.
    package var url: URL?
    /// The intent's type and title, for buttons and toggles.
    package var intent: String?
    /// A toggle's state.
    package var isOn: Bool?

    package init(kind: String, url: URL? = nil, intent: String? = nil, isOn: Bool? = nil) {
        self.kind = kind
        self.url = url
        self.intent = intent
        self.isOn = isOn
    }

    static func describe<I: AppIntent>(_ intent: I) -> String { "\(I.self) (\(I.title))" }
}

/// A view that opens a URL when tapped, as SwiftUI's `Link`; its rectangle and URL go to the
/// manifest. WidgetKit offers links in medium and larger widgets; a small widget has one tap
/// target, its `widgetURL`.
///
/// ```swift
/// Link(destination: URL(string: "game://match/12")!) { MatchRow(match: match) }
/// ```
public struct Link: PrimitiveView {
    /// The node the layout engine sees.
    public let primitiveNode: ViewNode

    /// A link around any view.
    ///
    /// - Parameters:
    ///   - destination: the URL to open.
    ///   - label: what is drawn.
    public init(destination: URL, @ViewBuilder label: () -> ViewNode) {
        primitiveNode = .primitive(HitTargetArea(target: HitTarget(kind: "link", url: destination)), [label()])
    }

    /// A link with a title, drawn in the tint.
    ///
    /// - Parameters:
    ///   - title: the text.
    ///   - destination: the URL to open.
    public init(_ title: String, destination: URL) {
        primitiveNode = .primitive(
            HitTargetArea(target: HitTarget(kind: "link", url: destination)),
            [.primitive(StyledControl.tinted, [Text(title).node])])
    }
}

/// A button that runs an intent, as SwiftUI's `Button(intent:)` in an interactive widget, drawn
/// as it looks at rest (`.bordered` by default; see `buttonStyle(_:)`); its rectangle and intent
/// go to the manifest.
///
/// ```swift
/// Button(intent: ToggleTodoIntent(id: todo.id)) {
///     Image(systemName: todo.isDone ? "checkmark.circle.fill" : "circle")
/// }
/// .buttonStyle(.plain)
/// ```
public struct Button: PrimitiveView {
    /// The node the layout engine sees.
    public let primitiveNode: ViewNode

    /// A button around any view.
    ///
    /// - Parameters:
    ///   - intent: what the button runs.
    ///   - label: what is drawn.
    public init<I: AppIntent>(intent: I, @ViewBuilder label: () -> ViewNode) {
        primitiveNode = .primitive(
            HitTargetArea(target: HitTarget(kind: "button", intent: HitTarget.describe(intent))),
            [.primitive(StyledControl.button, [label()])])
    }

    /// A button with a title.
    ///
    /// - Parameters:
    ///   - title: the text.
    ///   - intent: what the button runs.
    public init<I: AppIntent>(_ title: String, intent: I) {
        self.init(intent: intent) { Text(title) }
    }
}

/// A switch that runs an intent, as SwiftUI's `Toggle(isOn:intent:)` in an interactive widget,
/// drawn as it looks at rest: its label, then a switch (green, or the tint, when on); with
/// `.toggleStyle(.button)` a button filled when on. Its rectangle, intent and state go to the
/// manifest.
///
/// ```swift
/// Toggle(isOn: todo.isDone, intent: ToggleTodoIntent(id: todo.id)) { Text(todo.title) }
/// ```
public struct Toggle: PrimitiveView {
    /// The node the layout engine sees.
    public let primitiveNode: ViewNode

    /// A toggle with any label.
    ///
    /// - Parameters:
    ///   - isOn: its state.
    ///   - intent: what it runs when tapped.
    ///   - label: what it is about.
    public init<I: AppIntent>(isOn: Bool, intent: I, @ViewBuilder label: () -> ViewNode) {
        primitiveNode = .primitive(
            HitTargetArea(target: HitTarget(kind: "toggle", intent: HitTarget.describe(intent), isOn: isOn)),
            [.primitive(StyledControl.toggle(isOn: isOn), [label()])])
    }

    /// A toggle with a title.
    ///
    /// - Parameters:
    ///   - title: the text.
    ///   - isOn: its state.
    ///   - intent: what it runs when tapped.
    public init<I: AppIntent>(_ title: String, isOn: Bool, intent: I) {
        self.init(isOn: isOn, intent: intent) { Text(title) }
    }
}

/// A tappable area around content: drawn as nothing, its rectangle recorded for the manifest.
package struct HitTargetArea: ModifierBehavior {
    package var target: HitTarget

    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        children.first.map { pass.size(of: $0, proposal: proposal, environment: environment) } ?? .zero
    }

    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        items.append(.hitTarget(target, rect))
        guard let child = children.first else { return }
        pass.place(child, in: rect, environment: environment, into: &items)
    }

    package func ignoresProposedHeight(_ children: [ViewNode], pass: any LayoutPass) -> Bool {
        children.first.map(pass.ignoresProposedHeight) ?? true
    }

    package func describe(_ children: [String]) -> String {
        "Hit[\(target.kind)](\(children.joined(separator: "; ")))"
    }
}

/// A control's label drawn as the environment's style says: a button, a toggle, or a link's
/// title in the tint. It becomes stacks, shapes and text where the environment is known.
package enum StyledControl: ModifierBehavior {
    case button
    case toggle(isOn: Bool)
    case tinted

    /// The control as plain views, for the environment where it is.
    private func body(_ children: [ViewNode], in environment: EnvironmentValues) -> ViewNode {
        let label = children.first ?? .empty
        switch self {
        case .button: return ButtonAppearance.button(label, in: environment)
        case .toggle(let isOn): return ButtonAppearance.toggle(isOn: isOn, label, in: environment)
        case .tinted: return ViewNode.environment(.foreground(environment.resolvedTint), label)
        }
    }

    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        pass.size(of: resolved(children, in: environment), proposal: proposal, environment: environment)
    }

    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        pass.place(resolved(children, in: environment), in: rect, environment: environment, into: &items)
    }

    package func resolved(_ children: [ViewNode], in environment: EnvironmentValues) -> ViewNode {
        body(children, in: environment).resolved(in: environment)
    }

    package func describe(_ children: [String]) -> String {
        let inner = children.joined(separator: "; ")
        switch self {
        case .button: return "Button(\(inner))"
        case .toggle(let isOn): return "Toggle[\(isOn)](\(inner))"
        case .tinted: return "Tinted(\(inner))"
        }
    }
}
