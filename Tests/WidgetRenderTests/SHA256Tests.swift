import Foundation
import Testing
import WidgetRender

/// FIPS 180-4 example vectors.
@Suite("SHA-256")
struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func knownVectors(input: String, digest: String) {
        #expect(SHA256.hex(Data(input.utf8)) == digest)
    }

    @Test func millionAs() {
        #expect(
            SHA256.hex(Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}

/// RFC 4231's test cases 1, 2 and 6 (a key longer than a block).
@Suite("HMAC-SHA-256")
struct HMACTests {
    @Test func rfc4231Vectors() {
        #expect(
            SHA256.hmacHex(key: Data(repeating: 0x0B, count: 20), message: Data("Hi There".utf8))
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(
            SHA256.hmacHex(key: Data("Jefe".utf8), message: Data("what do ya want for nothing?".utf8))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(
            SHA256.hmacHex(
                key: Data(repeating: 0xAA, count: 131),
                message: Data("Test Using Larger Than Block-Size Key - Hash Key First".utf8))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }
}
