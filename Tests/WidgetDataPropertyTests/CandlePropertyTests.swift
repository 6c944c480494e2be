import Foundation
import PropertyBased
import Testing
import WidgetData

/// Candles are found by what their values do (low ≤ open, close ≤ high; a bar opens where the
/// one before it closed), not by their names or places: columns shuffled under meaningless
/// names, or with no header at all, or arrays of numbers or numeric strings in any order, read
/// back as the candles written.
@Suite("Candles by content: properties")
struct CandlePropertyTests {
    /// How a generated table is written.
    enum Shape: CaseIterable {
        case namedCSV, headerlessCSV, jsonNumbers, jsonStrings
    }

    /// A table of candles: times, prices in cents (so the text reads back exactly), a volume on
    /// another scale, its columns in `order` (a permutation of time, open, high, low, close, volume).
    struct Table: CustomStringConvertible {
        var times: [Int]
        var bars: [(open: Int, high: Int, low: Int, close: Int)]
        var volumes: [Int]
        var order: [Int]
        var names: [String]
        var shape: Shape

        var description: String {
            "\(shape) order \(order) \(bars.count) bars from \(bars.first.map { "\($0)" } ?? "")"
        }

        static func price(_ cents: Int) -> String { "\(Double(cents) / 100)" }

        /// The six cells of row `index`, in column order.
        func cells(_ index: Int, quoted: Bool) -> [String] {
            let bar = bars[index]
            let values = [
                "\(times[index])", Self.price(bar.open), Self.price(bar.high), Self.price(bar.low),
                Self.price(bar.close),
                "\(volumes[index])",
            ]
            return order.map { quoted ? "\"\(values[$0])\"" : values[$0] }
        }

        var text: String {
            switch shape {
            case .namedCSV:
                return names.joined(separator: ",") + "\n"
                    + bars.indices.map { cells($0, quoted: false).joined(separator: ",") + "\n" }.joined()
            case .headerlessCSV:
                return bars.indices.map { cells($0, quoted: false).joined(separator: "\t") + "\n" }.joined()
            case .jsonNumbers, .jsonStrings:
                return "["
                    + bars.indices.map { "[" + cells($0, quoted: shape == .jsonStrings).joined(separator: ",") + "]" }
                    .joined(separator: ",") + "]"
            }
        }
    }

    /// SplitMix64: the table is built from one generated seed, so a failure names its seed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func table(seed: UInt64) -> Table {
        var random = SplitMix(state: seed)
        let count = Int.random(in: 20...48, using: &random)
        var price = Int.random(in: 100...10_000_000, using: &random)
        var bars: [(open: Int, high: Int, low: Int, close: Int)] = []
        for index in 0..<count {
            // The first six bars alternate, so the open and the close cross; then a random walk.
            let rises = index < 6 ? index % 2 == 0 : Bool.random(using: &random)
            let step = max(1, price * Int.random(in: 1...200, using: &random) / 10_000)
            let close = max(1, rises ? price + step : price - step)
            let high = max(price, close) + price * Int.random(in: 0...40, using: &random) / 10_000
            let low = max(0, min(price, close) - price * Int.random(in: 0...40, using: &random) / 10_000)
            bars.append((price, high, low, close))
            price = close
        }
        let start = Int.random(in: 1_000_000_000...1_800_000_000, using: &random)
        let step = [60, 3600, 86_400].randomElement(using: &random) ?? 3600
        // A volume far above the prices: never between a low and a high.
        let volumes = bars.map { ($0.high / 100 + 1) * Int.random(in: 1_000...9_000, using: &random) }
        var names = ["q", "zeta", "foo", "k7", "x", "col"].shuffled(using: &random)
        names = names.map { $0 + "\(Int.random(in: 10...99, using: &random))" }
        let shape = Shape.allCases.randomElement(using: &random) ?? .namedCSV
        return Table(
            times: (0..<count).map { start + $0 * step }, bars: bars, volumes: volumes,
            order: Array(0..<6).shuffled(using: &random), names: names, shape: shape)
    }

    static let seeds = Gen<Int>.value(in: 0...Int.max).map { UInt64($0) }

    @Test("10,000 tables of shuffled, unnamed or meaningless columns read back as the candles written")
    func shuffledColumnsReadByContent() async {
        await propertyCheck(count: 10_000, input: Self.seeds) { seed in
            let table = Self.table(seed: seed)
            let read = Result { try SeriesReader().readOHLC(Data(table.text.utf8), source: "t") }
            guard case .success(let result) = read else {
                Issue.record("seed \(seed): \(table): \(read)")
                return
            }
            let bars = result.value.bars
            #expect(bars.count == table.bars.count, "seed \(seed): \(table)")
            for (bar, want) in zip(bars, table.bars)
            where bar.close != Double(want.close) / 100 || bar.open != Double(want.open) / 100
                || bar.high != Double(want.high) / 100 || bar.low != Double(want.low) / 100
            {
                Issue.record("seed \(seed): \(table): read \(bar), wrote \(want)")
                return
            }
            #expect(
                bars.map { Int($0.time.timeIntervalSince1970.rounded()) } == table.times, "seed \(seed): \(table)")
        }
    }
}
