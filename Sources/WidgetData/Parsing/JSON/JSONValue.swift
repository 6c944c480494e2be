/// A value in a ``JSONDocument``: a position on its tape, read on demand.
struct JSONValue {
    let document: JSONDocument
    let index: Int

    private var entry: JSONDocument.Entry { document.tape[index] }

    var kind: JSONDocument.Kind { entry.kind }
    /// The byte offset where the value starts.
    var offset: Int { Int(entry.start) }
    /// The same, as stored (4 bytes), for callers that keep many.
    var tapeOffset: UInt32 { entry.start }
    /// `line:column` where the value starts.
    var location: String { document.text.location(at: offset) }

    var isNull: Bool { kind == .null }

    /// What the value is, for messages: `an object`, `the string "abc"`, `the number 12`.
    var summary: String {
        switch kind {
        case .null: return "null"
        case .true: return "true"
        case .false: return "false"
        case .nonFinite, .number:
            return MessageText.cut(String(decoding: rawBytes, as: UTF8.self), limit: MessageText.quotedLimit)
        case .string: return "\"\(document.text.excerpt(from: offset + 1, to: Int(entry.end) - 1, limit: 40))\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    private var rawBytes: Slice<UnsafeBufferPointer<UInt8>> { document.text.bytes[Int(entry.start)..<Int(entry.end)] }

    /// The index after this value and its descendants.
    private var nextIndex: Int {
        let entry = entry
        return entry.kind == .array || entry.kind == .object ? Int(entry.end) : index + 1
    }

    /// The number of elements (arrays) or members (objects); 0 otherwise.
    var count: Int { kind == .array || kind == .object ? Int(entry.count) : 0 }

    /// The elements of an array, or `nil`.
    var elements: [JSONValue]? {
        guard kind == .array else { return nil }
        return Array(elementSequence)
    }

    /// The elements of an array one at a time, allocating nothing; empty for anything else.
    /// Use it where an array may be huge (a 60 MB array of zeros is 30 million elements).
    var elementSequence: ElementSequence {
        ElementSequence(document: document, upcoming: index + 1, remaining: kind == .array ? count : 0)
    }

    /// The elements of an array, walked along the tape.
    struct ElementSequence: Sequence, IteratorProtocol {
        let document: JSONDocument
        var upcoming: Int
        var remaining: Int

        mutating func next() -> JSONValue? {
            guard remaining > 0 else { return nil }
            let value = JSONValue(document: document, index: upcoming)
            upcoming = value.nextIndex
            remaining -= 1
            return value
        }
    }

    /// The members of an object in document order (duplicates kept), or `nil`.
    var members: [(key: JSONValue, value: JSONValue)]? {
        guard kind == .object else { return nil }
        return Array(memberSequence)
    }

    /// The member named `key` (the last one when the key repeats), or `nil`.
    subscript(key: String) -> JSONValue? {
        let wanted = Array(key.utf8)
        var found: JSONValue?
        for (name, value) in memberSequence where name.stringEquals(wanted) { found = value }
        return found
    }

    /// Whether the object has a member named `key`.
    func has(_ key: String) -> Bool { self[key] != nil }

    /// The keys of an object, decoded.
    var keys: [String] { members?.compactMap { $0.key.string } ?? [] }

    /// The members of an object one at a time, allocating nothing; empty for anything else.
    var memberSequence: MemberSequence {
        // On the tape an object's children are its keys and values in turn.
        MemberSequence(
            children: ElementSequence(
                document: document, upcoming: index + 1, remaining: kind == .object ? 2 * count : 0))
    }

    /// The members of an object: its children on the tape, a key and a value at a time.
    struct MemberSequence: Sequence, IteratorProtocol {
        var children: ElementSequence

        mutating func next() -> (key: JSONValue, value: JSONValue)? {
            guard let key = children.next(), let value = children.next() else { return nil }
            return (key, value)
        }
    }

    /// Whether the value is a string whose decoded bytes are `wanted`.
    func stringEquals(_ wanted: [UInt8]) -> Bool {
        let entry = entry
        guard entry.kind == .string else { return false }
        if entry.escaped { return string.map { Array($0.utf8) == wanted } ?? false }
        let start = Int(entry.start) + 1
        let end = Int(entry.end) - 1
        guard end - start == wanted.count else { return false }
        let bytes = document.text.bytes
        for offset in 0..<wanted.count where bytes[start + offset] != wanted[offset] { return false }
        return true
    }

    /// The decoded string, or `nil` when the value is not a string.
    var string: String? {
        let entry = entry
        guard entry.kind == .string else { return nil }
        let bytes = document.text.bytes
        let start = Int(entry.start) + 1
        let end = Int(entry.end) - 1
        guard entry.escaped else { return String(decoding: bytes[start..<end], as: UTF8.self) }
        return String(decoding: Self.unescape(bytes, start, end), as: UTF8.self)
    }

    /// The value as a number: a JSON number, or a string holding a plain decimal (as exchanges
    /// send prices). `NaN`/`Infinity` tokens and strings are ``NumberParser/Result/notFinite``.
    var number: NumberParser.Result {
        let entry = entry
        switch entry.kind {
        case .number:
            return NumberParser.parse(document.text.bytes, from: Int(entry.start), to: Int(entry.end), style: .plain)
        case .nonFinite:
            return .notFinite
        case .string:
            if entry.escaped {
                return NumberParser.parse(
                    Self.unescape(document.text.bytes, Int(entry.start) + 1, Int(entry.end) - 1), style: .plain)
            }
            return NumberParser.parse(
                document.text.bytes, from: Int(entry.start) + 1, to: Int(entry.end) - 1, style: .plain)
        case .null:
            return .missing
        default:
            return .invalid("expected a number, found \(summary)")
        }
    }

    /// The value as a date or time: a number as a Unix time (or `YYYYMMDD`), a string in any
    /// shape ``TimestampParser`` reads (`"2024-01-31T09:30:00.000Z"`, `"1706693400000"`).
    var time: TimeToken {
        let entry = entry
        let bytes = document.text.bytes
        switch entry.kind {
        case .number:
            return TimestampParser.token(bytes, from: Int(entry.start), to: Int(entry.end))
        case .string:
            if entry.escaped {
                return TimestampParser.token(Self.unescape(bytes, Int(entry.start) + 1, Int(entry.end) - 1))
            }
            return TimestampParser.token(bytes, from: Int(entry.start) + 1, to: Int(entry.end) - 1)
        case .null:
            return .invalid("no date")
        default:
            return .invalid("not a date")
        }
    }

    /// Whether the value stands for "no value": `null`, or a string that is empty or a
    /// missing-value marker (`NA`, `N/A`, `-`).
    var isMissing: Bool {
        switch kind {
        case .null: true
        case .string: number == .missing
        default: false
        }
    }

    /// Decodes the escapes of a string body the parser has already checked.
    private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(end - start)
        var index = start
        while index < end {
            let byte = bytes[index]
            guard byte == 0x5C, index + 1 < end else {
                result.append(byte)
                index += 1
                continue
            }
            let code = bytes[index + 1]
            index += 2
            switch code {
            case 0x62: result.append(0x08)
            case 0x66: result.append(0x0C)
            case 0x6E: result.append(0x0A)
            case 0x72: result.append(0x0D)
            case 0x74: result.append(0x09)
            case 0x75:
                var scalar = hex4(bytes, index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar), index + 6 <= end {
                    let low = hex4(bytes, index + 2)
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                result.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
            default: result.append(code)
            }
        }
        return result
    }

    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 where index + offset < bytes.count {
            value = value * 16 + (hexValue(bytes[index + offset]) ?? 0)
        }
        return value
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        default: nil
        }
    }
}
