/// The 64-bit FNV-1a hash, for cache file names.
///
/// Not cryptographic: it only spreads URLs over file names. It is stable across runs, machines
/// and Swift versions (unlike `Hasher`), and a collision is harmless because each cache entry
/// records its URL and is ignored when that differs.
enum FNV1a {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of `bytes`.
    static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }

    /// The hash of a string's UTF-8 bytes as 16 lowercase hex digits.
    static func hex(_ text: String) -> String {
        let digits = String(hash(text.utf8), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
