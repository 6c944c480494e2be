/// A title with an icon, as SwiftUI's `Label`: the icon, then the title, in one line.
///
/// ```swift
/// Label("Full in 2 hours", systemImage: "heart.fill")
/// Label { Text(hero.name) } icon: { Text(hero.emoji) }
/// ```
///
/// `.labelStyle(.iconOnly)` and `.titleOnly` show one part.
public struct Label: View {
    private let title: ViewNode
    private let icon: ViewNode

    /// A label with a symbol.
    ///
    /// - Parameters:
    ///   - title: the text.
    ///   - systemImage: an SF Symbols name (see ``SymbolCatalog``).
    public init(_ title: String, systemImage: String) {
        self.title = Text(title).node
        icon = Image(systemName: systemImage).node
    }

    /// A label with any title and icon.
    ///
    /// - Parameters:
    ///   - title: the title.
    ///   - icon: the icon.
    public init(@ViewBuilder title: () -> ViewNode, @ViewBuilder icon: () -> ViewNode) {
        self.title = title()
        self.icon = icon()
    }

    /// The icon and title side by side, as the label style says.
    public var body: some View {
        switch EnvironmentValues.current.labelStyle {
        case .titleOnly: title
        case .iconOnly: icon
        default:
            HStack(alignment: .center, spacing: 6) {
                icon
                title
            }
        }
    }
}
