import Foundation

/// Dates and durations written for people, in the widget's language, done by hand so the
/// text is the same on every machine whatever its locale data.
///
/// English (the US), Japanese and Korean have their own forms, the same on every machine;
/// every other locale writes dates, times and spans from the platform's CLDR data (years and
/// months of spans from WidgetRender's table, in German, French, Spanish, Portuguese, Chinese,
/// Arabic and Hindi).
/// The forms follow iOS's: `.time` is `2:37 PM` / `14:37` / `오후 2:37`; `.relative` is
/// `2 hours, 23 minutes` / `2時間23分` / `2시간 23분`.
///
/// ```swift
/// DateText.relative(deadline, to: now, locale: Locale(identifier: "ja"))  // "2時間23分"
/// ```
public enum DateText {
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// A time of day: `2:37 PM` (en), `14:37` (ja), `오후 2:37` (ko).
    ///
    /// - Parameters:
    ///   - date: the instant.
    ///   - locale: the language.
    ///   - timeZone: whose wall clock.
    /// - Returns: the text, or `–` for an instant out of range.
    public static func time(_ date: Date, locale: Locale, timeZone: TimeZone) -> String {
        guard let c = CivilTime(date, in: timeZone) else { return "–" }
        guard locale.usesBuiltInForms else { return cldr(date, locale, timeZone) { $0.hour().minute() } }
        let twelve = c.hour % 12 == 0 ? 12 : c.hour % 12
        let minute = CivilTime.pad(c.minute, 2)
        return locale.pick(
            en: "\(twelve):\(minute) \(c.hour < 12 ? "AM" : "PM")", ja: "\(c.hour):\(minute)",
            ko: "\(c.hour < 12 ? "오전" : "오후") \(twelve):\(minute)")
    }

    /// A 24-hour time of day, the same in every language: `14:37`.
    ///
    /// - Parameters:
    ///   - date: the instant.
    ///   - timeZone: whose wall clock.
    /// - Returns: `HH:mm`, or `–` for an instant out of range.
    public static func hourMinute(_ date: Date, timeZone: TimeZone) -> String {
        guard let c = CivilTime(date, in: timeZone) else { return "–" }
        return CivilTime.pad(c.hour, 2) + ":" + CivilTime.pad(c.minute, 2)
    }

    /// A day in full, as `Text(date, style: .date)`: `August 6, 2023`, `2023年8月6日`, `2023년 8월 6일`.
    ///
    /// - Parameters:
    ///   - date: the instant.
    ///   - locale: the language.
    ///   - timeZone: whose calendar day.
    /// - Returns: the text, or `–` for an instant out of range.
    public static func date(_ date: Date, locale: Locale, timeZone: TimeZone) -> String {
        guard let c = CivilTime(date, in: timeZone) else { return "–" }
        guard locale.usesBuiltInForms else {
            return cldr(date, locale, timeZone) { $0.year().month(.wide).day() }
        }
        return locale.pick(
            en: "\(monthNames[c.month - 1]) \(c.day), \(c.year)", ja: "\(c.year)年\(c.month)月\(c.day)日",
            ko: "\(c.year)년 \(c.month)월 \(c.day)일")
    }

    /// A day with its year, abbreviated: `Aug 6, 2023`, `2023年8月6日`, `2023년 8월 6일`.
    ///
    /// - Parameters:
    ///   - date: the instant.
    ///   - locale: the language.
    ///   - timeZone: whose calendar day.
    /// - Returns: the text, or `–` for an instant out of range.
    public static func abbreviatedDate(_ date: Date, locale: Locale, timeZone: TimeZone) -> String {
        guard let c = CivilTime(date, in: timeZone) else { return "–" }
        guard locale.usesBuiltInForms else {
            return cldr(date, locale, timeZone) { $0.year().month(.abbreviated).day() }
        }
        return locale.pick(
            en: "\(monthNames[c.month - 1].prefix(3)) \(c.day), \(c.year)", ja: "\(c.year)年\(c.month)月\(c.day)日",
            ko: "\(c.year)년 \(c.month)월 \(c.day)일")
    }

    /// A month and day: `Aug 6`, `8月6日`, `8월 6일`.
    ///
    /// - Parameters:
    ///   - date: the instant.
    ///   - locale: the language.
    ///   - timeZone: whose calendar day.
    /// - Returns: the text, or `–` for an instant out of range.
    public static func monthDay(_ date: Date, locale: Locale, timeZone: TimeZone) -> String {
        guard let c = CivilTime(date, in: timeZone) else { return "–" }
        guard locale.usesBuiltInForms else { return cldr(date, locale, timeZone) { $0.month(.abbreviated).day() } }
        return locale.pick(
            en: "\(monthNames[c.month - 1].prefix(3)) \(c.day)", ja: "\(c.month)月\(c.day)日", ko: "\(c.month)월 \(c.day)일"
        )
    }

    /// A day in figures with a two-digit year, for the small families where a name stands
    /// beside it (a whole year does not fit there on the 320 pt iPhone): `4/17/20`, `20/4/17`,
    /// `20. 4. 17.`; from CLDR in every other locale (`17.4.20` in German, `17/04/20` in British
    /// English).
    ///
    /// - Parameters:
    ///   - date: the instant.
    ///   - locale: the language and region.
    ///   - timeZone: whose calendar day.
    /// - Returns: the text, or `–` for an instant out of range.
    public static func numericDate(_ date: Date, locale: Locale, timeZone: TimeZone) -> String {
        guard let c = CivilTime(date, in: timeZone) else { return "–" }
        guard locale.usesBuiltInForms else {
            return cldr(date, locale, timeZone) { $0.year(.twoDigits).month(.defaultDigits).day(.defaultDigits) }
        }
        let year = CivilTime.pad(((c.year % 100) + 100) % 100, 2)
        return locale.pick(
            en: "\(c.month)/\(c.day)/\(year)", ja: "\(year)/\(c.month)/\(c.day)", ko: "\(year). \(c.month). \(c.day).")
    }

    /// A date written by Foundation's CLDR formats in a locale and time zone, in the locale's
    /// own calendar.
    static func cldr(
        _ date: Date, _ locale: Locale, _ timeZone: TimeZone, _ fields: (Date.FormatStyle) -> Date.FormatStyle
    ) -> String {
        let style = Date.FormatStyle(
            date: .omitted, time: .omitted, locale: locale, calendar: locale.calendar, timeZone: timeZone)
        return date.formatted(fields(style))
    }

    /// The time between `date` and `now` in its two largest units, as `Text(date, style: .relative)`:
    /// `2 hours, 23 minutes`, `1 year, 1 month`, `2時間23分`, `2시간 23분`.
    ///
    /// - Parameters:
    ///   - date: the date the text is about.
    ///   - now: the time the screen shows.
    ///   - locale: the language.
    ///   - timeZone: the calendar for months and years.
    /// - Returns: the text; `0 seconds` (or its translation) when the two are equal.
    public static func relative(_ date: Date, to now: Date, locale: Locale, timeZone: TimeZone) -> String {
        let parts = Array(Span(from: date, to: now, timeZone: timeZone).nonZero.prefix(2))
        guard !parts.isEmpty else { return unit(.second, 0, locale: locale) }
        guard locale.usesBuiltInForms else { return cldrSpan(parts, locale: locale) }
        return parts.map { unit($0.0, $0.1, locale: locale) }
            .joined(separator: locale.pick(en: ", ", ja: "", ko: " "))
    }

    /// The time from `now` to `date` in its largest unit, signed, as `Text(date, style: .offset)`:
    /// `+2 hours`, `-3 months`, `+2時間`, `-3개월`.
    ///
    /// - Parameters:
    ///   - date: the date the text is about.
    ///   - now: the time the screen shows.
    ///   - locale: the language.
    ///   - timeZone: the calendar for months and years.
    /// - Returns: the text; `+0 seconds` when the two are equal.
    public static func offset(_ date: Date, from now: Date, locale: Locale, timeZone: TimeZone) -> String {
        let sign = date < now ? "-" : "+"
        guard let part = Span(from: date, to: now, timeZone: timeZone).nonZero.first else {
            return "+" + unit(.second, 0, locale: locale)
        }
        return sign + unit(part.0, part.1, locale: locale)
    }

    /// A running clock of the time between `date` and `now`, as `Text(date, style: .timer)`:
    /// `2:32`, `36:59:01`.
    ///
    /// - Parameters:
    ///   - date: the date counted to or from.
    ///   - now: the time the screen shows.
    /// - Returns: `M:SS` under an hour, else `H:MM:SS`; hours are not capped.
    public static func timer(_ date: Date, from now: Date) -> String {
        let seconds = abs(date.timeIntervalSince(now))
        guard seconds.isFinite, seconds < 1e12, let whole = Int(exactly: seconds.rounded(.down)) else { return "–" }
        let hours = whole / 3600
        let minutes = (whole % 3600) / 60
        let rest = whole % 60
        return hours > 0
            ? "\(hours):\(CivilTime.pad(minutes, 2)):\(CivilTime.pad(rest, 2))"
            : "\(minutes):\(CivilTime.pad(rest, 2))"
    }

    /// `yyyy-MM-dd'T'HH:mm:ss'Z'` in UTC on the proleptic Gregorian calendar (no switch in 1582),
    /// as `manifest.json` writes dates: `2023-08-05T12:00:00Z`, `1500-01-01T00:00:00Z`.
    ///
    /// - Parameter date: the instant, whole seconds (a fraction is dropped).
    /// - Returns: the text, or `nil` outside the years 0001–9999.
    public static func iso8601(_ date: Date) -> String? {
        guard let c = CivilTime(date, offset: 0), (1...9999).contains(c.year) else { return nil }
        return CivilTime.pad(c.year, 4) + "-" + CivilTime.pad(c.month, 2) + "-" + CivilTime.pad(c.day, 2) + "T"
            + CivilTime.pad(c.hour, 2) + ":" + CivilTime.pad(c.minute, 2) + ":" + CivilTime.pad(c.second, 2) + "Z"
    }

    /// `yyyyMMdd'T'HHmmss'Z'` in UTC, for file names: `20230805T120000Z`.
    ///
    /// - Parameter date: the instant.
    /// - Returns: the stamp; an instant out of range gives `00000000T000000Z`.
    public static func stamp(_ date: Date) -> String {
        guard let c = CivilTime(date, offset: 0), (0...9999).contains(c.year) else { return "00000000T000000Z" }
        return CivilTime.pad(c.year, 4) + CivilTime.pad(c.month, 2) + CivilTime.pad(c.day, 2) + "T"
            + CivilTime.pad(c.hour, 2) + CivilTime.pad(c.minute, 2) + CivilTime.pad(c.second, 2) + "Z"
    }

    /// A calendar unit of a span.
    enum Unit: CaseIterable {
        case year, month, day, hour, minute, second
    }

    static func unit(_ unit: Unit, _ count: Int, locale: Locale) -> String {
        if !locale.usesBuiltInForms, let words = cldrUnit(unit, count, locale: locale) { return words }
        let one = count == 1
        switch unit {
        case .year: return locale.pick(en: "\(count) year\(one ? "" : "s")", ja: "\(count)年", ko: "\(count)년")
        case .month: return locale.pick(en: "\(count) month\(one ? "" : "s")", ja: "\(count)か月", ko: "\(count)개월")
        case .day: return locale.pick(en: "\(count) day\(one ? "" : "s")", ja: "\(count)日", ko: "\(count)일")
        case .hour: return locale.pick(en: "\(count) hour\(one ? "" : "s")", ja: "\(count)時間", ko: "\(count)시간")
        case .minute: return locale.pick(en: "\(count) minute\(one ? "" : "s")", ja: "\(count)分", ko: "\(count)분")
        case .second: return locale.pick(en: "\(count) second\(one ? "" : "s")", ja: "\(count)秒", ko: "\(count)초")
        }
    }

    /// Two parts of a span in a language other than the built-in three: days to seconds as
    /// CLDR writes a duration (`2 Stunden und 23 Minuten`, `2小时23分钟`); with years or
    /// months, the parts in the language's list (`1 Jahr und 2 Monate`; Chinese runs them
    /// together, as its durations do: `1年2个月`).
    static func cldrSpan(_ parts: [(Unit, Int)], locale: Locale) -> String {
        let clock: [Unit: (Duration.UnitsFormatStyle.Unit, Int)] = [
            .day: (.days, 86_400), .hour: (.hours, 3_600), .minute: (.minutes, 60), .second: (.seconds, 1),
        ]
        var total = 0
        var units: Set<Duration.UnitsFormatStyle.Unit> = []
        for (unit, count) in parts {
            guard let (allowed, seconds) = clock[unit] else { total = -1; break }
            let (product, overflow) = count.multipliedReportingOverflow(by: seconds)
            let (sum, overflowed) = total.addingReportingOverflow(product)
            guard !overflow, !overflowed, sum.magnitude < 1 << 52 else { total = -1; break }
            total = sum
            units.insert(allowed)
        }
        if total >= 0 {
            return Duration.seconds(total).formatted(
                Duration.UnitsFormatStyle(allowedUnits: units, width: .wide, maximumUnitCount: 2).locale(locale))
        }
        let words = parts.map { unit($0.0, $0.1, locale: locale) }
        if locale.languageSubtag == "zh" { return words.joined() }
        return words.formatted(.list(type: .and, width: .standard).locale(locale))
    }

    /// A count of a unit in a language other than the built-in three: days, hours, minutes and
    /// seconds from the platform's CLDR data (`2 Stunden`, `٣ ساعات`), years and months from
    /// WidgetRender's own table for German, French, Spanish, Portuguese, Chinese, Arabic and
    /// Hindi (CLDR's unit names for them are not reachable through Foundation); `nil` for
    /// years and months in any other language, which then read English.
    static func cldrUnit(_ unit: Unit, _ count: Int, locale: Locale) -> String? {
        let allowed: Duration.UnitsFormatStyle.Unit
        let seconds: Int
        switch unit {
        case .day: (allowed, seconds) = (.days, 86_400)
        case .hour: (allowed, seconds) = (.hours, 3_600)
        case .minute: (allowed, seconds) = (.minutes, 60)
        case .second: (allowed, seconds) = (.seconds, 1)
        case .year, .month: return calendarUnit(unit == .year, count, locale: locale)
        }
        let (total, overflow) = count.multipliedReportingOverflow(by: seconds)
        guard !overflow, total.magnitude < 1 << 52 else { return nil }
        return Duration.seconds(total).formatted(
            Duration.UnitsFormatStyle(allowedUnits: [allowed], width: .wide, zeroValueUnits: .show(length: 1))
                .locale(locale))
    }

    /// Years or months in one of the seven languages of the table, in the locale's digits.
    private static func calendarUnit(_ years: Bool, _ count: Int, locale: Locale) -> String? {
        let n = count.formatted(.number.locale(locale).grouping(.never))
        let one = count == 1
        switch locale.languageSubtag {
        case "de": return years ? "\(n) \(one ? "Jahr" : "Jahre")" : "\(n) \(one ? "Monat" : "Monate")"
        case "fr": return years ? "\(n) \(count < 2 ? "an" : "ans")" : "\(n) mois"
        case "es": return years ? "\(n) \(one ? "año" : "años")" : "\(n) \(one ? "mes" : "meses")"
        case "pt": return years ? "\(n) \(count < 2 ? "ano" : "anos")" : "\(n) \(count < 2 ? "mês" : "meses")"
        case "zh": return years ? "\(n)年" : "\(n)个月"
        case "hi": return years ? "\(n) वर्ष" : "\(n) \(count < 2 ? "महीना" : "महीने")"
        case "ar":
            // Arabic's plural: 3 to 10 take the plural, 11 to 99 the singular accusative.
            let hundredth = count.magnitude % 100
            if years {
                return count == 1
                    ? "سنة واحدة"
                    : count == 2
                        ? "سنتان"
                        : (3...10).contains(hundredth) ? "\(n) سنوات" : "\(n) سنة"
            }
            return count == 1
                ? "شهر واحد"
                : count == 2
                    ? "شهران"
                    : (3...10).contains(hundredth)
                        ? "\(n) أشهر" : (11...99).contains(hundredth) ? "\(n) شهرًا" : "\(n) شهر"
        default: return nil
        }
    }

    /// The calendar distance between two instants: whole years and months on the calendar,
    /// then days, hours, minutes and seconds.
    struct Span {
        var counts: [(Unit, Int)] = []

        init(from a: Date, to b: Date, timeZone: TimeZone) {
            let (early, late) = a <= b ? (a, b) : (b, a)
            guard let start = CivilTime(early, in: timeZone), let end = CivilTime(late, in: timeZone) else { return }
            var months = (end.year - start.year) * 12 + (end.month - start.month)
            let startRest = (start.day, start.hour, start.minute, start.second)
            let endRest = (end.day, end.hour, end.minute, end.second)
            if months > 0 && endRest < startRest { months -= 1 }
            months = max(0, months)
            // The start moved on by whole months, its day clamped to the target month's length.
            var anchor = start
            let monthIndex = start.month - 1 + months
            anchor.year = start.year + CivilTime.floorDivide(monthIndex, 12)
            anchor.month = CivilTime.floorModulo(monthIndex, 12) + 1
            anchor.day = min(start.day, CivilTime.daysIn(month: anchor.month, year: anchor.year))
            let anchorDate = anchor.date ?? early
            let rest = max(0, Int(late.timeIntervalSince(anchorDate).rounded(.down)))
            counts = [
                (.year, months / 12), (.month, months % 12), (.day, rest / 86_400), (.hour, (rest % 86_400) / 3600),
                (.minute, (rest % 3600) / 60), (.second, rest % 60),
            ]
        }

        var nonZero: [(Unit, Int)] { counts.filter { $0.1 > 0 } }
    }
}

extension Locale {
    /// The language subtag, lower-cased: `ja` for `ja_JP`, `ja-JP` or `ja`.
    public var languageSubtag: String {
        let identifier = self.identifier
        let end = identifier.firstIndex { $0 == "_" || $0 == "-" || $0 == "@" } ?? identifier.endIndex
        let tag = identifier[..<end].lowercased()
        return tag.isEmpty ? "en" : tag
    }

    /// Whether numbers and dates are written in the forms WidgetRender writes by hand: English
    /// (the US), Japanese (Japan) and Korean (Korea). Every other locale (`en-GB`, `de`, `hi-IN`,
    /// `ar-EG`…) writes them from the platform's CLDR data, as iOS does.
    public var usesBuiltInForms: Bool {
        // The identifiers asked most, without parsing (every figure asks).
        switch identifier {
        case "en", "en_US", "en-US", "ja", "ja_JP", "ja-JP", "ko", "ko_KR", "ko-KR": return true
        default: break
        }
        // Extensions (a numbering system, a calendar) are the CLDR formats' to honour.
        if identifier.contains("@") || identifier.contains("-u-") { return false }
        // The region subtag read off the identifier (`en_US`, `ja-JP`, `zh-Hant-TW`), as every
        // figure asks: a few string operations, where `Locale.region` asks ICU.
        let subtags = identifier.split(whereSeparator: { $0 == "_" || $0 == "-" }).dropFirst()
        let region = subtags.first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
            .map { $0.uppercased() }
        switch languageSubtag {
        case "en": return region == nil || region == "US"
        case "ja": return region == nil || region == "JP"
        case "ko": return region == nil || region == "KR"
        default: return false
        }
    }

    /// The string for this locale's language: Japanese, Korean, else English.
    ///
    /// ```swift
    /// locale.pick(en: "Cases", ja: "感染者", ko: "확진자")
    /// ```
    ///
    /// - Parameters:
    ///   - en: English, also used for every language without its own string.
    ///   - ja: Japanese.
    ///   - ko: Korean.
    /// - Returns: one of the three.
    public func pick(en: String, ja: String, ko: String) -> String {
        switch languageSubtag {
        case "ja": ja
        case "ko": ko
        default: en
        }
    }
}
