import Foundation
import WidgetDataFuzzing
import WidgetRendering

/// The PNG reader (`bg.png` and golden references): the header check, then Cairo's libpng
/// decoder from memory. Rules: it returns a surface of 1…8192 pixels a side whose every row
/// can be read, or throws `RenderError.image` with a one-line reason; it never traps, hangs or
/// allocates more than the size limit allows.
enum PNGTarget {
    static func run(_ data: Data) {
        do {
            let surface = try PNGImage.read(data: data, name: "fuzz.input")
            guard (1...PNGImage.maximumSide).contains(surface.width),
                (1...PNGImage.maximumSide).contains(surface.height)
            else { fatalError("decoded a \(surface.width)×\(surface.height) surface past the limit") }
            // Touch every byte Cairo says it wrote, so AddressSanitizer sees a short buffer.
            let sum = surface.withPixels { pixels, stride in
                var total: UInt64 = 0
                for offset in Swift.stride(from: 0, to: stride * surface.height, by: 61) {
                    total &+= UInt64(pixels[offset])
                }
                return total
            }
            if sum == nil { fatalError("a decoded surface without pixels") }
        } catch {
            guard case .image(let path, let reason) = error, path == "fuzz.input", !reason.isEmpty,
                !reason.contains("\n")
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
