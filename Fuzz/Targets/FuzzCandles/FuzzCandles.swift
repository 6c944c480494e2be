import WidgetDataFuzzing

/// One input for libFuzzer (or any driver that calls `LLVMFuzzerTestOneInput`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCandles(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    FuzzTargets.candles(FuzzInput.data(bytes, count))
    return 0
}

/// Built by scripts/fuzz.sh (`-sanitize=fuzzer -DFUZZING`): the fuzzer. Built plainly: replays
/// saved inputs, `fuzz-… FILE|FOLDER…`.
@main
enum FuzzCandlesMain {
    static func main() {
        #if FUZZING
            LibFuzzer.run(fuzzCandles)
        #else
            Replay.run(FuzzTargets.candles)
        #endif
    }
}
