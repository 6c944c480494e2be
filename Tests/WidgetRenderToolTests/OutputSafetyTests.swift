import Foundation
import Testing
import WidgetRender

/// The output folder under kills and concurrent runs, with the real binary.
@Suite("Output folder under kills and concurrent runs")
struct OutputSafetyTests {
    /// Every PNG the manifest names has the SHA-256 it gives; `nil` when true, else what is wrong.
    static func manifestLie(in folder: URL) -> String? {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")) else { return nil }
        guard let manifest = try? Manifest.decode(data) else { return "manifest.json does not decode" }
        for image in manifest.images {
            guard let bytes = try? Data(contentsOf: folder.appendingPathComponent(image.file)) else {
                return "\(image.file) is missing"
            }
            if SHA256.hex(bytes) != image.sha256 { return "\(image.file) has other bytes than the manifest says" }
        }
        return nil
    }

    static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// A smoke test: kills rarely land in the few milliseconds of a commit, so the proof that
    /// every step keeps the manifest true is `OutputTransactionTests`' checkpoint test; this one
    /// shows the real binary under `kill -9` leaves no lie and no leftovers after the next run.
    @Test func aKillAtAnyMomentLeavesAManifestThatTellsTheTruth() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = ["--widget", "price", "--family", "all", "--out", folder.path]
        #expect(try CommandRunner.run(arguments).exitCode == 0)
        // How long a whole run takes here, to spread the kills over it.
        let clock = ContinuousClock()
        let started = clock.now
        #expect(try CommandRunner.run(arguments + ["--color-scheme", "dark"]).exitCode == 0)
        let runMicroseconds = max(50_000, Int((clock.now - started).components.attoseconds / 1_000_000_000_000))
        var generator = SplitMix(seed: 42)
        var lies: [String] = []
        for kill in 0..<24 {
            let scheme = kill % 2 == 0 ? "light" : "dark"
            let process = try Self.start(arguments + ["--color-scheme", scheme])
            // Half the kills anywhere in the run, half near its end, where it writes.
            let span = UInt64(runMicroseconds)
            let delay =
                kill % 2 == 0 ? generator.next() % (span + 20_000) : span * 3 / 4 + generator.next() % (span / 2)
            usleep(UInt32(delay))
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if let lie = Self.manifestLie(in: folder) { lies.append("kill \(kill): \(lie)") }
        }
        #expect(lies.isEmpty, "\(lies)")
        // The next run cleans up whatever the kills left and writes a complete folder.
        #expect(try CommandRunner.run(arguments).exitCode == 0)
        #expect(Self.manifestLie(in: folder) == nil)
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        #expect(!names.contains { $0.hasSuffix(".tmp") }, "\(names.filter { $0.hasSuffix(".tmp") })")
    }

    @Test func concurrentRunsIntoOneFolderTakeTurns() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for _ in 0..<5 {
            let light = try Self.start(["--widget", "price", "--family", "all", "--out", folder.path])
            let dark = try Self.start([
                "--widget", "price", "--family", "all", "--color-scheme", "dark", "--out", folder.path,
            ])
            light.waitUntilExit()
            dark.waitUntilExit()
            #expect(light.terminationStatus == 0 && dark.terminationStatus == 0)
            #expect(Self.manifestLie(in: folder) == nil)
            let manifest = try Manifest.decode(Data(contentsOf: folder.appendingPathComponent("manifest.json")))
            #expect(Set(manifest.images.map(\.colorScheme)).count == 1, "one run's manifest, whole")
        }
    }

    @Test func aOneLetterOutputFolderIsCreated() throws {
        // Foundation 6.3's NSString.deletingLastPathComponent traps on "x"; the folder code must not use it.
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(["--widget", "price", "--out", "x"], in: folder)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("x/manifest.json").path))
    }

    @Test func aLinkInsideTheOutputFolderIsRefused() throws {
        let folder = try CommandRunner.temporaryDirectory()
        let elsewhere = try CommandRunner.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let theirs = elsewhere.appendingPathComponent("medium/0-20190101T000000Z.png")
        try FileManager.default.createDirectory(
            at: theirs.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data([7]).write(to: theirs)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("price"), withDestinationURL: elsewhere)
        let result = try CommandRunner.run(["--widget", "price", "--out", folder.path])
        #expect(result.exitCode == 73, "EX_CANTCREAT: the output cannot be created there")
        #expect(result.stderr.contains("price: is a symbolic link"), "\(result.stderr)")
        #expect(try Data(contentsOf: theirs) == Data([7]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: theirs.deletingLastPathComponent().path).count == 1)
    }
}

/// A small deterministic random number generator, so the kills fall at the same moments each run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
