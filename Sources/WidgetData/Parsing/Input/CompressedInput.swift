import CISAL
import Foundation

/// Opens gzip files and zip archives of one file, told by their first bytes (not by the name),
/// under the same size limit as the text they hold.
///
/// Exchanges publish their klines as zipped header-less CSV (`BTCUSDT-1m-2024-01.zip`), and
/// servers and scripts write `.csv.gz`: ``SeriesReader`` reads both as the text inside.
///
/// - gzip (`1F 8B`): one member or several in a row (`cat a.gz b.gz`), each checked against its
///   CRC-32 and length; zero bytes after the last member are padding.
/// - zip (`PK 03 04`, or `PK 05 06` for an empty archive): exactly one file, stored or deflated,
///   checked against its CRC-32; folders and macOS's `__MACOSX/` entries are not files. Several
///   files, an encrypted file or another compression method is refused, naming the entries.
///
/// **The size limit holds for the decompressed bytes, with flat memory.** The stream is inflated
/// twice: first into a 256 KiB scratch buffer, counting, and stopped as soon as the count passes
/// the limit (a zip or gzip bomb is refused having held 256 KiB of it); then, when it fits, once
/// more into a buffer of exactly its size. So a file is held once, at its real size, never grown
/// by doubling.
///
/// ```swift
/// let text = try CompressedInput.decompressed(bytes, source: "klines.zip", limit: 64 << 20) ?? bytes
/// ```
enum CompressedInput {
    /// What the first bytes say an input is.
    enum Kind: Equatable {
        case gzip
        case zip
    }

    /// The kind of archive `data` starts as, or `nil` for anything else.
    static func kind(of data: Data) -> Kind? {
        if data.starts(with: [0x1F, 0x8B]) { return .gzip }
        if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) || data.starts(with: [0x50, 0x4B, 0x05, 0x06]) { return .zip }
        return nil
    }

    /// The bytes inside `data` when it is a gzip file or a zip archive; `nil` when it is neither.
    ///
    /// - Parameters:
    ///   - data: the input's bytes.
    ///   - source: the path or URL, for messages.
    ///   - limit: the most decompressed bytes accepted.
    /// - Returns: the decompressed bytes, or `nil` for input that is not compressed.
    /// - Throws: ``DataError/decompressedTooLarge(source:limit:)`` past the limit;
    ///   ``DataError/malformed(source:location:reason:)`` for a damaged or truncated stream, a
    ///   zip of several files (named), none, an encrypted one or another method.
    static func decompressed(_ data: Data, source: String, limit: Int) throws(DataError) -> Data? {
        guard let kind = kind(of: data) else { return nil }
        let limit = max(0, limit)
        let result: Result<Data, DataError> = data.withUnsafeBytes { raw in
            do throws(DataError) {
                switch kind {
                case .gzip: return .success(try gunzip(raw, source: source, limit: limit))
                case .zip: return .success(try unzip(raw, source: source, limit: limit))
                }
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    // MARK: - gzip

    private static func gunzip(_ input: UnsafeRawBufferPointer, source: String, limit: Int) throws(DataError)
        -> Data
    {
        let count = try inflate(input, wrapper: .gzip, into: nil, source: source, limit: limit).produced
        let (output, written) = try filled(count) { buffer throws(DataError) in
            try inflate(input, wrapper: .gzip, into: buffer, source: source, limit: limit).produced
        }
        guard written == count else { throw damaged(source, "the gzip data read differently twice") }
        return output
    }

    /// `count` bytes, written by `body`, which returns how many it wrote.
    private static func filled(
        _ count: Int, _ body: (UnsafeMutableRawBufferPointer) throws(DataError) -> Int
    ) throws(DataError) -> (Data, Int) {
        var output = Data(count: count)
        let result: Result<Int, DataError> = output.withUnsafeMutableBytes { buffer in
            do throws(DataError) {
                return .success(try body(buffer))
            } catch {
                return .failure(error)
            }
        }
        return (output, try result.get())
    }

    // MARK: - zip

    /// One entry of a zip archive's central directory.
    private struct Entry {
        var name: String
        var flags: UInt16
        var method: UInt16
        var crc: UInt32
        var compressedSize: Int
        var size: Int
        var localHeader: Int
    }

    private static func unzip(_ input: UnsafeRawBufferPointer, source: String, limit: Int) throws(DataError) -> Data {
        let entries = try centralDirectory(input, source: source)
        let files = entries.filter { !$0.name.hasSuffix("/") && !$0.name.hasPrefix("__MACOSX/") }
        guard let entry = files.first else {
            throw .malformed(source: source, location: "1:1", reason: "a zip archive with no file in it")
        }
        guard files.count == 1 else {
            let names = files.prefix(8).map { MessageText.quote($0.name) }.joined(separator: ", ")
            throw .malformed(
                source: source, location: "1:1",
                reason:
                    "a zip archive of \(files.count) files (\(names)\(files.count > 8 ? ", …" : "")); one file is read: unzip it and give that file"
            )
        }
        let name = MessageText.quote(entry.name)
        if entry.flags & 1 != 0 {
            throw .malformed(
                source: source, location: "1:1", reason: "\(name) in the zip archive is encrypted; unzip it first")
        }
        if entry.size > limit { throw .decompressedTooLarge(source: source, limit: limit) }
        // The local header repeats the name and has an extra field of its own; the data follows it.
        let local = entry.localHeader
        guard local >= 0, local <= input.count - 30, read32(input, local) == 0x0403_4B50 else {
            throw damaged(source, "the zip archive's entry for \(name) points outside it")
        }
        let start =
            local + 30 + Int(truncatingIfNeeded: read16(input, local + 26))
            + Int(truncatingIfNeeded: read16(input, local + 28))
        guard start <= input.count, entry.compressedSize <= input.count - start else {
            throw damaged(source, "\(name) ends after the end of the zip archive (truncated?)")
        }
        let body = UnsafeRawBufferPointer(rebasing: input[start..<(start + entry.compressedSize)])
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.size else {
                throw damaged(source, "\(name) is stored with two different sizes")
            }
            guard crc32(body) == entry.crc else { throw damaged(source, "\(name) fails its CRC-32 check") }
            return Data(body)
        case 8:
            let (count, crc) = try inflate(body, wrapper: .raw, into: nil, source: source, limit: limit)
            guard crc == entry.crc else { throw damaged(source, "\(name) fails its CRC-32 check") }
            let (output, written) = try filled(count) { buffer throws(DataError) in
                try inflate(body, wrapper: .raw, into: buffer, source: source, limit: limit).produced
            }
            guard written == count else { throw damaged(source, "\(name) read differently twice") }
            return output
        default:
            throw .malformed(
                source: source, location: "1:1",
                reason:
                    "\(name) in the zip archive is compressed with method \(entry.method); only stored and deflated files are read: unzip it first"
            )
        }
    }

    /// The entries of the central directory, found from the end-of-central-directory record.
    private static func centralDirectory(_ input: UnsafeRawBufferPointer, source: String) throws(DataError)
        -> [Entry]
    {
        // The end record is 22 bytes plus a comment of at most 65,535.
        var end: Int?
        var index = input.count - 22
        let lowest = max(0, input.count - 22 - 65_535)
        while index >= lowest {
            if read32(input, index) == 0x0605_4B50 {
                end = index
                break
            }
            index -= 1
        }
        guard let end else {
            throw damaged(source, "a zip archive without its directory at the end (truncated?)")
        }
        var total = Int(truncatingIfNeeded: read16(input, end + 10))
        var offset = Int(truncatingIfNeeded: read32(input, end + 16))
        if total == 0xFFFF || offset == 0xFFFF_FFFF, end >= 20, read32(input, end - 20) == 0x0706_4B50 {
            // ZIP64: the locator before the end record points at a larger end record.
            let record = read64(input, end - 20 + 8)
            guard let at = Int(exactly: record), at >= 0, at <= input.count - 56, read32(input, at) == 0x0606_4B50
            else { throw damaged(source, "the zip archive's ZIP64 directory is not where it says") }
            total = Int(exactly: read64(input, at + 32)) ?? Int.max
            offset = Int(exactly: read64(input, at + 48)) ?? Int.max
        }
        var entries: [Entry] = []
        var at = offset
        for _ in 0..<min(total, 65_536) {
            guard at >= 0, at <= input.count - 46, read32(input, at) == 0x0201_4B50 else {
                throw damaged(source, "the zip archive's directory is damaged")
            }
            let nameLength = Int(truncatingIfNeeded: read16(input, at + 28))
            let extraLength = Int(truncatingIfNeeded: read16(input, at + 30))
            let commentLength = Int(truncatingIfNeeded: read16(input, at + 32))
            let nameStart = at + 46
            guard nameStart + nameLength + extraLength <= input.count else {
                throw damaged(source, "the zip archive's directory is damaged")
            }
            var entry = Entry(
                name: String(decoding: input[nameStart..<(nameStart + nameLength)], as: UTF8.self),
                flags: read16(input, at + 8), method: read16(input, at + 10), crc: read32(input, at + 16),
                compressedSize: Int(truncatingIfNeeded: read32(input, at + 20)),
                size: Int(truncatingIfNeeded: read32(input, at + 24)),
                localHeader: Int(truncatingIfNeeded: read32(input, at + 42)))
            // ZIP64 sizes and offset, in this order, for the fields that say 0xFFFFFFFF.
            var extra = nameStart + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let id = read16(input, extra)
                let length = Int(truncatingIfNeeded: read16(input, extra + 2))
                if id == 1 {
                    var field = extra + 4
                    let fieldEnd = min(extraEnd, field + length)
                    for path in [\Entry.size, \Entry.compressedSize, \Entry.localHeader]
                    where entry[keyPath: path] == 0xFFFF_FFFF && field + 8 <= fieldEnd {
                        entry[keyPath: path] = Int(exactly: read64(input, field)) ?? Int.max
                        field += 8
                    }
                }
                extra += 4 + length
            }
            entries.append(entry)
            at = nameStart + nameLength + extraLength + commentLength
        }
        return entries
    }

    // MARK: - inflate

    private enum Wrapper {
        /// A gzip stream (its header and trailer checked by ISA-L), perhaps several in a row.
        case gzip
        /// Raw deflate (a zip entry), its CRC-32 computed.
        case raw
    }

    /// Inflates `input`, into `output` when given (exactly large enough), else into a scratch
    /// buffer, only counting; either way stopping with an error once more than `limit` bytes come out.
    /// While counting, the first 64 KiB of text are screened (``ContentScreen``) as soon as they
    /// are out, so a 50 MB line of digits in a `.gz` is refused before the rest is inflated.
    ///
    /// - Returns: the bytes produced and, for raw deflate, their CRC-32.
    private static func inflate(
        _ input: UnsafeRawBufferPointer, wrapper: Wrapper, into output: UnsafeMutableRawBufferPointer?,
        source: String, limit: Int
    ) throws(DataError) -> (produced: Int, crc: UInt32) {
        guard let base = input.baseAddress, !input.isEmpty else { throw damaged(source, "no compressed data") }
        let state = UnsafeMutablePointer<inflate_state>.allocate(capacity: 1)
        defer { state.deallocate() }
        // Counting goes through 256 KiB; writing past the end of `output` (which the count says
        // cannot happen) through 64 bytes, so the trailer can still be read when `output` is full.
        let scratchSize = output == nil ? 1 << 18 : 64
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: scratchSize, alignment: 16)
        defer { scratch.deallocate() }
        let flag = UInt32(truncatingIfNeeded: wrapper == .gzip ? ISAL_GZIP : ISAL_GZIP_NO_HDR)
        isal_inflate_init(state)
        state.pointee.crc_flag = flag
        let bytes = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
        let pieceLimit = 1 << 30
        var fed = 0  // input bytes handed to ISA-L so far
        var produced = 0
        // The text's first bytes, screened once while counting.
        var head = Data()
        var screened = output != nil
        func feed() {
            let piece = min(input.count - fed, pieceLimit)
            state.pointee.next_in = bytes + fed
            state.pointee.avail_in = UInt32(truncatingIfNeeded: piece)  // at most 2^30
            fed += piece
        }
        feed()
        while true {
            var room = 0
            var intoScratch = true
            if let output, let outputBase = output.baseAddress, produced < output.count {
                room = min(output.count - produced, pieceLimit)
                state.pointee.next_out = (outputBase + produced).assumingMemoryBound(to: UInt8.self)
                intoScratch = false
            }
            if intoScratch {
                room = scratchSize
                state.pointee.next_out = scratch.baseAddress?.assumingMemoryBound(to: UInt8.self)
            }
            state.pointee.avail_out = UInt32(truncatingIfNeeded: room)  // at most 2^30
            let before = state.pointee.avail_in
            let status = isal_inflate(state)
            let made = room - Int(truncatingIfNeeded: state.pointee.avail_out)
            if intoScratch, output != nil, made > 0 {
                throw damaged(source, "the compressed data holds more than it did when counted")
            }
            if !screened, intoScratch, made > 0, let scratchBase = scratch.baseAddress {
                let take = min(made, ContentScreen.prefixLength - head.count)
                head.append(scratchBase.assumingMemoryBound(to: UInt8.self), count: take)
                if head.count >= ContentScreen.prefixLength {
                    try ContentScreen.check(head, isWhole: false, source: source)
                    screened = true
                }
            }
            produced += made
            if produced > limit { throw .decompressedTooLarge(source: source, limit: limit) }
            if status != ISAL_DECOMP_OK {
                throw damaged(source, "the compressed data is damaged (\(reason(status)))")
            }
            if state.pointee.block_state == ISAL_BLOCK_FINISH {
                let rest = input.count - fed + Int(truncatingIfNeeded: state.pointee.avail_in)
                guard wrapper == .gzip, rest > 0 else { return (produced, state.pointee.crc) }
                let next = input.count - rest
                // Another gzip member follows (`cat a.gz b.gz`), or zeros pad the file.
                if rest >= 2, input[next] == 0x1F, input[next + 1] == 0x8B {
                    isal_inflate_reset(state)
                    state.pointee.crc_flag = flag
                    fed = next
                    feed()
                    continue
                }
                if input[next...].allSatisfy({ $0 == 0 }) { return (produced, state.pointee.crc) }
                throw damaged(
                    source,
                    "\(MessageText.grouped(rest)) bytes after the end of the gzip data are not gzip data")
            }
            if made == 0, state.pointee.avail_in == before {
                // No progress: more input is needed, and there is none.
                guard state.pointee.avail_in == 0, fed < input.count else {
                    throw damaged(
                        source,
                        "the compressed data stops before its end (truncated after \(MessageText.grouped(produced)) bytes of text)"
                    )
                }
                feed()
            } else if state.pointee.avail_in == 0, fed < input.count {
                feed()
            }
        }
    }

    private static func reason(_ status: Int32) -> String {
        switch status {
        case ISAL_INVALID_BLOCK: "an invalid deflate block"
        case ISAL_INVALID_SYMBOL: "an invalid deflate symbol"
        case ISAL_INVALID_LOOKBACK: "an invalid lookback distance"
        case ISAL_INVALID_WRAPPER: "an invalid gzip header"
        case ISAL_UNSUPPORTED_METHOD: "a compression method other than deflate"
        case ISAL_INCORRECT_CHECKSUM: "its CRC-32 or length does not match"
        default: "inflate error \(status)"
        }
    }

    private static func damaged(_ source: String, _ reason: String) -> DataError {
        .malformed(source: source, location: "1:1", reason: reason)
    }

    private static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress else { return 0 }
        var crc: UInt32 = 0
        var offset = 0
        while offset < bytes.count {
            let piece = min(bytes.count - offset, 1 << 30)
            crc = crc32_gzip_refl(
                crc, base.advanced(by: offset).assumingMemoryBound(to: UInt8.self),
                UInt64(truncatingIfNeeded: piece))
            offset += piece
        }
        return crc
    }

    private static func read16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt16 {
        guard offset >= 0, offset <= bytes.count - 2 else { return 0 }
        return UInt16(truncatingIfNeeded: bytes[offset]) | UInt16(truncatingIfNeeded: bytes[offset + 1]) << 8
    }

    private static func read32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        guard offset >= 0, offset <= bytes.count - 4 else { return 0 }
        return UInt32(truncatingIfNeeded: read16(bytes, offset)) | UInt32(truncatingIfNeeded: read16(bytes, offset + 2))
            << 16
    }

    private static func read64(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        guard offset >= 0, offset <= bytes.count - 8 else { return 0 }
        return UInt64(truncatingIfNeeded: read32(bytes, offset)) | UInt64(truncatingIfNeeded: read32(bytes, offset + 4))
            << 32
    }
}
