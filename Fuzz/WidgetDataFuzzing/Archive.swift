import Foundation

/// gzip files and zip archives made without compression (stored deflate blocks, a stored zip
/// entry), so the `compressed` harness can wrap any input and compare: valid archives of
/// exactly the bytes given, with their CRC-32 (RFC 1952, APPNOTE 4.3).
enum Archive {
    /// A gzip member holding `data` in stored deflate blocks.
    static func gzipStored(_ data: Data) -> Data {
        var out = Data([0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 0xFF])
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let last = offset + count == data.count
            out.append(last ? 1 : 0)
            let length = UInt16(truncatingIfNeeded: count)
            out.append(contentsOf: littleEndian(length) + littleEndian(~length))
            out.append(data[(data.startIndex + offset)..<(data.startIndex + offset + count)])
            offset += count
        } while offset < data.count
        out.append(contentsOf: littleEndian(crc32(data)) + littleEndian(UInt32(truncatingIfNeeded: data.count)))
        return out
    }

    /// A zip archive of one stored file called `name`.
    static func zipStored(_ data: Data, name: String) -> Data {
        let crc = crc32(data)
        let size = UInt32(truncatingIfNeeded: data.count)
        let nameBytes = Array(name.utf8)
        let nameLength = UInt16(truncatingIfNeeded: nameBytes.count)
        var out = Data([0x50, 0x4B, 0x03, 0x04, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        out.append(contentsOf: littleEndian(crc) + littleEndian(size) + littleEndian(size))
        out.append(contentsOf: littleEndian(nameLength) + [0, 0] + nameBytes)
        out.append(data)
        let directory = UInt32(truncatingIfNeeded: out.count)
        out.append(contentsOf: [0x50, 0x4B, 0x01, 0x02, 20, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        out.append(contentsOf: littleEndian(crc) + littleEndian(size) + littleEndian(size))
        out.append(contentsOf: littleEndian(nameLength) + [UInt8](repeating: 0, count: 12) + [0, 0, 0, 0] + nameBytes)
        let directorySize = UInt32(truncatingIfNeeded: out.count) &- directory
        out.append(contentsOf: [0x50, 0x4B, 0x05, 0x06, 0, 0, 0, 0, 1, 0, 1, 0])
        out.append(contentsOf: littleEndian(directorySize) + littleEndian(directory) + [0, 0])
        return out
    }

    private static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        (0..<(T.bitWidth / 8)).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }
}
