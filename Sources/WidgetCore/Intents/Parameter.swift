import Foundation

/// A setting of a ``WidgetConfigurationIntent``, as App Intents' `@Parameter`.
///
/// ```swift
/// @Parameter(title: "Character", default: .knight) var character: Character
/// @Parameter(title: "Show level", default: true) var showsLevel: Bool
/// @Parameter(title: "Goal", default: 10, inclusiveRange: (1, 100)) var goal: Int
/// ```
///
/// The value types are `String`, `Int`, `Bool` and enums conforming to ``AppEnum``.
@propertyWrapper
public struct Parameter<Value: IntentValue>: Sendable {
    /// The title shown in the edit sheet and in `widgetrender list`.
    public let title: String
    /// One sentence on what it changes.
    public let summary: String
    private let defaultValue: Value
    private let range: ClosedRange<Int>?
    private let storage: Storage

    /// A parameter with a default.
    ///
    /// - Parameters:
    ///   - title: the title shown.
    ///   - description: one sentence on what it changes.
    ///   - default: the value until a person changes it.
    public init(title: LocalizedStringResource, description: String = "", default: Value) {
        self.title = title
        summary = description
        defaultValue = `default`
        range = nil
        storage = Storage(`default`)
    }

    /// The value: the default, or what the person chose.
    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.value = newValue }
    }

    private final class Storage: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Value

        init(_ value: Value) {
            stored = value
        }

        var value: Value {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }
}

extension Parameter where Value == Int {
    /// A whole-number parameter with bounds.
    ///
    /// - Parameters:
    ///   - title: the title shown.
    ///   - description: one sentence on what it changes.
    ///   - default: the value until a person changes it.
    ///   - inclusiveRange: the smallest and largest allowed values.
    public init(
        title: LocalizedStringResource, description: String = "", default: Int, inclusiveRange: (Int, Int)
    ) {
        self.title = title
        summary = description
        defaultValue = `default`
        range = min(inclusiveRange.0, inclusiveRange.1)...max(inclusiveRange.0, inclusiveRange.1)
        storage = Storage(`default`)
    }
}

/// A `@Parameter` seen through the intent's mirror.
protocol IntentParameterField {
    func definition(key: String) -> WidgetParameter
    func assign(_ value: ParameterValue)
}

extension Parameter: IntentParameterField {
    func definition(key: String) -> WidgetParameter {
        WidgetParameter(
            key: key, title: title, summary: summary, kind: Value.parameterKind(range: range),
            defaultValue: defaultValue.parameterValue.description)
    }

    func assign(_ value: ParameterValue) {
        if let typed = Value(parameterValue: value) { wrappedValue = typed }
    }
}

/// A type an intent ``Parameter`` can hold.
public protocol IntentValue: Sendable {
    /// The parameter kind for this type: text, an integer range, a boolean or a choice.
    ///
    /// - Parameter range: bounds given with `inclusiveRange:`, for integers.
    /// - Returns: the kind.
    static func parameterKind(range: ClosedRange<Int>?) -> WidgetParameter.Kind
    /// The value from a validated parameter value.
    ///
    /// - Parameter parameterValue: the validated value.
    init?(parameterValue: ParameterValue)
    /// The value as a parameter value.
    var parameterValue: ParameterValue { get }
}

extension String: IntentValue {
    /// Text of up to 200 characters.
    public static func parameterKind(range: ClosedRange<Int>?) -> WidgetParameter.Kind { .text(maxLength: 200) }
    /// The string of a text value.
    public init?(parameterValue: ParameterValue) {
        guard case .string(let value) = parameterValue else { return nil }
        self = value
    }
    /// The string as a text value.
    public var parameterValue: ParameterValue { .string(self) }
}

extension Int: IntentValue {
    /// A whole number in the given bounds (any `Int` without).
    public static func parameterKind(range: ClosedRange<Int>?) -> WidgetParameter.Kind {
        .integer(range ?? Int.min...Int.max)
    }
    /// The number of an integer value.
    public init?(parameterValue: ParameterValue) {
        guard case .integer(let value) = parameterValue else { return nil }
        self = value
    }
    /// The number as an integer value.
    public var parameterValue: ParameterValue { .integer(self) }
}

extension Bool: IntentValue {
    /// `true` or `false`.
    public static func parameterKind(range: ClosedRange<Int>?) -> WidgetParameter.Kind { .boolean }
    /// The flag of a boolean value.
    public init?(parameterValue: ParameterValue) {
        guard case .boolean(let value) = parameterValue else { return nil }
        self = value
    }
    /// The flag as a boolean value.
    public var parameterValue: ParameterValue { .boolean(self) }
}

/// An enum a person picks from, as App Intents' `AppEnum`: its raw values are what
/// `--param` takes, its display representations what the edit sheet shows.
///
/// ```swift
/// enum Character: String, AppEnum {
///     case knight, archer
///     static let typeDisplayRepresentation: TypeDisplayRepresentation = "Character"
///     static let caseDisplayRepresentations: [Character: DisplayRepresentation] = [
///         .knight: "Sir Galahad", .archer: "Robin",
///     ]
/// }
/// ```
public protocol AppEnum: OptionalIntentValue, CaseIterable, RawRepresentable, Hashable where RawValue == String {
    /// What the type is called.
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// What each case is called.
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

extension AppEnum {
    /// A choice among the cases, labelled with their display representations.
    public static func parameterKind(range: ClosedRange<Int>?) -> WidgetParameter.Kind {
        .choice(
            allCases.map { .init(value: $0.rawValue, label: caseDisplayRepresentations[$0]?.title ?? $0.rawValue) })
    }
    /// The case whose raw value was chosen.
    public init?(parameterValue: ParameterValue) {
        guard case .string(let value) = parameterValue else { return nil }
        self.init(rawValue: value)
    }
    /// The case's raw value as a choice.
    public var parameterValue: ParameterValue { .string(rawValue) }
    /// The case whose raw value is `text`.
    public init?(parameterText text: String) { self.init(rawValue: text) }
    /// The case's raw value.
    public var parameterText: String { rawValue }
}

/// A value a parameter may leave unset (`@Parameter var country: Country?`): an ``AppEnum``, or
/// an ``INObject`` of an iOS 14 intent.
public protocol OptionalIntentValue: IntentValue {
    /// The value that `text` (never empty) names, or `nil`.
    init?(parameterText text: String)
    /// The text that names the value.
    var parameterText: String { get }
}

extension Parameter {
    /// A choice a person may leave unset, as App Intents' optional `@Parameter`: `nil` until
    /// they pick one (`--param key=` sets it back to none). The provider decides what none means,
    /// as iOS widgets do (`configuration.country ?? .unitedStates`).
    ///
    /// ```swift
    /// @Parameter(title: "Country") var country: Country?
    /// ```
    ///
    /// - Parameters:
    ///   - title: the title shown.
    ///   - description: one sentence on what it changes.
    public init<Wrapped: OptionalIntentValue>(title: LocalizedStringResource, description: String = "")
    where Value == Wrapped? {
        self.init(title: title, description: description, default: nil)
    }
}

extension Optional: IntentValue where Wrapped: OptionalIntentValue {
    /// The enum's choices, after an empty value for none.
    public static func parameterKind(range: ClosedRange<Int>?) -> WidgetParameter.Kind {
        guard case .choice(let choices) = Wrapped.parameterKind(range: range) else {
            return Wrapped.parameterKind(range: range)
        }
        return .choice([.init(value: "", label: "None")] + choices)
    }

    /// The value the text names, or none for an empty value.
    public init?(parameterValue: ParameterValue) {
        guard case .string(let value) = parameterValue else { return nil }
        if value.isEmpty {
            self = .none
            return
        }
        guard let wrapped = Wrapped(parameterText: value) else { return nil }
        self = .some(wrapped)
    }

    /// The value's text, or an empty value for none.
    public var parameterValue: ParameterValue { .string(self?.parameterText ?? "") }
}
