import Foundation

/// The first 24 bytes of a PNG file: signature and image header, read before anything decodes it.
struct PNGHeader {
    let width: Int?
    let height: Int?
    let isPNG: Bool

    init(_ bytes: Data) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let data = [UInt8](bytes)
        isPNG = data.count >= 24 && Array(data[0..<8]) == signature && Array(data[12..<16]) == Array("IHDR".utf8)
        func big(_ offset: Int) -> Int {
            data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        width = isPNG ? big(16) : nil
        height = isPNG ? big(20) : nil
    }

    /// Why the image cannot be used, or `nil` when it can.
    func problem(maximumSide: Int) -> String? {
        guard isPNG, let width, let height else { return "not a PNG file" }
        guard width > 0, height > 0 else { return "a PNG of \(width)×\(height) pixels has nothing to draw" }
        guard width <= maximumSide, height <= maximumSide else {
            return "\(width)×\(height) pixels is larger than the \(maximumSide)×\(maximumSide) limit"
        }
        return nil
    }
}
