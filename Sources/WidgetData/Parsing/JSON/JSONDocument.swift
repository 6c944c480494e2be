/// A JSON text parsed into a flat tape of values, each with its byte offset.
///
/// Why not `JSONSerialization`: it recurses (100 000 `[` would overflow the stack), reports
/// no line or column, and turns numbers into `NSNumber` with no way to tell `1e400` from a
/// real value. This parser
/// - is iterative, with an explicit stack and a nesting limit (``maximumDepth``);
/// - reports every syntax error as `line:column` with what was expected and what was found;
/// - keeps numbers and strings as byte ranges, decoded only when asked;
/// - accepts the bare tokens `NaN`, `Infinity` and `-Infinity`, which Python's `json` module
///   writes, as non-finite numbers, so a record holding one is skipped with a warning rather
///   than the whole file refused;
/// - uses 12 bytes of tape per value, at most 6 × the text (DATA-RULES.md, "Limits").
final class JSONDocument {
    /// What a tape entry holds.
    enum Kind: UInt8 {
        case null
        case `true`
        case `false`
        case number
        case string
        case array
        case object
        /// `NaN`, `Infinity` or `-Infinity`.
        case nonFinite
    }

    /// One value on the tape: 12 bytes, the kind and escape flag packed with the count.
    struct Entry {
        /// The byte offset where the value starts.
        var start: UInt32
        /// Scalars: the byte offset after the value. Containers: the tape index after the
        /// container's last descendant.
        var end: UInt32
        /// The count in the low 28 bits, the kind in the next 3, the escape flag in the top one.
        private var packed: UInt32

        private static var countMask: UInt32 { (1 << 28) - 1 }

        init(kind: Kind, escaped: Bool, start: UInt32, end: UInt32, count: UInt32) {
            self.start = start
            self.end = end
            packed =
                (count & Self.countMask) | UInt32(truncatingIfNeeded: kind.rawValue) << 28 | (escaped ? 1 << 31 : 0)
        }

        var kind: Kind { Kind(rawValue: UInt8(truncatingIfNeeded: (packed >> 28) & 0x7)) ?? .null }
        /// Strings: whether the bytes hold escapes.
        var escaped: Bool { packed >> 31 == 1 }
        /// Containers: the number of elements (pairs for objects); below 2^28, since a document
        /// is below ``JSONDocument/maximumBytes``.
        var count: UInt32 {
            get { packed & Self.countMask }
            set { packed = (packed & ~Self.countMask) | (newValue & Self.countMask) }
        }
    }

    /// The largest JSON text read: 512 MiB, so no container can hold 2^28 elements (each takes
    /// at least two bytes), the most a tape entry counts.
    static var maximumBytes: Int { 512 << 20 }

    /// The deepest nesting accepted; deeper input is an error, never a stack overflow.
    static var maximumDepth: Int { 512 }

    let text: SourceText
    private(set) var tape: [Entry] = []

    var source: String { text.source }
    /// The top-level value.
    var root: JSONValue { JSONValue(document: self, index: 0) }

    /// Parses `text`.
    ///
    /// - Throws: ``DataError/empty(source:reason:)`` for blank input;
    ///   ``DataError/malformed(source:location:reason:)`` with `line:column` for invalid JSON.
    init(_ text: SourceText) throws(DataError) {
        self.text = text
        // Offsets are kept as UInt32: every `UInt32(…)` of an offset or tape index below is
        // checked by this guard (a tape has at most one entry per byte), and counts fit the
        // 28 bits an entry keeps for them.
        guard text.bytes.count < Self.maximumBytes else {
            throw .tooLarge(source: text.source, size: text.bytes.count, limit: Self.maximumBytes)
        }
        if text.isBlank { throw .empty(source: text.source, reason: "empty file") }
        var parser = Parser(bytes: text.bytes)
        do {
            tape = try parser.parse()
        } catch {
            throw .malformed(
                source: text.source, location: text.location(at: error.offset), reason: "invalid JSON: \(error.reason)")
        }
    }

    /// A syntax error at a byte offset.
    struct SyntaxError: Error {
        var offset: Int
        var reason: String
    }

    /// The state machine; one instance per parse.
    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var tape: [Entry] = []

        private enum Expect {
            case value
            case valueOrClose
            case keyOrClose
            case key
            case colon
            case commaOrClose
        }

        private struct Open {
            var tapeIndex: Int
            var isObject: Bool
            var count: UInt32
        }

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            tape.reserveCapacity(min(bytes.count / 4 + 16, 1 << 22))
        }

        mutating func parse() throws(SyntaxError) -> [Entry] {
            var stack: [Open] = []
            var expect = Expect.value
            let count = bytes.count
            while true {
                skipWhitespace()
                guard index < count else {
                    if let open = stack.last {
                        let at = location(tape[open.tapeIndex].start)
                        let what = open.isObject ? "an object" : "an array"
                        throw SyntaxError(offset: index, reason: "the text ends inside \(what) that opens at \(at)")
                    }
                    throw SyntaxError(offset: index, reason: "the text ends where a value was expected")
                }
                let byte = bytes[index]
                switch expect {
                case .value, .valueOrClose:
                    if expect == .valueOrClose, byte == 0x5D {
                        try close(&stack, byte)
                    } else if byte == 0x7B || byte == 0x5B {
                        guard stack.count < JSONDocument.maximumDepth else {
                            throw SyntaxError(
                                offset: index, reason: "nested deeper than \(JSONDocument.maximumDepth) levels")
                        }
                        let isObject = byte == 0x7B
                        stack.append(Open(tapeIndex: tape.count, isObject: isObject, count: 0))
                        tape.append(
                            Entry(
                                kind: isObject ? .object : .array, escaped: false,
                                start: UInt32(truncatingIfNeeded: index), end: 0,
                                count: 0))
                        index += 1
                        expect = isObject ? .keyOrClose : .valueOrClose
                        continue
                    } else {
                        try scalar(byte)
                    }
                case .keyOrClose, .key:
                    if expect == .keyOrClose, byte == 0x7D {
                        try close(&stack, byte)
                    } else {
                        guard byte == 0x22 else {
                            throw SyntaxError(
                                offset: index,
                                reason:
                                    "expected a quoted key\(expect == .keyOrClose ? " or '}'" : ""), found \(found(index))"
                            )
                        }
                        try string()
                        expect = .colon
                        continue
                    }
                case .colon:
                    guard byte == 0x3A else {
                        throw SyntaxError(offset: index, reason: "expected ':' after the key, found \(found(index))")
                    }
                    index += 1
                    expect = .value
                    continue
                case .commaOrClose:
                    let isObject = stack.last?.isObject ?? false
                    if byte == 0x2C {
                        index += 1
                        expect = isObject ? .key : .value
                        continue
                    }
                    guard byte == (isObject ? 0x7D : 0x5D) else {
                        let closer = isObject ? "'}'" : "']'"
                        let after = isObject ? "a member" : "an element"
                        throw SyntaxError(
                            offset: index, reason: "expected ',' or \(closer) after \(after), found \(found(index))")
                    }
                    try close(&stack, byte)
                }
                // A value just ended.
                if stack.isEmpty {
                    skipWhitespace()
                    guard index >= count else {
                        throw SyntaxError(
                            offset: index, reason: "unexpected \(found(index)) after the end of the JSON value")
                    }
                    return tape
                }
                stack[stack.count - 1].count += 1
                expect = .commaOrClose
            }
        }

        private mutating func close(_ stack: inout [Open], _ byte: UInt8) throws(SyntaxError) {
            guard let open = stack.popLast() else {
                throw SyntaxError(offset: index, reason: "unexpected \(found(index))")
            }
            tape[open.tapeIndex].end = UInt32(truncatingIfNeeded: tape.count)
            tape[open.tapeIndex].count = open.count
            index += 1
        }

        private mutating func skipWhitespace() {
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
                index += 1
            }
        }

        private mutating func scalar(_ byte: UInt8) throws(SyntaxError) {
            switch byte {
            case 0x22:
                try string()
            case 0x2D, 0x30...0x39:
                if byte == 0x2D, index + 1 < bytes.count, bytes[index + 1] == 0x49 {
                    try literal("-Infinity", .nonFinite)
                } else {
                    try number()
                }
            case 0x74: try literal("true", .true)
            case 0x66: try literal("false", .false)
            case 0x6E: try literal("null", .null)
            case 0x4E: try literal("NaN", .nonFinite)
            case 0x49: try literal("Infinity", .nonFinite)
            case 0x5D, 0x7D:
                throw SyntaxError(offset: index, reason: "expected a value, found \(found(index)) (a trailing comma?)")
            default:
                throw SyntaxError(offset: index, reason: "expected a value, found \(found(index))")
            }
        }

        private mutating func literal(_ word: StaticString, _ kind: Kind) throws(SyntaxError) {
            let start = index
            let length = word.utf8CodeUnitCount
            var matched = index + length <= bytes.count
            if matched {
                word.withUTF8Buffer { expected in
                    for offset in 0..<length where bytes[start + offset] != expected[offset] {
                        matched = false
                        break
                    }
                }
            }
            guard matched else {
                throw SyntaxError(offset: start, reason: "expected a value, found \(found(start))")
            }
            index += length
            tape.append(
                Entry(
                    kind: kind, escaped: false, start: UInt32(truncatingIfNeeded: start),
                    end: UInt32(truncatingIfNeeded: index), count: 0))
        }

        private mutating func number() throws(SyntaxError) {
            let start = index
            let count = bytes.count
            if bytes[index] == 0x2D { index += 1 }
            guard index < count, bytes[index] &- 0x30 < 10 else {
                throw SyntaxError(offset: index, reason: "expected a digit after '-'")
            }
            if bytes[index] == 0x30 {
                index += 1
                if index < count, bytes[index] &- 0x30 < 10 {
                    throw SyntaxError(offset: start, reason: "numbers must not have leading zeros")
                }
            } else {
                while index < count, bytes[index] &- 0x30 < 10 { index += 1 }
            }
            if index < count, bytes[index] == 0x2E {
                index += 1
                guard index < count, bytes[index] &- 0x30 < 10 else {
                    throw SyntaxError(offset: index, reason: "expected a digit after the decimal point")
                }
                while index < count, bytes[index] &- 0x30 < 10 { index += 1 }
            }
            if index < count, bytes[index] == 0x65 || bytes[index] == 0x45 {
                index += 1
                if index < count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
                guard index < count, bytes[index] &- 0x30 < 10 else {
                    throw SyntaxError(offset: index, reason: "expected a digit in the exponent")
                }
                while index < count, bytes[index] &- 0x30 < 10 { index += 1 }
            }
            tape.append(
                Entry(
                    kind: .number, escaped: false, start: UInt32(truncatingIfNeeded: start),
                    end: UInt32(truncatingIfNeeded: index), count: 0))
        }

        private mutating func string() throws(SyntaxError) {
            let start = index
            let count = bytes.count
            var escaped = false
            index += 1
            while true {
                // The common case: plain characters.
                while index < count {
                    let byte = bytes[index]
                    if byte == 0x22 || byte == 0x5C || byte < 0x20 { break }
                    index += 1
                }
                guard index < count else {
                    throw SyntaxError(
                        offset: index,
                        reason:
                            "the text ends inside a string that opens at \(location(UInt32(truncatingIfNeeded: start)))"
                    )
                }
                let byte = bytes[index]
                if byte == 0x22 {
                    index += 1
                    break
                }
                if byte < 0x20 {
                    throw SyntaxError(
                        offset: index,
                        reason:
                            "a control character (\(byte == 0x0A ? "line break" : "U+\(String(byte, radix: 16))")) inside a string must be escaped"
                    )
                }
                escaped = true
                try escape()
            }
            tape.append(
                Entry(
                    kind: .string, escaped: escaped, start: UInt32(truncatingIfNeeded: start),
                    end: UInt32(truncatingIfNeeded: index), count: 0))
        }

        /// Checks one escape at `index` (a backslash), including surrogate pairs.
        private mutating func escape() throws(SyntaxError) {
            let start = index
            index += 1
            guard index < bytes.count else {
                throw SyntaxError(offset: start, reason: "the text ends inside an escape")
            }
            let byte = bytes[index]
            switch byte {
            case 0x22, 0x5C, 0x2F, 0x62, 0x66,
                0x6E, 0x72, 0x74:
                index += 1
            case 0x75:
                index += 1
                let unit = try hex4(escapeStart: start)
                if (0xD800...0xDBFF).contains(unit) {
                    guard index + 1 < bytes.count, bytes[index] == 0x5C, bytes[index + 1] == 0x75
                    else { throw SyntaxError(offset: start, reason: "a \\u escape holds half a surrogate pair") }
                    index += 2
                    let low = try hex4(escapeStart: start)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw SyntaxError(offset: start, reason: "a \\u escape holds half a surrogate pair")
                    }
                } else if (0xDC00...0xDFFF).contains(unit) {
                    throw SyntaxError(offset: start, reason: "a \\u escape holds half a surrogate pair")
                }
            default:
                throw SyntaxError(offset: start, reason: "\\\(found(index)) is not a JSON escape")
            }
        }

        private mutating func hex4(escapeStart: Int) throws(SyntaxError) -> UInt32 {
            guard index + 4 <= bytes.count else {
                throw SyntaxError(offset: escapeStart, reason: "a \\u escape needs four hex digits")
            }
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = JSONValue.hexValue(bytes[index]) else {
                    throw SyntaxError(offset: escapeStart, reason: "a \\u escape needs four hex digits")
                }
                value = value * 16 + digit
                index += 1
            }
            return value
        }

        /// The character at `offset`, quoted, for messages.
        private func found(_ offset: Int) -> String {
            guard offset < bytes.count else { return "the end of the text" }
            let byte = bytes[offset]
            if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            if byte == 0x20 { return "a space" }
            // Decode one scalar for non-ASCII text.
            let end = min(bytes.count, offset + 4)
            if let scalar = String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars.first {
                return "'\(scalar)' (U+\(String(scalar.value, radix: 16, uppercase: true)))"
            }
            return "byte 0x\(String(byte, radix: 16))"
        }

        /// `line:column` of a byte offset, counted here because the document is not built yet.
        private func location(_ offset: UInt32) -> String {
            var line = 1
            var lineStart = 0
            var position = 0
            let end = Int(offset)
            while position < end {
                let byte = bytes[position]
                if byte == 0x0A || (byte == 0x0D && !(position + 1 < bytes.count && bytes[position + 1] == 0x0A)) {
                    line += 1
                    lineStart = position + 1
                }
                position += 1
            }
            var column = 1
            for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 { column += 1 }
            return "\(line):\(column)"
        }
    }
}
