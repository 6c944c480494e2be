/// Makes text from files and users safe to print in a message: one line, of a bounded length.
enum MessageText {
    /// How many characters of a quoted value are shown.
    static var quotedLimit: Int { 40 }
    /// The longest message line; longer ones are cut (a safety net: values are already cut).
    static var lineLimit: Int { 1_500 }

    /// `"abc"`; a value longer than ``quotedLimit`` characters is cut, with its length:
    /// `"\u{1B}[31mAAAA…" (62,914,560 characters)`. Control characters are escaped.
    static func quote(_ text: String) -> String {
        let count = text.count
        guard count > quotedLimit else { return "\"\(escaped(text))\"" }
        return "\"\(escaped(String(text.prefix(quotedLimit))))…\" (\(grouped(count)) characters)"
    }

    /// A name from the data (a column header) as shown in a message: escaped, and cut to
    /// ``quotedLimit`` characters with `…` when longer.
    static func name(_ text: String) -> String {
        guard text.count > quotedLimit else { return escaped(text) }
        return escaped(String(text.prefix(quotedLimit))) + "…"
    }

    /// Text cut to `limit` characters with its length when longer, unquoted (a service's own
    /// message, a number too large to read).
    static func cut(_ text: String, limit: Int = quotedLimit * 4) -> String {
        let count = text.count
        guard count > limit else { return escaped(text) }
        return "\(escaped(String(text.prefix(limit))))… (\(grouped(count)) characters)"
    }

    /// A message as one line: control characters escaped, cut at ``lineLimit``.
    static func line(_ text: String) -> String {
        let shown = escaped(text)
        guard shown.count > lineLimit else { return shown }
        return String(shown.prefix(lineLimit)) + "… (message cut at \(grouped(lineLimit)) characters)"
    }

    /// Control characters (C0, DEL, C1, and the Unicode line and paragraph separators) as
    /// escapes: `\n`, `\r`, `\t`, `\u{1B}`.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                result.append(scalar)
                continue
            }
            let escape: String =
                switch scalar {
                case "\n": "\\n"
                case "\r": "\\r"
                case "\t": "\\t"
                default: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                }
            result.append(contentsOf: escape.unicodeScalars)
        }
        return String(result)
    }

    /// `62,914,560`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// `1,024 bytes`, `64 MiB (67,108,864 bytes)`.
    static func bytes(_ value: Int) -> String {
        let mebibyte = 1 << 20
        if value >= mebibyte, value % mebibyte == 0 {
            return "\(value / mebibyte) MiB (\(grouped(value)) bytes)"
        }
        return "\(grouped(value)) bytes"
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
