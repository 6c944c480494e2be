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
        (["--image-format", "apng"], "not written yet"),
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
}
