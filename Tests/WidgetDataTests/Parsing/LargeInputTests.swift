import Foundation
import Testing
import WidgetData

/// Large inputs are read whole, valid or not. No wall-clock limits (a busy machine made them
/// fail, and unit tests are not timed); the bounds are checked by proxy in `InputBoundTests`,
/// and DATA-RULES.md gives measured times and memory.
@Suite("Large inputs", .serialized)
struct LargeInputTests {
    static let target = 50 * 1024 * 1024

    func temporaryFile(_ name: String, _ write: (FileHandle) throws -> Void) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "LargeInputTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try write(handle)
        return url
    }

    /// Hourly rows from 1970 on, in Yahoo's columns: about 1 million rows.
    @Test("a ~50 MB valid CSV parses whole")
    func largeCSV() throws {
        let url = try temporaryFile("big.csv") { handle in
            var chunk = "Date,Open,High,Low,Close,Adj Close,Volume\n"
            var written = 0
            var hour = 0
            while written < Self.target {
                let day = hour / 24
                let date = StrictDateText.day(day)
                let h = hour % 24
                let price = 100 + Double(hour % 1000) / 10
                chunk +=
                    "\(date) \(h < 10 ? "0" : "")\(h):00:00,\(price),\(price + 1.25),\(price - 1.5),\(price + 0.5),\(price + 0.5),\(1000 + hour % 777)\n"
                hour += 1
                if chunk.utf8.count > 1 << 20 {
                    written += chunk.utf8.count
                    try handle.write(contentsOf: Data(chunk.utf8))
                    chunk = ""
                }
            }
            try handle.write(contentsOf: Data(chunk.utf8))
        }
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let data = try DataLoader().load(url.path)
        #expect(data.count >= Self.target)
        let result: ParseResult<OHLCSeries>? = try readOHLC(data, source: url.path)
        let series = try #require(result).value
        #expect(series.bars.count > 900_000)
        #expect(result?.warnings.isEmpty == true)
    }

    /// NYT `us-states.csv` layout: 56 states a day for about 45 years.
    @Test("a ~50 MB long-format case CSV parses whole")
    func largeLongCSV() throws {
        let states = (0..<56).map { "State \($0)" }
        let url = try temporaryFile("us-states.csv") { handle in
            var chunk = "date,state,fips,cases,deaths\n"
            var written = 0
            var day = 0
            while written < Self.target {
                let date = StrictDateText.day(day)
                for (index, state) in states.enumerated() {
                    chunk +=
                        "\(date),\(state),\(index < 10 ? "0" : "")\(index),\(1000 + day * 3 + index),\(day + index)\n"
                }
                day += 1
                if chunk.utf8.count > 1 << 20 {
                    written += chunk.utf8.count
                    try handle.write(contentsOf: Data(chunk.utf8))
                    chunk = ""
                }
            }
            try handle.write(contentsOf: Data(chunk.utf8))
        }
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let data = try DataLoader().load(url.path)
        #expect(data.count >= Self.target)
        let result: ParseResult<CaseSeries>? = try readCases(
            data, source: url.path, options: SeriesOptions(region: "State 7"))
        let series = try #require(result).value
        #expect(series.region == "State 7")
        #expect(series.cases.count > 10_000)
        #expect(result?.warnings.isEmpty == true)
    }

    /// Binance klines, cut off before the closing bracket.
    @Test("a ~50 MB truncated JSON fails naming line:column")
    func largeMalformedJSON() throws {
        let url = try temporaryFile("big.json") { handle in
            var chunk = "["
            var written = 0
            var minute = 0
            while written < Self.target {
                let time = 1_600_000_000_000 + minute * 60_000
                chunk +=
                    "\(minute == 0 ? "" : ",\n")[\(time),\"1.00000000\",\"1.50000000\",\"0.50000000\",\"1.20000000\",\"100.0\",\(time + 59_999),\"120.0\",7,\"50.0\",\"60.0\",\"0\"]"
                minute += 1
                if chunk.utf8.count > 1 << 20 {
                    written += chunk.utf8.count
                    try handle.write(contentsOf: Data(chunk.utf8))
                    chunk = ""
                }
            }
            try handle.write(contentsOf: Data(chunk.utf8))  // no closing ']'
        }
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let data = try DataLoader().load(url.path)
        #expect(data.count >= Self.target)
        let error = dataError { _ = try readOHLC(data, source: url.path) }
        guard case .malformed(let source, let location, let reason)? = error else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(source == url.path)
        #expect(location.hasSuffix(":") == false && location.split(separator: ":").count == 2)
        #expect(reason.contains("ends inside an array that opens at 1:1"))
    }
}

/// `YYYY-MM-DD` of a day number since 1970, for generating files (Foundation would be slow here).
enum StrictDateText {
    static func day(_ days: Int) -> String {
        let z = days + 719_468
        let era = z / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return "\(y)-\(m < 10 ? "0" : "")\(m)-\(d < 10 ? "0" : "")\(d)"
    }
}
