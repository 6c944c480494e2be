import Foundation
import Testing

/// libcurl is loaded on the first URL fetch, never at start-up: loading it and its two dozen
/// dependencies cost 5 ms of every cold start (docs/PERFORMANCE.md, Cold start). glibc's loader says
/// what it maps when `LD_DEBUG=files` is set, and lists what a start-up needs (every `NEEDED`
/// library, transitively) when `LD_TRACE_LOADED_OBJECTS=1` is.
#if os(Linux)
    @Suite("widgetrender loads libcurl only to fetch a URL")
    struct LazyLibcurlTests {
        @Test("the executable needs neither libcurl nor FoundationNetworking to start")
        func notNeeded() throws {
            let trace = try CommandRunner.run([], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
            #expect(trace.exitCode == 0, "\(trace.stderr)")
            #expect(trace.stdout.contains("libc.so.6"), "no library list: \(trace.stdout)")
            #expect(!trace.stdout.contains("libcurl"), "\(trace.stdout)")
            #expect(!trace.stdout.contains("FoundationNetworking"), "\(trace.stdout)")
        }

        @Test("a run without a URL never loads libcurl; a run with one does, once")
        func loadedOnFirstFetch() throws {
            let folder = try CommandRunner.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            let version = try CommandRunner.run(["--version"], environment: ["LD_DEBUG": "files"])
            #expect(version.exitCode == 0)
            #expect(version.stderr.contains("file="), "LD_DEBUG printed nothing: \(version.stderr)")
            #expect(!version.stderr.contains("libcurl"))

            let embedded = try CommandRunner.run(
                ["--widget", "price", "--family", "small", "--out", folder.appendingPathComponent("a").path, "-q"],
                environment: ["LD_DEBUG": "files"])
            #expect(embedded.exitCode == 0)
            #expect(!embedded.stderr.contains("libcurl"))

            // Port 9 (discard) on loopback: refused at once; the fallback still renders.
            let fetched = try CommandRunner.run(
                [
                    "--widget", "price", "--family", "small", "--data", "http://127.0.0.1:9/prices.csv", "--timeout",
                    "1", "--cache-dir", folder.appendingPathComponent("cache").path, "--out",
                    folder.appendingPathComponent("b").path, "-q",
                ], environment: ["LD_DEBUG": "files"])
            #expect(fetched.exitCode == 0, "\(fetched.stderr)")
            let loads = fetched.stderr.components(separatedBy: "\n").filter {
                $0.contains("file=libcurl.so.4") && $0.contains("dynamically loaded")
            }
            #expect(loads.count == 1, "\(loads)")
        }
    }
#endif
