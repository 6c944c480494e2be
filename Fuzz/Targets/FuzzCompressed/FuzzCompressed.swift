import WidgetDataFuzzing

/// One input for libFuzzer (or any driver that calls `LLVMFuzzerTestOneInput`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompressed(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    FuzzTargets.compressed(FuzzInput.data(bytes, count))
    return 0
}

/// Built by scripts/fuzz.sh (`-sanitize=fuzzer -DFUZZING`): the fuzzer. Built plainly: replays
/// saved inputs, `fuzz-… FILE|FOLDER…`.
@main
enum FuzzCompressedMain {
    static func main() {
        #if FUZZING
            LibFuzzer.run(fuzzCompressed)
        #else
            Replay.run(FuzzTargets.compressed)
        #endif
    }
}
