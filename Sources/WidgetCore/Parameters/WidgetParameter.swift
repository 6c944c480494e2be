import Foundation

/// A user-configurable setting of a widget, in the spirit of WidgetKit's
/// `IntentConfiguration` / App Intents `@Parameter`.
///
/// A parameter is typed, has a default, and states its allowed values, so the
/// command can list it and reject a bad `--param key=value` before rendering.
///
/// ```swift
/// WidgetParameter(key: "country", title: "Country",
///                 kind: .choice([.init(value: "JPN", label: "Japan")]), defaultValue: "JPN")
/// ```
public struct WidgetParameter: Sendable, Hashable {
    /// One allowed value of a ``Kind/choice(_:)`` parameter.
    public struct Choice: Sendable, Hashable {
        /// The value given on the command line, e.g. `JPN`.
        public var value: String
        /// What a person reads, e.g. `Japan`.
        public var label: String

        /// A choice: the value `--param` takes and the label a person reads.
        public init(value: String, label: String) {
            self.value = value
            self.label = label
        }
    }

    /// The parameter's type and allowed values.
    public enum Kind: Sendable, Hashable {
        /// One of a fixed list of values (matched case-insensitively).
        case choice([Choice])
        /// A whole number in a closed range.
        case integer(ClosedRange<Int>)
        /// `true` or `false`.
        case boolean
        /// Free text of at most this many characters, no control characters; may be empty.
        case text(maxLength: Int)
        /// One of the listed values (matched by value or label, case-insensitively, giving the
        /// value), or any other non-empty text of at most `maxLength` characters that the widget's
        /// data decides on, e.g. a region as a source spells it (`New York`).
        case suggested([Choice], maxLength: Int)
    }

    /// The key used in `--param key=value`.
    public var key: String
    /// A short title, as in a widget's edit sheet.
    public var title: String
    /// One sentence on what the parameter changes.
    public var summary: String
    /// The type and allowed values.
    public var kind: Kind
    /// The value used when the user gives none; must itself be allowed.
    public var defaultValue: String

    /// A parameter; its default must itself be allowed (a bundle with one that is not is refused).
    public init(key: String, title: String, summary: String = "", kind: Kind, defaultValue: String) {
        self.key = key
        self.title = title
        self.summary = summary
        self.kind = kind
        self.defaultValue = defaultValue
    }

    /// A readable list of the allowed values: `JPN, USA, KOR` or `7...365` or `true, false`.
    public var allowedDescription: String {
        switch kind {
        case .choice(let choices): choices.map(\.value).joined(separator: ", ")
        case .integer(let range) where range == Int.min...Int.max: "any whole number"
        case .integer(let range): "\(range.lowerBound)...\(range.upperBound)"
        case .boolean: "true, false"
        case .text(let maxLength): "text of up to \(maxLength) characters"
        case .suggested(let choices, _): choices.map(\.value).joined(separator: ", ") + ", or a name in the data"
        }
    }

    /// The allowed values as strings (for `list --json`); an integer range gives its bounds.
    public var allowedValues: [String] {
        switch kind {
        case .choice(let choices), .suggested(let choices, _): choices.map(\.value)
        case .integer(let range): [String(range.lowerBound), String(range.upperBound)]
        case .boolean: ["true", "false"]
        case .text: []
        }
    }

    /// The type's name for listings: `choice`, `integer` or `boolean`.
    public var typeName: String {
        switch kind {
        case .choice: "choice"
        case .integer: "integer"
        case .boolean: "boolean"
        case .text: "text"
        case .suggested: "choice or text"
        }
    }

    /// Checks `raw` against the allowed values and returns the canonical value.
    ///
    /// - Throws: ``ParameterError/invalidValue(key:value:allowed:)`` when it is not allowed.
    public func validate(_ raw: String) throws(ParameterError) -> ParameterValue {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        switch kind {
        case .choice(let choices):
            if let match = choices.first(where: { $0.value.lowercased() == trimmed.lowercased() }) {
                return .string(match.value)
            }
        case .integer(let range):
            if let number = Int(trimmed), range.contains(number) { return .integer(number) }
        case .text(let maxLength):
            if trimmed.count <= maxLength,
                !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            {
                return .string(trimmed)
            }
        case .suggested(let choices, let maxLength):
            let folded = trimmed.lowercased()
            if let match = choices.first(where: { $0.value.lowercased() == folded || $0.label.lowercased() == folded })
            {
                return .string(match.value)
            }
            if !trimmed.isEmpty, trimmed.count <= maxLength,
                !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            {
                return .string(trimmed)
            }
        case .boolean:
            switch trimmed.lowercased() {
            case "true", "yes", "1": return .boolean(true)
            case "false", "no", "0": return .boolean(false)
            default: break
            }
        }
        throw .invalidValue(key: key, value: raw, allowed: allowedDescription)
    }
}

/// A validated parameter value.
public enum ParameterValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case integer(Int)
    case boolean(Bool)

    /// The value as `--param` writes it.
    public var description: String {
        switch self {
        case .string(let value): value
        case .integer(let value): String(value)
        case .boolean(let value): String(value)
        }
    }
}
