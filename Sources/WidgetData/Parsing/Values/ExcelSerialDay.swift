/// Excel's serial days: a spreadsheet saved with its date cells unformatted writes `45123` for
/// 2023-07-16 and `45123.5` for noon that day (days since 1899-12-30, the epoch Excel and
/// LibreOffice share for dates after 1900-03-01).
///
/// Read only in a column whose name says date (``isDateName(_:)``: `Date`, `Trade Date`,
/// `ObservationDate`, `Datum`, `fecha`, `日付`), and only from 20,000 to 80,000
/// (1954-10-03 to 2119-01-10): 5-digit numbers that no other reading of a time takes, since Unix
/// times are read from 10⁸ (9 digits, 1973) and `YYYYMMDD` has 8 digits.
///
/// ```swift
/// ExcelSerialDay.seconds(45123.5)   // 1689508800, 2023-07-16T12:00:00Z
/// ```
enum ExcelSerialDay {
    /// The serial days read.
    static var window: Range<Double> { 20_000..<80_000 }
    /// Day 25,569 is 1970-01-01.
    private static var unixEpoch: Double { 25_569 }

    /// Seconds since 1970 of a serial day in ``window``, or `nil`.
    static func seconds(_ value: Double) -> Double? {
        guard value.isFinite, window.contains(value) else { return nil }
        return ((value - unixEpoch) * 86_400).rounded()
    }

    /// Whether a column's name says it holds dates (not times: `timestamp`, `time`, `ts`, `unix`
    /// hold Unix times, which a 5-digit number is not).
    static func isDateName(_ name: String) -> Bool {
        let words = ColumnNames.key(name).split(separator: " ")
        return words.contains { dateWords.contains(String($0)) }
    }

    private static let dateWords: Set<String> = [
        "date", "day", "datum", "fecha", "日付", "날짜", "일자",
    ]

    /// `token` as the column reads it: a number in ``window`` that is no other time, in a
    /// column named as a date, is a serial day.
    static func reading(_ token: TimeToken, isDateColumn: Bool, number: () -> NumberParser.Result) -> TimeToken {
        guard isDateColumn, case .invalid = token, case .value(let value) = number(), let seconds = seconds(value)
        else { return token }
        return .instant(seconds)
    }
}
