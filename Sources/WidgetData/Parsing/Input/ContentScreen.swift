import Foundation

/// Refuses, from the first bytes alone, content that no reader can read, so that a wrong file
/// (a binary, an archive, a 50 MB line of digits) is refused in milliseconds and without being
/// read whole.
///
/// Every data format here is UTF-8 text: CSV with line breaks, or JSON. The screen looks at
/// most ``prefixLength`` bytes (64 KiB) and refuses, naming the file and `line:column`:
/// - a gzip or zip archive (by its magic number), which ``SeriesReader`` opens before screening
///   what it holds (``CompressedInput``) and a parser given the bytes directly cannot;
/// - a UTF-16 or UTF-32 byte order mark, or UTF-16 without one (NUL bytes beside ASCII);
/// - any other NUL byte (binary content), or bytes that are not UTF-8;
/// - a first line longer than the prefix in a file that is not JSON (does not start with `[`
///   or `{`): no table has a 64 KiB header, and reading one would cost the whole file;
/// - a longer input whose prefix is blank, is one column (no `,` `;` tab or `|` in it: every
///   table read has a date and a value), or is JSON nested deeper than 512 levels, holding a
///   number or word over 4 KiB, or only opening brackets and white space.
///
/// Anything else passes: the screen refuses what is certainly not data, never what might be.
/// ``LocalFile`` runs it on the first 64 KiB before reading the rest; ``SeriesReader`` and
/// ``SeriesFormat/detect(in:source:)`` run it before the text is checked or parsed.
enum ContentScreen {
    /// How many bytes the screen reads: the prefix a refusal is decided from.
    static var prefixLength: Int { 1 << 16 }

    /// Checks the first bytes of an input.
    ///
    /// - Parameters:
    ///   - prefix: the input's first bytes, at most ``prefixLength`` of them (more are ignored).
    ///   - isWhole: whether `prefix` is the whole input (so a short first line has ended).
    ///   - source: the path or URL, for messages.
    /// - Throws: ``DataError/malformed(source:location:reason:)`` naming the cause.
    static func check(_ prefix: UnsafeRawBufferPointer, isWhole: Bool, source: String) throws(DataError) {
        let bytes = UnsafeRawBufferPointer(rebasing: prefix[0..<min(prefix.count, prefixLength)])
        let isWhole = isWhole && bytes.count == prefix.count
        guard !bytes.isEmpty else { return }
        func refuse(_ location: String, _ reason: String) -> DataError {
            .malformed(source: source, location: location, reason: reason)
        }
        // ``SeriesReader`` opens archives before it screens what they hold; a parser given one directly cannot.
        if bytes.starts(with: [0x1F, 0x8B]) {
            throw refuse(
                "1:1",
                "gzip-compressed data (it starts with the bytes 1F 8B); read it with SeriesReader, which decompresses it, or gunzip it first"
            )
        }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            throw refuse(
                "1:1",
                "a zip archive (it starts with \"PK\"); read it with SeriesReader, which opens a zip of one file, or unzip it first"
            )
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
            || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF])
        {
            throw refuse("1:1", "the text is UTF-16 or UTF-32 (it starts with a byte order mark); save it as UTF-8")
        }
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let zero = bytes.firstIndex(of: 0)
        if zero != nil, let order = utf16Order(bytes) {
            throw refuse(
                "1:1",
                "the text is UTF-16 (\(order)) without a byte order mark: every other byte is 0; save it as UTF-8")
        }
        // A sequence cut by the end of the prefix is not an error: stop after the last ASCII byte.
        var checked = bytes.count
        if !isWhole {
            guard let lastASCII = bytes.lastIndex(where: { $0 < 0x80 }) else {
                throw refuse(
                    "1:1", "not text: no ASCII character in the first \(MessageText.grouped(bytes.count)) bytes")
            }
            checked = lastASCII + 1
        }
        let text = bytes.bindMemory(to: UInt8.self)
        let invalid = SourceText.firstInvalidUTF8(UnsafeBufferPointer(rebasing: text[bom..<checked])).map { $0 + bom }
        // The first problem is the one named: a NUL byte, or a byte that is not UTF-8.
        if let zero, invalid.map({ zero < $0 }) ?? true {
            let (line, column) = lineColumn(bytes, zero, bom: bom)
            throw refuse(
                "\(line):\(column)",
                "not text: a NUL byte (0x00) at offset \(zero); the file is binary, not CSV or JSON")
        }
        if let offset = invalid {
            let (line, column) = lineColumn(bytes, offset, bom: bom)
            let byte = String(bytes[offset], radix: 16, uppercase: true)
            throw refuse(
                "\(line):\(column)",
                "not UTF-8 text: byte 0x\(byte) at offset \(offset) is not valid UTF-8; save the file as UTF-8")
        }
        guard !isWhole else { return }
        let size = MessageText.grouped(bytes.count)
        guard let firstIndex = bytes[bom...].firstIndex(where: { !isSpace($0) }) else {
            throw refuse(
                "1:1",
                "the first \(size) bytes are blank (white space and line breaks only); no table or JSON starts that late, so reading stopped there"
            )
        }
        let first = bytes[firstIndex]
        let isJSON = first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
        if isJSON {
            try checkJSONPrefix(bytes, from: firstIndex, bom: bom, refuse: refuse)
            return
        }
        if !bytes.contains(0x0A), !bytes.contains(0x0D) {
            throw refuse(
                "1:1",
                "line 1 is longer than \(size) bytes (no line break in them) and the text is not JSON; not a table (CSV needs a header line), so reading stopped there"
            )
        }
        // Every table read has a date and a value: two columns, so one of these separators.
        if !bytes.contains(where: { $0 == 0x2C || $0 == 0x3B || $0 == 0x09 || $0 == 0x7C }) {
            throw refuse(
                "1:1",
                "one column: no comma, semicolon, tab or | in the first \(size) bytes, and a table of dates and values needs two columns (CSV: date,close), so reading stopped there"
            )
        }
    }

    /// The most nested arrays and objects JSON may have, as ``JSONDocument`` reads it.
    static var maximumJSONDepth: Int { 512 }
    /// The longest number or word (`true`, `null`) outside a string in JSON that is screened through.
    static var maximumJSONToken: Int { 4_096 }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Refuses a JSON prefix that cannot start a readable document: nested deeper than
    /// ``maximumJSONDepth`` (as ``JSONDocument`` would, at the same place), a number or word
    /// longer than ``maximumJSONToken``, or nothing but brackets and white space.
    private static func checkJSONPrefix(
        _ bytes: UnsafeRawBufferPointer, from start: Int, bom: Int, refuse: (String, String) -> DataError
    ) throws(DataError) {
        var depth = 0
        var inString = false
        var escaped = false
        var tokenStart: Int?
        var sawValue = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            defer { index += 1 }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                }
                continue
            }
            let isTokenByte =
                !isSpace(byte) && byte != 0x5B && byte != 0x5D && byte != 0x7B && byte != 0x7D && byte != 0x2C
                && byte != 0x3A && byte != 0x22
            if isTokenByte {
                if tokenStart == nil { tokenStart = index }
                if let tokenStart, index - tokenStart >= maximumJSONToken {
                    let (line, column) = lineColumn(bytes, tokenStart, bom: bom)
                    throw refuse(
                        "\(line):\(column)",
                        "a number or word of more than \(MessageText.grouped(maximumJSONToken)) characters; no JSON data holds one, so reading stopped there"
                    )
                }
                sawValue = true
                continue
            }
            tokenStart = nil
            switch byte {
            case 0x5B, 0x7B:
                depth += 1
                if depth > maximumJSONDepth {
                    let (line, column) = lineColumn(bytes, index, bom: bom)
                    throw refuse(
                        "\(line):\(column)",
                        "invalid JSON: nested deeper than \(maximumJSONDepth) levels, so reading stopped there")
                }
            case 0x5D, 0x7D:
                depth -= 1
                sawValue = true
            case 0x22:
                inString = true
                sawValue = true
            default:
                if !isSpace(byte) { sawValue = true }
            }
        }
        if !sawValue {
            throw refuse(
                "1:1",
                "the first \(MessageText.grouped(bytes.count)) bytes are only opening brackets and white space; no JSON data starts that late, so reading stopped there"
            )
        }
    }

    /// Checks the first bytes of `data`.
    ///
    /// - Parameters:
    ///   - data: the input's bytes, whole or its first ones.
    ///   - isWhole: whether `data` is all of the input.
    ///   - source: the path or URL, for messages.
    static func check(_ data: Data, isWhole: Bool = true, source: String) throws(DataError) {
        let count = min(data.count, prefixLength)
        let failure = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> DataError? in
            do throws(DataError) {
                try check(
                    UnsafeRawBufferPointer(rebasing: raw[0..<count]), isWhole: isWhole && count == data.count,
                    source: source)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// `little-endian` or `big-endian` when the NUL bytes sit beside ASCII as in UTF-16, else `nil`.
    private static func utf16Order(_ bytes: UnsafeRawBufferPointer) -> String? {
        let pairs = min(bytes.count / 2, 512)
        guard pairs >= 2 else { return nil }
        var evenZero = 0
        var oddZero = 0
        for pair in 0..<pairs {
            let (a, b) = (bytes[2 * pair], bytes[2 * pair + 1])
            if a == 0, b != 0, b < 0x80 { evenZero += 1 }
            if b == 0, a != 0, a < 0x80 { oddZero += 1 }
        }
        if oddZero * 10 >= pairs * 9 { return "little-endian" }
        if evenZero * 10 >= pairs * 9 { return "big-endian" }
        return nil
    }

    /// The line and column of an offset in the prefix, after a byte order mark.
    private static func lineColumn(_ bytes: UnsafeRawBufferPointer, _ offset: Int, bom: Int) -> (Int, Int) {
        var line = 1
        var column = 1
        var index = bom
        while index < offset {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && !(index + 1 < bytes.count && bytes[index + 1] == 0x0A)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80, byte != 0x0D {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }
}
