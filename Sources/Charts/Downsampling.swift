import WidgetCore

/// Shape-preserving reduction of a line's points, so a long series draws as a clean line at
/// widget size: a chart reduces a line to a few points per device pixel before drawing it.
public enum Downsampling {
    /// Largest-Triangle-Three-Buckets (Steinarsson, 2013): keeps the first and last
    /// points and, from each bucket in between, the point that makes the largest
    /// triangle with its neighbours — peaks and troughs survive.
    ///
    /// - Parameters:
    ///   - points: sorted by `x`.
    ///   - threshold: how many points to keep; fewer than 3, or not fewer than the input, returns the input.
    /// - Returns: at most `threshold` points, a subset of the input in order.
    public static func largestTriangleThreeBuckets(_ points: [Point], threshold: Int) -> [Point] {
        guard threshold >= 3, points.count > threshold else { return points }
        var sampled: [Point] = [points[0]]
        sampled.reserveCapacity(threshold)
        let every = Double(points.count - 2) / Double(threshold - 2)
        var a = 0
        for bucket in 0..<(threshold - 2) {
            // The next bucket's average is the third corner of the triangle.
            let nextStart = Int(Double(bucket + 1) * every) + 1
            let nextEnd = min(Int(Double(bucket + 2) * every) + 1, points.count)
            var averageX = 0.0
            var averageY = 0.0
            let nextCount = max(1, nextEnd - nextStart)
            for index in nextStart..<max(nextStart + 1, nextEnd) where index < points.count {
                averageX += points[index].x
                averageY += points[index].y
            }
            averageX /= Double(nextCount)
            averageY /= Double(nextCount)

            let start = Int(Double(bucket) * every) + 1
            let end = min(Int(Double(bucket + 1) * every) + 1, points.count - 1)
            var best = start
            var bestArea = -1.0
            for index in start..<max(start + 1, end) {
                let area = abs(
                    (points[a].x - averageX) * (points[index].y - points[a].y)
                        - (points[a].x - points[index].x) * (averageY - points[a].y))
                if area > bestArea {
                    bestArea = area
                    best = index
                }
            }
            sampled.append(points[best])
            a = best
        }
        sampled.append(points[points.count - 1])
        return sampled
    }
}
