import Foundation
import Testing
import WidgetData

/// gzip files and zip archives of one file, made with the `gzip` and `zip` tools
/// (`Fixtures/compressed/`, see the README there), read as `--data FILE` reads them: loaded by
/// ``DataLoader`` and read by ``SeriesReader``, told by their first bytes.
@Suite("Compressed input: .gz and a zip of one file, under the size limit")
struct CompressedInputTests {
    static let plain = "shapes/binance-vision-klines_headerless_1m.csv"

    func path(_ name: String) -> String {
        fixturesFolder.appendingPathComponent("compressed").appendingPathComponent(name).path
    }

    func read(_ name: String, sizeLimit: Int = DataLoader.defaultSizeLimit) throws -> ParseResult<OHLCSeries> {
        let file = path(name)
        return try SeriesReader(sizeLimit: sizeLimit).readOHLC(try DataLoader().load(file), source: file)
    }

    @Test(
        "each archive reads as the CSV it holds, bar for bar",
        arguments: [
            "BTCUSDT-1m-2022-12-09.zip", "BTCUSDT-1m-2022-12-09.csv.gz", "stored.zip", "two-members.csv.gz",
            "gzip-named-csv.csv",
        ])
    func readsAsTheText(_ name: String) throws {
        let expected = try readOHLC(try fixture(Self.plain), source: "plain.csv").value
        let result = try read(name)
        #expect(result.value.bars == expected.bars)
        #expect(result.value.bars.count == 90)
        #expect(result.format == .generic)
        #expect(SeriesFormat.detectedIsGeneric(try DataLoader().load(path(name)), source: name))
    }

    @Test("the five-line Yahoo CSV, zipped and gzipped, reads as Yahoo")
    func yahoo() throws {
        for name in ["yahoo-five-lines.zip", "yahoo-five-lines.csv.gz"] {
            let result = try read(name)
            #expect(result.format == .yahoo, "\(name)")
            #expect(result.value.bars.map(\.close) == [11, 12], "\(name)")
        }
    }

    @Test("the limit holds for the decompressed bytes: one byte under reads, at the limit it is refused")
    func limit() throws {
        let size = try fixture(Self.plain).count
        #expect(try read("BTCUSDT-1m-2022-12-09.csv.gz", sizeLimit: size).value.bars.count == 90)
        for name in ["BTCUSDT-1m-2022-12-09.csv.gz", "BTCUSDT-1m-2022-12-09.zip", "stored.zip"] {
            let error = dataError { _ = try read(name, sizeLimit: size - 1) }
            #expect(error == .decompressedTooLarge(source: path(name), limit: size - 1), "\(name)")
            #expect(error?.kind == .tooLarge)
        }
    }

    @Test("a zip whose directory understates the size is still stopped at the limit, by counting")
    func lyingDirectory() throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path("BTCUSDT-1m-2022-12-09.zip")))
        // The central directory's entry starts with PK 01 02; its uncompressed size is at +24.
        let entry = try #require(bytes.range(of: Data([0x50, 0x4B, 0x01, 0x02]))).lowerBound
        bytes.replaceSubrange((entry + 24)..<(entry + 28), with: [0x10, 0, 0, 0])
        let error = dataError { _ = try SeriesReader(sizeLimit: 4_096).read(bytes, source: "lying.zip") }
        #expect(error == .decompressedTooLarge(source: "lying.zip", limit: 4_096))
        // Under the default limit the real size reads: the CRC-32 checks the bytes, not the size given.
        #expect(try SeriesReader().readOHLC(bytes, source: "lying.zip").value.bars.count == 90)
    }

    @Test("damaged archives are refused naming the file and what is wrong")
    func damaged() throws {
        var gzip = try Data(contentsOf: URL(fileURLWithPath: path("BTCUSDT-1m-2022-12-09.csv.gz")))
        // The CRC-32 in the trailer (the last 8 bytes are CRC and length).
        gzip[gzip.count - 8] ^= 0xFF
        var error = dataError { _ = try SeriesReader().read(gzip, source: "bad-crc.csv.gz") }
        #expect(error?.description.hasPrefix("bad-crc.csv.gz:1:1: the compressed data is damaged") == true)

        var zip = try Data(contentsOf: URL(fileURLWithPath: path("stored.zip")))
        // A stored file's 50th byte changed: the CRC-32 in the directory no longer matches.
        zip[80] ^= 0x01
        error = dataError { _ = try SeriesReader().read(zip, source: "bad.zip") }
        #expect(error?.description == #"bad.zip:1:1: "BTCUSDT-1m-2022-12-09.csv" fails its CRC-32 check"#)

        let cut = zip.prefix(zip.count - 30)
        error = dataError { _ = try SeriesReader().read(Data(cut), source: "cut.zip") }
        #expect(error?.description == "cut.zip:1:1: a zip archive without its directory at the end (truncated?)")

        let garbage =
            try Data(contentsOf: URL(fileURLWithPath: path("BTCUSDT-1m-2022-12-09.csv.gz"))) + Data("xyz".utf8)
        error = dataError { _ = try SeriesReader().read(garbage, source: "tail.csv.gz") }
        #expect(error?.description == "tail.csv.gz:1:1: 3 bytes after the end of the gzip data are not gzip data")
    }

    @Test("the text's first 64 KiB are screened while the archive is inflated, before the rest")
    func screenedWhileInflating() throws {
        // 300,000 digits on one line, gzipped by the system's gzip, then cut short: were the
        // whole text inflated first, the cut would be the error; the screen refuses it first.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("digits.txt")
        try Data(String(repeating: "7", count: 300_000).utf8).write(to: text)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/gzip")
        gzip.arguments = ["-9", "-n", text.path]
        try gzip.run()
        gzip.waitUntilExit()
        let whole = try Data(contentsOf: folder.appendingPathComponent("digits.txt.gz"))
        let cut = folder.appendingPathComponent("cut.gz")
        try whole.prefix(whole.count - 40).write(to: cut)
        let error = #expect(throws: DataError.self) {
            try SeriesReader().readOHLC(try DataLoader().load(cut.path), source: cut.path)
        }
        #expect(error?.description.contains("longer than 65,536 bytes") == true, "\(String(describing: error))")
        #expect(error?.description.contains(cut.path) == true)
    }

    @Test("an empty zip and a zip of a folder and one file")
    func entries() throws {
        // The end record alone: what `zip` writes for an archive with nothing in it.
        let empty = Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))
        let error = dataError { _ = try SeriesReader().read(empty, source: "empty.zip") }
        #expect(error?.description == "empty.zip:1:1: a zip archive with no file in it")
    }
}

extension SeriesFormat {
    /// Whether detection sees the generic table the archive holds.
    static func detectedIsGeneric(_ data: Data, source: String) -> Bool {
        (try? SeriesFormat.detect(in: data, source: source)) == .generic
    }
}
