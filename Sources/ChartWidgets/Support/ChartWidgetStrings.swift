import Foundation
import WidgetAssets
import WidgetRender

/// The built-in widgets' words, in English, Japanese, Korean, German, French, Spanish,
/// Brazilian Portuguese, Simplified Chinese, Arabic and Hindi, from the string catalog
/// `Assets/strings/ChartWidgets.xcstrings`; any other language gets English.
///
/// A user's package overrides any of them, in any language, with its own tables: a
/// `<language>.lproj/ChartWidgets.strings` or a `ChartWidgets.xcstrings` among its resources,
/// registered once before rendering. The keys are the catalog's (`"Cases"`, `"%@ per day"`,
/// `"span.days %lld"`).
///
/// ```swift
/// ChartWidgetStrings.override(with: .module)   // before WidgetRenderCommand.main()
/// ```
public enum ChartWidgetStrings {
    /// The table a user's override is read from, as the built-in catalog is named.
    public static let table = "ChartWidgets"

    private static let shared = Tables()

    /// Reads the built-in widgets' words from `bundle`'s `ChartWidgets` tables first (its
    /// `.lproj/ChartWidgets.strings` files, then `ChartWidgets.xcstrings`); a key or language
    /// it lacks comes from the built-in catalog.
    ///
    /// - Parameter bundle: the user's bundle (`.module` in the target that holds the tables).
    public static func override(with bundle: Bundle) {
        shared.set(bundle: bundle)
    }

    /// A word or phrase in the locale's language, its arguments filled in.
    ///
    /// The translation of a key without arguments in the locale's own language, or `nil`
    /// where no table has it in that language (English does not stand in).
    static func stringIfAny(_ key: LocalizedStringKey, _ locale: Locale, tables: Tables = shared) -> String? {
        tables.translation(for: key, locale: locale, sourceFallback: false)
    }

    /// Whole-number arguments are written in the locale's digits (`٣٠ يومًا` in ar-EG).
    static func string(_ key: LocalizedStringKey, _ locale: Locale, tables: Tables = shared) -> String {
        let translation = tables.translation(for: key, locale: locale)
        guard !locale.usesBuiltInForms, !key.arguments.isEmpty else {
            return translation.map(key.filling) ?? key.fallback
        }
        let integers = integerSlots(key.key)
        let arguments = key.arguments.enumerated().map { index, argument in
            // Only the values interpolated as integers (`%lld`): a `%@` figure such as `+12`
            // is already written and keeps its sign.
            guard index < integers.count, integers[index], let value = Int(argument) else { return argument }
            return Formatting.grouped(Double(value), locale: locale)
        }
        return LocalizedStringKey.fill(translation ?? key.key, with: arguments)
    }

    /// For each placeholder of an interpolated key in order, whether it is an integer's
    /// (`%lld`, `%d`) rather than an object's (`%@`).
    static func integerSlots(_ format: String) -> [Bool] {
        var slots: [Bool] = []
        var scalars = format.unicodeScalars[...]
        while let percent = scalars.firstIndex(of: "%") {
            scalars = scalars[scalars.index(after: percent)...]
            guard let next = scalars.first else { break }
            if next == "%" {
                scalars = scalars.dropFirst()
                continue
            }
            // Length letters, then the conversion.
            let conversion = scalars.first { !"lhqzjt".unicodeScalars.contains($0) }
            slots.append(conversion.map { "diu".unicodeScalars.contains($0) } ?? false)
            if let conversion, let index = scalars.firstIndex(of: conversion) {
                scalars = scalars[scalars.index(after: index)...]
            }
        }
        return slots
    }

    /// The override bundle and, per key and locale, the translation found (a cache: each
    /// render asks for a dozen words).
    final class Tables: @unchecked Sendable {
        private let lock = NSLock()
        private var bundle: Bundle?
        private var found: [String: String?] = [:]
        private lazy var builtIn: StringCatalog = {
            guard let url = try? WidgetAssets.url("strings/ChartWidgets.xcstrings") else { return StringCatalog() }
            return StringTables.shared.catalog(at: url)
        }()

        func set(bundle: Bundle?) {
            lock.withLock {
                self.bundle = bundle
                found = [:]
            }
        }

        /// The translation in the locale's language: the override's first, then the built-in
        /// catalog's; then, with `sourceFallback`, the built-in English.
        func translation(for key: LocalizedStringKey, locale: Locale, sourceFallback: Bool = true) -> String? {
            // A key's plural form depends on its count: the cache keeps one per category.
            let count = key.arguments.lazy.compactMap { Int($0) }.first
            let category = count.map { StringCatalog.pluralCategory($0, language: locale.languageSubtag) } ?? ""
            let cacheKey = key.key + "\u{1}" + locale.identifier + "\u{1}" + category + (sourceFallback ? "\u{1}" : "")
            return lock.withLock {
                if let cached = found[cacheKey] { return cached }
                var languages = StringTables.languages(for: locale)
                // Portuguese without Brazil's region still reads Brazilian Portuguese best of
                // the catalog's languages.
                if languages.contains("pt") { languages.insert("pt-BR", at: languages.firstIndex(of: "pt") ?? 0) }
                let value =
                    bundle.flatMap {
                        StringTables.shared.translation(
                            for: key, table: ChartWidgetStrings.table, bundle: $0, locale: locale, sourceFallback: false
                        )
                    } ?? builtIn.value(for: key, languages: languages, sourceFallback: sourceFallback)
                // Bounded: a server asked for many made-up locales keeps a few thousand entries.
                if found.count >= 4_096 { found.removeAll(keepingCapacity: true) }
                found[cacheKey] = value
                return value
            }
        }
    }
}

extension Locale {
    /// A built-in widget's word in this locale's language (``ChartWidgetStrings``).
    ///
    /// ```swift
    /// locale.word("Cases")          // "感染者" in Japanese
    /// locale.word("as of \(day)")   // key "as of %@"
    /// ```
    func word(_ key: LocalizedStringKey) -> String {
        ChartWidgetStrings.string(key, self)
    }
}
