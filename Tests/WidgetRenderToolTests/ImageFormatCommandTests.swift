import Foundation
import Testing

/// `render` with e-ink options (#33): the formats a panel takes, a byte budget that fails
/// the run with nothing written, and usage errors that say what is allowed.
@Suite("Image format options")
struct ImageFormatCommandTests {
    @Test func aGreyPNGAndABMPAreWritten() throws {
        let out = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let grey = try CommandRunner.run([
            "render", "--widget", "price", "--family", "small", "--now", "2013-03-01T12:00:00Z", "--bit-depth", "2",
            "--dither", "ordered", "--out", out.appendingPathComponent("grey").path,
        ])
        #expect(grey.exitCode == 0, "\(grey.stderr)")
        let png = try #require(grey.stdout.split(separator: "\n").first.map(String.init))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
        // IHDR: bit depth 2, colour type 0.
        #expect(bytes[24] == 2 && bytes[25] == 0, "bit depth \(bytes[24]), colour type \(bytes[25])")
        let bmp = try CommandRunner.run([
            "render", "--widget", "price", "--family", "small", "--now", "2013-03-01T12:00:00Z", "--image-format",
            "bmp",
            "--bit-depth", "1", "--out", out.appendingPathComponent("bmp").path,
        ])
        #expect(bmp.exitCode == 0, "\(bmp.stderr)")
        #expect(bmp.stdout.contains(".bmp"), "\(bmp.stdout)")
        #expect(bmp.stderr.contains("BMPs for 1 widget"), "\(bmp.stderr)")
        let manifest = try String(contentsOf: out.appendingPathComponent("bmp/manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"format\" : \"bmp\"") || manifest.contains("\"format\":\"bmp\""), "\(manifest)")
    }

    @Test func svgAndPDFAreWritten() throws {
        let out = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        for format in ["svg", "pdf"] {
            let result = try CommandRunner.run([
                "render", "--widget", "covid-global", "--family", "small", "--now", "2023-08-06T12:00:00Z",
                "--image-format", format, "--out", out.appendingPathComponent(format).path,
            ])
            #expect(result.exitCode == 0, "\(result.stderr)")
            let file = try #require(result.stdout.split(separator: "\n").first.map(String.init))
            #expect(file.hasSuffix(".\(format)"), "\(file)")
            let head = try Data(contentsOf: URL(fileURLWithPath: file)).prefix(5)
            #expect(String(decoding: head, as: UTF8.self) == (format == "svg" ? "<?xml" : "%PDF-"))
        }
    }

    @Test func anImageOverTheBudgetFailsWithNothingWritten() throws {
        let out = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let folder = out.appendingPathComponent("budget")
        let result = try CommandRunner.run([
            "render", "--widget", "price", "--family", "large", "--now", "2013-03-01T12:00:00Z", "--bit-depth", "8",
            "--max-bytes", "10k", "--out", folder.path,
        ])
        #expect(result.exitCode == 73, "\(result.stderr)")
        #expect(result.stderr.contains("over the budget of 10,240 bytes"), "\(result.stderr)")
        #expect(result.stderr.contains("1 bit, no dithering") && result.stderr.contains("(fits)"), "\(result.stderr)")
        let written = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
        #expect(!written.contains { $0.hasSuffix(".png") }, "files written: \(written)")
    }

    @Test(arguments: [
        (["--dither", "atkinson"], "--dither needs --bit-depth"),
        (["--bit-depth", "3"], "1, 2, 4 or 8"),
        (["--image-format", "bmp", "--bit-depth", "2"], "1, 4, 8 (greys) or 24"),
        (["--bit-depth", "2", "--levels", "5"], "do not fit 2 bits"),
        (["--image-format", "apng"], "`timeline --image-format apng` writes one"),
        (["--image-format", "svg", "--bit-depth", "1"], "vectors in full colour"),
        (["--image-format", "pdf", "--dither", "ordered"], "vectors in full colour"),
        (["--bit-depth", "1", "--rotate", "45"], "0, 90, 180 or 270"),
        (["--max-bytes", "ten"], "92160 or 90k"),
    ])
    func usageErrorsSayWhatIsAllowed(_ arguments: [String], _ expected: String) throws {
        let result = try CommandRunner.run(
            ["render", "--widget", "price", "--out", "/tmp/unused-\(UUID().uuidString)"] + arguments)
        #expect(result.exitCode == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
    }

    /// `timeline --image-format apng`: the screens' PNGs, one animated PNG per widget and family
    /// beside them (read back in detail by WidgetRenderTests' TimelineAnimationTests), and the
    /// manifest naming it.
    @Test func aTimelineWritesAnAnimation() throws {
        let out = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try CommandRunner.run([
            "timeline", "--widget", "price", "--from", "2013-02-27T06:00:00Z", "--to", "2013-03-02T00:00:00Z",
            "--every", "12h", "--image-format", "apng", "--bit-depth", "2", "--animation-speed", "1d", "--out",
            out.path,
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.last?.hasSuffix("price/medium/timeline.apng") == true, "\(result.stdout)")
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix(".png") } && lines.count == 9, "\(result.stdout)")
        #expect(result.stderr.contains("8 screens") && result.stderr.contains("1 APNG"), "\(result.stderr)")
        let apng = try Data(contentsOf: out.appendingPathComponent("price/medium/timeline.apng"))
        // IHDR: 2-bit grey; then acTL with 8 frames, played for ever.
        #expect(apng[24] == 2 && apng[25] == 0, "bit depth \(apng[24]), colour type \(apng[25])")
        #expect(String(decoding: apng[37..<41], as: UTF8.self) == "acTL")
        #expect(Array(apng[41..<49]) == [0, 0, 0, 8, 0, 0, 0, 0])
        let manifest = try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"file\" : \"price/medium/timeline.apng\""), "\(manifest)")
        #expect(manifest.contains("\"changedRegion\""), "\(manifest)")
    }

    @Test(arguments: [
        (["--animation-speed", "1d"], "--animation-speed is for --image-format apng"),
        (["--image-format", "apng", "--animation-speed", "0s"], "not a duration such as 1h"),
        (["--image-format", "apng", "--animation-speed", "fast"], "not a duration such as 1h"),
        (["--image-format", "apng", "--bit-depth", "24"], "apng is written at 1, 2, 4 or 8 bits"),
        (["--image-format", "apng", "--dither", "ordered"], "needs --bit-depth 1, 2, 4 or 8 with apng"),
    ])
    func timelineUsageErrorsSayWhatIsAllowed(_ arguments: [String], _ expected: String) throws {
        let result = try CommandRunner.run(
            ["timeline", "--widget", "price", "--to", "+1h", "--out", "/tmp/unused-\(UUID().uuidString)"] + arguments)
        #expect(result.exitCode == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
    }
}
