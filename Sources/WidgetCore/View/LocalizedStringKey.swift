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

/// The user's string tables, read once each: `<language>.lproj/<table>.strings` in a bundle,
/// then a string catalog `<table>.xcstrings` (Xcode 15's format, copied into the bundle as a
/// resource), whose plural variations are chosen by the first integer argument.
///
/// A cache of files, not state: the same files give the same strings.
package final class StringTables: @unchecked Sendable {
    package static let shared = StringTables()
    private let lock = NSLock()
    private var tables: [String: [String: String]] = [:]
    private var catalogs: [String: StringCatalog] = [:]

    /// The translation of a key for a locale, its arguments filled in; the literal when no table has it.
    package func string(for key: LocalizedStringKey, table: String?, bundle: Bundle?, locale: Locale) -> String {
        translation(for: key, table: table, bundle: bundle, locale: locale).map(key.filling) ?? key.fallback
    }

    /// The translation of a key for a locale before its arguments are filled in: the first
    /// `.lproj/<table>.strings` of the locale's languages, then `<table>.xcstrings`; `nil` when
    /// neither has the key.
    ///
    /// With `sourceFallback` false, a catalog's source language does not stand in for a language
    /// it lacks.
    package func translation(
        for key: LocalizedStringKey, table: String?, bundle: Bundle?, locale: Locale, sourceFallback: Bool = true
    ) -> String? {
        let folder = (bundle ?? Bundle.main).bundleURL
        let name = table ?? "Localizable"
        let languages = Self.languages(for: locale)
        for language in languages {
            let url = folder.appendingPathComponent("\(language).lproj/\(name).strings")
            if let value = entries(at: url)[key.key] { return value }
        }
        return catalog(at: folder.appendingPathComponent("\(name).xcstrings")).value(
            for: key, languages: languages, sourceFallback: sourceFallback)
    }

    package func catalog(at url: URL) -> StringCatalog {
        let path = url.path
        if let cached = lock.withLock({ catalogs[path] }) { return cached }
        let catalog = FileManager.default.contents(atPath: path).flatMap(StringCatalog.init(data:)) ?? StringCatalog()
        lock.withLock { catalogs[path] = catalog }
        return catalog
    }

    /// `pt-BR` → `pt-BR`, `pt_BR`, `pt`, `Base`; `zh-Hans-CN` and `zh-CN` also give `zh-Hans`
    /// (the language and its script, as Xcode names a catalog's languages).
    package static func languages(for locale: Locale) -> [String] {
        let identifier = locale.identifier
        var result = [identifier, identifier.replacingOccurrences(of: "-", with: "_")]
        if let language = locale.language.languageCode?.identifier {
            if let script = locale.language.script?.identifier { result.append("\(language)-\(script)") }
            result.append(language)
        }
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

/// A string catalog (`.xcstrings`): for each key, its localizations, each a string unit or
/// variations by plural category (`one`, `few`, `other`…) or by device (`iphone`, `other`).
/// Substitutions (`%#@arg@`) are not read: such a key falls back to the next language, then to
/// the literal.
package struct StringCatalog: Sendable {
    struct File: Decodable {
        var sourceLanguage: String?
        var strings: [String: Entry]
    }

    struct Entry: Decodable {
        var localizations: [String: Localization]?
    }

    struct Localization: Decodable, Sendable {
        var stringUnit: Unit?
        var variations: Variations?
    }

    struct Unit: Decodable, Sendable {
        var value: String
    }

    struct Variations: Decodable, Sendable {
        var plural: [String: Localization]?
        var device: [String: Localization]?
    }

    private var localizations: [String: [String: Localization]] = [:]
    private var sourceLanguage = "en"

    package init() {}

    /// A catalog from a file's bytes; `nil` when they are not a string catalog's JSON.
    package init?(data: Data) {
        guard let file = try? JSONDecoder().decode(File.self, from: data) else { return nil }
        sourceLanguage = file.sourceLanguage ?? "en"
        localizations = file.strings.compactMapValues(\.localizations)
    }

    /// The translation of a key in the first of `languages` that has one (then, with
    /// `sourceFallback`, the catalog's source language), before its arguments are filled in.
    package func value(for key: LocalizedStringKey, languages: [String], sourceFallback: Bool = true) -> String? {
        guard let entries = localizations[key.key] else { return nil }
        let count = key.arguments.lazy.compactMap { Int($0) }.first
        for language in sourceFallback ? languages + [sourceLanguage] : languages {
            guard let localization = entries[language] ?? entries[language.replacingOccurrences(of: "_", with: "-")]
            else { continue }
            if let value = Self.resolve(localization, count: count, language: language) { return value }
        }
        return nil
    }

    private static func resolve(_ localization: Localization, count: Int?, language: String) -> String? {
        if let plural = localization.variations?.plural {
            let category = count.map { pluralCategory($0, language: language) } ?? "other"
            if let chosen = plural[category] ?? plural["other"] {
                return resolve(chosen, count: count, language: language)
            }
        }
        if let device = localization.variations?.device, let chosen = device["iphone"] ?? device["other"] {
            return resolve(chosen, count: count, language: language)
        }
        return localization.stringUnit?.value
    }

    /// CLDR's cardinal plural category of a whole number in a language (the common rules; an
    /// unlisted language is `one` for 1 and `other` else).
    package static func pluralCategory(_ n: Int, language: String) -> String {
        let code = String(language.prefix { $0 != "-" && $0 != "_" }).lowercased()
        // The magnitude, not abs(n), which traps on Int.min.
        let mod10 = n.magnitude % 10
        let mod100 = n.magnitude % 100
        switch code {
        case "ja", "ko", "zh", "th", "vi", "id", "ms", "yue":
            return "other"
        case "fr", "hi", "pt", "bn", "fa":
            return n == 0 || n == 1 ? "one" : "other"
        case "ar":
            switch n {
            case 0: return "zero"
            case 1: return "one"
            case 2: return "two"
            default:
                if (3...10).contains(mod100) { return "few" }
                if (11...99).contains(mod100) { return "many" }
                return "other"
            }
        case "he":
            return n == 1 ? "one" : n == 2 ? "two" : "other"
        case "ru", "uk", "be":
            if mod10 == 1 && mod100 != 11 { return "one" }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return "few" }
            return "many"
        case "pl":
            if n == 1 { return "one" }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return "few" }
            return "many"
        default:
            return n == 1 ? "one" : "other"
        }
    }
}
