/// Reads decimal numbers strictly, straight from bytes.
///
/// `Double(_:)` alone accepts `nan`, `inf`, hexadecimal and overflows to infinity; this
/// reader accepts only `[sign] digits [mark digits] [e [sign] digits]`, with grouping marks
/// only between groups of exactly three digits, and says why anything else is refused.
enum NumberParser {
    /// Which characters separate decimals and thousands.
    struct Style: Equatable, Sendable {
        /// `.` or `,`.
        var decimalMark: UInt8
        /// The thousands separator allowed between groups of three digits, if any.
        var groupingMark: UInt8?

        /// JSON and plain text: `1234.5`, no grouping.
        static var plain: Style { Style(decimalMark: 0x2E, groupingMark: nil) }
        /// Decimal point, comma between thousands (quoted `"20,172,049"` in a comma-separated file).
        static var decimalPoint: Style { Style(decimalMark: 0x2E, groupingMark: 0x2C) }
        /// Decimal comma, point between thousands (`1.234,5`), as `;`-separated files use.
        static var decimalComma: Style { Style(decimalMark: 0x2C, groupingMark: 0x2E) }
    }

    /// What a cell holds.
    enum Result: Equatable, Sendable {
        case value(Double)
        /// Empty, or a missing-value marker: `null`, `NA`, `N/A`, `#N/A`, `None`, `-`.
        case missing
        /// `NaN`, `Infinity`, `inf` and the like.
        case notFinite
        /// A number too large for a Double, such as `1e400`.
        case outOfRange
        /// Not a number; the reason says what is wrong.
        case invalid(String)
    }

    /// Exact powers of ten for the fast path (10^22 is the largest exactly representable).
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
        1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Reads text.
    static func parse(_ text: String, style: Style = .plain) -> Result {
        parse(Array(text.utf8), style: style)
    }

    /// Reads all of `bytes`.
    static func parse(_ bytes: [UInt8], style: Style) -> Result {
        bytes.withUnsafeBufferPointer { parse($0, from: 0, to: $0.count, style: style) }
    }

    /// The common case quickly: `[-]digits[.digits]` with at most 15 digits and a `.` decimal
    /// mark, nothing else. `nil` means "use ``parse(_:from:to:style:)``", not "invalid".
    static func plainDecimal(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Double? {
        var index = start
        guard index < end else { return nil }
        let negative = bytes[index] == 0x2D
        if negative { index += 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var fraction = 0
        var sawPoint = false
        while index < end {
            let byte = bytes[index]
            if byte &- 0x30 < 10 {
                mantissa = mantissa &* 10 &+ Int64(byte &- 0x30)
                digits += 1
                if sawPoint { fraction += 1 }
            } else if byte == 0x2E, !sawPoint {
                sawPoint = true
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0, digits <= 15 else { return nil }
        let value = fraction == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[fraction]
        return negative ? -value : value
    }

    /// Reads `bytes[start..<end]`; spaces and tabs around the number are ignored.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, style: Style) -> Result {
        if style.decimalMark == 0x2E, let value = plainDecimal(bytes, from: start, to: end) { return .value(value) }
        var first = start
        var last = end
        while first < last, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
        while last > first, bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09 { last -= 1 }
        if first == last { return .missing }
        if let word = word(bytes, first, last) { return word }

        var index = first
        var negative = false
        if bytes[index] == 0x2D || bytes[index] == 0x2B {
            negative = bytes[index] == 0x2D
            index += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0  // digits held in mantissa (leading zeros excluded)
        var dropped = 0  // integer digits beyond what mantissa holds
        var fractionDigitsKept = 0
        var digits = 0
        var sawDecimal = false
        var groups = 0
        var digitsInGroup = 0
        var exponent = 0
        let zero: UInt8 = 0x30

        while index < last {
            let byte = bytes[index]
            if byte >= zero, byte <= zero + 9 {
                digits += 1
                if !sawDecimal { digitsInGroup += 1 }
                if significant < 19 {
                    if mantissa != 0 || byte != zero {
                        mantissa = mantissa * 10 + UInt64(byte - zero)
                        significant += 1
                    }
                    if sawDecimal { fractionDigitsKept += 1 }
                } else if !sawDecimal {
                    dropped += 1
                }
                index += 1
            } else if byte == style.decimalMark, !sawDecimal {
                if groups > 0, digitsInGroup != 3 { return badGrouping(bytes, first, last, style) }
                sawDecimal = true
                index += 1
            } else if let grouping = style.groupingMark, byte == grouping, !sawDecimal {
                // The first group holds 1–3 digits, every later one exactly 3.
                if groups == 0 ? !(1...3).contains(digitsInGroup) : digitsInGroup != 3 {
                    return badGrouping(bytes, first, last, style)
                }
                groups += 1
                digitsInGroup = 0
                index += 1
            } else if byte == 0x65 || byte == 0x45 {
                guard digits > 0 else { return .invalid("has no digits before the exponent") }
                index += 1
                var exponentNegative = false
                if index < last, bytes[index] == 0x2D || bytes[index] == 0x2B {
                    exponentNegative = bytes[index] == 0x2D
                    index += 1
                }
                guard index < last else { return .invalid("has an exponent without digits") }
                var value = 0
                while index < last {
                    let digit = bytes[index]
                    guard digit >= zero, digit <= zero + 9 else {
                        return .invalid("has an exponent that is not a whole number")
                    }
                    if value < 100_000 { value = value * 10 + Int(digit - zero) }
                    index += 1
                }
                exponent = exponentNegative ? -value : value
            } else {
                return .invalid(describe(byte, style: style))
            }
        }
        guard digits > 0 else { return .invalid("has no digits") }
        if groups > 0, !sawDecimal, digitsInGroup != 3 { return badGrouping(bytes, first, last, style) }

        let scale = exponent + dropped - fractionDigitsKept
        var value: Double
        if mantissa == 0 {
            value = 0
        } else if significant <= 15, scale >= -22, scale <= 22 {
            // Both operands are exact, so one correctly rounded operation gives the right Double.
            value = Double(mantissa)
            value = scale < 0 ? value / powersOfTen[-scale] : value * powersOfTen[scale]
        } else if let parsed = Double("\(mantissa)e\(scale)") {
            value = parsed
        } else {
            return .invalid("is not a number")
        }
        if negative { value = -value }
        return value.isFinite ? .value(value) : .outOfRange
    }

    /// Missing-value markers and the spellings of NaN and infinity.
    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ first: Int, _ last: Int) -> Result? {
        let length = last - first
        guard length <= 9 else { return nil }
        let firstByte = bytes[first]
        // Numbers start with a digit, a sign or a decimal mark; anything else is a word.
        if firstByte >= 0x30, firstByte <= 0x39 { return nil }
        var text = ""
        for index in first..<last {
            let byte = bytes[index]
            guard byte < 0x80 else { return nil }
            text.unicodeScalars.append(Unicode.Scalar(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte))
        }
        switch text {
        case "null", "na", "n/a", "#n/a", "none", "nil", "-": return .missing
        case "nan", "+nan", "-nan", "inf", "+inf", "-inf", "infinity", "+infinity", "-infinity": return .notFinite
        default: return nil
        }
    }

    private static func badGrouping(_ bytes: UnsafeBufferPointer<UInt8>, _ first: Int, _ last: Int, _ style: Style)
        -> Result
    {
        let text = String(decoding: bytes[first..<last], as: UTF8.self)
        if style.decimalMark == 0x2E, text.contains(",") {
            return .invalid(
                "is not a number: a comma here only separates thousands (1,234,567); decimal commas need a ';'-separated file"
            )
        }
        return .invalid("is not a number: thousands separators must split the digits in groups of three")
    }

    private static func describe(_ byte: UInt8, style: Style) -> String {
        if byte == 0x2C, style.groupingMark == nil {
            return "has a comma (decimal commas are not read here)"
        }
        if byte >= 0x21, byte < 0x7F {
            return "has an unexpected '\(Character(Unicode.Scalar(byte)))'"
        }
        return "has an unexpected character"
    }
}
