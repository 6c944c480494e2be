import Foundation

/// Animated PNG (APNG): frames already encoded as PNG, each shown for its delay, joined into
/// one file that browsers, GitHub and Pillow play, and that a reader without APNG shows as
/// its first frame.
///
/// The frames come from any PNG encoder (``PNGImageEncoder``, ``LibPNGImageEncoder``,
/// ``GreyPNGEncoder``): each must have the first one's size, bit depth and colour type (its
/// `IHDR`), and its palette if it has one. The file is the first frame's `IHDR` and the
/// chunks before its image data, an `acTL` (the frame count and loops), then each frame's
/// `fcTL` (its size and delay; each replaces the whole picture) and image data: `IDAT` for
/// the first, `fdAT` with sequence numbers for the others. Nothing is decoded or compressed
/// again.
///
/// ```swift
/// let frames = try images.map { AnimatedPNG.Frame(png: try PNGImageEncoder().encode($0), delay: .seconds(1)) }
/// let apng = try AnimatedPNG.assemble(frames)
/// ```
public enum AnimatedPNG {
    /// One frame: a PNG file's bytes and how long it stays on screen.
    public struct Frame: Sendable, Hashable {
        /// A complete PNG file.
        public var png: Data
        /// How long the frame is shown; written as a fraction of two 16-bit numbers (see
        /// ``delayFraction(_:)``).
        public var delay: Duration

        /// A frame.
        ///
        /// - Parameters:
        ///   - png: a PNG file's bytes.
        ///   - delay: how long it is shown.
        public init(png: Data, delay: Duration) {
            self.png = png
            self.delay = delay
        }
    }

    /// The media type browsers and servers give APNG.
    public static var mediaType: String { "image/apng" }

    /// Joins PNG frames into one animated PNG.
    ///
    /// ```swift
    /// let apng = try AnimatedPNG.assemble([first, second], loops: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - frames: the frames, in order; at least one.
    ///   - loops: how many times the animation plays; 0 (the default) forever. A negative
    ///     number is taken as 0, one over 2³¹ − 1 as 2³¹ − 1.
    /// - Returns: the APNG's bytes.
    /// - Throws: ``WidgetRenderError`` (`badData`) naming the frame: not a PNG, a chunk cut
    ///   short or failing its CRC, already animated, or a size, depth, colour type or palette
    ///   unlike the first frame's; (`invalidRequest`) for no frames or more than an APNG holds.
    public static func assemble(_ frames: [Frame], loops: Int = 0) throws(WidgetRenderError) -> Data {
        guard !frames.isEmpty else { throw .invalidRequest("an animated PNG needs at least one frame") }
        // Each frame takes one fcTL and one fdAT per IDAT; sequence numbers are 31 bits.
        guard frames.count < 1 << 30 else {
            throw .invalidRequest("\(frames.count) frames are more than an animated PNG holds")
        }
        var parsed: [PNGChunks] = []
        parsed.reserveCapacity(frames.count)
        for (index, frame) in frames.enumerated() {
            let file = try PNGChunks(frame.png, frame: index)
            if let first = parsed.first {
                guard file.header == first.header else {
                    throw .badData(
                        "APNG frame \(index): \(file.headerDescription) is unlike frame 0's \(first.headerDescription); every frame must have the first one's size, bit depth and colour type"
                    )
                }
                for type in ["PLTE", "tRNS"] where file.chunk(type) != first.chunk(type) {
                    throw .badData("APNG frame \(index): its \(type) chunk differs from frame 0's; frames share one")
                }
            }
            parsed.append(file)
        }
        let first = parsed[0]
        var out = Data(PNGChunks.signature)
        out.reserveCapacity(frames.reduce(64) { $0 + $1.png.count + 64 })
        var sequence: UInt32 = 0
        // A chunk of the parts' bytes, one after the other.
        func chunk(_ type: String, _ parts: Data...) throws(WidgetRenderError) {
            let count = parts.reduce(0) { $0 + $1.count }
            guard let length = UInt32(exactly: count), length <= Int32.max else {
                throw .invalidRequest("an APNG chunk of \(count) bytes is over the format's 2 GiB")
            }
            let typeBytes = Data(type.utf8)
            out.append(bigEndian: length)
            out.append(typeBytes)
            var crc = CRC32()
            crc.update(typeBytes)
            for part in parts {
                out.append(part)
                crc.update(part)
            }
            out.append(bigEndian: crc.value)
        }
        func bigEndian<T: FixedWidthInteger>(_ value: T) -> Data {
            Swift.withUnsafeBytes(of: value.bigEndian) { Data($0) }
        }
        func frameControl(_ index: Int) throws(WidgetRenderError) {
            let (numerator, denominator) = delayFraction(frames[index].delay)
            var body = Data()
            body.append(bigEndian: sequence)
            body.append(first.header.prefix(8))  // width and height
            body.append(bigEndian: UInt32(0))  // x offset
            body.append(bigEndian: UInt32(0))  // y offset
            body.append(bigEndian: numerator)
            body.append(bigEndian: denominator)
            body.append(0)  // dispose: none (the next frame covers it all)
            body.append(0)  // blend: source (replace, alpha included)
            sequence += 1
            try chunk("fcTL", body)
        }
        try chunk("IHDR", first.header)
        try chunk("acTL", bigEndian(UInt32(frames.count)), bigEndian(UInt32(max(0, min(Int(Int32.max), loops)))))
        for (type, body) in first.beforeData { try chunk(type, first.bytes[body]) }
        try frameControl(0)
        for data in first.data { try chunk("IDAT", first.bytes[data]) }
        for index in parsed.indices.dropFirst() {
            try frameControl(index)
            for data in parsed[index].data {
                try chunk("fdAT", bigEndian(sequence), parsed[index].bytes[data])
                sequence += 1
            }
        }
        try chunk("IEND", Data())
        return out
    }

    /// A delay as an APNG writes it: `numerator / denominator` seconds, both 16 bits, in
    /// milliseconds when it fits (Pillow and browsers read whole milliseconds then), else in
    /// hundredths, tenths or whole seconds; a delay over 65,535 s is written as 65,535 s, and
    /// one below half a millisecond (or negative) as 0 (a reader shows such a frame as briefly
    /// as it will). No value traps.
    ///
    /// ```swift
    /// AnimatedPNG.delayFraction(.milliseconds(1500))  // (1500, 1000)
    /// ```
    ///
    /// - Parameter delay: the delay.
    /// - Returns: the fraction's two numbers.
    public static func delayFraction(_ delay: Duration) -> (numerator: UInt16, denominator: UInt16) {
        let (whole, attoseconds) = delay.components
        let seconds = Double(whole) + Double(attoseconds) / 1e18
        guard seconds.isFinite, seconds > 0 else { return (0, 1_000) }
        for denominator in [1_000, 100, 10, 1] as [UInt16] {
            let numerator = (seconds * Double(denominator)).rounded()
            if numerator <= Double(UInt16.max) { return (UInt16(numerator), denominator) }
        }
        return (UInt16.max, 1)
    }
}

/// A PNG file's chunks, as far as an APNG needs them, checked without a trap: the signature,
/// each chunk's length and CRC, `IHDR` first, the image data together, `IEND` last.
private struct PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The file, indexed from 0.
    let bytes: Data
    /// `IHDR`'s 13 bytes.
    let header: Data
    /// Chunks between `IHDR` and the first `IDAT` (a palette, a colour profile…), in order:
    /// where their bodies are in ``bytes``.
    let beforeData: [(type: String, body: Range<Int>)]
    /// Where the `IDAT` chunks' bodies are, in order.
    let data: [Range<Int>]

    init(_ bytes: Data, frame: Int) throws(WidgetRenderError) {
        let bytes = Data(bytes)  // indices from 0
        self.bytes = bytes
        func bad(_ reason: String) -> WidgetRenderError { .badData("APNG frame \(frame): \(reason)") }
        guard bytes.count >= 8, bytes.prefix(8).elementsEqual(Self.signature) else {
            throw bad("not a PNG file (no PNG signature)")
        }
        var offset = 8
        var header: Data?
        var beforeData: [(String, Range<Int>)] = []
        var data: [Range<Int>] = []
        var dataEnded = false
        var ended = false
        while offset < bytes.count {
            guard bytes.count - offset >= 12 else { throw bad("a chunk is cut short at byte \(offset)") }
            let length = Int(bytes.bigEndianUInt32(at: offset))
            guard length <= Int(Int32.max), length <= bytes.count - offset - 12 else {
                throw bad("the chunk at byte \(offset) says it has \(length) bytes; the file ends first")
            }
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw bad("the chunk at byte \(offset) has no valid type")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            let bodyRange = (offset + 8)..<(offset + 8 + length)
            let body = bytes[bodyRange]
            var crc = CRC32()
            crc.update(typeBytes)
            crc.update(body)
            guard crc.value == bytes.bigEndianUInt32(at: offset + 8 + length) else {
                throw bad("the \(type) chunk at byte \(offset) fails its CRC")
            }
            if header == nil, type != "IHDR" { throw bad("the first chunk is \(type), not IHDR") }
            switch type {
            case "IHDR":
                guard header == nil else { throw bad("a second IHDR chunk") }
                guard length == 13 else { throw bad("its IHDR has \(length) bytes, not 13") }
                guard body.bigEndianUInt32(at: body.startIndex) > 0, body.bigEndianUInt32(at: body.startIndex + 4) > 0
                else { throw bad("its IHDR gives a width or height of 0") }
                header = Data(body)
            case "IDAT":
                guard !dataEnded else { throw bad("its IDAT chunks are not together") }
                data.append(bodyRange)
            case "IEND":
                ended = true
            case "acTL", "fcTL", "fdAT":
                throw bad("it is already animated (it has an \(type) chunk)")
            default:
                if typeBytes.first.map({ $0 < 0x61 }) == true, type != "PLTE" {
                    throw bad("it has a critical chunk \(type) this writer does not know")
                }
                if data.isEmpty {
                    beforeData.append((type, bodyRange))
                } else {
                    dataEnded = true
                }
            }
            offset += 12 + length
            if ended { break }
        }
        guard let header else { throw bad("no IHDR chunk") }
        guard !data.isEmpty else { throw bad("no IDAT chunk (no image data)") }
        guard ended else { throw bad("no IEND chunk: the file is cut short") }
        guard offset == bytes.count else { throw bad("\(bytes.count - offset) bytes after its IEND chunk") }
        self.header = header
        self.beforeData = beforeData
        self.data = data
    }

    /// The body of the first chunk of `type` before the image data, if any.
    func chunk(_ type: String) -> Data? { beforeData.first { $0.type == type }.map { bytes[$0.body] } }

    /// `a 510×510 8-bit colour type 2 image`.
    var headerDescription: String {
        let width = header.bigEndianUInt32(at: 0)
        let height = header.bigEndianUInt32(at: 4)
        return "a \(width)×\(height) \(header[8])-bit colour type \(header[9]) image"
            + (header[12] != 0 ? " (interlaced)" : "")
    }
}

/// CRC-32 as PNG and zlib define it (polynomial 0xEDB88320, reflected), eight bytes a step with
/// eight tables ("slicing by 8"): an APNG of a long timeline checks and writes tens of megabytes.
package struct CRC32 {
    /// `tables[k][n]`: the CRC of byte `n` followed by `k` zero bytes, flattened.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            tables[n] = c
        }
        for k in 1..<8 {
            for n in 0..<256 {
                let previous = tables[(k - 1) * 256 + n]
                tables[k * 256 + n] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return tables
    }()

    private var crc: UInt32 = 0xFFFF_FFFF

    /// No bytes yet.
    package init() {}

    /// The CRC of the bytes so far.
    package var value: UInt32 { crc ^ 0xFFFF_FFFF }

    /// Adds bytes.
    package mutating func update(_ bytes: some DataProtocol) {
        for region in bytes.regions {
            region.withUnsafeBytes { raw in update(raw) }
        }
    }

    private mutating func update(_ raw: UnsafeRawBufferPointer) {
        var crc = self.crc
        Self.tables.withUnsafeBufferPointer { t in
            var i = 0
            let count = raw.count
            while i + 8 <= count {
                let low = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt32.self)) ^ crc
                let high = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i + 4, as: UInt32.self))
                crc =
                    t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                    ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
                i += 8
            }
            while i < count {
                crc = t[Int((crc ^ UInt32(raw[i])) & 0xFF)] ^ (crc >> 8)
                i += 1
            }
        }
        self.crc = crc
    }
}

extension Data {
    fileprivate mutating func append<T: FixedWidthInteger>(bigEndian value: T) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }

    /// Four bytes from `offset` (an index of this data), big-endian; the caller checks the range.
    fileprivate func bigEndianUInt32(at offset: Int) -> UInt32 {
        self[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
