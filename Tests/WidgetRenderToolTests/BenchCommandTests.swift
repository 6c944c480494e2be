import Foundation
import Testing

/// `bench`: its three measures run, print one JSON object per row with --json, and clean up.
/// (Figures are not checked: a benchmark is timed by `make bench`, never in a test.)
@Suite("bench command")
struct BenchCommandTests {
    /// The JSON rows of a run's stdout.
    static func rows(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(object as? [String: Any], "not a JSON object: \(line)")
        }
    }

    @Test("warm rows for each family asked, with the Cairo and libpng baselines")
    func warm() throws {
        let result = try CommandRunner.run([
            "bench", "--widget", "price", "--family", "small,large", "--iterations", "2", "--baseline-iterations", "1",
            "--now", "2023-08-06T12:00:00Z", "--json",
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let rows = try Self.rows(result.stdout)
        #expect(rows.first?["row"] as? String == "machine")
        let warm = rows.filter { $0["row"] as? String == "warm" }
        #expect(warm.map { $0["family"] as? String } == ["small", "large"])
        for row in warm {
            #expect((row["png_bytes"] as? Int ?? 0) > 1000)
            #expect((row["cairo_png_bytes"] as? Int ?? 0) > 1000)
            #expect((row["median_ms"] as? Double ?? 0) > 0)
            #expect((row["layout_ms"] as? Double ?? 0) > 0)
        }
    }

    @Test("--batch writes N PNGs and a manifest, reports them, and leaves no folder behind")
    func batch() throws {
        let temporary = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temporary) }
        let result = try CommandRunner.run(
            [
                "bench", "--widget", "price", "--family", "medium", "--batch", "5", "--now", "2023-08-06T12:00:00Z",
                "--json",
            ], environment: ["TMPDIR": temporary.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let batch = try #require(try Self.rows(result.stdout).first { $0["row"] as? String == "batch" })
        #expect(batch["pngs"] as? Int == 5)
        #expect(batch["widget"] as? String == "price")
        #expect((batch["png_bytes"] as? Int ?? 0) > 5 * 1000)
        #expect((batch["peak_rss_bytes"] as? Int ?? 0) >= (batch["rss_before_bytes"] as? Int ?? 1))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    @Test("--cold times real processes: one image per widget, then the whole job")
    func cold() throws {
        let result = try CommandRunner.run([
            "bench", "--family", "small", "--cold", "--iterations", "1", "--now", "2023-08-06T12:00:00Z",
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        for widget in ["price", "covid-country", "covid-global"] {
            let row = try #require(lines.first { $0.hasPrefix(widget + " ") }, "no row for \(widget)")
            #expect(row.split(separator: " ", omittingEmptySubsequences: true)[2] == "1", "one PNG: \(row)")
        }
        let job = try #require(lines.first { $0.hasPrefix("all (job)") })
        #expect(Int(job.split(separator: " ", omittingEmptySubsequences: true)[3]) ?? 0 >= 3, "\(job)")
    }

    @Test("--background draws the shipped photo behind widgets that read bg.png: bigger PNGs")
    func background() throws {
        func bytes(_ extra: [String]) throws -> Int {
            let result = try CommandRunner.run(
                [
                    "bench", "--widget", "covid-global", "--family", "medium", "--iterations", "1",
                    "--baseline-iterations", "1", "--json",
                ] + extra)
            #expect(result.exitCode == 0, "\(result.stderr)")
            return try Self.rows(result.stdout).first { $0["row"] as? String == "warm" }?["png_bytes"] as? Int ?? 0
        }
        let plain = try bytes([])
        let photo = try bytes(["--background"])
        #expect(photo > plain * 3, "a photo compresses far worse than a flat card: \(plain) → \(photo) bytes")
    }

    @Test("bad values are refused before anything runs")
    func refused() throws {
        for arguments in [
            ["--batch", "0"], ["--cold", "--batch", "3"], ["--background", "--shared-container", "/tmp"],
        ] {
            let result = try CommandRunner.run(["bench"] + arguments)
            #expect(result.exitCode == 64, "\(arguments): \(result.stderr)")
        }
    }
}
