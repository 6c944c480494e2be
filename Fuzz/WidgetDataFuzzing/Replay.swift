import Foundation

/// The plain mode of a fuzz target: runs the target on each file given (or each file in each
/// folder given), so a crash input or a whole corpus can be replayed without libFuzzer.
///
/// ```
/// .build/debug/FuzzBinance .fuzz/crashes/binance/crash-1234 .fuzz/corpus/binance
/// ```
public enum Replay {
    /// Runs `target` on every file named on the command line; exits 64 without arguments.
    public static func run(_ target: (Data) -> Void) {
        let arguments = CommandLine.arguments.dropFirst()
        guard !arguments.isEmpty else {
            FileHandle.standardError.write(Data("usage: \(CommandLine.arguments[0]) FILE|FOLDER…\n".utf8))
            exit(64)
        }
        var count = 0
        for argument in arguments {
            for url in files(at: URL(fileURLWithPath: argument)) {
                guard let data = try? Data(contentsOf: url) else {
                    FileHandle.standardError.write(Data("cannot read \(url.path)\n".utf8))
                    exit(66)
                }
                target(data)
                count += 1
            }
        }
        print("replayed \(count) inputs, no invariant broken")
    }

    private static func files(at url: URL) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [url]
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.sorted().map { url.appendingPathComponent($0) }
    }
}

/// The bytes libFuzzer hands `LLVMFuzzerTestOneInput`, as `Data`.
public enum FuzzInput {
    /// Copies `count` bytes from `bytes` (which may be `nil` when `count` is 0).
    public static func data(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Data {
        guard let bytes, count > 0 else { return Data() }
        return Data(bytes: bytes, count: count)
    }
}

#if FUZZING
    /// libFuzzer's driver, which parses libFuzzer's options and runs the loop.
    @_silgen_name("LLVMFuzzerRunDriver")
    private func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    /// The fuzzing mode's `main`: SwiftPM links every executable's entry point under its own
    /// name, so libFuzzer's `main` cannot be used; its driver is called instead, with the
    /// target's `LLVMFuzzerTestOneInput`.
    public enum LibFuzzer {
        /// Runs libFuzzer with the process's arguments and exits with its status.
        public static func run(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
        }
    }
#endif
