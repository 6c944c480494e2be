import Foundation
import Testing
import WidgetRender

/// The command's rules for options, regions and the output folder: what a user can rely on
/// when a run goes wrong half-way, when an option does not apply, or when the data has regions.
@Suite struct OptionRulesTests {
    static func fixture(_ path: String) -> String { DataCommandTests.fixture(path) }

    @Test(arguments: [
        (["--widget", "price", "--format", "binance"], Int32(64), "--format applies to --data"),
        (["--widget", "price", "--column", "Close"], 64, "--column applies to --data"),
        (["--family", ""], 64, "--family: empty family name"),
        (["--family", "small,"], 64, "--family: empty family name"),
        (["--widget", "price", "--data", "ftp://example.com/prices.csv"], 64, "ftp:// sources are not supported"),
        (["--widget", "price", "--data", "/tmp"], 66, "/tmp: not a regular file (a directory)"),
        (["--timeout", "-1"], 64, "--timeout must be a positive number of seconds, not -1.0"),
        (["--timeout", "nan"], 64, "--timeout must be a positive number of seconds, not nan"),
        (["--total-timeout", "0"], 64, "--total-timeout must be a positive number of seconds, not 0.0"),
        (["--widget", "covid-country", "--range", "90d"], 64, "it belongs to price, covid-global"),
    ])
    func optionsThatCannotApplyAreErrors(arguments: [String], code: Int32, message: String) throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("Output")
        let result = try CommandRunner.run(arguments + ["--out", out.path])
        #expect(result.exitCode == code, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func aParameterSomeWidgetsLackIsNotedForThem() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(["--range", "30d", "--out", folder.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: range does not apply to covid-country"), "\(result.stderr)")
    }

    @Test func anOutputPathThatIsAFileCannotBeCreatedInPlainWords() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("taken")
        try Data("x".utf8).write(to: file)
        let result = try CommandRunner.run(["--widget", "price", "--out", file.path])
        #expect(result.exitCode == 73, "EX_CANTCREAT")
        #expect(result.stderr.contains("taken: is a file, not a folder"), "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoa") && !result.stderr.contains("Error Domain"))
        #expect(try Data(contentsOf: file) == Data("x".utf8))
    }

    @Test func aFailureInTheLastWidgetLeavesTheOutputFolderAsItWas() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try CommandRunner.run(["--out", folder.path])
        #expect(first.exitCode == 0)
        let before = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        // covid-country takes KOR from its sample, covid-global cannot: its sample is worldwide only.
        let result = try CommandRunner.run(["--param", "country=KOR", "--family", "small", "--out", folder.path])
        #expect(result.exitCode == 64, "\(result.stderr)")
        #expect(result.stderr.contains("covid-global"), "\(result.stderr)")
        #expect(result.stderr.contains("the covid-country widget"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try Data(contentsOf: folder.appendingPathComponent("manifest.json")) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("price/small").path))
    }

    @Test func pngsOfAnEarlierRunAreRemovedFromTheFoldersRenderedNow() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let medium = folder.appendingPathComponent("price/medium")
        try FileManager.default.createDirectory(at: medium, withIntermediateDirectories: true)
        let old = medium.appendingPathComponent("7-20190101T000000Z.png")
        let mine = medium.appendingPathComponent("my-notes.png")
        let small = folder.appendingPathComponent("price/small")
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        let otherFamily = small.appendingPathComponent("0-20190101T000000Z.png")
        for file in [old, mine, otherFamily] { try Data("old".utf8).write(to: file) }
        let result = try CommandRunner.run(["--widget", "price", "--out", folder.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(FileManager.default.fileExists(atPath: mine.path), "a name this tool never writes is kept")
        #expect(FileManager.default.fileExists(atPath: otherFamily.path), "a folder not rendered now is kept")
        #expect(result.stderr.contains("removed 1 PNG of an earlier run"), "\(result.stderr)")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: medium.path).filter { $0.hasSuffix("Z.png") }
        #expect(pngs.count == 3)
    }

    @Test func aSingleRegionFileIsTitledWithItsRegion() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // NYT us.csv holds the United States only: the global widget shows it, not "World".
        guard
            let text = try CommandRunner.readLastImage([
                "--widget", "covid-global", "--data", Self.fixture("covid/nyt_us_2021.csv"), "--out", folder.path,
            ])
        else { return }
        #expect(text.contains("United States"), "OCR read: \(text)")
        #expect(!text.contains("World"), "OCR read: \(text)")
    }

    @Test func aRegionIsChosenByTheNameTheFileUses() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let states = Self.fixture("covid/nyt_us-states_2021-12.csv")
        let none = try CommandRunner.run(["--widget", "covid-global", "--data", states, "--out", folder.path])
        #expect(none.exitCode == 64)
        #expect(none.stderr.contains("holds 56 states and no world total"), "\(none.stderr)")
        #expect(none.stderr.contains("country=\"Alabama\""), "\(none.stderr)")
        let newYork = try CommandRunner.run([
            "--widget", "covid-global", "--data", states, "--param", "country=new york", "--family", "small",
            "--out", folder.path,
        ])
        #expect(newYork.exitCode == 0, "\(newYork.stderr)")
        let png = try #require(newYork.stdout.split(separator: "\n").last).description
        if let text = try CommandRunner.ocr(png) { #expect(text.contains("New York"), "OCR read: \(text)") }
        let typo = try CommandRunner.run([
            "--widget", "covid-global", "--data", states, "--param", "country=New Yrok", "--out", folder.path,
        ])
        #expect(typo.exitCode == 65)
        #expect(typo.stderr.contains("close matches: \"New York\""), "\(typo.stderr)")
        // Names and other spellings of listed countries work on both COVID widgets.
        let jhu = Self.fixture("covid/jhu_time_series_covid19_confirmed_global_2020-01-22_2022-03-31_subset.csv")
        for name in ["South Korea", "korea", "KOR"] {
            let korea = try CommandRunner.run([
                "--widget", "covid-global", "--data", jhu, "--param", "country=\(name)", "--out", folder.path,
            ])
            #expect(korea.exitCode == 0, "\(name): \(korea.stderr)")
        }
        let uk = try CommandRunner.run(["--widget", "covid-country", "--param", "country=uk", "--out", folder.path])
        #expect(uk.exitCode == 0, "\(uk.stderr)")
        let manifest = try Manifest.decode(Data(contentsOf: folder.appendingPathComponent("manifest.json")))
        #expect(manifest.images.first?.widgetURL == "widgetrender://covid/country/GBR")
    }

    @Test func columnsAreCheckedNotIgnored() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let nyt = Self.fixture("covid/nyt_us_2021.csv")
        let typo = try CommandRunner.run([
            "--widget", "covid-global", "--data", nyt, "--column", "death", "--out", folder.path,
        ])
        #expect(typo.exitCode == 65)
        #expect(typo.stderr.contains("no column \"death\"; close matches: \"deaths\""), "\(typo.stderr)")
        let binance = try CommandRunner.run([
            "--widget", "price", "--data", Self.fixture("ohlc/binance_api-v3-klines_1m_USDT-pair_2024-11-16.json"),
            "--column", "close", "--out", folder.path,
        ])
        #expect(binance.exitCode == 64)
        #expect(binance.stderr.contains("binance data has one series"), "\(binance.stderr)")
        // Yahoo's Open column, chosen by name: the last value is the last open, not the close.
        let yahoo = try CommandRunner.run([
            "--widget", "price", "--data", Self.fixture("ohlc/yahoo_BTC-USD_daily_2022-08_2023-08.csv"),
            "--column", "Open", "--out", folder.path,
        ])
        #expect(yahoo.exitCode == 0, "\(yahoo.stderr)")
        let manifest = try Manifest.decode(Data(contentsOf: folder.appendingPathComponent("manifest.json")))
        let last = try #require(manifest.images.last?.data?.lastValue)
        #expect(abs(last - 29_039.011719) > 1, "Open, not Close")
    }

    @Test func manySkippedRecordsPrintAFewWarningsAndACount() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var csv = "Date,Open,High,Low,Close,Adj Close,Volume\n"
        for day in 1...28 {
            let date = String(format: "2023-02-%02d", day)
            csv += day % 2 == 0 ? "\(date),null,null,null,null,null,null\n" : "\(date),1,2,0.5,1.5,1.5,10\n"
        }
        for month in 3...12 { csv += String(format: "2023-%02d-01,null,null,null,null,null,null\n", month) }
        let file = folder.appendingPathComponent("gappy.csv")
        try Data(csv.utf8).write(to: file)
        let arguments = ["--widget", "price", "--data", file.path, "--out", folder.appendingPathComponent("o").path]
        let capped = try CommandRunner.run(arguments)
        #expect(capped.exitCode == 0, "\(capped.stderr)")
        let lines = capped.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(lines.count == 21)
        #expect(lines.last?.contains("and 4 more like these (24 in all") == true, "\(capped.stderr)")
        let all = try CommandRunner.run(arguments + ["--all-warnings", "--quiet"])
        #expect(all.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }.count == 24)
    }

    @Test func strictNamesTheSourceOnceAndTheReason() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = "http://127.0.0.1:9/prices.csv"
        let strict = try CommandRunner.run([
            "--widget", "price", "--data", url, "--timeout", "1", "--strict", "--cache-dir",
            folder.appendingPathComponent("cache").path, "--out", folder.appendingPathComponent("o").path,
        ])
        #expect(strict.exitCode == 69)
        #expect(strict.stderr.components(separatedBy: url).count == 2, "\(strict.stderr)")
        #expect(!strict.stderr.contains("drawing"), "\(strict.stderr)")
        #expect(strict.stderr.contains("cannot connect"), "\(strict.stderr)")
    }

    @Test func aFallbackIsLabelledAsTheSampleItIs() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run([
            "--widget", "price", "--data", "http://127.0.0.1:9/GOOG.csv", "--param", "symbol=GOOG", "--timeout", "1",
            "--cache-dir", folder.appendingPathComponent("cache").path, "--out",
            folder.appendingPathComponent("o").path,
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let manifest = try Manifest.decode(Data(contentsOf: folder.appendingPathComponent("o/manifest.json")))
        #expect(manifest.images.first?.widgetURL?.contains("/price/AAPL") == true, "not labelled GOOG")
        let png = try #require(result.stdout.split(separator: "\n").last).description
        if let text = try CommandRunner.ocr(png) {
            #expect(text.contains("sample"), "OCR read: \(text)")
            #expect(!text.contains("cached"), "OCR read: \(text)")
        }
    }

    @Test func galleryHonoursAColorScheme() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run([
            "gallery", "--widget", "covid-country", "--color-scheme", "dark", "--out", folder.path,
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("covid-country").path)
        // The Lock Screen families over a dark wallpaper; small also tinted and in StandBy.
        #expect(
            files.sorted() == [
                "accessoryCircular-dark.png", "accessoryInline-dark.png", "accessoryRectangular-dark.png",
                "medium-dark.png", "small-accented-dark.png", "small-dark.png", "small-vibrant-dark.png",
            ])
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!html.contains("row light"))
    }
}
