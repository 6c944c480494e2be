import Foundation

/// A date and time of day on the proleptic Gregorian calendar, at a fixed UTC offset.
///
/// WidgetRender turns instants into calendar fields here and nowhere else. The arithmetic
/// is Howard Hinnant's days-from-civil algorithm, so a date before 1582-10-15 is never
/// shifted by a switch to the Julian calendar (as Foundation's `Calendar` shifts it), and
/// nothing depends on the machine's locale or calendar data.
///
/// ```swift
/// let civil = CivilTime(Date(timeIntervalSince1970: 0), offset: 9 * 3600)
/// civil?.year  // 1970; civil?.hour == 9
/// ```
public struct CivilTime: Hashable, Sendable, CustomStringConvertible {
    /// The year; 0 is 1 BC, as ISO 8601 counts.
    public var year: Int
    /// 1 to 12.
    public var month: Int
    /// 1 to 31.
    public var day: Int
    /// 0 to 23.
    public var hour: Int
    /// 0 to 59.
    public var minute: Int
    /// 0 to 59.
    public var second: Int
    /// The offset from UTC in seconds that these fields are in.
    public var offset: Int

    /// The largest distance from 1970, in seconds, that converts: about ±31,000 years.
    public static var representableSeconds: Double { 1e12 }

    /// Fields from their values; no checking (see ``isValid``).
    ///
    /// - Parameters:
    ///   - year: the year (0 is 1 BC).
    ///   - month: 1 to 12.
    ///   - day: 1 to the month's last day.
    ///   - hour: 0 to 23.
    ///   - minute: 0 to 59.
    ///   - second: 0 to 59.
    ///   - offset: seconds east of UTC.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, offset: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.offset = offset
    }

    /// The fields of `date` at `offset` seconds from UTC, whole seconds rounded down.
    ///
    /// - Parameters:
    ///   - date: the instant.
    ///   - offset: seconds east of UTC (`timeZone.secondsFromGMT(for: date)`).
    /// - Returns: `nil` when the instant is not finite or more than ``representableSeconds`` from 1970.
    public init?(_ date: Date, offset: Int = 0) {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) <= Self.representableSeconds, abs(offset) <= 86_400 else { return nil }
        guard let whole = Int(exactly: seconds.rounded(.down)) else { return nil }
        let local = whole + offset
        let days = Self.floorDivide(local, 86_400)
        let secondOfDay = local - days * 86_400
        let (year, month, day) = Self.civil(fromDays: days)
        self.init(
            year: year, month: month, day: day, hour: secondOfDay / 3600, minute: (secondOfDay % 3600) / 60,
            second: secondOfDay % 60, offset: offset)
    }

    /// The fields of `date` in `timeZone` (its offset at that instant).
    ///
    /// - Parameters:
    ///   - date: the instant.
    ///   - timeZone: the zone whose wall clock to read.
    /// - Returns: `nil` when the instant is out of range (see ``init(_:offset:)``).
    public init?(_ date: Date, in timeZone: TimeZone) {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) <= Self.representableSeconds else { return nil }
        self.init(date, offset: timeZone.secondsFromGMT(for: date))
    }

    /// True when every field is in its range, including the day for the month and year.
    public var isValid: Bool {
        (1...12).contains(month) && (1...Self.daysIn(month: month, year: year)).contains(day)
            && (0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second)
    }

    /// The instant these fields name, or `nil` when they are not valid.
    public var date: Date? {
        guard isValid, abs(year) <= 30_000 else { return nil }
        let days = Self.days(fromCivilYear: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// The day of the week, 1 (Sunday) to 7 (Saturday), as Foundation numbers them.
    public var weekday: Int {
        let days = Self.days(fromCivilYear: year, month: month, day: day)
        // 1970-01-01 was a Thursday (5).
        return Self.floorModulo(days + 4, 7) + 1
    }

    /// `2023-08-05T12:00:00+09:00`, or `…Z` at offset 0.
    public var description: String {
        let sign = offset < 0 ? "-" : "+"
        let zone =
            offset == 0
            ? "Z" : sign + Self.pad(abs(offset) / 3600, 2) + ":" + Self.pad((abs(offset) % 3600) / 60, 2)
        return Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2) + "T" + Self.pad(hour, 2) + ":"
            + Self.pad(minute, 2) + ":" + Self.pad(second, 2) + zone
    }

    /// Days in a month of the proleptic Gregorian calendar (0 for a month out of range).
    ///
    /// - Parameters:
    ///   - month: 1 to 12.
    ///   - year: any year.
    /// - Returns: 28 to 31, or 0.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: 31
        case 4, 6, 9, 11: 30
        case 2: isLeap(year) ? 29 : 28
        default: 0
        }
    }

    /// True for a Gregorian leap year.
    ///
    /// - Parameter year: any year (0 is a leap year).
    /// - Returns: whether February has 29 days.
    public static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Days since 1970-01-01 for a civil date (Hinnant's `days_from_civil`).
    ///
    /// - Parameters:
    ///   - year: the year; callers keep it within ±30,000.
    ///   - month: 1 to 12.
    ///   - day: 1 to 31.
    /// - Returns: the day number, negative before 1970.
    public static func days(fromCivilYear year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day number (Hinnant's `civil_from_days`).
    ///
    /// - Parameter days: days since 1970-01-01.
    /// - Returns: year, month (1...12) and day (1...31).
    public static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    static func floorDivide(_ a: Int, _ b: Int) -> Int {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }

    static func floorModulo(_ a: Int, _ b: Int) -> Int {
        a - floorDivide(a, b) * b
    }

    /// Zero-padded decimal; a negative value keeps its sign in front.
    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value.magnitude)
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
