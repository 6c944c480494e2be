import Foundation
import Testing
import WidgetRender

/// The tutorial's own `@main` command, run as a user runs it.
@Suite struct CommandTests {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The executable SwiftPM built beside the test bundle.
    static func executable(_ name: String) -> URL {
        let bundle = ([Bundle.main] + Bundle.allBundles).map(\.bundleURL).first { $0.pathExtension == "xctest" }
        let folder = bundle?.deletingLastPathComponent() ?? Bundle.main.bundleURL
        return folder.appendingPathComponent(name)
    }

    /// What tesseract reads on a PNG, or `nil` when tesseract is not installed.
    static func ocr(_ png: String) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tesseract") else { return nil }
        let ocr = Process()
        ocr.executableURL = URL(fileURLWithPath: "/usr/bin/tesseract")
        ocr.arguments = [png, "stdout"]
        let pipe = Pipe()
        ocr.standardOutput = pipe
        ocr.standardError = Pipe()
        try ocr.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ocr.waitUntilExit()
        return text
    }

    static func run(
        _ arguments: [String], command: String = "tutorial-widgets", environment: [String: String] = [:]
    ) throws -> Output {
        let process = Process()
        process.executableURL = executable(command)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// The README's one-file widget renders its three hourly entries in both families.
    @Test func theOneFileWidgetRenders() throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Self.run(
            [
                "--family", "small,medium", "--color-scheme", "dark", "--now", "2026-01-01T09:00:00Z", "--out",
                out.path,
            ], command: "hello-widget")
        #expect(result.status == 0, "\(result.stderr)")
        for family in ["small", "medium"] {
            let files = try FileManager.default.contentsOfDirectory(
                atPath: out.appendingPathComponent("com.example.steps/\(family)").path)
            #expect(files.sorted() == ["0-20260101T090000Z.png", "1-20260101T100000Z.png", "2-20260101T110000Z.png"])
        }
    }

    @Test func timelineOverFourHours() throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Self.run([
            "timeline", "--widget", "character-health", "--family", "small", "--from", "2026-01-01T09:00:00Z",
            "--to", "+4h", "--out", out.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 4)
        #expect(result.stderr.contains("4 screens, 2 requests"))
        let manifest = try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifest.json")))
        #expect(manifest.mode == .simulation)
        #expect(manifest.images.map(\.reason) == [.start, .entry, .reload, .entry])
        #expect(manifest.widgets.first?.requests.count == 2)
    }

    @Test func aCorruptTodoFileIsNoFailure() throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Self.run([
            "--widget", "todo-list", "--family", "small", "--now", "2026-01-01T09:00:00Z",
            "--shared-container", "group.com.example.todo=\(Fixtures.folder("todo-corrupt").path)", "--out", out.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // The provider's print goes to stderr; stdout holds only the paths of the files written.
        #expect(result.stderr.contains("Error loading to-dos: "))
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(FileManager.default.fileExists(atPath: line), "not a path on stdout: \(line)")
        }
        let manifest = try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifest.json")))
        #expect(manifest.widgets.first?.reloadPolicy == .after)
        #expect(manifest.widgets.first?.nextReload == Fixtures.morning.addingTimeInterval(15 * 60))
    }

    /// The tutorial unwraps its App Group folder with `!`-like force; a group no option maps
    /// gets its standard folder under XDG_DATA_HOME, with a warning naming it, not a crash.
    @Test func anUnmappedAppGroupGetsItsStandardFolder() throws {
        let out = try Fixtures.temporaryDirectory()
        let data = try Fixtures.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: data)
        }
        let result = try Self.run(
            ["--widget", "todo-list", "--family", "small", "--now", "2026-01-01T09:00:00Z", "--out", out.path],
            environment: ["XDG_DATA_HOME": data.path])
        #expect(result.status == 0, "\(result.stderr)")
        let folder = data.appendingPathComponent("widgetrender/groups/group.com.example.todo")
        #expect(result.stderr.contains("app group 'group.com.example.todo' has no folder mapped to it"))
        #expect(result.stderr.contains(folder.path))
        #expect(FileManager.default.fileExists(atPath: folder.path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("manifest.json").path))
    }

    @Test func listShowsTheIntentParameter() throws {
        let result = try Self.run(["list"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("character-health — Ranger Detail"))
        #expect(
            result.stdout.contains(
                "--param hero=…  Hero: Allowed: panda (Power Panda), spouty, egghead. Default: panda."))
        // The chart widgets' data options do not leak into a user's command.
        let help = try Self.run(["render", "--help"])
        #expect(!help.stdout.contains("--data"))
        #expect(help.stdout.contains("--shared-container"))
    }

    @Test func aWrongHeroIsAUsageError() throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Self.run([
            "--widget", "character-health", "--param", "hero=batman", "--out", out.path,
        ])
        #expect(result.status == 64)
        #expect(result.stderr.contains("invalid value 'batman' for parameter 'hero'; allowed: panda, spouty, egghead"))
    }
}
