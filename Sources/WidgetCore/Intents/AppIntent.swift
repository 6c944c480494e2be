/// An action a widget's button or toggle runs, as App Intents' `AppIntent`.
///
/// WidgetRender draws controls as they look at rest and records what they would run in the
/// manifest; it never calls ``perform()``.
///
/// ```swift
/// struct ToggleTodoIntent: AppIntent {
///     static let title: LocalizedStringResource = "Toggle To-Do"
///     var id = ""
///     func perform() async throws -> some IntentResult { .result() }
/// }
/// ```
public protocol AppIntent: Sendable {
    /// What the action's result is.
    associatedtype PerformResult: IntentResult = EmptyIntentResult

    /// The action's name, shown to people.
    static var title: LocalizedStringResource { get }

    /// Runs the action (never called by WidgetRender).
    func perform() async throws -> PerformResult
}

extension AppIntent where PerformResult == EmptyIntentResult {
    /// Does nothing.
    public func perform() async throws -> EmptyIntentResult { .result() }
}

/// What an intent's `perform()` returns, as App Intents' `IntentResult`.
public protocol IntentResult: Sendable {}

/// A result with no value.
public struct EmptyIntentResult: IntentResult {
    /// An empty result.
    public init() {}
}

extension IntentResult where Self == EmptyIntentResult {
    /// An empty result, as App Intents' `.result()`.
    public static func result() -> EmptyIntentResult { EmptyIntentResult() }
}
