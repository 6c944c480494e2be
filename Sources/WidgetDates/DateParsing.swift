import Foundation

/// Strict parsing of the dates and durations people type on a command line or in a test.
///
/// Dates are ISO 8601: a day (`2023-08-05`), or a day and a time with an optional offset
/// (`2023-08-05T12:00`, `2023-08-05T12:00:00Z`, `2023-08-05 12:00:00+09:00`). A day or a
/// time without an offset is read in the time zone given. Nothing rolls over: `2023-02-29`
/// and `24:00` are refused.
///
/// ```swift
/// DateParsing.date("2023-08-05T12:00:00Z")      // 2023-08-05 12:00 UTC
/// DateParsing.duration("1h30m")                 // 5400
/// ```
public enum DateParsing {
    /// Reads an ISO 8601 day or date-time.
    ///
    /// - Parameters:
    ///   - text: the text, e.g. `2023-08-05` or `2023-08-05T12:00:00Z`.
    ///   - timeZone: the zone for text without an offset; UTC by default.
    /// - Returns: the instant, or `nil` when the text is not such a date or names an impossible one.
    public static func date(_ text: String, timeZone: TimeZone = .utc) -> Date? {
        var scanner = Scanner(Array(text.trimmingCharacters(in: .whitespaces).utf8))
        guard let year = scanner.digits(4), scanner.take(UInt8(ascii: "-")),
            let month = scanner.digits(2), scanner.take(UInt8(ascii: "-")), let day = scanner.digits(2)
        else { return nil }
        var civil = CivilTime(year: year, month: month, day: day)
        var explicitOffset: Int?
        if !scanner.atEnd {
            guard scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: " ")),
                let hour = scanner.digits(2), scanner.take(UInt8(ascii: ":")), let minute = scanner.digits(2)
            else { return nil }
            civil.hour = hour
            civil.minute = minute
            if scanner.take(UInt8(ascii: ":")) {
                guard let second = scanner.digits(2) else { return nil }
                civil.second = second
                // Fractions of a second are accepted and dropped: widgets show whole seconds.
                if scanner.take(UInt8(ascii: ".")) {
                    guard scanner.skipDigits() > 0 else { return nil }
                }
            }
            if scanner.take(UInt8(ascii: "Z")) {
                explicitOffset = 0
            } else if let sign = scanner.sign() {
                guard let hours = scanner.digits(2), hours <= 18 else { return nil }
                _ = scanner.take(UInt8(ascii: ":"))
                guard let minutes = scanner.digits(2), minutes < 60 else { return nil }
                explicitOffset = sign * (hours * 3600 + minutes * 60)
            }
        }
        guard scanner.atEnd, civil.isValid else { return nil }
        if let explicitOffset {
            civil.offset = explicitOffset
            return civil.date
        }
        // The zone's offset at that wall-clock time: try the offset at the UTC reading, then correct once.
        guard let guess = civil.date else { return nil }
        var local = civil
        local.offset = timeZone.secondsFromGMT(for: guess)
        guard let first = local.date else { return nil }
        local.offset = timeZone.secondsFromGMT(for: first)
        return local.date
    }

    /// Reads a duration: whole numbers with units `w`, `d`, `h`, `m`, `s`, largest first
    /// (`15m`, `2h`, `1h30m`, `1d`, `90s`).
    ///
    /// - Parameter text: the duration.
    /// - Returns: seconds, or `nil` for anything else (no unit, a repeated or misordered unit,
    ///   zero, or more than 100 years).
    public static func duration(_ text: String) -> TimeInterval? {
        let units: [(UInt8, Int)] = [
            (UInt8(ascii: "w"), 604_800), (UInt8(ascii: "d"), 86_400), (UInt8(ascii: "h"), 3600),
            (UInt8(ascii: "m"), 60), (UInt8(ascii: "s"), 1),
        ]
        let bytes = Array(text.trimmingCharacters(in: .whitespaces).lowercased().utf8)
        var index = 0
        var nextUnit = 0
        var total = 0
        guard !bytes.isEmpty else { return nil }
        while index < bytes.count {
            var value = 0
            var digits = 0
            while index < bytes.count, let digit = Scanner.digit(bytes[index]) {
                guard digits < 9 else { return nil }
                value = value * 10 + digit
                digits += 1
                index += 1
            }
            guard digits > 0, index < bytes.count,
                let unit = units[nextUnit...].firstIndex(where: { $0.0 == bytes[index] })
            else { return nil }
            total += value * units[unit].1
            guard total <= 100 * 366 * 86_400 else { return nil }
            nextUnit = unit + 1
            index += 1
        }
        return total > 0 ? TimeInterval(total) : nil
    }

    /// A date, or a duration after `base` written `+4h`.
    ///
    /// - Parameters:
    ///   - text: `2023-08-05T16:00:00Z` or `+4h`.
    ///   - base: what a `+duration` counts from.
    ///   - timeZone: the zone for a date without an offset.
    /// - Returns: the instant, or `nil`.
    public static func date(_ text: String, after base: Date, timeZone: TimeZone = .utc) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("+") {
            return duration(String(trimmed.dropFirst())).map { base.addingTimeInterval($0) }
        }
        return date(trimmed, timeZone: timeZone)
    }

    /// Writes a duration the way ``duration(_:)`` reads it: `1h30m`, `15m`, `2d`.
    ///
    /// - Parameter seconds: a duration; rounded to whole seconds; 0 or less gives `0s`.
    /// - Returns: the shortest spelling.
    public static func format(duration seconds: TimeInterval) -> String {
        guard seconds.isFinite, seconds >= 1, let whole = Int(exactly: min(seconds, 1e12).rounded()) else {
            return "0s"
        }
        var left = whole
        var text = ""
        for (unit, size) in [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)] where left >= size {
            text += "\(left / size)\(unit)"
            left %= size
        }
        return text
    }

    /// Reads ASCII bytes left to right.
    struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        var atEnd: Bool { index == bytes.count }

        static func digit(_ byte: UInt8) -> Int? {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func sign() -> Int? {
            if take(UInt8(ascii: "+")) { return 1 }
            if take(UInt8(ascii: "-")) { return -1 }
            return nil
        }

        /// Exactly `count` digits.
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for offset in 0..<count {
                guard let digit = Self.digit(bytes[index + offset]) else { return nil }
                value = value * 10 + digit
            }
            index += count
            return value
        }

        mutating func skipDigits() -> Int {
            let start = index
            while index < bytes.count, Self.digit(bytes[index]) != nil { index += 1 }
            return index - start
        }
    }
}

extension TimeZone {
    /// Coordinated Universal Time.
    public static var utc: TimeZone { TimeZone(secondsFromGMT: 0) ?? .current }
}
