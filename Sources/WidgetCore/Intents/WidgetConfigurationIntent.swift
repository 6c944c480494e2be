import Foundation

/// The settings a person chooses for a widget, as App Intents' `WidgetConfigurationIntent`.
///
/// Its `@Parameter` properties become the widget's parameters: `widgetrender list` shows
/// them, `--param key=value` sets them (the key is the property's name), and the provider
/// gets an intent with the values filled in.
///
/// ```swift
/// struct SelectCharacterIntent: WidgetConfigurationIntent {
///     static let title: LocalizedStringResource = "Select Character"
///     static let description = IntentDescription("Choose whose health to follow.")
///
///     @Parameter(title: "Character", default: .knight) var character: Character
/// }
/// ```
///
/// App Intents declares `static var title`; under Swift 6, write `static let`.
public protocol WidgetConfigurationIntent: Sendable {
    /// An intent with every parameter at its default.
    init()

    /// The title of the widget's edit sheet.
    static var title: LocalizedStringResource { get }

    /// What the settings change.
    static var description: IntentDescription { get }
}

extension WidgetConfigurationIntent {
    /// No description unless the intent gives one.
    public static var description: IntentDescription { IntentDescription("") }

    /// The parameter definitions read from the intent's `@Parameter` properties.
    public static var parameterDefinitions: [WidgetParameter] {
        Self().parameterFields.map { $0.field.definition(key: $0.key) }
    }

    /// A new intent with each parameter set from validated values (defaults for the rest).
    ///
    /// - Parameter parameters: values validated against ``parameterDefinitions``.
    /// - Returns: the intent.
    public static func configured(by parameters: WidgetParameters) -> Self {
        let intent = Self()
        for (key, field) in intent.parameterFields {
            if let value = parameters.values[key] { field.assign(value) }
        }
        return intent
    }

    /// The `@Parameter` properties, by name (without the wrapper's underscore), in declaration order.
    var parameterFields: [(key: String, field: any IntentParameterField)] {
        Mirror(reflecting: self).children.compactMap { child in
            guard let field = child.value as? any IntentParameterField, let label = child.label else { return nil }
            return (label.hasPrefix("_") ? String(label.dropFirst()) : label, field)
        }
    }
}

/// App Intents' localized string type; on Linux, a plain string.
public typealias LocalizedStringResource = String

/// What an intent's settings change, as App Intents' `IntentDescription`.
public struct IntentDescription: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The sentence.
    public var text: String

    /// A description.
    ///
    /// - Parameter text: one sentence.
    public init(_ text: String) {
        self.text = text
    }

    /// A description from a literal.
    ///
    /// - Parameter value: one sentence.
    public init(stringLiteral value: String) {
        text = value
    }
}

/// How a person-facing name is shown, as App Intents' `DisplayRepresentation`.
public struct DisplayRepresentation: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The name shown.
    public var title: String

    /// A representation.
    ///
    /// - Parameter title: the name shown.
    public init(title: String) {
        self.title = title
    }

    /// A representation from a literal.
    ///
    /// - Parameter value: the name shown.
    public init(stringLiteral value: String) {
        title = value
    }
}

/// How a type is named, as App Intents' `TypeDisplayRepresentation`.
public struct TypeDisplayRepresentation: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The type's name.
    public var name: String

    /// A representation.
    ///
    /// - Parameter name: the type's name.
    public init(name: String) {
        self.name = name
    }

    /// A representation from a literal.
    ///
    /// - Parameter value: the type's name.
    public init(stringLiteral value: String) {
        name = value
    }
}
