import Foundation

/// The key of a text in the user's string tables, as SwiftUI's `LocalizedStringKey`: what a
/// string literal passed to ``Text`` becomes.
///
/// Interpolated values become placeholders of the key (`"Health \(level)"` is the key
/// `Health %@` with one argument; integers are `%lld`), filled in the translation.
///
/// ```swift
/// Text("Full in \(hours) hours")   // key "Full in %lld hours"
/// ```
public struct LocalizedStringKey: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The key, with `%@` / `%lld` where values were interpolated.
    public let key: String
    /// The interpolated values, written out.
    package let arguments: [String]
    /// True when the key came from an interpolated literal, so its `%` are placeholders.
    private let isFormat: Bool

    /// A key without arguments.
    ///
    /// - Parameter value: the key.
    public init(_ value: String) {
        key = value
        arguments = []
        isFormat = false
    }

    /// A key from a string literal.
    ///
    /// - Parameter value: the literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// A key from an interpolated literal.
    ///
    /// - Parameter stringInterpolation: the parts.
    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key
        arguments = stringInterpolation.arguments
        isFormat = true
    }

    /// The literal with its values put back: what is shown when no table has the key.
    package var fallback: String { isFormat ? Self.fill(key, with: arguments) : key }

    /// A translation with the arguments filled in (a translation of a plain key is used as it is).
    package func filling(_ translation: String) -> String {
        isFormat ? Self.fill(translation, with: arguments) : translation
    }

    /// Fills `%@`, `%lld`, `%d`, `%ld`, `%f` and positional `%1$@` placeholders in order, `%%` as `%`.
    package static func fill(_ format: String, with arguments: [String]) -> String {
        var result = ""
        var next = 0
        var index = format.startIndex
        while index < format.endIndex {
            let character = format[index]
            guard character == "%" else {
                result.append(character)
                index = format.index(after: index)
                continue
            }
            var end = format.index(after: index)
            guard end < format.endIndex else {
                result.append("%")
                break
            }
            if format[end] == "%" {
                result.append("%")
                index = format.index(after: end)
                continue
            }
            // An optional position "n$", then length letters, then the conversion.
            var position: Int?
            var digits = ""
            var scan = end
            while scan < format.endIndex, let digit = format[scan].wholeNumberValue {
                digits.append(String(digit))
                scan = format.index(after: scan)
            }
            if !digits.isEmpty, scan < format.endIndex, format[scan] == "$" {
                position = Int(digits).map { $0 - 1 }
                end = format.index(after: scan)
            }
            while end < format.endIndex, "lhqzjt".contains(format[end]) { end = format.index(after: end) }
            guard end < format.endIndex else {
                result += format[index...]
                break
            }
            let slot = position ?? next
            if position == nil { next += 1 }
            result += slot >= 0 && slot < arguments.count ? arguments[slot] : ""
            index = format.index(after: end)
        }
        return result
    }

    /// Builds a key and its arguments from an interpolated literal.
    public struct StringInterpolation: StringInterpolationProtocol {
        var key = ""
        var arguments: [String] = []

        /// Room for the literal's parts.
        public init(literalCapacity: Int, interpolationCount: Int) {
            key.reserveCapacity(literalCapacity + 4 * interpolationCount)
        }

        /// A literal part; `%` is escaped.
        public mutating func appendLiteral(_ literal: String) {
            key += literal.replacingOccurrences(of: "%", with: "%%")
        }

        /// An integer: `%lld`.
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) {
            key += "%lld"
            arguments.append(String(value))
        }

        /// A string: `%@`.
        public mutating func appendInterpolation(_ value: String) {
            key += "%@"
            arguments.append(value)
        }

        /// Any other value, written with `String(describing:)`: `%@`.
        public mutating func appendInterpolation<T>(_ value: T) {
            key += "%@"
            arguments.append(String(describing: value))
        }
    }
}

/// The user's string tables (`<language>.lproj/<table>.strings` in a bundle), read once each.
///
/// A cache of files, not state: the same files give the same strings.
package final class StringTables: @unchecked Sendable {
    package static let shared = StringTables()
    private let lock = NSLock()
    private var tables: [String: [String: String]] = [:]

    /// The translation of a key for a locale, its arguments filled in; the literal when no table has it.
    package func string(for key: LocalizedStringKey, table: String?, bundle: Bundle?, locale: Locale) -> String {
        let folder = (bundle ?? Bundle.main).bundleURL
        let name = table ?? "Localizable"
        for language in Self.languages(for: locale) {
            let url = folder.appendingPathComponent("\(language).lproj/\(name).strings")
            if let value = entries(at: url)[key.key] { return key.filling(value) }
        }
        return key.fallback
    }

    /// `pt-BR` → `pt-BR`, `pt_BR`, `pt`, `Base`.
    static func languages(for locale: Locale) -> [String] {
        let identifier = locale.identifier
        var result = [identifier, identifier.replacingOccurrences(of: "-", with: "_")]
        if let language = locale.language.languageCode?.identifier { result.append(language) }
        result.append("Base")
        var seen = Set<String>()
        return result.filter { seen.insert($0).inserted }
    }

    private func entries(at url: URL) -> [String: String] {
        let path = url.path
        if let cached = lock.withLock({ tables[path] }) { return cached }
        var parsed: [String: String] = [:]
        if let data = FileManager.default.contents(atPath: path) {
            parsed = Self.parse(Self.decode(data))
        }
        lock.withLock { tables[path] = parsed }
        return parsed
    }

    /// `.strings` files are UTF-8 or UTF-16 (with a byte-order mark).
    private static func decode(_ data: Data) -> String {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            return String(data: data, encoding: .utf16) ?? ""
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Parses `"key" = "value";` lines, with `//` and `/* */` comments and `\"`, `\n`, `\\` escapes.
    package static func parse(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var scalars = Array(text.unicodeScalars)[...]
        func skipSpaceAndComments() {
            while let first = scalars.first {
                if first.properties.isWhitespace {
                    scalars = scalars.dropFirst()
                } else if first == "/", scalars.dropFirst().first == "/" {
                    while let c = scalars.first, c != "\n" { scalars = scalars.dropFirst() }
                } else if first == "/", scalars.dropFirst().first == "*" {
                    scalars = scalars.dropFirst(2)
                    while !scalars.isEmpty, !(scalars.first == "*" && scalars.dropFirst().first == "/") {
                        scalars = scalars.dropFirst()
                    }
                    scalars = scalars.dropFirst(2)
                } else {
                    return
                }
            }
        }
        func quoted() -> String? {
            guard scalars.first == "\"" else { return nil }
            scalars = scalars.dropFirst()
            var value = String.UnicodeScalarView()
            while let c = scalars.first {
                scalars = scalars.dropFirst()
                if c == "\"" { return String(value) }
                if c == "\\", let escaped = scalars.first {
                    scalars = scalars.dropFirst()
                    switch escaped {
                    case "n": value.append("\n")
                    case "t": value.append("\t")
                    default: value.append(escaped)
                    }
                } else {
                    value.append(c)
                }
            }
            return nil
        }
        while true {
            skipSpaceAndComments()
            guard let key = quoted() else { break }
            skipSpaceAndComments()
            guard scalars.first == "=" else { break }
            scalars = scalars.dropFirst()
            skipSpaceAndComments()
            guard let value = quoted() else { break }
            skipSpaceAndComments()
            if scalars.first == ";" { scalars = scalars.dropFirst() }
            result[key] = value
        }
        return result
    }
}
