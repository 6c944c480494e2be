import Foundation
import Testing
import WidgetRender

/// The command on real data: formats, sources, fallbacks and `--strict`.
@Suite("widgetrender on real data")
struct DataCommandTests {
    static func fixture(_ path: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("WidgetDataTests/Fixtures/\(path)").path
    }

    @Test func formatsListsEveryFormatWithAnExample() throws {
        let result = try CommandRunner.run(["formats"])
        #expect(result.exitCode == 0)
        for name in [
            "cryptowatch", "binance", "coinbase", "kraken", "yahoo", "pandas", "csv", "diseasesh-countries",
            "diseasesh-historical", "jhu", "nyt", "owid", "generic",
        ] {
            #expect(result.stdout.contains("\n\(name) ") || result.stdout.hasPrefix("\(name) "), "no \(name)")
        }
        #expect(result.stdout.components(separatedBy: "    e.g. ").count == 14)
        #expect(result.stdout.contains("generic               ohlc/cases    any other CSV"), "\(result.stdout)")
    }

    @Test func detectsTheFormatAndRecordsTheData() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let kraken = Self.fixture("ohlc/kraken_0-public-OHLC_BCHAUD_60m_2021-01.json")
        let result = try CommandRunner.run([
            "--widget", "price", "--data", "file://" + kraken, "--range", "all", "--out", folder.path,
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let manifest = try Manifest.decode(Data(contentsOf: folder.appendingPathComponent("manifest.json")))
        let data = try #require(manifest.images.last?.data)
        // Data README: 720 candles, last close 869.92 (the running candle is kept).
        #expect(data.points == 720)
        #expect(data.lastValue == 869.92)
        #expect(data.stale == false)
        #expect(data.source == "file://" + kraken)
        #expect(manifest.widgets.first?.parameters["range"] == "all")
    }

    @Test func forcedFormatAndColumn() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let nyt = Self.fixture("covid/nyt_us_2021.csv")
        let wrong = try CommandRunner.run([
            "--widget", "price", "--data", nyt, "--format", "binance", "--out", folder.path,
        ])
        #expect(wrong.exitCode == 65)
        #expect(wrong.stderr.contains("nyt_us_2021.csv"), "\(wrong.stderr)")
        let unknown = try CommandRunner.run([
            "--widget", "price", "--data", nyt, "--format", "excel", "--out", folder.path,
        ])
        #expect(unknown.exitCode == 64)
        #expect(unknown.stderr.contains("unknown format 'excel'"))
        let plotted = try CommandRunner.run([
            "--widget", "price", "--data", nyt, "--format", "csv", "--column", "deaths", "--param", "symbol=US deaths",
            "--out", folder.path,
        ])
        #expect(plotted.exitCode == 0, "\(plotted.stderr)")
        let manifest = try Manifest.decode(Data(contentsOf: folder.appendingPathComponent("manifest.json")))
        // Data README: deaths reach 824,336 on 2021-12-31.
        #expect(manifest.images.last?.data?.lastValue == 824_336)
    }

    @Test("--columns reads a zip of header-less klines as given, and the manifest records the columns and how")
    func columnsAndTheManifest() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let zip = Self.fixture("compressed/BTCUSDT-1m-2022-12-09.zip")
        let inferred = try CommandRunner.run([
            "--widget", "price", "--data", zip, "--family", "small", "--out", folder.appendingPathComponent("a").path,
        ])
        #expect(inferred.exitCode == 0, "\(inferred.stderr)")
        let first = try Manifest.decode(Data(contentsOf: folder.appendingPathComponent("a/manifest.json")))
        #expect(first.images.last?.data?.columns?.inferred == true)
        #expect(first.images.last?.data?.columns?.basis == "content")
        let given = try CommandRunner.run([
            "--widget", "price", "--data", zip, "--columns", "time,open,high,low,close,volume", "--family", "small",
            "--out", folder.appendingPathComponent("b").path,
        ])
        #expect(given.exitCode == 0, "\(given.stderr)")
        let second = try Manifest.decode(Data(contentsOf: folder.appendingPathComponent("b/manifest.json")))
        let columns = try #require(second.images.last?.data?.columns)
        #expect(columns.inferred == false)
        #expect(columns.basis == "given")
        #expect(
            columns.roles == [
                "time": "column 1", "open": "column 2", "high": "column 3", "low": "column 4", "close": "column 5",
                "volume": "column 6",
            ])
        // The same closes as read by content.
        #expect(second.images.last?.data?.lastValue == first.images.last?.data?.lastValue)
        let bad = try CommandRunner.run([
            "--widget", "price", "--data", zip, "--columns", "time,opne,high,low,close", "--out",
            folder.appendingPathComponent("c").path,
        ])
        #expect(bad.exitCode == 64)
        #expect(
            bad.stderr.contains(#"--columns "time,opne,high,low,close": "opne" (column 2) is not a role"#),
            "\(bad.stderr)")
        let help = try CommandRunner.run(["render", "--help"])
        #expect(help.stdout.contains("--columns <roles>"), "\(help.stdout)")
    }

    @Test func anUnreachableSourceFallsBackWithOneWarningAndStrictFails() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
        let url = "http://127.0.0.1:9/prices.csv"
        let arguments = [
            "--widget", "price", "--data", url, "--timeout", "1", "--cache-dir",
            folder.appendingPathComponent("cache").path,
            "--now", "2030-01-01T00:00:00Z",
        ]
        let result = try CommandRunner.run(arguments + ["--out", folder.appendingPathComponent("out").path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains(url) == true)
        #expect(warnings.first?.contains("cannot connect") == true)
        let manifest = try Manifest.decode(
            Data(contentsOf: folder.appendingPathComponent("out/manifest.json")))
        #expect(manifest.images.allSatisfy { $0.data?.stale == true })
        // Retry in 15 minutes, as the seeds do after a failure.
        #expect(manifest.widgets.first?.nextReload == ISO8601DateFormatter().date(from: "2030-01-01T00:15:00Z"))

        let strict = try CommandRunner.run(
            arguments + ["--strict", "--out", folder.appendingPathComponent("strict").path])
        #expect(strict.exitCode == 69)
        #expect(strict.stderr.contains("strict: no fallback is drawn"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("strict/manifest.json").path))
    }

    @Test func aCountryIsPickedFromAMultiCountrySource() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let jhu = Self.fixture("covid/jhu_time_series_covid19_confirmed_global_2020-01-22_2022-03-31_subset.csv")
        let korea = try CommandRunner.run([
            "--widget", "covid-global", "--data", jhu, "--param", "country=KOR", "--out", folder.path,
        ])
        #expect(korea.exitCode == 0, "\(korea.stderr)")
        let manifest = try Manifest.decode(Data(contentsOf: folder.appendingPathComponent("manifest.json")))
        #expect(manifest.images.last?.data?.last == ISO8601DateFormatter().date(from: "2022-03-31T00:00:00Z"))
        let japan = try CommandRunner.run([
            "--widget", "covid-global", "--data", jhu, "--param", "country=JPN", "--out", folder.path,
        ])
        #expect(japan.exitCode == 65)
        #expect(japan.stderr.contains("\"JPN\""), "\(japan.stderr)")
    }
}
