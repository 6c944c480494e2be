import Foundation
import Testing
import TutorialWidgets
import WidgetRender

/// The tutorials' app sides reloading a running `tutorial-widgets watch` from another process,
/// through WidgetCenter, as on iOS.
@Suite(.serialized)
struct LiveWidgetTests {
    /// A running `tutorial-widgets watch` with its own WidgetCenter folder, stopped with SIGTERM.
    final class Watch {
        let process = Process()
        let out: URL
        let runtime: URL
        let stderr = Pipe()

        init(_ arguments: [String]) throws {
            out = try Fixtures.temporaryDirectory()
            // Short: a Unix socket's path holds at most 107 bytes.
            runtime = URL(fileURLWithPath: "/tmp/tw-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
            process.executableURL = CommandTests.executable("tutorial-widgets")
            process.arguments = ["watch", "--out", out.path] + arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardOutput = Pipe()
            process.standardError = stderr
            try process.run()
        }

        var environment: [String: String] { ["XDG_RUNTIME_DIR": runtime.path] }

        func manifest() throws -> Manifest {
            try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifest.json")))
        }

        /// Seconds until the manifest satisfies `condition`, or `nil` after `seconds`.
        func waitFor(within seconds: Double, _ condition: (Manifest) -> Bool) -> Double? {
            let start = Date()
            while Date().timeIntervalSince(start) < seconds {
                if let manifest = try? manifest(), condition(manifest) { return Date().timeIntervalSince(start) }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return nil
        }

        func stop() -> Int32 {
            process.terminate()
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: runtime)
            return process.terminationStatus
        }
    }

    /// The app side, run as a process of its own with the watch's WidgetCenter folder.
    static func app(_ arguments: [String], environment: [String: String], stdin: Pipe? = nil) throws -> (Process, Pipe)
    {
        let process = Process()
        process.executableURL = CommandTests.executable("tutorial-app")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        if let stdin { process.standardInput = stdin }
        try process.run()
        return (process, out)
    }

    /// Reads one line from a pipe (blocking).
    static func line(_ pipe: Pipe) -> String {
        var bytes: [UInt8] = []
        while true {
            let byte = pipe.fileHandleForReading.readData(ofLength: 1)
            guard let first = byte.first, first != 0x0A else { break }
            bytes.append(first)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func theToDoAppReloadsTheWidgetAfterItsEditNotBefore() throws {
        let container = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: container) }
        try FileManager.default.copyItem(
            at: Fixtures.folder("todo/todos.json"), to: container.appendingPathComponent("todos.json"))
        let watch = try Watch([
            "--widget", "todo-list", "--family", "small", "--shared-container",
            "group.com.example.todo=\(container.path)",
        ])
        #expect(watch.waitFor(within: 20) { $0.images.count == 1 } != nil)
        let png = watch.out.appendingPathComponent("todo-list/small/current.png")
        let before = try Data(contentsOf: png)
        let first = try watch.manifest()

        // The app saves a new to-do and, paused, has not called WidgetCenter yet.
        let input = Pipe()
        let (app, output) = try Self.app(
            ["todo", "add", "Water the plants", "--container", container.path, "--pause"],
            environment: watch.environment, stdin: input)
        #expect(Self.line(output) == "saved")
        let saved = try JSONDecoder().decode(
            [TodoItem].self, from: Data(contentsOf: container.appendingPathComponent("todos.json")))
        #expect(saved.first?.title == "Water the plants")
        // As on iOS, the file alone changes nothing: the widget's policy is .never.
        Thread.sleep(forTimeInterval: 1.2)
        #expect(try Data(contentsOf: png) == before)
        #expect(try watch.manifest() == first)

        // Now the app calls WidgetCenter.shared.reloadTimelines(ofKind:).
        input.fileHandleForWriting.write(Data("\n".utf8))
        #expect(Self.line(output) == "reloaded")
        let took = watch.waitFor(within: 5) { $0.changes?.last?.reason == .widgetCenter }
        let seconds = try #require(took)
        #expect(seconds < 1, "the PNG and manifest changed \(seconds) s after the call")
        #expect(try Data(contentsOf: png) != before)
        #expect(try watch.manifest().changes?.last?.pixelsChanged == true)
        app.waitUntilExit()
        #expect(app.terminationStatus == 0)
        #expect(watch.stop() == 0)
    }

    @Test func theCovidTrackersFetchShowsTheNewFigures() throws {
        let container = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: container) }
        for file in ["covid.json", "bg.png"] {
            try FileManager.default.copyItem(
                at: Fixtures.folder("covid/container/\(file)"), to: container.appendingPathComponent(file))
        }
        let watch = try Watch([
            "--widget", CovidCountryWidget.kind, "--widget", CovidGlobalWidget.kind, "--family", "medium",
            "--shared-container", "group.com.example.covid=\(container.path)",
        ])
        #expect(watch.waitFor(within: 20) { $0.images.count == 2 } != nil)
        let manifest = try watch.manifest()
        #expect(
            manifest.images.map(\.widgetURL) == ["covidtracker://country/US", "covidtracker://global"],
            "no country chosen: the fallback, United States")

        // The app fetches the next day's figures, saves them and reloads both widgets.
        let (app, _) = try Self.app(
            ["covid", "fetch", "--from", Fixtures.folder("covid/api-day2").path, "--container", container.path],
            environment: watch.environment)
        app.waitUntilExit()
        #expect(app.terminationStatus == 0)
        let reloaded = watch.waitFor(within: 5) { manifest in
            manifest.changes?.filter { $0.reason == .widgetCenter }.count == 2
        }
        #expect(reloaded != nil)
        // The images show the new figures: 111,820,082 × 1.001 = 111,931,902 confirmed in the US.
        let country = watch.out.appendingPathComponent("\(CovidCountryWidget.kind)/medium/current.png").path
        if let text = try CommandTests.ocr(country) {
            #expect(text.contains("111,931,902"), "OCR read: \(text)")
            #expect(!text.contains("111,820,082"))
        }
        #expect(watch.stop() == 0)
    }
}
