import Foundation
import WidgetRender

/// How a locale writes numbers — its digits, separators, signs, grouping and percent sign —
/// read once from the platform's CLDR data (Foundation's ICU, the same on every machine with
/// the same toolchain). ``Formatting`` decides a figure's precision in one place and writes it
/// in POSIX form (`-29,039.01`); ``localize(_:)`` turns that into the locale's (`-29.039,01` in
/// German, `-२९,०३९.०१`… in a locale whose default digits differ, `12,34,567` in lakh grouping).
struct NumberSymbols: Sendable, Equatable {
    var group: String
    var decimal: String
    var minus: String
    var plus: String
    /// The ten digits, 0 to 9.
    var digits: [String]
    var percentPrefix: String
    var percentSuffix: String
    /// The size of the groups left of the first (3; 2 in Indian grouping: 12,34,567).
    var secondaryGrouping: Int
    /// The fewest digits left of the first group for grouping to apply (1: `1,234`; 2 in
    /// Spanish: `1234` but `12.345`).
    var minimumGroupingDigits: Int
    /// The forms `Formatting` writes, which need no mapping (checked on every figure).
    var isPOSIX = false

    /// English (US), Japanese and Korean: the forms `Formatting` writes.
    static let posix = NumberSymbols(
        group: ",", decimal: ".", minus: "-", plus: "+", digits: (0...9).map(String.init), percentPrefix: "",
        percentSuffix: "%", secondaryGrouping: 3, minimumGroupingDigits: 1, isPOSIX: true)

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [String: NumberSymbols] = [:]

    /// The symbols of a locale (cached; POSIX for the locales the widgets write by hand).
    static func of(_ locale: Locale) -> NumberSymbols {
        guard !locale.usesBuiltInForms else { return .posix }
        let key = locale.identifier
        if let known = lock.withLock({ cache[key] }) { return known }
        let symbols = NumberSymbols(cldr: locale)
        lock.withLock { cache[key] = symbols }
        return symbols
    }

    private static func between(_ text: String, _ first: String, _ second: String) -> String? {
        guard let a = text.range(of: first), let b = text.range(of: second, range: a.upperBound..<text.endIndex)
        else { return nil }
        let middle = String(text[a.upperBound..<b.lowerBound])
        return middle.isEmpty ? nil : middle
    }

    private static func prefix(_ text: String, before digit: String) -> String? {
        guard let range = text.range(of: digit) else { return nil }
        let prefix = String(text[..<range.lowerBound])
        return prefix.isEmpty ? nil : prefix
    }

    /// A figure written in POSIX form (`-1,234.5`, `+12`, `1.235e-9`, `3.4K`) in this locale's
    /// digits, separators, signs and grouping; text that is not a figure (`–`) is unchanged.
    func localize(_ posix: String) -> String {
        guard !isPOSIX else { return posix }
        var rest = Substring(posix)
        var sign = ""
        if rest.hasPrefix("-") {
            sign = minus
            rest = rest.dropFirst()
        } else if rest.hasPrefix("+") {
            sign = plus
            rest = rest.dropFirst()
        }
        let integerEnd = rest.firstIndex { !("0"..."9" ~= $0 || $0 == ",") } ?? rest.endIndex
        let integer = rest[..<integerEnd].filter { $0 != "," }
        guard !integer.isEmpty else { return posix }
        var tail = rest[integerEnd...]
        var fraction = ""
        if tail.hasPrefix("."), tail.dropFirst().first.map({ "0"..."9" ~= $0 }) == true {
            tail = tail.dropFirst()
            let end = tail.firstIndex { !("0"..."9" ~= $0) } ?? tail.endIndex
            fraction = String(tail[..<end])
            tail = tail[end...]
        }
        return sign + grouped(integer) + (fraction.isEmpty ? "" : decimal + mapped(fraction)) + mapped(String(tail))
    }

    /// A figure with the locale's percent sign: `+2,31 %` in German, `+2.31%` in English.
    func percent(_ posixNumber: String) -> String {
        guard !isPOSIX else { return posixNumber + "%" }
        var number = Substring(posixNumber)
        var sign = ""
        if number.hasPrefix("-") || number.hasPrefix("+") {
            sign = number.hasPrefix("-") ? minus : plus
            number = number.dropFirst()
        }
        return sign + percentPrefix + localize(String(number)) + percentSuffix
    }

    /// Whole digits in the locale's groups.
    private func grouped(_ digits: String) -> String {
        let characters = Array(digits)
        guard characters.count >= 3 + minimumGroupingDigits else { return mapped(digits) }
        var groups: [String] = []
        var end = characters.count
        var size = 3
        while end > 0 {
            let start = max(0, end - size)
            groups.insert(String(characters[start..<end]), at: 0)
            end = start
            size = secondaryGrouping
        }
        return groups.map(mapped).joined(separator: group)
    }

    /// ASCII digits in the locale's digits.
    private func mapped(_ text: String) -> String {
        guard digits != NumberSymbols.posix.digits else { return text }
        return String(
            text.flatMap { character -> String in
                guard let value = character.wholeNumberValue, character.isASCII else { return String(character) }
                return digits[value]
            })
    }
}

extension NumberSymbols {
    /// Reads the symbols off sample figures formatted by Foundation.
    init(cldr locale: Locale) {
        let integer = IntegerFormatStyle<Int>().locale(locale)
        let digits = (0...9).map { $0.formatted(integer) }
        self.digits = digits.allSatisfy { $0.count == 1 } ? digits : NumberSymbols.posix.digits
        let one = self.digits[1]
        // What stands between digit runs: `1.234.567` → ".", `12,34,567` → groups 2, 2, 3.
        let big = 1_234_567.formatted(integer)
        var runs: [String] = [""]
        var separators: [String] = []
        var pendingSeparator = ""
        for character in big {
            if self.digits.contains(String(character)) {
                if !pendingSeparator.isEmpty {
                    separators.append(pendingSeparator)
                    pendingSeparator = ""
                    runs.append("")
                }
                runs[runs.count - 1].append(character)
            } else {
                pendingSeparator.append(character)
            }
        }
        group = separators.first ?? ","
        secondaryGrouping = runs.count >= 3 ? max(1, runs[runs.count - 2].count) : 3
        minimumGroupingDigits = 1_234.formatted(integer).contains(group) ? 1 : 2
        let half = (1.5).formatted(FloatingPointFormatStyle<Double>().locale(locale))
        decimal = Self.between(half, one, self.digits[5]) ?? "."
        minus = Self.prefix((-1).formatted(integer), before: one) ?? "-"
        plus = Self.prefix(1.formatted(integer.sign(strategy: .always())), before: one) ?? "+"
        let percent = (0.5).formatted(FloatingPointFormatStyle<Double>.Percent().locale(locale))
        let fifty = self.digits[5] + self.digits[0]
        if let range = percent.range(of: fifty) {
            percentPrefix = String(percent[..<range.lowerBound])
            percentSuffix = String(percent[range.upperBound...])
        } else {
            percentPrefix = ""
            percentSuffix = "%"
        }
    }
}
