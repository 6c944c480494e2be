import Foundation
import Testing
import Charts
import WidgetCore

@Suite("Downsampling")
struct DownsamplingTests {
    /// A daily series of several years with one sharp spike and one sharp dip.
    static let series: [Point] = (0..<3000).map { day in
        var value = 100 + 20 * sin(Double(day) / 90)
        if day == 1234 { value = 500 }
        if day == 2222 { value = -50 }
        return Point(x: Double(day) * 86_400, y: value)
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
}
