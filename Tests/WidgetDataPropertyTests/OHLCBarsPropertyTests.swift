import Foundation
import PropertyBased
import Testing
import WidgetData

/// ``OHLCBars`` keeps its numbers as small integers where it can: whatever goes in must come
/// back bit for bit, or charts drawn from a parsed file would move.
@Suite("OHLCBars: properties")
struct OHLCBarsPropertyTests {
    /// Numbers of every kind a file holds or a user makes: decimals with a few digits (most
    /// prices), Unix times, any Double, and the awkward ones (-0.0, the smallest and largest).
    static let number = Gen<Double>.oneOf(
        Gen<Int>.value(in: -9_999_999...9_999_999).map { Double($0) / 100 },
        Gen<Int>.value(in: 0...999_999_999).map { Double($0) / 1_000_000 },
        Gen<Int>.value(in: 1_000_000_000...1_900_000_000).map { Double($0) },
        Gen.double(in: -1e300...1e300),
        Gen.double(in: -1...1),
        Gen<Double?>.element(of: [-0.0, 0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1, 1e-9, 123456.789])
            .map { $0 ?? 0 }
    )

    static let bar = zip(number, number, number, number, number, Gen.bool).map {
        OHLCBar(
            time: Date(timeIntervalSince1970: $0.0), open: $0.1, high: $0.2, low: $0.3, close: $0.4,
            volume: $0.5 ? $0.1 * 3 : nil)
    }

    @Test("any bars read back bit for bit, in order")
    func roundTrip() async {
        await propertyCheck(count: 300, input: Self.bar.array(of: 0...300)) { bars in
            let stored = OHLCBars(bars)
            #expect(stored.count == bars.count)
            for (kept, original) in zip(stored, bars) {
                #expect(kept.time.timeIntervalSince1970.bitPattern == original.time.timeIntervalSince1970.bitPattern)
                #expect(kept.open.bitPattern == original.open.bitPattern)
                #expect(kept.high.bitPattern == original.high.bitPattern)
                #expect(kept.low.bitPattern == original.low.bitPattern)
                #expect(kept.close.bitPattern == original.close.bitPattern)
                #expect(kept.volume?.bitPattern == original.volume?.bitPattern)
            }
        }
    }

    @Test("decimals that need more digits later keep the earlier ones exact")
    func finerLater() {
        // 1, 2.5, 2.25, … : each value asks for one more decimal than the column had.
        let values = [1, 2.5, 2.25, 3.125, 0.0625, 1e-9, 7, 40_000.5, -3.000001]
        let bars = OHLCBars(
            values.map { OHLCBar(time: Date(timeIntervalSince1970: $0), open: $0, high: $0, low: $0, close: $0) })
        #expect(bars.map(\.close) == values)
        // Through a Date, as every bar's time goes (a Date counts from 2001, so 1e-9 s after 1970 is lost).
        #expect(bars.map(\.time) == values.map { Date(timeIntervalSince1970: $0) })
    }
}
