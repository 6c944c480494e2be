import Foundation

/// Parses the date forms the sample sources use, rejecting impossible dates
/// (Foundation's lenient parsing would roll 2021-02-29 over to March 1st).
public enum StrictDate {
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
        return calendar
    }()

    /// Midnight UTC of a valid calendar date, or `nil`.
    public static func date(year: Int, month: Int, day: Int) -> Date? {
        guard (1...12).contains(month), day >= 1 else { return nil }
        let days = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= days[month - 1] else { return nil }
        return utc.date(from: DateComponents(year: year, month: month, day: day))
    }

    /// `YYYY-MM-DD`, optionally followed by ` HH:MM:SS` or `THH:MM:SS` (taken as UTC).
    public static func iso(_ text: String) -> Date? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" })
        guard let first = parts.first, parts.count <= 2 else { return nil }
        let ymd = first.split(separator: "-", omittingEmptySubsequences: false)
        guard ymd.count == 3, ymd[0].count == 4, ymd[1].count == 2, ymd[2].count == 2,
            let y = digits(ymd[0]), let m = digits(ymd[1]), let d = digits(ymd[2]), let day = date(year: y, month: m, day: d)
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

    /// JHU / disease.sh `m/d/yy` (US order, two-digit year meaning 20yy).
    public static func usShort(_ text: String) -> Date? {
        let mdy = text.split(separator: "/", omittingEmptySubsequences: false)
        guard mdy.count == 3, let m = digits(mdy[0]), let d = digits(mdy[1]), let y = digits(mdy[2]) else { return nil }
        let year = mdy[2].count == 2 ? 2000 + y : (mdy[2].count == 4 ? y : -1)
        guard year > 0 else { return nil }
        return date(year: year, month: m, day: d)
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
