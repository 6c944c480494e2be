import Foundation
import Testing
import WidgetData

/// Every kind of refusal, each from a fixture file (`Fixtures/refusals/`), read as a user's
/// `--data FILE` is: loaded by ``DataLoader`` and read by ``SeriesReader``. Each message must
/// name the file, the `line:column` (or line) where there is one, and the real cause.
@Suite("Refusals name the file, the place and the cause")
struct RefusalTests {
    struct Refusal: CustomTestStringConvertible, Sendable {
        /// The fixture under `Fixtures/refusals/`.
        var file: String
        /// What the message must say about the cause.
        var cause: String
        /// The location right after the file name (`3`, `1:1`), when the refusal has one.
        var location: String?
        var kind: DataError.Kind = .badData
        /// Read as case counts rather than prices.
        var cases = false

        var testDescription: String { file }
    }

    static let refusals: [Refusal] = [
        Refusal(file: "empty.csv", cause: "empty file"),
        Refusal(file: "blank.csv", cause: "empty file"),
        Refusal(file: "utf16-bom.csv", cause: "UTF-16 or UTF-32 (it starts with a byte order mark)", location: "1:1"),
        Refusal(file: "utf16-no-bom.csv", cause: "UTF-16 (little-endian) without a byte order mark", location: "1:1"),
        Refusal(file: "latin1.csv", cause: "byte 0xF6 at offset 12 is not valid UTF-8", location: "1:13"),
        Refusal(file: "binary-nul.csv", cause: "a NUL byte (0x00) at offset 25", location: "3:1"),
        // One long line of zeros: the screen refuses its first 64 KiB while it is inflated, long
        // before the limit (which `CompressedInputTests.limit` holds, and the zip bomb below).
        Refusal(
            file: "gzip-bomb.csv.gz", cause: "line 1 is longer than 65,536 bytes (no line break in them)",
            location: "1:1"),
        Refusal(
            file: "zip-bomb.zip", cause: "decompressed, the content is larger than the 64 MiB (67,108,864 bytes) limit",
            kind: .tooLarge),
        Refusal(
            file: "zip-two-files.zip", cause: #"a zip archive of 2 files ("a.csv", "b.csv"); one file is read"#,
            location: "1:1"),
        Refusal(file: "gzip-truncated.csv.gz", cause: "the compressed data stops before its end", location: "1:1"),
        Refusal(file: "long-first-line.txt", cause: "line 1 is longer than 65,536 bytes", location: "1:1"),
        Refusal(file: "unrecognized.json", cause: "not a known data format; it starts with a JSON object"),
        Refusal(file: "no-dates.csv", cause: "not a known data format"),
        Refusal(file: "no-rows.csv", cause: "no rows"),
        Refusal(file: "all-skipped.csv", cause: "no usable rows: all 2 were skipped"),
        Refusal(file: "truncated.json", cause: "the text ends inside an array that opens at 1:42", location: "1:62"),
        Refusal(file: "trailing-comma.json", cause: "trailing comma", location: "1:38"),
        Refusal(file: "deep.json", cause: "nested deeper than 512 levels", location: "1:513"),
        Refusal(file: "unclosed-quote.csv", cause: "quote", location: "2"),
        Refusal(file: "ambiguous-columns.csv", cause: "cannot tell which column to chart", location: "1"),
        Refusal(file: "missing-low.csv", cause: "no 'low' column", location: "1"),
        Refusal(file: "dates-disagree.csv", cause: "dates disagree on the order of day and month", location: "3"),
        Refusal(file: "binance-error.json", cause: "Invalid symbol."),
        Refusal(file: "two-date-columns.csv", cause: "both hold times in order", location: "1"),
        Refusal(file: "several-series.csv", cause: "rows share a time and differ in ticker", location: "1"),
        Refusal(file: "decimal-marks.csv", cause: "numbers disagree on the decimal mark", location: "3"),
        Refusal(
            file: "cases-not-prices.csv", cause: "holds COVID-19 case counts (format nyt), not OHLC prices",
            location: "1"),
        Refusal(
            file: "multi-asset.csv", cause: #"the columns hold the prices of 2 assets ("BTC", "ETH")"#, location: "1"),
        Refusal(file: "two-candles.csv", cause: "2 sets of columns hold candles", location: "1"),
        Refusal(
            file: "negative-unix-times.csv",
            cause:
                #"no usable rows: all 3 were skipped (first, line 2: time "-1577836800" is a negative Unix time (before 1970), which is not read: bare numbers are times only from 1973 to 2286"#
        ),
        Refusal(
            file: "no-case-counts.csv",
            cause:
                #"no case counts for "no-case-counts": none of the columns ("hospitalized") is a running total of cases"#,
            cases: true),
        Refusal(file: "no-such-file.csv", cause: "no such file", kind: .missingInput),
        Refusal(file: ".", cause: "not a regular file (a directory)", kind: .notRegularFile),
    ]

    @Test("each refusal names the file, its place and its cause", arguments: refusals)
    func refusal(_ refusal: Refusal) throws {
        let path = fixturesFolder.appendingPathComponent("refusals").appendingPathComponent(refusal.file).path
        let error = dataError {
            let data = try DataLoader().load(path)
            if refusal.cases {
                // What the global widget charts: a running total or daily counts, or this error.
                _ = try SeriesReader().readCases(data, source: path).value.caseCounts()
            } else {
                _ = try SeriesReader().readOHLC(data, source: path)
            }
        }
        let message = try #require(error).description
        #expect(message.hasPrefix(path + ":"), "the message does not start with the file: \(message)")
        #expect(message.contains(refusal.cause), "\(message)")
        if let location = refusal.location {
            #expect(message.hasPrefix("\(path):\(location): "), "\(message)")
        }
        #expect(error?.kind == refusal.kind, "\(message)")
    }

    @Test("the fixture list covers every file in Fixtures/refusals")
    func everyFixtureIsListed() throws {
        let folder = fixturesFolder.appendingPathComponent("refusals")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        let listed = Set(Self.refusals.map(\.file)).subtracting(["no-such-file.csv", "."])
        #expect(files == listed)
    }

    @Test(
        "a long first line that is not JSON is refused with the same words however long; one JSON line of any length reads"
    )
    func refusedFromThePrefix() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("RefusalTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // 8 MiB of digits on one line, then a line break: refused before the line break is read,
        // so the same message as for 64 KiB and one byte.
        let long = folder.appendingPathComponent("digits.txt")
        try (Data(repeating: 0x37, count: 8 << 20) + Data("\n".utf8)).write(to: long)
        let error = dataError { _ = try DataLoader().load(long.path) }
        #expect(
            error?.description
                == "\(long.path):1:1: line 1 is longer than 65,536 bytes (no line break in them) and the text is not JSON; not a table (CSV needs a header line), so reading stopped there"
        )
        // The same bytes given to the reader in memory are refused the same way.
        let again = dataError { _ = try SeriesReader().read(try Data(contentsOf: long), source: "digits.txt") }
        #expect(again?.description.hasPrefix("digits.txt:1:1: line 1 is longer than 65,536 bytes") == true)
        // Longer than the screen's 64 KiB, content no reader reads is refused from it, whatever follows.
        for (name, bytes, words) in [
            (
                "blank.csv", Data(repeating: 0x0A, count: 70_000) + Data("date,close\n2024-01-02,1\n".utf8),
                "1:1: the first 65,536 bytes are blank"
            ),
            (
                "one-column.csv",
                Data("close\n".utf8) + Data(repeating: 0x31, count: 8)
                    + Data(
                        String(repeating: "12345.67\n", count: 8_000).utf8),
                "1:1: one column: no comma, semicolon, tab or |"
            ),
            (
                "brackets.json", Data("[".utf8) + Data(repeating: 0x20, count: 70_000) + Data("]".utf8),
                "1:1: the first 65,536 bytes are only opening brackets and white space"
            ),
            ("nested.json", Data(repeating: 0x5B, count: 70_000), "1:513: invalid JSON: nested deeper than 512 levels"),
            (
                "digits.json", Data("[".utf8) + Data(repeating: 0x37, count: 70_000) + Data("]".utf8),
                "1:2: a number or word of more than 4,096 characters"
            ),
        ] {
            let file = folder.appendingPathComponent(name)
            try bytes.write(to: file)
            let refused = dataError { _ = try SeriesReader().read(try DataLoader().load(file.path), source: file.path) }
            #expect(refused?.description.hasPrefix("\(file.path):\(words)") == true, "\(String(describing: refused))")
        }
        // One JSON line of any length is read: JSON needs no line breaks.
        let json = folder.appendingPathComponent("klines.json")
        var text = "["
        var price = 30_000
        for minute in 0..<3_000 {
            // A bar opens at the last close and rises or falls by a few dollars, with wicks.
            let close = price + (minute % 3 == 0 ? -7 : 5)
            let (open, high, low) = (price, max(price, close) + 2, min(price, close) - 3)
            text +=
                (minute == 0 ? "" : ",")
                + "[\(1_700_000_000_000 + minute * 60_000),\"\(open)\",\"\(high)\",\"\(low)\",\"\(close)\",\"10\",\(1_700_000_059_999 + minute * 60_000),\"0\",1,\"0\",\"0\",\"0\"]"
            price = close
        }
        try Data((text + "]").utf8).write(to: json)
        #expect(
            try SeriesReader().readOHLC(try DataLoader().load(json.path), source: json.path).value.bars.count == 3_000)
    }
}
