import WidgetDataFuzzing

/// One input for libFuzzer (or any driver that calls `LLVMFuzzerTestOneInput`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSeriesReader(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    FuzzTargets.seriesReader(FuzzInput.data(bytes, count))
    return 0
}

/// Built by scripts/fuzz.sh (`-sanitize=fuzzer -DFUZZING`): the fuzzer. Built plainly: replays
/// saved inputs, `fuzz-… FILE|FOLDER…`.
@main
enum FuzzSeriesReaderMain {
    static func main() {
        #if FUZZING
            LibFuzzer.run(fuzzSeriesReader)
        #else
            Replay.run(FuzzTargets.seriesReader)
        #endif
    }
}
