import Foundation
import Testing
import WidgetDrawing

/// `widgetrender gallery`: files, the page in a real browser, and the contact sheet.
@Suite("widgetrender gallery")
struct GalleryCommandTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Runs headless Chromium with a time limit; returns stdout.
    static func chromium(_ arguments: [String]) throws -> String {
        guard let path = chromium else { return "" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments =
            ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let deadline = DispatchTime.now() + .seconds(60)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        while process.isRunning && DispatchTime.now() < deadline { usleep(50_000) }
        if process.isRunning { process.terminate() }
        return String(decoding: data, as: UTF8.self)
    }

    @Test func writesPreviewsPageAndContactSheet() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("gallery")
        let result = try CommandRunner.run(["gallery", "--out", out.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        // Price: five Home Screen and Today families in light and dark, three Lock Screen ones over
        // a light and a dark wallpaper, and small tinted and in StandBy in both appearances.
        #expect(result.stderr.contains("gallery price: 20 previews"), "\(result.stderr)")
        // And the e-ink section: the first widget's quadrant on each of the eleven screens, and its
        // half horizontal in the four dither modes.
        #expect(result.stderr.contains("gallery e-ink: 15 previews"), "\(result.stderr)")
        #expect(result.stderr.contains("Gallery: 65 previews"))
        #expect(result.stdout.contains("index.html"))

        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        for name in [
            "Stock Price", "COVID-19 by Country", "COVID-19 Worldwide",
            "See worldwide cases, deaths and recoveries, and how fast cases grow.",
        ] {
            #expect(html.contains(name), "page lacks \(name)")
        }
        // Every image on the page exists, is linked to itself and is drawn at its point size.
        let sources = html.components(separatedBy: "<img src=\"").dropFirst().compactMap {
            $0.split(separator: "\"").first
        }
        #expect(sources.count == 65)
        #expect(
            sources.contains("eink/trmnl-og-price-quadrant.png")
                && sources.contains("eink/inkplate-6-price-quadrant.bmp"))
        for mode in ["small-accented-light", "small-accented-dark", "small-vibrant-light", "small-vibrant-dark"] {
            #expect(sources.contains { $0.hasSuffix("\(mode).png") }, "no \(mode) preview")
        }
        for source in sources {
            #expect(
                FileManager.default.fileExists(atPath: out.appendingPathComponent(String(source)).path), "\(source)")
            #expect(html.contains("<a href=\"\(source)\">"))
        }
        #expect(html.contains("src=\"price/medium-light.png\" width=\"364\" height=\"170\""))
        #expect(!html.contains("http://") && !html.contains("https://"), "the page must work offline")

        let sheet = try PNGImage.read(path: out.appendingPathComponent("contact-sheet.png").path)
        #expect(sheet.width == 2480)
        #expect(sheet.height > 2000)
        // Not blank: the sheet holds the dark previews' near-black and the light ground.
        var colours = Set<UInt32>()
        for y in stride(from: 0, to: sheet.height, by: 7) {
            for x in stride(from: 0, to: sheet.width, by: 7) {
                let p = sheet.pixel(x: x, y: y)
                colours.insert(UInt32(p.red) << 16 | UInt32(p.green) << 8 | UInt32(p.blue))
            }
        }
        #expect(colours.count > 200)
    }

    @Test func thePageLoadsEveryImageInAHeadlessBrowser() throws {
        guard Self.chromium != nil else {
            Issue.record("chromium is not installed; scripts/setup.sh installs it")
            return
        }
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("gallery")
        let result = try CommandRunner.run(["gallery", "--out", out.path, "--quiet"])
        #expect(result.exitCode == 0)
        let page = out.appendingPathComponent("index.html").absoluteString
        let dom = try Self.chromium(["--virtual-time-budget=5000", "--dump-dom", page])
        #expect(dom.contains("data-images-total=\"65\""), "\(dom.prefix(300))")
        #expect(dom.contains("data-images-loaded=\"65\""), "not every preview loaded (BMPs included)")
        #expect(!dom.contains("class=\"failed\""))

        let shot = folder.appendingPathComponent("shot.png")
        _ = try Self.chromium(["--window-size=1280,1600", "--screenshot=\(shot.path)", page])
        let image = try PNGImage.read(path: shot.path)
        #expect(image.width == 1280)
        // The first preview (price, small, light) sits on the light row: find its white card.
        var white = 0
        var dark = 0
        for y in stride(from: 0, to: image.height, by: 5) {
            for x in stride(from: 0, to: image.width, by: 5) {
                let p = image.pixel(x: x, y: y)
                if p.red == 255 && p.green == 255 && p.blue == 255 { white += 1 }
                if p.red < 40 && p.green < 40 && p.blue < 40 { dark += 1 }
            }
        }
        #expect(white > 1000, "no white widget cards in the screenshot")
        #expect(dark > 1000, "no dark rows in the screenshot")
    }
}
