import Foundation
import WidgetDataFuzzing
import WidgetRender

/// The APNG assembler (`timeline` and `screen` with `--image-format apng`) on any bytes as its
/// frames: the input is cut in two at its middle, and each half, and the whole, is a frame.
/// Rules: it returns an animated PNG (the signature, then an IHDR), or throws a `badData` or
/// `invalidRequest` error naming the frame; it never traps, hangs or reads past a chunk.
enum AnimatedPNGTarget {
    static func run(_ data: Data) {
        let middle = data.startIndex + data.count / 2
        let frames = [data, Data(data[..<middle]), Data(data[middle...])].map {
            AnimatedPNG.Frame(png: $0, delay: .milliseconds(100))
        }
        for set in [[frames[0]], [frames[0], frames[0]], frames] {
            do {
                let apng = try AnimatedPNG.assemble(set)
                guard apng.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
                    fatalError("an animation without the PNG signature")
                }
            } catch {
                guard error.kind == .badData || error.kind == .invalidRequest, !error.message.isEmpty else {
                    fatalError("unexpected error: \(error)")
                }
            }
        }
    }
}

/// One input for libFuzzer (or any driver that calls `LLVMFuzzerTestOneInput`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnimatedPNG(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    AnimatedPNGTarget.run(FuzzInput.data(bytes, count))
    return 0
}

/// Built by scripts/fuzz.sh (`-sanitize=fuzzer -DFUZZING`): the fuzzer. Built plainly: replays
/// saved inputs, `fuzz-animated-png FILE|FOLDER…`.
@main
enum FuzzAnimatedPNGMain {
    static func main() {
        #if FUZZING
            LibFuzzer.run(fuzzAnimatedPNG)
        #else
            Replay.run(AnimatedPNGTarget.run)
        #endif
    }
}
