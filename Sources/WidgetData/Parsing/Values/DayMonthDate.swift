/// `a/b/yyyy`, `a-b-yy` or `a.b.yyyy`, before the column says whether `a` is the day or the month.
struct DayMonthDate: Equatable, Sendable {
    var first: Int
    var second: Int
    var year: Int
    var separator: UInt8
    /// Seconds into the day.
    var seconds: Double
    /// The UTC offset in seconds.
    var offset: Int

    /// The instant when `first` is the month (`monthFirst`) or the day.
    func instant(monthFirst: Bool) -> Double? {
        let month = monthFirst ? first : second
        let day = monthFirst ? second : first
        guard let days = StrictDate.dayNumber(year: year, month: month, day: day) else { return nil }
        return Double(days) * 86_400 + seconds - Double(offset)
    }

    /// How it was written, for messages.
    var text: String {
        let mark = String(Character(Unicode.Scalar(separator)))
        return "\(first)\(mark)\(second)\(mark)\(year)"
    }
}
