import Foundation
import Testing
@_spi(Fuzzing) import WidgetData

/// Memory bounds, checked by proxies that do not depend on the machine: warnings kept, values
/// on the JSON tape, bytes per value. DATA-RULES.md gives the measured RSS.
///
/// Before: a 60 MB CSV of one-character rows took 31 s and 6.3 GB (a warning string per row),
/// and a 60 MB JSON array of zeros 1.1 GB (the array copied to be looked at).
@Suite("Input bounds")
struct InputBoundTests {
    static let rows = 300_000

    @Test("millions of bad rows keep at most maximumPerParse warnings, then one line counting the rest")
    func warningsCapped() throws {
        var csv = "date,close\n2024-01-01,1\n"
        csv.reserveCapacity(Self.rows * 2 + 64)
        for _ in 0..<Self.rows { csv += "1\n" }
        let result = try SeriesReader().readOHLC(Data(csv.utf8), source: "rows.csv")
        #expect(result.value.bars.count == 1)
        #expect(result.warnings.count == DataWarning.maximumPerParse + 1)
        #expect(
            result.warnings.last?.description
                == "rows.csv: … and \(Self.grouped(Self.rows - DataWarning.maximumPerParse)) more warnings (only the first 1,000 are listed)"
        )
    }

    @Test("a file of only bad rows is one error that counts them")
    func allBad() {
        let csv = "Date,Open,High,Low,Close,Adj Close,Volume\n" + String(repeating: "1\n", count: Self.rows)
        let error = dataError { _ = try SeriesReader().readOHLC(Data(csv.utf8), source: "rows.csv") }
        #expect(error?.kind == .badData)
        #expect(error?.description.hasPrefix("rows.csv: no usable rows: all \(Self.rows) were skipped") == true)
    }

    @Test("a JSON array of zeros: one tape entry per value, 12 bytes each, refused as no format without copying it")
    func jsonZeros() throws {
        var json = "["
        json.reserveCapacity(Self.rows * 2 + 2)
        for _ in 0..<Self.rows { json += "0," }
        json += "0]"
        let data = Data(json.utf8)
        let values = try ReaderProbe.json(data, source: "zeros.json")
        #expect(values == Self.rows + 2)  // the array and its elements
        #expect(ReaderProbe.bytesPerJSONValue <= 12)
        #expect(values * ReaderProbe.bytesPerJSONValue <= 6 * data.count + 64)
        let error = dataError { _ = try SeriesReader().read(data, source: "zeros.json") }
        #expect(
            error?.description.hasPrefix(
                "zeros.json: not a known data format; it starts with a JSON array of 0 elements") == true)
    }

    static func grouped(_ value: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.usesGroupingSeparator = true
        formatter.groupingSeparator = ","
        formatter.groupingSize = 3
        return formatter.string(from: NSNumber(value: value)) ?? "\(value)"
    }
}
