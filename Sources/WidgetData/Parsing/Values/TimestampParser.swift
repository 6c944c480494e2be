/// Reads one date or time cell into a ``TimeToken``, straight from bytes.
///
/// Accepted shapes:
/// - year first: `2021-03-04`, `2021/03/04`, `2021.03.04`, `20210304`, with an optional time
///   `T09:30`, ` 09:30:15`, `09:30:15.250` and an optional offset `Z`, `UTC`, `+01:00`, `-0500`, `+01`;
/// - day and month first in an order the whole column decides: `3/4/2021`, `03-04-21`, `3.4.2021`,
///   with the same optional time and offset;
/// - a day and a month's name in English, German, French, Spanish, Portuguese or Italian
///   (`19-Sep-03`, `3 März 2021`, `19 sept. 2003`, `Sep 19, 2003`), years of 2 digits by the
///   POSIX pivot (69–99 → 19xx, 00–68 → 20xx);
/// - times of a 12-hour clock: `09-AM`, `9 PM`, `09:30 PM`, `12:05:00 a.m.`;
/// - Unix times: 9–10 digit seconds (1973–2286) or 12–13 digit milliseconds, optionally fractional,
///   whose unit the column settles; 15–16 digit microseconds and 18–19 digit nanoseconds (the
///   same years), read at once; a negative one is invalid.
///
/// A time without an offset is UTC. Impossible dates and times (2021-02-29, 24:00, 12:60) are invalid.
enum TimestampParser {
    /// The common case quickly: `YYYY-MM-DD`, optionally with `T` or a space and `HH:MM` or
    /// `HH:MM:SS`, no offset. `nil` means "use ``token(_:from:to:)``", not "invalid".
    static func plainISO(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Double? {
        let length = end - start
        guard length == 10 || length == 16 || length == 19, bytes[start + 4] == 0x2D, bytes[start + 7] == 0x2D else {
            return nil
        }
        func digits(_ offset: Int, _ count: Int) -> Int? {
            var value = 0
            for position in start + offset..<start + offset + count {
                let digit = bytes[position] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
            let days = StrictDate.dayNumber(year: year, month: month, day: day)
        else { return nil }
        guard length > 10 else { return Double(days) * 86_400 }
        let separator = bytes[start + 10]
        guard separator == 0x54 || separator == 0x20, bytes[start + 13] == 0x3A, let hour = digits(11, 2),
            let minute = digits(14, 2), hour < 24, minute < 60
        else { return nil }
        var second = 0
        if length == 19 {
            guard bytes[start + 16] == 0x3A, let value = digits(17, 2), value < 60 else { return nil }
            second = value
        }
        return Double(days) * 86_400 + Double(hour * 3600 + minute * 60 + second)
    }

    /// Reads `bytes[start..<end]`; spaces around the text are ignored.
    static func token(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> TimeToken {
        if let seconds = plainISO(bytes, from: start, to: end) { return .instant(seconds) }
        var first = start
        var last = end
        while first < last, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
        while last > first, bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09 { last -= 1 }
        guard first < last else { return .invalid("no date") }
        var cursor = Cursor(bytes: bytes, index: first, end: last)

        // A leading run of digits decides the shape.
        let leading = cursor.countDigits()
        if leading == cursor.remaining || (cursor.peek(leading) == 0x2E && leading >= 9)
            || (bytes[first] == 0x2D && leading == 0)
        {
            return numeric(bytes, first, last)
        }
        if leading == 4, let separator = cursor.peek(4), isDateSeparator(separator) {
            return yearFirst(&cursor, separator: separator)
        }
        if (1...2).contains(leading), let separator = cursor.peek(leading),
            isDateSeparator(separator) || separator == 0x20,
            let letter = cursor.peek(leading + 1) == 0x20 ? cursor.peek(leading + 2) : cursor.peek(leading + 1),
            isLetter(letter)
        {
            return dayMonthName(&cursor, separator: separator)
        }
        if (1...2).contains(leading), let separator = cursor.peek(leading), isDateSeparator(separator) {
            return dayMonth(&cursor, separator: separator)
        }
        if leading == 0, isLetter(bytes[first]) { return monthNameFirst(&cursor) }
        return .invalid("not a date")
    }

    /// An ASCII letter, or the lead or continuation byte of a non-ASCII one (`ä`, `é`, `û`).
    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x80
    }

    /// `19-Sep-03`, `19 Sep 2003`, `19. Sept. 2003`, `19-sept.-2003`: a day, a month's name (see
    /// ``MonthNames``), a year of 4 digits or 2 (POSIX pivot, ``StrictDate/expandTwoDigitYear(_:)``),
    /// then the optional time.
    private static func dayMonthName(_ cursor: inout Cursor, separator: UInt8) -> TimeToken {
        guard let day = cursor.number(1...2), cursor.skip(separator) else { return .invalid("not a date") }
        _ = cursor.skip(0x20)  // `19. Sept. 2003`
        guard let month = cursor.monthName() else { return .invalid("not a date (not a month's name)") }
        _ = cursor.skip(0x2E)  // `Sept.`
        let separated = cursor.skip(separator)
        guard cursor.skip(0x20) || separated else { return .invalid("not a date") }
        return dated(&cursor, day: day, month: month)
    }

    /// `Sep 19, 2003`, `September 19 2003`: a month's name first, as US sites write it.
    private static func monthNameFirst(_ cursor: inout Cursor) -> TimeToken {
        guard let month = cursor.monthName() else { return .invalid("not a date") }
        _ = cursor.skip(0x2E)
        guard cursor.skip(0x20) || cursor.skip(0x2D), let day = cursor.number(1...2) else {
            return .invalid("not a date")
        }
        _ = cursor.skip(0x2C)
        guard cursor.skip(0x20) || cursor.skip(0x2D) else { return .invalid("not a date") }
        while cursor.skip(0x20) {}
        return dated(&cursor, day: day, month: month)
    }

    /// The year and optional time after a day and a named month.
    private static func dated(_ cursor: inout Cursor, day: Int, month: Int) -> TimeToken {
        let yearDigits = cursor.countDigits()
        guard yearDigits == 2 || yearDigits == 4, let written = cursor.number(yearDigits) else {
            return .invalid("not a date (the year needs 2 or 4 digits)")
        }
        let year = yearDigits == 2 ? StrictDate.expandTwoDigitYear(written) : written
        guard let days = StrictDate.dayNumber(year: year, month: month, day: day) else {
            return .invalid("not a real date")
        }
        switch timeOfDay(&cursor) {
        case .failure(let error): return .invalid(error.reason)
        case .success(let (seconds, offset)): return .instant(Double(days) * 86_400 + seconds - Double(offset))
        }
    }

    /// Reads text (tests and JSON strings).
    static func token(_ text: String) -> TimeToken {
        token(Array(text.utf8))
    }

    /// Reads all of `bytes`.
    static func token(_ bytes: [UInt8]) -> TimeToken {
        bytes.withUnsafeBufferPointer { token($0, from: 0, to: $0.count) }
    }

    private static func isDateSeparator(_ byte: UInt8) -> Bool {
        byte == 0x2D || byte == 0x2F || byte == 0x2E
    }

    /// Why a negative number is not a time (`DATA-RULES.md`).
    static var negativeUnixTime: String {
        "a negative Unix time (before 1970), which is not read: bare numbers are times only from 1973 to 2286, where their magnitude tells the unit (s, ms, µs, ns); write earlier dates as YYYY-MM-DD"
    }

    private static func numeric(_ bytes: UnsafeBufferPointer<UInt8>, _ first: Int, _ last: Int) -> TimeToken {
        let length = last - first
        if length == 8, bytes[first..<last].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            var cursor = Cursor(bytes: bytes, index: first, end: last)
            let year = cursor.number(4)
            let month = cursor.number(2)
            let day = cursor.number(2)
            if let year, let month, let day, (1900...2099).contains(year),
                let days = StrictDate.dayNumber(year: year, month: month, day: day)
            {
                return .instant(Double(days) * 86_400)
            }
            return .invalid("not a date (8 digits are read as YYYYMMDD)")
        }
        guard case .value(let value) = NumberParser.parse(bytes, from: first, to: last, style: .plain) else {
            return .invalid("not a date")
        }
        // Microseconds and nanoseconds (Binance's published klines since 2025, pandas' `int64`
        // datetimes) have magnitudes no other unit shares in the same years: read at once.
        let magnitude = abs(value)
        let fine: Double? =
            magnitude >= 1e14 && magnitude < 1e16 ? 1e6 : (magnitude >= 1e17 && magnitude < 1e19 ? 1e9 : nil)
        guard let unit = EpochUnit(magnitudeOf: value) else {
            if let fine {
                guard value >= 0 else { return .invalid(negativeUnixTime) }
                return .instant(value / fine)
            }
            return .invalid(
                "not a date, nor a Unix time between 1973 and 2286 in seconds, milliseconds, microseconds or nanoseconds"
            )
        }
        // The magnitude alone would read -1577836800 as 1920: a Unix time is never negative here.
        guard value >= 0 else { return .invalid(negativeUnixTime) }
        return .epoch(value, unit)
    }

    private static func yearFirst(_ cursor: inout Cursor, separator: UInt8) -> TimeToken {
        guard let year = cursor.number(4), cursor.skip(separator),
            let month = cursor.number(1...2), cursor.skip(separator), let day = cursor.number(1...2)
        else { return .invalid("not a date") }
        guard let days = StrictDate.dayNumber(year: year, month: month, day: day) else {
            return .invalid("not a real date")
        }
        switch timeOfDay(&cursor) {
        case .failure(let error): return .invalid(error.reason)
        case .success(let (seconds, offset)): return .instant(Double(days) * 86_400 + seconds - Double(offset))
        }
    }

    private static func dayMonth(_ cursor: inout Cursor, separator: UInt8) -> TimeToken {
        guard let first = cursor.number(1...2), cursor.skip(separator), let second = cursor.number(1...2),
            cursor.skip(separator)
        else { return .invalid("not a date") }
        let yearDigits = cursor.countDigits()
        guard yearDigits == 2 || yearDigits == 4, let written = cursor.number(yearDigits) else {
            return .invalid("not a date (the year needs 2 or 4 digits)")
        }
        let year = yearDigits == 2 ? StrictDate.expandTwoDigitYear(written) : written
        switch timeOfDay(&cursor) {
        case .failure(let error): return .invalid(error.reason)
        case .success(let (seconds, offset)):
            return .dayMonth(
                DayMonthDate(
                    first: first, second: second, year: year, separator: separator, seconds: seconds, offset: offset))
        }
    }

    private struct TimeError: Error {
        var reason: String
    }

    /// The optional time of day and UTC offset after a date: seconds into the day and the offset in seconds.
    private static func timeOfDay(_ cursor: inout Cursor) -> Result<(Double, Int), TimeError> {
        guard !cursor.atEnd else { return .success((0, 0)) }
        guard cursor.skip(0x54) || cursor.skip(0x74) || cursor.skip(0x20) else {
            return .failure(TimeError(reason: "not a date (unexpected text after it)"))
        }
        while cursor.skip(0x20) {}
        guard var hour = cursor.number(1...2) else { return .failure(TimeError(reason: "not a time of day")) }
        // `09-AM`, `9 PM`, `09PM`: an hour of a 12-hour clock alone (CryptoDataDownload's hourly files).
        var probe = cursor
        _ = probe.skip(0x2D) || probe.skip(0x20)
        if let meridiem = probe.meridiem() {
            cursor = probe
            guard (1...12).contains(hour) else { return .failure(TimeError(reason: "not a real time of day")) }
            hour = hour % 12 + (meridiem ? 12 : 0)
            while cursor.skip(0x20) {}
            guard cursor.atEnd else { return .failure(TimeError(reason: "unexpected text after the time")) }
            return .success((Double(hour * 3600), 0))
        }
        guard cursor.skip(0x3A), let minute = cursor.number(2) else {
            return .failure(TimeError(reason: "not a time of day"))
        }
        var second = 0
        var fraction = 0.0
        if cursor.skip(0x3A) {
            guard let value = cursor.number(2) else { return .failure(TimeError(reason: "not a time of day")) }
            second = value
            if cursor.skip(0x2E) || cursor.skip(0x2C) {
                var scale = 0.1
                let digits = cursor.countDigits()
                guard digits > 0 else { return .failure(TimeError(reason: "not a time of day")) }
                for _ in 0..<digits {
                    fraction += Double(cursor.next() - 0x30) * scale
                    scale /= 10
                }
            }
        }
        while cursor.skip(0x20) {}
        // `09:30 PM`, `12:05:00 AM`.
        if let meridiem = cursor.meridiem() {
            guard (1...12).contains(hour) else { return .failure(TimeError(reason: "not a real time of day")) }
            hour = hour % 12 + (meridiem ? 12 : 0)
            while cursor.skip(0x20) {}
        }
        guard hour < 24, minute < 60, second < 60 else {
            return .failure(TimeError(reason: "not a real time of day"))
        }
        let seconds = Double(hour * 3600 + minute * 60 + second) + fraction
        guard !cursor.atEnd else { return .success((seconds, 0)) }
        if cursor.skip(0x5A) || cursor.skip(0x7A) || cursor.skipWord("UTC")
            || cursor.skipWord("GMT")
        {
            return cursor.atEnd ? .success((seconds, 0)) : .failure(TimeError(reason: "unexpected text after the time"))
        }
        let sign: Int
        if cursor.skip(0x2B) {
            sign = 1
        } else if cursor.skip(0x2D) {
            sign = -1
        } else {
            return .failure(TimeError(reason: "unexpected text after the time"))
        }
        guard let offsetHours = cursor.number(2) else { return .failure(TimeError(reason: "not a UTC offset")) }
        var offsetMinutes = 0
        if !cursor.atEnd {
            _ = cursor.skip(0x3A)
            guard let minutes = cursor.number(2) else { return .failure(TimeError(reason: "not a UTC offset")) }
            offsetMinutes = minutes
        }
        guard cursor.atEnd, offsetHours <= 18, offsetMinutes < 60 else {
            return .failure(TimeError(reason: "not a UTC offset"))
        }
        return .success((seconds, sign * (offsetHours * 3600 + offsetMinutes * 60)))
    }

    /// A reading position in a byte range.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int
        let end: Int

        var atEnd: Bool { index >= end }
        var remaining: Int { end - index }

        func peek(_ offset: Int) -> UInt8? {
            index + offset < end ? bytes[index + offset] : nil
        }

        /// How many ASCII digits follow, without moving.
        func countDigits() -> Int {
            var probe = index
            while probe < end, bytes[probe] >= 0x30, bytes[probe] <= 0x39 { probe += 1 }
            return probe - index
        }

        mutating func next() -> UInt8 {
            defer { index += 1 }
            return bytes[index]
        }

        mutating func skip(_ byte: UInt8) -> Bool {
            guard index < end, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func skipWord(_ word: String) -> Bool {
            let utf8 = Array(word.utf8)
            guard remaining >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else { return false }
            index += utf8.count
            return true
        }

        /// `AM` (false) or `PM` (true), in any case, with optional dots (`a.m.`), and moves past it.
        mutating func meridiem() -> Bool? {
            var probe = self
            guard let first = probe.peek(0) else { return nil }
            let letter = first | 0x20
            guard letter == 0x61 || letter == 0x70 else { return nil }
            probe.index += 1
            _ = probe.skip(0x2E)
            guard let m = probe.peek(0), m | 0x20 == 0x6D else { return nil }
            probe.index += 1
            _ = probe.skip(0x2E)
            // Not the start of a longer word.
            if let next = probe.peek(0), (next | 0x20) >= 0x61, (next | 0x20) <= 0x7A { return nil }
            self = probe
            return letter == 0x70
        }

        /// A month's name (``MonthNames``) at the cursor, moving past its letters, or `nil`.
        mutating func monthName() -> Int? {
            var probe = index
            while probe < end, TimestampParser.isLetter(bytes[probe]) { probe += 1 }
            guard probe > index, probe - index <= 24,
                let month = MonthNames.month(String(decoding: bytes[index..<probe], as: UTF8.self))
            else { return nil }
            index = probe
            return month
        }

        /// Exactly `count` digits.
        mutating func number(_ count: Int) -> Int? {
            number(count...count)
        }

        /// Up to `lengths.upperBound` digits, at least `lengths.lowerBound`.
        mutating func number(_ lengths: ClosedRange<Int>) -> Int? {
            let digits = min(countDigits(), lengths.upperBound)
            guard digits >= lengths.lowerBound else { return nil }
            var value = 0
            for _ in 0..<digits { value = value * 10 + Int(next() - 0x30) }
            return value
        }
    }
}
