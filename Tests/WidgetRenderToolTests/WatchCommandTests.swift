import Foundation
import Testing
import WidgetCore
import WidgetRender

/// `watch` and `reload` as a user runs them: two processes, a real socket, real PNGs.
@Suite("watch and reload")
struct WatchCommandTests {
    /// A running `widgetrender watch`, stopped with SIGTERM at the end.
    final class Running {
        let process = Process()
        let out: URL
        let runtime: URL
        let stderr = Pipe()

        init(_ arguments: [String]) throws {
            out = try CommandRunner.temporaryDirectory()
            // Short: a Unix socket's path holds at most 107 bytes.
            runtime = URL(fileURLWithPath: "/tmp/wr-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
            process.executableURL = CommandRunner.executable
            process.arguments = ["watch", "--out", out.path] + arguments
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_RUNTIME_DIR"] = runtime.path
            process.environment = environment
            process.standardOutput = Pipe()
            process.standardError = stderr
            try process.run()
        }

        var environment: [String: String] { ["XDG_RUNTIME_DIR": runtime.path] }

        func manifest() throws -> Manifest {
            try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifest.json")))
        }

        func waitFor(within seconds: Double, _ condition: (Manifest) -> Bool) -> Double? {
            let start = Date()
            while Date().timeIntervalSince(start) < seconds {
                if let manifest = try? manifest(), condition(manifest) { return Date().timeIntervalSince(start) }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return nil
        }

        /// SIGTERM, then what it printed on stderr and its exit status.
        func stop() -> (Int32, String) {
            process.terminate()
            process.waitUntilExit()
            let text = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: runtime)
            return (process.terminationStatus, text)
        }
    }

    @Test func anotherProcessReloadsARunningWatchThroughWidgetCenter() throws {
        let watch = try Running(["--widget", "price", "--family", "small"])
        let started = watch.waitFor(within: 60) { $0.images.count == 1 }
        #expect(started != nil)
        let png = watch.out.appendingPathComponent("price/small/current.png")
        #expect(FileManager.default.fileExists(atPath: png.path))
        // What WidgetCenter.shared does in an app's process, with this test's folder.
        let replies = try WidgetCenterChannel.send(.reload(kind: "price"), bundle: nil, environment: watch.environment)
        #expect(replies.count == 1 && replies.allSatisfy(\.ok))
        let reloaded = watch.waitFor(within: 30) { $0.changes?.last?.reason == .widgetCenter }
        let seconds = try #require(reloaded)
        // A second on a quiet machine; this suite runs beside every other test of the package.
        #expect(seconds < 5, "reloaded in \(seconds) s")
        // `reload --list` and `reload` from a shell reach it too.
        let list = try CommandRunner.run(["reload", "--list"], environment: watch.environment)
        #expect(list.exitCode == 0)
        #expect(list.stdout.hasPrefix("price\tsmall\tpid \(watch.process.processIdentifier)"), "\(list.stdout)")
        let shell = try CommandRunner.run(["reload", "--kind", "price"], environment: watch.environment)
        #expect(shell.stderr.contains("Asked 1 running process to reload price"), "\(shell.stderr)")
        #expect(watch.waitFor(within: 30) { $0.reloads?.made == 2 } != nil)
        // The folder is the watch's while it runs: a render or a second watch is refused.
        let render = try CommandRunner.run(["--family", "small", "--out", watch.out.path])
        #expect(render.exitCode == 73)
        #expect(render.stderr.contains("a running `watch` keeps this folder current"), "\(render.stderr)")
        let second = try CommandRunner.run(["watch", "--family", "small", "--out", watch.out.path])
        #expect(second.exitCode == 73)
        #expect(second.stderr.contains("another running `watch` keeps this folder current"), "\(second.stderr)")
        let (status, printed) = watch.stop()
        #expect(status == 0, "SIGTERM ends it cleanly: \(printed)")
        #expect(printed.contains("Stopped;"))
    }

    @Test func reloadWithNothingRunningSaysSo() throws {
        let runtime = URL(fileURLWithPath: "/tmp/wr-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: runtime) }
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        let result = try CommandRunner.run(["reload"], environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(result.exitCode == 0)
        #expect(result.stderr.contains("No `watch` or `serve` of BuiltInWidgets is running"), "\(result.stderr)")
        let unknown = try CommandRunner.run(
            ["reload", "--kind", "nope"], environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(unknown.exitCode == 64)
        #expect(unknown.stderr.contains("unknown widget 'nope'"))
    }

    @Test func badWatchOptionsAreUsageErrors() throws {
        let budget = try CommandRunner.run(["watch", "--reload-budget", "lots"])
        #expect(budget.exitCode == 64)
        #expect(budget.stderr.contains("--reload-budget: 'lots' is not a reload budget"), "\(budget.stderr)")
        let change = try CommandRunner.run(["watch", "--reload-on-change"])
        #expect(change.exitCode == 64)
        #expect(change.stderr.contains("--shared-container"))
    }
}
