import CCrypto
import Foundation

/// SHA-256 (FIPS 180-4), for the digests in `manifest.json`.
///
/// Foundation on Linux has no CryptoKit; OpenSSL's libcrypto (Debian's `libssl-dev`) computes
/// it, with the CPU's SHA instructions where there are some (a PNG of 60 KB in well under a
/// tenth of a millisecond), through its direct SHA-256 functions rather than EVP, whose first use
/// initialises the library (1 ms of a cold run). It is checked against the standard test vectors.
package enum SHA256 {
    /// The digest of `data` as 64 lowercase hex digits, or `nil` when libcrypto reports a failure.
    package static func hex(_ data: Data) -> String? {
        digest(data).map(hex(digest:))
    }

    /// A digest as lowercase hex digits.
    static func hex(digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The 32-byte digest of `data`, or `nil` when libcrypto reports a failure.
    package static func digest(_ data: Data) -> [UInt8]? {
        var digest = [UInt8](repeating: 0, count: 32)
        var context = SHA256_CTX()
        let status = data.withUnsafeBytes { bytes in
            digest.withUnsafeMutableBufferPointer { out in
                SHA256_Init(&context) == 1 && SHA256_Update(&context, bytes.baseAddress, bytes.count) == 1
                    && SHA256_Final(out.baseAddress, &context) == 1
            }
        }
        return status ? digest : nil
    }
}
