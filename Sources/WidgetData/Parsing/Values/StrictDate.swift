import Foundation

/// Parses the date forms the sample sources use, rejecting impossible dates
/// (Foundation's lenient parsing would roll 2021-02-29 over to March 1st).
///
/// Dates are computed with proleptic Gregorian arithmetic in UTC, so years before 1970
/// and after 2038 work, and no `Calendar` or `DateFormatter` is involved.
///
/// ```swift
/// StrictDate.iso("2021-02-29")   // nil
/// StrictDate.usShort("3/17/20")  // 2020-03-17 00:00 UTC
/// ```
public enum StrictDate {
    /// Midnight UTC of a valid calendar date, or `nil`.
    ///
    /// - Parameters:
    ///   - year: the year, 1…9999.
    ///   - month: 1…12.
    ///   - day: 1…the length of the month (29 February only in leap years).
    /// - Returns: the date, or `nil` when there is no such day.
    public static func date(year: Int, month: Int, day: Int) -> Date? {
        guard let days = dayNumber(year: year, month: month, day: day) else { return nil }
        return Date(timeIntervalSince1970: Double(days) * 86_400)
    }

    /// `YYYY-MM-DD`, optionally followed by ` HH:MM:SS` or `THH:MM:SS` (taken as UTC).
    ///
    /// - Returns: the instant, or `nil` for any other shape or an impossible date or time.
    public static func iso(_ text: String) -> Date? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" })
        guard let first = parts.first, parts.count <= 2 else { return nil }
        let ymd = first.split(separator: "-", omittingEmptySubsequences: false)
        guard ymd.count == 3, ymd[0].count == 4, ymd[1].count == 2, ymd[2].count == 2,
            let y = digits(ymd[0]), let m = digits(ymd[1]), let d = digits(ymd[2]),
            let day = date(year: y, month: m, day: d)
        else { return nil }
        guard parts.count == 2 else { return day }
        let hms = parts[1].split(separator: ":")
        guard (2...3).contains(hms.count), let h = digits(hms[0]), let mi = digits(hms[1]), (0..<24).contains(h),
            (0..<60).contains(mi)
        else { return nil }
        let s = hms.count == 3 ? digits(hms[2]) : 0
        guard let s, (0..<60).contains(s) else { return nil }
        return day.addingTimeInterval(TimeInterval(h * 3600 + mi * 60 + s))
    }

    /// JHU / disease.sh `m/d/yy` (US order). A two-digit year is 20yy for 00–68 and 19yy for
    /// 69–99, as POSIX `strptime("%y")` reads it; a four-digit year is taken as written.
    ///
    /// - Returns: midnight UTC, or `nil` for any other shape or an impossible date.
    public static func usShort(_ text: String) -> Date? {
        let mdy = text.split(separator: "/", omittingEmptySubsequences: false)
        guard mdy.count == 3, mdy[0].count <= 2, mdy[1].count <= 2, let m = digits(mdy[0]), let d = digits(mdy[1]),
            let y = digits(mdy[2])
        else { return nil }
        let year: Int
        switch mdy[2].count {
        case 2: year = expandTwoDigitYear(y)
        case 4: year = y
        default: return nil
        }
        return date(year: year, month: m, day: d)
    }

    /// Days since 1970-01-01 of a valid date, or `nil`.
    static func dayNumber(year: Int, month: Int, day: Int) -> Int? {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The UTC calendar date and time of an instant, by proleptic Gregorian arithmetic: the
    /// Gregorian rules extended backwards, so a date before 1582-10-15 is never shifted by a
    /// switch to the Julian calendar, as Foundation's `Calendar(identifier: .gregorian)` does.
    /// Use it (or ``isoText(_:)``) wherever a date must become text, a file name or JSON.
    ///
    /// ```swift
    /// StrictDate.civil(StrictDate.date(year: 1500, month: 3, day: 1)!)   // (1500, 3, 1, 0, 0, 0)
    /// ```
    ///
    /// - Parameter date: an instant.
    /// - Returns: the fields in UTC (seconds rounded down), or `nil` outside years 1…9999.
    public static func civil(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, let whole = Int(exactly: seconds.rounded(.down)) else { return nil }
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondsOfDay = whole - days * 86_400
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        guard (1...9999).contains(year) else { return nil }
        return (year, month, day, secondsOfDay / 3600, secondsOfDay / 60 % 60, secondsOfDay % 60)
    }

    /// `YYYY-MM-DD` for midnight UTC, else `YYYY-MM-DDTHH:MM:SSZ`, in the proleptic Gregorian
    /// calendar (see ``civil(_:)``); `nil` outside years 1…9999.
    ///
    /// ```swift
    /// StrictDate.isoText(StrictDate.date(year: 1200, month: 5, day: 17)!)   // "1200-05-17"
    /// ```
    public static func isoText(_ date: Date) -> String? {
        guard let c = civil(date) else { return nil }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = String(repeating: "0", count: max(0, 4 - String(c.year).count)) + String(c.year)
        let day = "\(year)-\(two(c.month))-\(two(c.day))"
        let seconds = date.timeIntervalSince1970
        guard c.hour != 0 || c.minute != 0 || c.second != 0 || seconds != seconds.rounded(.down) else { return day }
        return "\(day)T\(two(c.hour)):\(two(c.minute)):\(two(c.second))Z"
    }

    /// ``isoText(_:)`` of seconds since 1970, for messages; any value gives some text.
    static func text(seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 3e11 else { return "\(seconds) s" }
        return isoText(Date(timeIntervalSince1970: seconds)) ?? "\(seconds) s"
    }

    /// 00–68 → 2000–2068, 69–99 → 1969–1999: the POSIX pivot (`strptime`'s `%y`, XSH
    /// "values in the range [69,99] shall refer to years 1969 to 1999 inclusive and values in
    /// the range [00,68] shall refer to years 2000 to 2068 inclusive").
    static func expandTwoDigitYear(_ year: Int) -> Int {
        year < 69 ? 2000 + year : 1900 + year
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// A non-negative whole number written with ASCII digits only (no sign, no spaces).
    private static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else {
            return nil
        }
        return Int(text)
    }

    private static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }
}
