import Foundation
import Testing

@testable import WidgetData

/// The memory a long price file costs, by proxies that do not depend on the machine: bytes per
/// bar as stored, and the text read in place. DATA-RULES.md gives the measured RSS (`make memory`).
///
/// Before: every bar took 56 bytes (an `[OHLCBar]`), the parse's records 64 more, and the text
/// was held twice (the `Data` and a checked copy): a 64 MiB CSV peaked at 465 MiB.
@Suite("Compact series")
struct CompactSeriesTests {
    /// A random walk of minute bars with prices in cents and a volume: `1262304000,100.25,…`.
    static func minuteBars(_ count: Int, volume: Bool) -> String {
        var generator = SeededGenerator(seed: 7)
        var csv = volume ? "time,open,high,low,close,volume\n" : "time,open,high,low,close\n"
        var cents = 2_903_901
        for row in 0..<count {
            let open = cents
            cents = max(100, cents + Int(generator.next() % 201) - 100)
            let high = max(open, cents) + 7
            let low = min(open, cents) - 3
            func price(_ value: Int) -> String { "\(value / 100).\(String(format: "%02d", value % 100))" }
            csv += "\(1_262_304_000 + 60 * row),\(price(open)),\(price(high)),\(price(low)),\(price(cents))"
            csv += volume ? ",\(Int(generator.next() % 90_000) + 1_000)\n" : "\n"
        }
        return csv
    }

    /// Times 4 bytes (a minute apart over a month), prices 2 (within ±327.67 of the first),
    /// volumes 4 (up to 91,000): against 56 bytes a bar in an array, every value exact.
    @Test("minute bars with prices in cents take 12 bytes a bar (16 with a volume), every value exact")
    func bytesPerBar() throws {
        for volume in [false, true] {
            let csv = Self.minuteBars(50_000, volume: volume)
            let bars = try SeriesReader().readOHLC(Data(csv.utf8), source: "minutes.csv").value.bars
            #expect(bars.count == 50_000)
            #expect(bars.bytesPerBar == (volume ? 16 : 12))
            // Each value as the number parser reads its text, bit for bit.
            let rows = csv.split(separator: "\n").dropFirst()
            for (bar, row) in zip(bars, rows).prefix(2_000) {
                let fields = row.split(separator: ",").map { Double(String($0))! }
                #expect(bar.time.timeIntervalSince1970 == fields[0])
                #expect([bar.open, bar.high, bar.low, bar.close].map(\.bitPattern) == fields[1...4].map(\.bitPattern))
                #expect(bar.volume == (volume ? fields[5] : nil))
            }
        }
    }

    @Test("daily bars with one-digit prices take 12 bytes a bar")
    func shortRows() throws {
        var csv = "Date,Open,High,Low,Close\n"
        var day = Date(timeIntervalSince1970: 1_262_304_000)
        for row in 0..<3_000 {
            csv += "\(StrictDate.text(seconds: day.timeIntervalSince1970)),\(2 + row % 5),9,1,\(2 + row * 7 % 5)\n"
            day += 86_400
        }
        let bars = try SeriesReader().readOHLC(Data(csv.utf8), source: "days.csv").value.bars
        #expect(bars.count == 3_000)
        #expect(bars.bytesPerBar == 4 + 4 * 2)
        #expect(bars[2_999].close == Double(2 + 2_999 * 7 % 5))
    }

    @Test("a value no decimal exponent makes exact turns its column into plain Doubles, and reads back")
    func plainFallback() throws {
        let csv = "date,close\n2024-01-01,1.5\n2024-01-02,0.1234567890123\n2024-01-03,2\n"
        let bars = try SeriesReader().readOHLC(Data(csv.utf8), source: "fine.csv").value.bars
        #expect(bars.closes.bytesPerValue == 8)
        #expect(bars.map(\.close) == [1.5, 0.1234567890123, 2])
    }

    @Test("a long input's text is read in place, not copied")
    func textInPlace() throws {
        let data = Data(Self.minuteBars(200, volume: false).utf8)
        let text = try SourceText(data, source: "minutes.csv")
        let original = data.withUnsafeBytes { $0.baseAddress }
        #expect(text.bytes.baseAddress.map(UnsafeRawPointer.init) == original)
        // A short one is copied (it may live inside the Data value itself).
        let short = Data("date,close\n".utf8)
        #expect(try SourceText(short, source: "s.csv").bytes.count == short.count)
    }
}

/// splitmix64: the same numbers on every machine.
private struct SeededGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
