import Foundation

/// The bytes of one input, checked to be UTF-8 with any byte order mark removed, and a map
/// from byte offsets to lines and columns for messages.
///
/// Every parser reads through this type, so encoding problems are reported the same way
/// everywhere: a UTF-16 or UTF-32 byte order mark, or bytes that are not UTF-8, are an error
/// naming the line, column and byte offset of the first bad byte.
///
/// The bytes are read in place from the `Data` given, which this object keeps (never a copy: a
/// 64 MiB file is held once, not twice); a small one (under 4 KiB, which may be stored inline
/// in the `Data` value itself) is copied into a buffer this object owns and frees in `deinit`.
/// Parsers keep a reference to this object while they read. Reading through an
/// `UnsafeBufferPointer` rather than an `Array` avoids reference counting on every byte, which
/// keeps a 50 MB file fast even in a debug build.
final class SourceText {
    /// The path or URL, for messages.
    let source: String
    /// The text's bytes, without a UTF-8 byte order mark; valid while this object lives.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The copy of a small input, freed in `deinit`; `nil` when ``owner``'s bytes are read in place.
    private let storage: UnsafeMutableBufferPointer<UInt8>?
    /// The input whose bytes ``bytes`` points into. A `Data` of this size keeps its bytes in one
    /// heap object that lives as long as any copy of the value and that nothing may change while
    /// this copy holds it (a change elsewhere copies first), so the pointer stays valid.
    private let owner: Data?
    /// Inputs this long are read in place; shorter ones are copied.
    private static let inPlaceMinimum = 4096
    /// How many bytes of byte order mark were removed (0 or 3); messages give offsets in the file.
    let bomLength: Int
    private var lineStarts: [Int]?
    private var askedOnce = false
    /// The last column worked out, so that locations asked for in order along one long line
    /// (a minified JSON file) cost the distance from the previous one, not from the line start.
    private var lastColumn: (line: Int, offset: Int, column: Int)?

    /// Checks and keeps `data`.
    ///
    /// - Throws: ``DataError/malformed(source:location:reason:)`` for a UTF-16/32 byte order mark
    ///   or bytes that are not UTF-8.
    init(_ data: Data, source: String) throws(DataError) {
        self.source = source
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF])
            || data.starts(with: [0x00, 0x00, 0xFE, 0xFF])
        {
            throw .malformed(
                source: source, location: "1:1",
                reason: "the text is UTF-16 or UTF-32 (it starts with a byte order mark); save it as UTF-8")
        }
        bomLength = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let count = data.count - bomLength
        let bomLength = bomLength
        if count >= Self.inPlaceMinimum {
            owner = data
            storage = nil
            bytes = data.withUnsafeBytes { raw in
                UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[bomLength...])
            }
        } else {
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(count, 1))
            if count > 0 {
                data.copyBytes(to: copy, from: data.index(data.startIndex, offsetBy: bomLength)..<data.endIndex)
            }
            owner = nil
            storage = copy
            bytes = UnsafeBufferPointer(rebasing: copy[0..<count])
        }
        if let bad = Self.firstInvalidUTF8(bytes) {
            let (line, column) = lineColumn(at: bad)
            let byte = String(bytes[bad], radix: 16, uppercase: true)
            throw .malformed(
                source: source, location: "\(line):\(column)",
                reason:
                    "not UTF-8 text: byte 0x\(byte) at offset \(bad + bomLength) is not valid UTF-8; save the file as UTF-8"
            )
        }
    }

    deinit {
        storage?.deallocate()
    }

    /// Whether there is nothing but white space.
    var isBlank: Bool {
        !bytes.contains { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset. Lines end at LF, CR
    /// or CRLF, as in ``CSVReader``.
    func lineColumn(at offset: Int) -> (line: Int, column: Int) {
        // One message (an error) needs one scan; many (warnings) are worth an index.
        guard lineStarts != nil || askedOnce else {
            askedOnce = true
            return Self.scanLineColumn(bytes, offset)
        }
        let starts = lineStartOffsets()
        // The last line start at or before offset.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = starts[low]
        let end = min(offset, bytes.count)
        if let last = lastColumn, last.line == low + 1, last.offset <= end {
            column = last.column
            index = last.offset
        }
        while index < end {
            // Count scalars: every byte that is not a UTF-8 continuation byte.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        lastColumn = (low + 1, end, column)
        return (low + 1, column)
    }

    /// `line:column` of a byte offset.
    func location(at offset: Int) -> String {
        let (line, column) = lineColumn(at: offset)
        return "\(line):\(column)"
    }

    /// The text of a byte range, for messages: at most `limit` characters, with control
    /// characters shown as escapes.
    func excerpt(from start: Int, to end: Int, limit: Int = 60) -> String {
        let upper = min(end, bytes.count, start + limit * 4)
        guard start < upper else { return "" }
        var text = String(decoding: bytes[start..<upper], as: UTF8.self)
        var cut = upper < end
        if text.count > limit {
            text = String(text.prefix(limit))
            cut = true
        }
        let shown = text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default: scalar.value < 0x20 ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
            }
        }.joined()
        return shown + (cut ? "…" : "")
    }

    private static func scanLineColumn(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && !(index + 1 < bytes.count && bytes[index + 1] == 0x0A)) {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        var column = 1
        index = lineStart
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return (line, column)
    }

    private func lineStartOffsets() -> [Int] {
        if let lineStarts { return lineStarts }
        var starts = [0]
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A {
                starts.append(index + 1)
            } else if byte == 0x0D {
                if index + 1 < count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        lineStarts = starts
        return starts
    }

    /// The offset of the first byte that breaks UTF-8 (RFC 3629: no overlong forms, no
    /// surrogates, nothing above U+10FFFF), or `nil`.
    static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index < count {
            // ASCII runs eight bytes at a time.
            if index + 8 <= count,
                raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lowest: UInt8 = 0x80
            var highest: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                lowest = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                highest = 0x9F
            case 0xF0:
                length = 4
                lowest = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                highest = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            let second = bytes[index + 1]
            guard second >= lowest, second <= highest else { return index }
            var next = index + 2
            while next < index + length {
                guard bytes[next] & 0xC0 == 0x80 else { return index }
                next += 1
            }
            index += length
        }
        return nil
    }
}
