import Foundation
import Testing
import WidgetRender

/// The command as a user runs it: stdout, stderr, exit codes and files.
@Suite("widgetrender command")
struct CommandTests {
    @Test func rendersMediumWidgetsWithAManifest() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(["--family", "medium", "--out", "Output/"], in: folder)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let listed = result.stdout.split(separator: "\n").map(String.init)
        #expect(listed.count == 7)
        #expect(listed.allSatisfy { $0.hasPrefix("Output/") && $0.hasSuffix(".png") && $0.contains("/medium/") })
        for path in listed {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path))
        }
        #expect(result.stderr.contains("Rendered 7 PNGs for 3 widgets"))
        let manifest = try Manifest.decode(Data(contentsOf: folder.appendingPathComponent("Output/manifest.json")))
        #expect(manifest.images.count == 7)
        #expect(Set(manifest.widgets.map(\.kind)) == ["price", "covid-country", "covid-global"])
        #expect(manifest.images.allSatisfy { $0.sizePixels == Manifest.Dimensions(width: 1092, height: 510) })
        // No temporary files left behind.
        let all = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        #expect(!all.contains { $0.hasSuffix(".tmp") })
    }

    @Test func familyAllSkipsWhatAWidgetOrDeviceLacksWithANote() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(["--family", "all", "--out", folder.path, "--widget", "price"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: skipped extraLarge for price"))
        let ipad = try CommandRunner.run([
            "--family", "extraLarge", "--device", "ipad-1024x1366", "--widget", "price", "--out", folder.path,
        ])
        #expect(ipad.exitCode == 0, "\(ipad.stderr)")
        #expect(ipad.stdout.contains("price/extraLarge/"))
    }

    @Test func listPrintsWidgetsAndJSON() throws {
        let text = try CommandRunner.run(["list"])
        #expect(text.exitCode == 0)
        #expect(text.stdout.contains("covid-country — COVID-19 by Country"))
        #expect(text.stdout.contains("--param country="))
        let json = try CommandRunner.run(["list", "--json"])
        #expect(json.exitCode == 0)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 3)
        for object in array {
            #expect(Set(object.keys) == ["kind", "displayName", "description", "families", "parameters"])
        }
        let country = try #require(array.first { $0["kind"] as? String == "covid-country" })
        let parameters = try #require(country["parameters"] as? [[String: Any]])
        let allowed = try #require(parameters.first?["allowed"] as? [String])
        #expect(Set(["JPN", "USA", "KOR", "CHN"]).isSubset(of: Set(allowed)))
        let devices = try CommandRunner.run(["list", "--devices"])
        #expect(devices.stdout.contains("iphone-430x932 (default) @3x"))
    }

    @Test func helpExplainsOptionsWithExamples() throws {
        let root = try CommandRunner.run(["--help"])
        #expect(root.exitCode == 0)
        #expect(root.stdout.contains("widgetrender --family medium --out Output/"))
        // Every example names only parameters a widget declares (no stale `days=`).
        let declared = try CommandRunner.run(["list", "--json"]).stdout
        for help in [root.stdout, try CommandRunner.run(["render", "--help"]).stdout] {
            for match in help.components(separatedBy: "--param ").dropFirst() {
                let key = String(match.prefix { $0 != "=" }).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                guard !key.isEmpty, key.allSatisfy({ $0.isLetter }) else { continue }  // `<key=value>`
                #expect(declared.contains("\"\(key)\""), "help example uses unknown parameter '\(key)'")
            }
        }
        let render = try CommandRunner.run(["render", "--help"])
        for option in [
            "--family", "--widget", "--device", "--scale", "--color-scheme", "--locale", "--param", "--data",
            "--now", "--placeholder", "--snapshot", "--shared-container", "--out",
        ] {
            #expect(render.stdout.contains(option), "help lacks \(option)")
        }
    }

    @Test(arguments: [
        (["--param", "country=XYZ"], Int32(65), "no country \"XYZ\" (and none close to it)"),
        (["--param", "country="], 64, "invalid value '' for parameter 'country'"),
        (["--param", "nonsense"], 64, "expected key=value"),
        (["--family", "huge"], 64, "unknown family 'huge'"),
        (["--device", "nokia-3310"], 64, "unknown device 'nokia-3310'"),
        (["--now", "2021-02-29"], 64, "--now"),
        (["--tint", "bleu"], 64, "--tint: 'bleu' is not #RRGGBB or a system colour"),
        (["--widget", "price", "--data", "/nonexistent/prices.csv"], 66, "/nonexistent/prices.csv: no such file"),
        (["--widget", "weather"], 64, "unknown widget 'weather'"),
        (["--shared-container", "/nonexistent/group"], 66, "shared container folder does not exist"),
    ])
    func badInputGivesAClearErrorAndExitCode(arguments: [String], code: Int32, message: String) throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(arguments + ["--out", folder.path])
        #expect(result.exitCode == code, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("manifest.json").path))
    }

    /// A bad value is reported with the usage of the subcommand it belongs to, also for the
    /// default subcommand (`render`), not the top-level "widgetrender <subcommand>".
    @Test(arguments: [
        (["--family", "huge"], "widgetrender render"),
        (["--now", "garbage"], "widgetrender render"),
        (["--format", "csv"], "widgetrender render"),
        (["timeline", "--to", "garbage"], "widgetrender timeline"),
        (["gallery", "--color-scheme", "sepia"], "widgetrender gallery"),
        (["bench", "--family", "huge"], "widgetrender bench"),
    ])
    func aBadValueShowsItsSubcommandsUsage(arguments: [String], usage: String) throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = arguments.first == "bench" ? [] : ["--out", folder.path]  // bench writes no files
        let result = try CommandRunner.run(arguments + out)
        #expect(result.exitCode == 64, "\(result.stderr)")
        #expect(result.stderr.contains("Usage: \(usage)"), "\(result.stderr)")
        #expect(result.stderr.contains("See '\(usage) --help'"), "\(result.stderr)")
    }

    @Test func badDataFileNamesTheLineAndWritesNothing() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("prices.csv")
        try Data("Date,Open,High,Low,Close\n2023-01-01,1,2,\"3\n".utf8).write(to: csv)
        let out = folder.appendingPathComponent("Output")
        let result = try CommandRunner.run(["--widget", "price", "--data", csv.path, "--out", out.path])
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("prices.csv:2: quoted field is never closed"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func userDataFileIsRendered() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("prices.csv")
        try Data(
            "Date,Open,High,Low,Close,Adj Close,Volume\n2024-01-01,10,12,9,11,11,5\n2024-01-02,11,13,10,12.5,12.5,6\n2024-01-03,null,null,null,null,null,null\n"
                .utf8
        ).write(to: csv)
        let result = try CommandRunner.run([
            "--widget", "price", "--data", "file://" + csv.path, "--out", folder.path, "--now", "2024-01-02",
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let manifest = try Manifest.decode(Data(contentsOf: folder.appendingPathComponent("manifest.json")))
        #expect(manifest.images.count == 2)
        #expect(manifest.widgets.first?.entryShownAtNow == 1)
    }

    @Test func placeholderAndSnapshotModes() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let placeholder = try CommandRunner.run(["--placeholder", "--out", folder.path])
        #expect(placeholder.exitCode == 0, "\(placeholder.stderr)")
        #expect(placeholder.stdout.split(separator: "\n").allSatisfy { $0.hasSuffix("/placeholder.png") })
        let snapshot = try CommandRunner.run(["--snapshot", "--out", folder.path])
        #expect(snapshot.stdout.split(separator: "\n").count == 3)
        let both = try CommandRunner.run(["--snapshot", "--placeholder", "--out", folder.path])
        #expect(both.exitCode == 64)
    }

    @Test func widgetsAreLegibleToOCR() throws {
        // An independent reader: tesseract must find the big value on the widget.
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        guard
            let text = try CommandRunner.readLastImage([
                "--widget", "covid-country", "--param", "country=USA", "--out", folder.path,
            ])
        else { return }
        #expect(text.contains("699,713"), "OCR read: \(text)")
        #expect(text.contains("United States"), "OCR read: \(text)")
    }

    @Test func germanFiguresToOCR() throws {
        // Every locale writes its numbers and dates from CLDR: a German price is 29.039,01.
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("WidgetDataTests/Fixtures/ohlc/yahoo_BTC-USD_daily_2022-08_2023-08.csv")
        guard
            let text = try CommandRunner.readLastImage([
                "--widget", "price", "--family", "small", "--data", csv.path, "--locale", "de", "--now",
                "2023-08-06T12:00:00Z", "--out", folder.path,
            ])
        else { return }
        #expect(text.contains("29.039,01"), "OCR read: \(text)")
    }

    @Test func theJapaneseFallbackTitleToOCR() throws {
        // Prices from a file that names no symbol: the title is "Price" in the widget's language.
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("closes.csv")
        try Data("Date,Close\n2023-08-01,100\n2023-08-02,101\n2023-08-03,102\n2023-08-04,103\n".utf8).write(to: file)
        guard
            let text = try CommandRunner.readLastImage(
                [
                    "--widget", "price", "--family", "medium", "--data", file.path, "--locale", "ja", "--now",
                    "2023-08-04T12:00:00Z", "--out", folder.appendingPathComponent("out").path,
                ], language: "jpn")
        else { return }
        #expect(text.contains("価格"), "OCR read: \(text)")
        #expect(!text.contains("Price"), "OCR read: \(text)")
    }

    @Test func aDayWithoutNewCasesSaysSoToOCR() throws {
        // Cumulative counts whose last day adds none: tesseract reads words, not "+0" or "–".
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("flat.csv")
        var csv = "date,cases,deaths\n"
        for day in 1...20 { csv += "2021-01-\(day < 10 ? "0" : "")\(day),\(1_000 + 50 * min(day, 19)),10\n" }
        try Data(csv.utf8).write(to: file)
        guard
            let text = try CommandRunner.readLastImage([
                "--widget", "covid-global", "--data", file.path, "--column", "cases", "--now", "2021-01-20T12:00:00Z",
                "--out", folder.appendingPathComponent("out").path,
            ])
        else { return }
        #expect(text.contains("No new cases"), "OCR read: \(text)")
        #expect(!text.contains("+0 "), "OCR read: \(text)")
    }

    @Test func figuresFromAnotherYearSayTheirYearToOCR() throws {
        // 2020's figures shown in 2026 must not pass for this year's.
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for widget in ["covid-country", "covid-global"] {
            guard
                let text = try CommandRunner.readLastImage([
                    "--widget", widget, "--now", "2026-11-27T12:00:00Z", "--out", folder.path,
                ])
            else { return }
            #expect(text.contains("2020"), "\(widget): OCR read: \(text)")
        }
    }
}
