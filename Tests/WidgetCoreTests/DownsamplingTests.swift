import Foundation
import Testing
import WidgetCore

@Suite("Downsampling")
struct DownsamplingTests {
    /// A daily series of several years with one sharp spike and one sharp dip.
    static let series: [ChartPoint] = (0..<3000).map { day in
        var value = 100 + 20 * sin(Double(day) / 90)
        if day == 1234 { value = 500 }
        if day == 2222 { value = -50 }
        return ChartPoint(x: Double(day) * 86_400, y: value)
    }

    @Test func keepsEndsPeaksAndTroughsWithinTheThreshold() {
        let sampled = Downsampling.largestTriangleThreeBuckets(Self.series, threshold: 300)
        #expect(sampled.count == 300)
        #expect(sampled.first == Self.series.first)
        #expect(sampled.last == Self.series.last)
        #expect(sampled.contains { $0.y == 500 })
        #expect(sampled.contains { $0.y == -50 })
        // A subset, in order.
        #expect(zip(sampled, sampled.dropFirst()).allSatisfy { $0.x < $1.x })
        #expect(sampled.allSatisfy { point in Self.series.contains(point) })
    }

    @Test(arguments: [0, 1, 2, 3000, 5000])
    func smallThresholdsOrShortSeriesAreReturnedAsTheyAre(threshold: Int) {
        #expect(Downsampling.largestTriangleThreeBuckets(Self.series, threshold: threshold) == Self.series)
    }

    @Test func mergedCandlesKeepTheRange() {
        let candles: [Candle] = (0..<100).map { (i: Int) -> Candle in
            let value = Double(i)
            return Candle(x: value, open: value, high: value + 5, low: value - 5, close: value + 1)
        }
        let merged = Candle.merged(candles, limit: 10)
        #expect(merged.count == 10)
        #expect(merged.first?.open == 0)
        #expect(merged.last?.close == 100)
        #expect(merged.map(\.high).max() == 104)
        #expect(merged.map(\.low).min() == -5)
        #expect(Candle.merged(candles, limit: 200) == candles)
    }
}
