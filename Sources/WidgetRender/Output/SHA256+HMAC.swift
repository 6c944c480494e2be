import Foundation

extension SHA256 {
    /// HMAC-SHA-256 (RFC 2104) of `message` under `key`, as 64 lowercase hex digits, or `nil`
    /// when libcrypto reports a failure: what `serve` signs an image URL with, so that a device
    /// fetching it needs no header.
    package static func hmacHex(key: Data, message: Data) -> String? {
        let blockSize = 64
        var block = [UInt8](key.count > blockSize ? digest(key) ?? [] : [UInt8](key))
        block += [UInt8](repeating: 0, count: blockSize - block.count)
        guard let inner = digest(Data(block.map { $0 ^ 0x36 }) + message),
            let outer = digest(Data(block.map { $0 ^ 0x5C } + inner))
        else { return nil }
        return hex(digest: outer)
    }
}
