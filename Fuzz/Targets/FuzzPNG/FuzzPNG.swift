import Foundation
import WidgetDataFuzzing
import WidgetRender

/// The PNG reader (`bg.png` and golden references), through the public `PNGFile.decode`: the
/// header check, then Cairo's libpng decoder from memory, then a CRC-64 over every decoded row
/// (so AddressSanitizer sees a short buffer). Rules: it returns an image of 1…8192 pixels a
/// side with a 16-digit fingerprint, or throws `PNGFile.DecodeError` naming the input with a
/// one-line reason; it never traps, hangs or allocates more than the size limit allows.
enum PNGTarget {
    static func run(_ data: Data) {
        do {
            let image = try PNGFile.decode(data, name: "fuzz.input")
            guard (1...PNGFile.maximumSide).contains(image.width), (1...PNGFile.maximumSide).contains(image.height)
            else { fatalError("decoded a \(image.width)×\(image.height) image past the limit") }
            guard image.pixelsCRC64.count == 16 else {
                fatalError("a fingerprint of \(image.pixelsCRC64.count) digits")
            }
        } catch {
            guard error.name == "fuzz.input", !error.reason.isEmpty, !error.reason.contains("\n")
            else { fatalError("unexpected error: \(error)") }
        }
    }
}

/// One input for libFuzzer (or any driver that calls `LLVMFuzzerTestOneInput`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    PNGTarget.run(FuzzInput.data(bytes, count))
    return 0
}

/// Built by scripts/fuzz.sh (`-sanitize=fuzzer -DFUZZING`): the fuzzer. Built plainly: replays
/// saved inputs, `fuzz-png FILE|FOLDER…`.
@main
enum FuzzPNGMain {
    static func main() {
        #if FUZZING
            LibFuzzer.run(fuzzPNG)
        #else
            Replay.run(PNGTarget.run)
        #endif
    }
}
