import Foundation
import Testing
import WidgetDrawing
import WidgetRender

/// The built binary run as a careless or hostile user would: closed and cut-short output,
/// planted assets, foreign files in the output folder, nested runs, system folders, control
/// characters, dates before 1582.
@Suite struct SafeAnywhereTests {
    /// Runs the binary through `/bin/sh -c` (for redirections), returning the exit code and stderr.
    static func shell(_ script: String, in directory: URL? = nil) throws -> (code: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self))
    }

    static var binary: String { CommandRunner.executable.path }

    @Test func aClosedStderrOrAShortReaderNeverCrashesARun() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A usage error with stderr closed: its own exit code, no trap.
        let closed = try Self.shell("'\(Self.binary)' --widget nope 2>&-; echo \"code $?\"")
        #expect(closed.stdout.contains("code 64"), "\(closed.stdout)")
        // Warnings (a Link-free widget with a bad bg.png) with stderr closed: the run commits and exits 0.
        let container = folder.appendingPathComponent("group")
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        try Data("not a png".utf8).write(to: container.appendingPathComponent("bg.png"))
        let out = folder.appendingPathComponent("out")
        let warned = try Self.shell(
            "'\(Self.binary)' --widget covid-global --family small --shared-container '\(container.path)' --out '\(out.path)' 2>&- >/dev/null; echo \"code $?\""
        )
        #expect(warned.stdout.contains("code 0"), "\(warned.stdout)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("manifest.json").path))
        // A reader that takes one line and goes: the run still commits, with its own exit code.
        let cut = folder.appendingPathComponent("cut")
        _ = try Self.shell(
            "'\(Self.binary)' --widget price --family all --out '\(cut.path)' 2>/dev/null | head -1 >/dev/null",
            in: folder)
        let manifest = try Manifest.decode(Data(contentsOf: cut.appendingPathComponent("manifest.json")))
        #expect(manifest.images.count >= 20)
    }

    @Test func plantedAssetsInTheCurrentFolderAreNeverRead() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A clone-like folder with its own "assets": another price sample and a fontconfig file
        // that would put fontconfig's cache in a folder of the planter's choosing.
        let planted = folder.appendingPathComponent("work/WidgetRender_WidgetAssets.resources")
        try FileManager.default.createDirectory(
            at: planted.appendingPathComponent("samples"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: planted.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try Data("Date,Open,High,Low,Close\n2023-08-06,1,2,0.5,1.5\n".utf8).write(
            to: planted.appendingPathComponent("samples/aapl-daily.csv"))
        let trap = folder.appendingPathComponent("trap")
        try Data("<fontconfig><cachedir>\(trap.path)</cachedir></fontconfig>".utf8).write(
            to: planted.appendingPathComponent("fonts/fonts.conf"))
        let work = folder.appendingPathComponent("work")
        let before = try FileManager.default.subpathsOfDirectory(atPath: work.path).sorted()
        let inside = try CommandRunner.run(
            [
                "--widget", "price", "--family", "small", "--now", "2023-08-06T12:00:00Z", "--out",
                folder.appendingPathComponent("a").path,
            ], in: work)
        #expect(inside.exitCode == 0, "\(inside.stderr)")
        let elsewhere = try CommandRunner.run(
            [
                "--widget", "price", "--family", "small", "--now", "2023-08-06T12:00:00Z", "--out",
                folder.appendingPathComponent("b").path,
            ], in: folder)
        #expect(elsewhere.exitCode == 0)
        let a = try Manifest.decode(Data(contentsOf: folder.appendingPathComponent("a/manifest.json")))
        let b = try Manifest.decode(Data(contentsOf: folder.appendingPathComponent("b/manifest.json")))
        #expect(a.images.map(\.sha256) == b.images.map(\.sha256), "the same bytes whatever the current folder")
        #expect(a.images.first?.data?.lastValue == b.images.first?.data?.lastValue)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: work.path).sorted() == before)
        #expect(!FileManager.default.fileExists(atPath: trap.path))
    }

    @Test func foreignFilesInTheOutputFolderAreNeverRemoved() throws {
        let out = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        // Other programs' temporary files at several depths, some in the folders a run writes.
        let foreign = [
            ".notes.0123456789ABCDEF0123456789ABCDEF0123.tmp", ".draft.tmp",
            "price/.editor.3F2504E0-4F89-11D3-9A0C-0305E82C3301.tmp", "price/medium/.sync.tmp",
            "price/medium/.other.12345678.tmp", "a/b/c/.deep.3F2504E0-4F89-11D3-9A0C-0305E82C3301.tmp",
            "price/medium/notes.txt",
        ]
        for path in foreign {
            let url = out.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: url)
        }
        // What a killed run of this tool left: removed.
        let ours = out.appendingPathComponent("price/medium/.0-20230801T000000Z.png.1a2b3c4d-3.widgetrender.tmp")
        try Data([1]).write(to: ours)
        let result = try CommandRunner.run(["--widget", "price", "--out", out.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        for path in foreign {
            #expect(
                try Data(contentsOf: out.appendingPathComponent(path)) == Data(path.utf8), "\(path) was touched")
        }
        #expect(!FileManager.default.fileExists(atPath: ours.path))
    }

    @Test func theOutputFolderIsNeverEmptyTheRootHomeOrASystemFolder() throws {
        let home = "/home/someone-\(UUID().uuidString.prefix(6))"
        for refused in ["", "/", "/etc", "/usr", "/usr/share/widgets", "/proc/self", "/var", home, "\(home)/"] {
            #expect(throws: WidgetRenderError.self, "\(refused)") {
                try OutputTransaction.checkPlace(refused, home: home)
            }
        }
        for allowed in [".", "Output", "/tmp/widgets", "/var/www/widgets", "\(home)/widgets"] {
            try OutputTransaction.checkPlace(allowed, home: home)
        }
        let empty = try CommandRunner.run(["--widget", "price", "--out", ""])
        #expect(empty.exitCode == 64)
        #expect(empty.stderr.contains("--out: an empty path names no folder"), "\(empty.stderr)")
        let root = try CommandRunner.run(["--widget", "price", "--out", "/"])
        #expect(root.exitCode == 73)
        #expect(root.stderr.contains("is the root folder"), "\(root.stderr)")
        let system = try CommandRunner.run(["--widget", "price", "--out", "/etc/widgets"])
        #expect(system.exitCode == 73)
        // A file where the folder should be: refused before anything is rendered or said.
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)
        #expect(throws: WidgetRenderError.self) { try OutputTransaction.checkPlace(file.path) }
        let onAFile = try CommandRunner.run(["--widget", "price", "--out", file.path])
        #expect(onAFile.exitCode == 73)
        #expect(onAFile.stdout.isEmpty, "\(onAFile.stdout)")
        #expect(
            onAFile.stderr.hasPrefix("error: \(file.path): is a file, not a folder"), "\(onAFile.stderr)")
    }

    @Test func aRunInsideAnotherRunningRunsFolderIsRefused() throws {
        let outer = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outer) }
        // Another run holds the outer folder's lock.
        let lock = open(outer.appendingPathComponent(".widgetrender.lock").path, O_RDWR | O_CREAT, 0o644)
        #expect(lock >= 0)
        #expect(flock(lock, LOCK_EX) == 0)
        let inner = try CommandRunner.run(
            ["--widget", "price", "--out", outer.appendingPathComponent("sub").path])
        #expect(inner.exitCode == 73, "\(inner.stderr)")
        #expect(inner.stderr.contains("another widgetrender run is writing to"), "\(inner.stderr)")
        close(lock)
        // Once it is done, the same folder is fine.
        let after = try CommandRunner.run(
            ["--widget", "price", "--family", "small", "--out", outer.appendingPathComponent("sub").path])
        #expect(after.exitCode == 0, "\(after.stderr)")
    }

    @Test func usageErrorsEscapeControlCharactersAndCheckEveryName() throws {
        let escape = try CommandRunner.run(["--widget", "\u{1B}[31mred\nline", "--out", "/tmp/never"])
        #expect(escape.exitCode == 64)
        #expect(!escape.stderr.contains("\u{1B}"))
        #expect(escape.stderr.contains("\\u{1B}[31mred\\u{A}line"), "\(escape.stderr)")
        let help = try CommandRunner.run(["help", "nope"])
        #expect(help.exitCode == 64)
        #expect(help.stderr.contains("no subcommand 'nope'"), "\(help.stderr)")
        #expect(try CommandRunner.run(["help", "render"]).exitCode == 0)
        let family = try CommandRunner.run(["--family", "all,foo", "--out", "/tmp/never"])
        #expect(family.exitCode == 64)
        #expect(family.stderr.contains("unknown family 'foo'"), "\(family.stderr)")
        let container = try CommandRunner.run(["--shared-container", "", "--out", "/tmp/never"])
        #expect(container.exitCode == 64)
    }

    @Test func anArgumentThatIsNotUTF8IsRefusedNotRepaired() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Swift would read \xff as U+FFFD, and write to a folder of another name.
        let result = try Self.shell(
            "'\(Self.binary)' --widget price --out \"$(printf 'out\\377')\" 2>/dev/null; echo \"code $?\"", in: folder)
        #expect(result.stdout.contains("code 64"), "\(result.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func datesBefore1582AreProlepticGregorianInTheManifest() throws {
        let out = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try CommandRunner.run([
            "--widget", "price", "--family", "small", "--now", "1500-01-01", "--out", out.path,
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let text = try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(text.contains("\"now\" : \"1500-01-01T00:00:00Z\""), "no calendar switch")
        #expect(!text.contains("1499-12-"))
        let manifest = try Manifest.decode(Data(text.utf8))
        #expect(manifest.now == DateParsing.date("1500-01-01"))
        // 1500 is no leap year on the proleptic Gregorian calendar.
        let leap = try CommandRunner.run(["--widget", "price", "--now", "1500-02-29", "--out", out.path])
        #expect(leap.exitCode == 64)
    }
}
