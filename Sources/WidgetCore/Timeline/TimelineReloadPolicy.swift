import Foundation

/// When to ask a provider for a new timeline, as WidgetKit's `TimelineReloadPolicy`.
///
/// Every policy gives the *earliest* time; WidgetKit may reload later.
public enum TimelineReloadPolicy: Hashable, Sendable {
    /// Ask again once the last entry's date has passed (WidgetKit's default).
    case atEnd
    /// Ask again at this date, which may fall before or after the last entry.
    case after(Date)
    /// Ask again only when the app says so.
    case never

    /// A short name for the manifest: `atEnd`, `after` or `never`.
    public var name: String {
        switch self {
        case .atEnd: "atEnd"
        case .after: "after"
        case .never: "never"
        }
    }
}
