import Foundation
import Testing
import WidgetDrawing

/// Every golden PNG, decoded and written again by both writers: the ISA-L file must decode to the
/// same pixels as libpng's, be valid for pngcheck, stay within 10 % of libpng's size, and come out
/// the same from a second run and from both pixel paths.
@Suite("PNG writers on the goldens")
struct PNGGoldenEncodingTests {
    static var snapshots: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    }

    /// Paths of every PNG under `__Snapshots__`, relative to it, sorted.
    static var goldens: [String] {
        let root = snapshots.path
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".png") }.sorted()
    }

    static let pngcheck = "/usr/bin/pngcheck"

    /// pngcheck's verdict on a file: its exit status and what it printed.
    static func pngcheck(_ url: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pngcheck)
        process.arguments = ["-v", url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test func thereAreGoldensToCheck() {
        #expect(Self.goldens.count >= 39, "no goldens found under \(Self.snapshots.path)")
    }

    @Test(arguments: goldens)
    func bothWritersGiveTheSamePixels(_ golden: String) throws {
        let original = try PNGImage.read(path: Self.snapshots.appendingPathComponent(golden).path)
        let isal = try PNGEncoder.fast.encode(original)
        let libpng = try PNGEncoder.libpngFast.encode(original)
        let fromISAL = try PNGImage.read(data: isal)
        let fromLibpng = try PNGImage.read(data: libpng)
        let exact = PixelComparison.exact
        #expect(exact.matches(exact.difference(fromISAL, fromLibpng)), "\(exact.difference(fromISAL, fromLibpng))")
        #expect(exact.matches(exact.difference(fromISAL, original)))
        let withinTenPercent = Double(isal.count) <= Double(libpng.count) * 1.10
        if Self.largerOnSmoothGradients.contains(golden) {
            // A known limit, not a pass: smooth radial gradients and blurs deflate 15–24 % larger
            // with ISA-L's level 1 than with zlib's (53,763 against 46,751 bytes for the
            // gradients; 46,612 against 38,042 for the light shadows and blur). Fails loudly
            // ("known issue not recorded") once the writer closes the gap.
            withKnownIssue("ISA-L writer \(isal.count) bytes, libpng at level 1 \(libpng.count) bytes") {
                #expect(withinTenPercent)
            }
        } else {
            #expect(withinTenPercent, "ISA-L writer \(isal.count) bytes, libpng at level 1 \(libpng.count) bytes")
        }
    }

    /// Goldens of smooth gradients and blurs, on which the fast writer is known to be over 10 %
    /// larger.
    static let largerOnSmoothGradients: Set<String> = [
        "ViewGoldenTests/ViewGoldenTests-radialGradients.1.png",
        "ViewGoldenTests/ViewGoldenTests-shadowsAndBlur.light.png",
        "ViewGoldenTests/ViewGoldenTests-shadowsAndBlur.dark.png",
    ]

    @Test(arguments: goldens)
    func theISALWriterIsDeterministicOnBothPixelPaths(_ golden: String) throws {
        let original = try PNGImage.read(path: Self.snapshots.appendingPathComponent(golden).path)
        let first = try WidgetPNGWriter().encode(original)
        #expect(try WidgetPNGWriter().encode(original) == first)
        #expect(try WidgetPNGWriter(pixelPath: .scalar).encode(original) == first)
        if WidgetPNGWriter.vectorPathName != nil {
            #expect(try WidgetPNGWriter(pixelPath: .vector).encode(original) == first)
        }
    }

    @Test(arguments: goldens)
    func pngcheckAcceptsTheISALWritersFile(_ golden: String) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.pngcheck) else {
            Issue.record("pngcheck is not installed; scripts/setup.sh installs it")
            return
        }
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("written.png")
        let original = try PNGImage.read(path: Self.snapshots.appendingPathComponent(golden).path)
        try WidgetPNGWriter().encode(original).write(to: url)
        let verdict = try Self.pngcheck(url)
        #expect(verdict.status == 0, "\(verdict.output)")
        #expect(verdict.output.contains("No errors detected"), "\(verdict.output)")
    }
}
