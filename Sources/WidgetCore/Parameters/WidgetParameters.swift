/// A widget's configuration: every declared parameter with a validated value.
///
/// Build one with ``resolve(_:against:)`` from the user's `key=value` pairs;
/// missing keys take their defaults.
///
/// ```swift
/// let params = try WidgetParameters.resolve(["country": "kor"], against: widget.parameters)
/// params.string("country")  // "KOR"
/// ```
public struct WidgetParameters: Sendable, Hashable {
    /// The values by key.
    public private(set) var values: [String: ParameterValue]

    /// Parameters with these values (validated elsewhere); empty by default.
    public init(values: [String: ParameterValue] = [:]) {
        self.values = values
    }

    /// The value of a choice parameter, or `nil`.
    public func string(_ key: String) -> String? {
        if case .string(let value)? = values[key] { return value }
        return nil
    }

    /// The value of an integer parameter, or `nil`.
    public func integer(_ key: String) -> Int? {
        if case .integer(let value)? = values[key] { return value }
        return nil
    }

    /// The value of a boolean parameter, or `nil`.
    public func boolean(_ key: String) -> Bool? {
        if case .boolean(let value)? = values[key] { return value }
        return nil
    }

    /// Validates the user's pairs against a widget's definitions and fills in defaults.
    ///
    /// - Parameters:
    ///   - raw: the pairs from `--param key=value`.
    ///   - definitions: the widget's declared parameters.
    /// - Throws: ``ParameterError/unknownKey(key:known:)`` for a key the widget does
    ///   not declare, ``ParameterError/invalidValue(key:value:allowed:)`` for a value
    ///   it does not allow.
    public static func resolve(
        _ raw: [String: String], against definitions: [WidgetParameter]
    ) throws(ParameterError) -> WidgetParameters {
        for key in raw.keys.sorted() where !definitions.contains(where: { $0.key == key }) {
            throw .unknownKey(key: key, known: definitions.map(\.key))
        }
        var values: [String: ParameterValue] = [:]
        for definition in definitions {
            values[definition.key] = try definition.validate(raw[definition.key] ?? definition.defaultValue)
        }
        return WidgetParameters(values: values)
    }
}

/// Why a `--param` was rejected: an unknown key, a value not allowed, or text that is not
/// `key=value`. Compare ``reason`` with `==`; new reasons may be added.
public struct ParameterError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What kind of problem it is.
    public struct Reason: Hashable, Sendable {
        private enum Base: Hashable, Sendable {
            case unknownKey, invalidValue, malformed
        }

        private let base: Base

        /// The widget has no parameter with the key.
        public static var unknownKey: Reason { Reason(base: .unknownKey) }
        /// The value is not one the parameter allows.
        public static var invalidValue: Reason { Reason(base: .invalidValue) }
        /// The text is not of the form `key=value`.
        public static var malformed: Reason { Reason(base: .malformed) }
    }

    /// What kind of problem it is.
    public let reason: Reason
    /// The key concerned, when there is one.
    public let key: String?
    /// The message, naming the key and what is allowed.
    public let description: String

    /// The widget has no parameter with this key.
    ///
    /// - Parameters:
    ///   - key: the key given.
    ///   - known: the keys the widget has.
    /// - Returns: the error.
    public static func unknownKey(key: String, known: [String]) -> ParameterError {
        ParameterError(
            reason: .unknownKey, key: key,
            description: known.isEmpty
                ? "unknown parameter '\(key)': this widget takes no parameters"
                : "unknown parameter '\(key)'; this widget takes: \(known.joined(separator: ", "))")
    }

    /// The value is not one the parameter allows.
    ///
    /// - Parameters:
    ///   - key: the parameter.
    ///   - value: the value given.
    ///   - allowed: what is allowed, for people.
    /// - Returns: the error.
    public static func invalidValue(key: String, value: String, allowed: String) -> ParameterError {
        ParameterError(
            reason: .invalidValue, key: key,
            description: "invalid value '\(value)' for parameter '\(key)'; allowed: \(allowed)")
    }

    /// The text is not of the form `key=value`.
    ///
    /// - Parameter text: the text given.
    /// - Returns: the error.
    public static func malformed(_ text: String) -> ParameterError {
        ParameterError(
            reason: .malformed, key: nil,
            description: "malformed parameter '\(text)'; expected key=value, e.g. country=JPN")
    }
}
