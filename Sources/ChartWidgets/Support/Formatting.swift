import Foundation
import WidgetRender

/// Number and date formatting for widgets. The precision of each figure is decided here, by
/// hand, and written in the locale's symbols: English (US), Japanese and Korean as written
/// here, every other locale with its digits, separators, signs and grouping from the
/// platform's CLDR data (``NumberSymbols``), so the output is the same on every machine with
/// the same toolchain.
public enum Formatting {
    /// `1234567.8` → `1,234,568` (rounded to whole units); `1.234.568` in German.
    public static func grouped(_ value: Double, locale: Locale = Locale(identifier: "en")) -> String {
        NumberSymbols.of(locale).localize(posixGrouped(value))
    }

    /// ``grouped(_:locale:)`` in POSIX form.
    static func posixGrouped(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let rounded = value.rounded()
        guard abs(rounded) < 1e18 else { return compact(value) }
        let negative = rounded < 0
        let digits = String(Int64(abs(rounded)))
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return (negative ? "-" : "") + result
    }

    /// A price with precision that suits its size: `29,039.01`, `806.19`, `1.2345`, `0.7541`, `0.00012346`.
    ///
    /// Two decimals from 10 up, four from 1 up (currency pairs such as EURUSD), and four
    /// significant digits below 1 (at least four decimals, at most eight).
    public static func price(_ value: Double, locale: Locale = Locale(identifier: "en")) -> String {
        NumberSymbols.of(locale).localize(posixPrice(value))
    }

    /// ``price(_:locale:)`` in POSIX form.
    static func posixPrice(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        // Below a millionth, eight decimals keep fewer than four significant digits: the price
        // in scientific form instead (`1.235e-9`), never `0.00`.
        if value != 0, abs(value) < 1e-6 { return scientificPrice(value) }
        var decimals = priceDecimals(abs(value))
        let scaled = (abs(value) * pow(10, Double(decimals))).rounded()
        // Rounding can carry into the next band (9.99996 → 10.0000): use that band's precision.
        let carried = priceDecimals(scaled / pow(10, Double(decimals)))
        if carried < decimals {
            decimals = carried
        }
        return price(value, decimals: decimals)
    }

    /// Four significant digits and a power of ten: `1.235e-9`, `-4.000e-7`.
    static func scientificPrice(_ value: Double) -> String {
        let text = String(format: "%.3e", value)
        // C writes at least two exponent digits (`e-09`); one is enough.
        guard let e = text.firstIndex(of: "e") else { return text }
        var exponent = text[text.index(after: e)...]
        let sign = exponent.first == "-" ? "-" : ""
        exponent = exponent.drop { $0 == "-" || $0 == "+" }.drop { $0 == "0" }
        return text[..<e] + "e" + sign + (exponent.isEmpty ? "0" : exponent)
    }

    /// A price grouped, with exactly `decimals` decimals: `29,039.01`, `9.50`.
    static func price(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        let factor = pow(10, Double(decimals))
        let scaled = (abs(value) * factor).rounded()
        // From 2^53 a double holds no fraction (and × factor may overflow to infinity): such a
        // price is shown whole, grouped (compact from 1e18).
        guard scaled < 0x1p53 else { return posixGrouped(value) }
        let whole = (scaled / factor).rounded(.down)
        let fraction = Int64(max(0, scaled - whole * factor))
        var text = posixGrouped(whole)
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: max(0, decimals - digits.count)) + digits
        }
        return (value < 0 && scaled > 0 ? "-" : "") + text
    }

    /// Decimals for a price's magnitude (see ``price(_:)``).
    static func priceDecimals(_ magnitude: Double) -> Int {
        if magnitude >= 10 { return 2 }
        if magnitude >= 1 { return 4 }
        guard magnitude > 0 else { return 2 }
        let significant = 4
        let leadingZeros = -Int(log10(magnitude).rounded(.down)) - 1
        return max(4, min(8, leadingZeros + significant))
    }

    /// Large numbers in a few characters, in the language's own units: `1.2M`, `34.5K`, `999`
    /// in English; `13.5万`, `3.18万`, `1.2億` in Japanese; `13.5만`, `1.2억` in Korean; below the first
    /// unit, the whole number grouped (`9,231`).
    public static func compact(_ value: Double, locale: Locale = Locale(identifier: "en")) -> String {
        guard value.isFinite else { return "–" }
        guard locale.usesBuiltInForms else { return cldrCompact(value, locale: locale) }
        let magnitude = abs(value)
        let sign = value < 0 ? "-" : ""
        let units = compactUnits(locale)
        if let largest = units.first?.size, magnitude >= largest * 1000 { return sign + scientific(magnitude) }
        for (size, suffix) in units where magnitude >= size {
            let scaled = magnitude / size
            let decimals = compactDecimals(scaled, locale: locale)
            var text = String(format: "%.\(decimals)f", scaled)
            while decimals > 0, text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return sign + text + suffix
        }
        // Below the first unit the figure is whole and grouped: `999`, and `9,231` in Japanese
        // and Korean, whose first unit is ten thousand.
        return sign + grouped(magnitude)
    }

    /// Numbers shown together in compact form, at one precision: `3.47万` and `5.80万`, not
    /// `5.8万` beside `3.47万`; trailing zeros are dropped only where every figure has them.
    public static func compact(_ values: [Double], locale: Locale = Locale(identifier: "en")) -> [String] {
        guard locale.usesBuiltInForms else { return values.map { cldrCompact($0, locale: locale) } }
        let units = compactUnits(locale)
        // Each figure's unit and the decimals it needs alone.
        let parts = values.map { value -> (scaled: Double, suffix: String, decimals: Int)? in
            let magnitude = abs(value)
            guard value.isFinite, let largest = units.first?.size, magnitude < largest * 1000,
                let unit = units.first(where: { magnitude >= $0.size })
            else { return nil }
            let scaled = magnitude / unit.size
            return (scaled, unit.suffix, compactDecimals(scaled, locale: locale))
        }
        // One precision per unit: figures in the same unit share it (`3.47万`, `5.80万`); a figure
        // in another unit keeps its own three figures (`134K`, `1.42M`, not `134.18K`).
        var decimals: [String: Int] = [:]
        for part in parts.compactMap({ $0 }) { decimals[part.suffix] = max(decimals[part.suffix] ?? 0, part.decimals) }
        var texts = zip(values, parts).map { value, part -> String in
            guard let part else { return compact(value, locale: locale) }
            let places = decimals[part.suffix] ?? 0
            return (value < 0 ? "-" : "") + String(format: "%.\(places)f", part.scaled) + part.suffix
        }
        // Drop a trailing zero while every figure of a unit with decimals ends in one.
        for (suffix, places) in decimals where places > 0 {
            let members = parts.indices.filter { parts[$0]?.suffix == suffix }
            var dropped = 0
            while dropped < places, members.allSatisfy({ texts[$0].dropLast(suffix.count).hasSuffix("0") }) {
                for index in members {
                    var number = String(texts[index].dropLast(suffix.count))
                    number.removeLast()
                    if number.hasSuffix(".") { number.removeLast() }
                    texts[index] = number + suffix
                }
                dropped += 1
            }
        }
        return texts
    }

    /// A compact figure in a locale's CLDR units and symbols, three significant figures
    /// (`1,98 Mio.`, `19.8 लाख`, `١٫٩٨ مليون`); where the locale has no unit for the size
    /// (German thousands), the whole figure grouped (`440.897`, not `441.000`).
    static func cldrCompact(_ value: Double, locale: Locale) -> String {
        guard value.isFinite else { return "–" }
        let symbols = NumberSymbols.of(locale)
        let text = value.formatted(
            FloatingPointFormatStyle<Double>().notation(.compactName).precision(.significantDigits(1...3))
                .locale(locale))
        let numeric = Set(symbols.digits.joined() + symbols.group + symbols.decimal + symbols.minus + symbols.plus)
        return text.allSatisfy { numeric.contains($0) } ? grouped(value, locale: locale) : text
    }

    /// A magnitude past a thousand of the largest unit (1,000T, 1,000兆), in three figures with
    /// its power of ten: `1.65e308`, `2e15`. No language has a word for these.
    static func scientific(_ magnitude: Double) -> String {
        guard magnitude.isFinite, magnitude > 0 else { return "–" }
        var exponent = Int(log10(magnitude).rounded(.down))
        var mantissa = magnitude / pow(10, Double(exponent))
        // Rounding to two decimals can carry (9.996 → 10.00): one more power of ten.
        if (mantissa * 100).rounded() >= 1000 {
            exponent += 1
            mantissa /= 10
        }
        var text = String(format: "%.2f", mantissa)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + "e" + String(exponent)
    }

    /// The language's units for compact numbers, largest first: thousands, millions… in English;
    /// ten thousands (万, 만) and ten thousands of them in Japanese and Korean.
    static func compactUnits(_ locale: Locale) -> [(size: Double, suffix: String)] {
        switch locale.languageSubtag {
        case "ja": [(1e12, "兆"), (1e8, "億"), (1e4, "万")]
        case "ko": [(1e12, "조"), (1e8, "억"), (1e4, "만")]
        default: [(1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "K")]
        }
    }

    /// Decimals of a compact figure worth `scaled` units: three significant figures, so a
    /// rounding never claims a milestone not reached (1,976,191 is `1.98M`, not `2M`; `3.18万`,
    /// `31.8K`, `441K`).
    static func compactDecimals(_ scaled: Double, locale: Locale) -> Int {
        scaled >= 100 ? 0 : (scaled < 10 ? 2 : 1)
    }

    /// A signed percentage: `+2.31%`, `-0.40%`; a change that rounds to zero has no sign: `0.00%`.
    public static func percent(_ value: Double, locale: Locale = Locale(identifier: "en")) -> String {
        // No change can be stated (from a price of zero): a dash, never "0.00%".
        guard value.isFinite else { return "—" }
        let number: String =
            switch ChangeTrend(percent: value) {
            case .up: "+" + String(format: "%.2f", abs(value))
            case .down: "-" + String(format: "%.2f", abs(value))
            case .flat: "0.00"
            }
        return NumberSymbols.of(locale).percent(number)
    }

    /// A change's size without its sign, for beside an arrow that gives the direction: `24.0%`,
    /// `24,0 %`; "—" when no change can be stated.
    public static func magnitudePercent(
        _ value: Double, decimals: Int = 1, locale: Locale = Locale(identifier: "en")
    ) -> String {
        guard value.isFinite else { return "—" }
        return NumberSymbols.of(locale).percent(String(format: "%.\(max(0, min(4, decimals)))f", abs(value)))
    }

    /// A whole percent in the locale's form: `88%`, `88 %` in German and French.
    public static func wholePercent(_ value: Int, locale: Locale = Locale(identifier: "en")) -> String {
        NumberSymbols.of(locale).percent(String(value))
    }

    /// A signed whole number with grouping: `+1,204`, `-12`; zero has no sign: `0`.
    public static func signed(_ value: Double, locale: Locale = Locale(identifier: "en")) -> String {
        guard value.isFinite else { return "–" }
        let rounded = value.rounded()
        guard rounded != 0 else { return NumberSymbols.of(locale).localize("0") }
        return NumberSymbols.of(locale).localize((rounded > 0 ? "+" : "") + posixGrouped(rounded))
    }

    /// A text's width in points, estimated from its characters, a little over the bundled fonts'
    /// advances so an estimate that fits does fit: figures and signs 0.72 em, CJK 1.03 em, Latin
    /// letters 0.64 em, separators and spaces 0.34 em (checked against Pango for the widgets'
    /// words and figures by `EstimatedWidthTests`). For choosing between two forms of a figure
    /// before layout.
    ///
    /// - Parameters:
    ///   - text: the text.
    ///   - size: the font size in points.
    /// - Returns: the estimated width.
    public static func estimatedWidth(_ text: String, size: Double) -> Double {
        var width = 0.0
        var afterVirama = false
        for scalar in text.unicodeScalars {
            let em: Double =
                switch scalar.value {
                // Digits: ASCII, Devanagari, Thai.
                case 0x30...0x39, 0x966...0x96F, 0xE50...0xE59: 0.72
                // Arabic-Indic and Extended Arabic-Indic digits (Noto Sans Arabic's are narrower).
                case 0x660...0x669, 0x6F0...0x6F9: 0.58
                case 0x25, 0x2B, 0x2D, 0x2212, 0x66A: 0.72  // % + - − ٪
                // Devanagari: marks above and below take no room, vowel signs beside a
                // consonant a little, a consonant after a virama (a conjunct's second half)
                // little, other consonants and vowels more than a Latin letter.
                case 0x900...0x902, 0x93A, 0x93C, 0x941...0x948, 0x94D, 0x951...0x957, 0x962, 0x963: 0
                case 0x903, 0x93B, 0x93E...0x940, 0x949...0x94C, 0x94E, 0x94F: 0.4
                case 0x904...0x939, 0x93D, 0x950, 0x958...0x961, 0x970...0x97F: afterVirama ? 0.3 : 0.8
                // Arabic vowel marks (tanwin, harakat) sit on their letter and take no room;
                // its comma, semicolon and question mark are narrow.
                case 0x610...0x61A, 0x64B...0x65F, 0x670, 0x6D6...0x6ED: 0
                case 0x60C, 0x61B, 0x61F: 0.34
                // Arabic letters (joined, and often ligated) and Hebrew and Thai letters.
                case 0x600...0x6FF: 0.58
                case 0x590...0x5FF, 0xE00...0xE7F: 0.62
                // Bidirectional marks and zero-width joiners take no room.
                case 0x200B...0x200F, 0x61C, 0x2066...0x2069: 0
                case 0x41...0x5A, 0x61...0x7A: 0.64
                case 0x1100...0x11FF, 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF: 1.03
                default: 0.34
                }
            afterVirama = scalar.value == 0x94D
            width += em
        }
        return width * size
    }

    /// A name cut short with `…` so that it and `rest` fit in `width`: on one line, the name
    /// gives way before the figures (`Bosnia and Herz… 402K cases`).
    ///
    /// - Parameters:
    ///   - name: the name.
    ///   - rest: the figures that follow it, kept whole.
    ///   - width: the line's width in points.
    ///   - size: the font size in points.
    /// - Returns: the name, whole or cut, followed by `rest`.
    public static func fitted(name: String, then rest: String, width: Double, size: Double) -> String {
        let room = width - estimatedWidth(rest, size: size)
        var cut = name
        guard estimatedWidth(cut, size: size) > room else { return name + rest }
        while !cut.isEmpty, estimatedWidth(cut + "…", size: size) > room { cut.removeLast() }
        return cut.trimmingCharacters(in: .whitespaces) + "…" + rest
    }

    /// A place and its cases on one line, the place cut first: `Japan 9.2K cases`, `日本 感染者9,231人`,
    /// `일본 확진자 9,231명` (the Lock Screen's inline widget).
    ///
    /// - Parameters:
    ///   - place: the country or region, in the language.
    ///   - shortPlace: its short name (`USA` for `Vereinigte Staaten`), drawn where the name
    ///     would be cut.
    ///   - cases: the count.
    ///   - width: the line's width in points.
    ///   - locale: the language.
    /// - Returns: the line.
    public static func casesLine(
        _ place: String, shortPlace: String? = nil, cases: Double, width: Double, locale: Locale
    ) -> String {
        let count = compact(cases, locale: locale)
        let rest = " " + locale.word("\(count) cases")
        let name =
            if let shortPlace, estimatedWidth(place + rest, size: 14) > width { shortPlace } else { place }
        return fitted(name: name, then: rest, width: width, size: 14)
    }

    /// What separates two parts of a line: ` · `, but `، ` in Arabic, Persian and Urdu, where a
    /// middle dot reads as the Arabic-Indic zero (`١ · سنة` as `١٠ سنة`).
    public static func separator(_ locale: Locale) -> String {
        ["ar", "fa", "ur"].contains(locale.languageSubtag) ? "، " : " · "
    }

    /// A figure with its label in the language's order: `+79,863 new`, `新規 +79,863`, `신규 +79,863`.
    ///
    /// - Parameters:
    ///   - figure: the formatted figure.
    ///   - label: the label, already in the language.
    ///   - locale: the language.
    /// - Returns: the two in order.
    public static func labelled(_ figure: String, _ label: String, locale: Locale) -> String {
        locale.word("\(figure) \(label)")
    }

    /// A short day in the widget's language: `Aug 6`, `8月6日`, `8월 6일`.
    public static func shortDate(_ date: Date, locale: Locale, timeZone: TimeZone) -> String {
        DateText.monthDay(date, locale: locale, timeZone: timeZone)
    }

    /// A day as a widget shown at `shownAt` writes it: `Aug 6` in the year shown, `Aug 6, 2020`
    /// in any other, so figures from 2020 do not pass for this year's.
    ///
    /// With `numeric` (the small families, where the title beside it needs the room) the day of
    /// another year is written in figures, its year in two digits: `4/17/20`, `20/4/17`, `20. 4. 17.`.
    public static func shortDate(
        _ date: Date, shownAt: Date, numeric: Bool = false, locale: Locale, timeZone: TimeZone
    ) -> String {
        guard let day = CivilTime(date, in: timeZone) else { return longDate(date, locale: locale, timeZone: timeZone) }
        if let now = CivilTime(shownAt, in: timeZone), day.year == now.year {
            return shortDate(date, locale: locale, timeZone: timeZone)
        }
        guard numeric else { return longDate(date, locale: locale, timeZone: timeZone) }
        return DateText.numericDate(date, locale: locale, timeZone: timeZone)
    }

    /// A day with its year: `Aug 6, 2023`, `2023年8月6日`, `2023년 8월 6일`.
    public static func longDate(_ date: Date, locale: Locale, timeZone: TimeZone) -> String {
        DateText.abbreviatedDate(date, locale: locale, timeZone: timeZone)
    }

    /// A time of day as the language's clock writes it: `2:37 PM`, `14:37`, `오후 2:37`.
    public static func time(_ date: Date, locale: Locale, timeZone: TimeZone) -> String {
        DateText.time(date, locale: locale, timeZone: timeZone)
    }
}
